// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cmath>

// The unified qless.lua's per-queue, per-day stats: wait and run counts, mean, standard
// deviation and histogram; `failed` (jobs failed now) against `failures` (times failed that
// day); retries counted when a lock is lost; figures kept on the day of the original event.
// Restates qless-core's test_stats.py.
class TestQlessStats final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {})
    {
        return lua("put", now, QList<QByteArray>{"worker", "queue", jid, "klass", "{}", "0"} + options);
    }
    QJsonObject stats(const QByteArray &day = "0") { return m_q.qlessJson("stats", 0, {"queue", day}).toObject(); }
    int figure(const char *name, const QByteArray &day = "0")
    {
        return stats(day).value(QLatin1String(name)).toInt(-1);
    }
    // 20 durations 0..19 s: one in each of the first 20 bins, mean 9.5, std sqrt(35) (sample).
    static void expectZeroToNineteen(const QJsonObject &kind)
    {
        QCOMPARE(kind.value(QStringLiteral("count")).toInt(), 20);
        QVERIFY(std::abs(kind.value(QStringLiteral("mean")).toDouble() - 9.5) < 1e-6);
        QVERIFY(std::abs(kind.value(QStringLiteral("std")).toDouble() - 5.916079783099) < 1e-6);
        const QJsonArray histogram = kind.value(QStringLiteral("histogram")).toArray();
        int sum = 0;
        for (int i = 0; i < histogram.size(); ++i) {
            if (i < 20)
                QCOMPARE(histogram.at(i).toInt(), 1);
            sum += histogram.at(i).toInt();
        }
        QCOMPARE(sum, 20);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    void statsNeedsQueueAndNumericDay()
    {
        const QStringList accepted =
            m_q.notRefused({{"stats", "0"}, {"stats", "0", "queue"}, {"stats", "0", "queue", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void waitTimes()
    {
        QCOMPARE(stats().value(QStringLiteral("wait")).toObject().value(QStringLiteral("count")).toInt(-1), 0);
        QCOMPARE(stats().value(QStringLiteral("run")).toObject().value(QStringLiteral("count")).toInt(-1), 0);
        for (int i = 0; i < 20; ++i)
            put(0, QByteArray::number(i));
        for (int i = 0; i < 20; ++i) // the job put at 0 and popped at i waited i seconds
            lua("pop", i, {"queue", "worker", "1"});
        expectZeroToNineteen(stats().value(QStringLiteral("wait")).toObject());
    }
    void runTimes()
    {
        for (int i = 0; i < 20; ++i) {
            put(0, QByteArray::number(i));
            lua("pop", 0, {"queue", "worker", "1"});
        }
        for (int i = 0; i < 20; ++i)
            lua("complete", i, {QByteArray::number(i), "worker", "queue", "{}"});
        expectZeroToNineteen(stats().value(QStringLiteral("run")).toObject());
    }
    void failedCountsJobsFailedNowFailuresCountsEvents()
    {
        put(0, "jid");
        lua("pop", 0, {"queue", "worker", "1"});
        lua("fail", 0, {"jid", "worker", "group", "message", "{}"});
        QCOMPARE(figure("failed"), 1);
        QCOMPARE(figure("failures"), 1);
        put(0, "jid"); // back to work: no longer failed, still a failure that day
        QCOMPARE(figure("failed"), 0);
        QCOMPARE(figure("failures"), 1);
    }
    void cancellingAFailedJobLowersFailed()
    {
        put(0, "jid");
        lua("pop", 0, {"queue", "worker", "1"});
        lua("fail", 0, {"jid", "worker", "group", "message", "{}"});
        lua("cancel", 0, {"jid"});
        QCOMPARE(figure("failed"), 0);
        QCOMPARE(figure("failures"), 1);
    }
    void lostLockCountsARetry()
    {
        lua("config.set", 0, {"heartbeat", "-10"});
        put(0, "jid");
        lua("pop", 0, {"queue", "worker", "1"});
        QCOMPARE(figure("retries"), 0);
        lua("pop", 0, {"queue", "worker", "1"});
        QCOMPARE(figure("retries"), 1);
    }
    void failedIsLoweredOnTheDayItWasRaised()
    {
        put(0, "jid");
        lua("pop", 0, {"queue", "worker", "1"});
        lua("fail", 0, {"jid", "worker", "group", "message", "{}"});
        put(129600, "jid"); // a day and a half later
        QCOMPARE(figure("failed", "0"), 0);
        QCOMPARE(figure("failed", "129600"), 0);
    }
    void retryRunningOutCountsAFailure()
    {
        put(0, "jid", {"retries", "0"});
        lua("pop", 1, {"queue", "worker", "10"});
        lua("retry", 3, {"jid", "queue", "worker"});
        QCOMPARE(figure("failed"), 1);
        QCOMPARE(figure("failures"), 1);
    }
    void stallingOutCountsAFailure()
    {
        lua("config.set", 0, {"heartbeat", "-10"});
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid", {"retries", "0"});
        lua("pop", 1, {"queue", "worker", "10"});
        lua("pop", 2, {"queue", "worker", "10"});
        QCOMPARE(figure("failed"), 1);
        QCOMPARE(figure("failures"), 1);
    }
};

QTEST_GUILESS_MAIN(TestQlessStats)
#include "tst_qless_stats.moc"
