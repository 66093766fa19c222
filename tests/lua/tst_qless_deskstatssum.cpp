// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QtMath>

// desk.statssum: several queues' stats of one day in one call, added up as the console adds up
// qless's per-queue `stats` replies (counts and bins added, means weighted, deviations pooled);
// one queue alone is exactly its `stats` reply; 1 to 100 queues a call; a call that has run a
// while stops after a whole queue and says how many it added.
class TestQlessDeskStatsSum final : public QObject
{
    Q_OBJECT

    static constexpr double Day = 1763683200; // a UTC midnight
    QlessClientTestBase m_base;
    using Names = QList<QByteArray>;

    QlessFixture &q() { return m_base.fixture(); }

    void hset(const QByteArray &key, const Names &fieldsAndValues)
    {
        const RedisValue reply = q().command(Names{"HSET", key} + fieldsAndValues);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

    // A queue's day as qless writes it: counts, mean and Welford's vk, bins by name.
    void seed(const QByteArray &queue, int seedValue)
    {
        const QByteArray day = QByteArray::number(qint64(Day));
        const QByteArray n = QByteArray::number(seedValue);
        hset("ql:s:stats:" + day + ":" + queue, {"retries", n, "failed", QByteArray::number(seedValue % 3), "failures",
                                                 QByteArray::number(seedValue * 2)});
        for (const QByteArray &kind : {QByteArray("wait"), QByteArray("run")}) {
            const int count = 3 + seedValue * (kind == "wait" ? 2 : 5);
            hset("ql:s:" + kind + ":" + day + ":" + queue,
                 {"total", QByteArray::number(count), "mean", QByteArray::number(1.5 + seedValue * 3.25, 'g', 17), "vk",
                  QByteArray::number(40.0 * seedValue + 7.5, 'g', 17), "s1", QByteArray::number(count - 2),
                  "m" + QByteArray::number(1 + seedValue % 59), "1", "d7", "1"});
        }
    }

    QJsonObject sum(const Names &queues)
    {
        return q().qlessJson("desk.statssum", Day, Names{num(Day + 3600)} + queues).toObject();
    }
    QJsonObject stats(const QByteArray &queue)
    {
        return q().qlessJson("stats", Day, {queue, num(Day + 3600)}).toObject();
    }

    // DayStatsSum::combine, restated.
    static QJsonObject combine(const QList<QJsonObject> &parts)
    {
        double count = 0, weighted = 0;
        QList<double> bins(148, 0);
        for (const QJsonObject &p : parts) {
            count += p[QStringLiteral("count")].toDouble();
            weighted += p[QStringLiteral("count")].toDouble() * p[QStringLiteral("mean")].toDouble();
            const QJsonArray h = p[QStringLiteral("histogram")].toArray();
            for (int i = 0; i < 148; ++i)
                bins[i] += h.at(i).toDouble();
        }
        const double mean = weighted / count;
        double squares = 0;
        for (const QJsonObject &p : parts) {
            const double n = p[QStringLiteral("count")].toDouble();
            const double s = p[QStringLiteral("std")].toDouble();
            const double offset = p[QStringLiteral("mean")].toDouble() - mean;
            squares += (n - 1) * s * s + n * offset * offset;
        }
        QJsonArray histogram;
        for (double b : bins)
            histogram.append(b);
        return {{QStringLiteral("count"), count},
                {QStringLiteral("mean"), mean},
                {QStringLiteral("std"), qSqrt(squares / (count - 1))},
                {QStringLiteral("histogram"), histogram}};
    }

    static bool near(double a, double b) { return qAbs(a - b) <= 1e-9 * qMax(1.0, qAbs(b)); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
    }
    void init() { q().flush(); }
    void cleanupTestCase() { m_base.stopQless(); }

    void oneQueueIsExactlyItsStatsReply()
    {
        seed("crawl", 4);
        const QJsonObject reply = sum({"crawl"});
        QCOMPARE(reply.value(QStringLiteral("summed")).toInt(), 1);
        QCOMPARE(reply.value(QStringLiteral("stats")).toObject(), stats("crawl"));
        // The week-old bin (d7, as other writers keep it) is in the last bin, as `stats` has it.
        QCOMPARE(
            stats("crawl")[QStringLiteral("wait")].toObject()[QStringLiteral("histogram")].toArray().at(147).toInt(),
            1);
        // A queue with nothing that day: zero figures.
        const QJsonObject none = sum({"idle"}).value(QStringLiteral("stats")).toObject();
        QCOMPARE(none, stats("idle"));
    }

    void queuesAddUpAsTheConsoleAddsTheirStats()
    {
        const Names queues{"a", "b", "c", "idle"};
        for (int i = 0; i < 3; ++i)
            seed(queues.at(i), i + 1);
        const QJsonObject reply = sum(queues);
        QCOMPARE(reply.value(QStringLiteral("summed")).toInt(), 4);
        const QJsonObject got = reply.value(QStringLiteral("stats")).toObject();
        double retries = 0, failed = 0, failures = 0;
        for (const QByteArray &queue : queues) {
            const QJsonObject one = stats(queue);
            retries += one[QStringLiteral("retries")].toDouble();
            failed += one[QStringLiteral("failed")].toDouble();
            failures += one[QStringLiteral("failures")].toDouble();
        }
        QCOMPARE(got[QStringLiteral("retries")].toDouble(), retries);
        QCOMPARE(got[QStringLiteral("failed")].toDouble(), failed);
        QCOMPARE(got[QStringLiteral("failures")].toDouble(), failures);
        for (const QString &kind : {QStringLiteral("wait"), QStringLiteral("run")}) {
            QList<QJsonObject> parts;
            for (const QByteArray &queue : queues)
                parts << stats(queue)[kind].toObject();
            const QJsonObject expected = combine(parts);
            const QJsonObject figures = got[kind].toObject();
            QCOMPARE(figures[QStringLiteral("count")].toDouble(), expected[QStringLiteral("count")].toDouble());
            QCOMPARE(figures[QStringLiteral("histogram")].toArray(), expected[QStringLiteral("histogram")].toArray());
            QVERIFY2(near(figures[QStringLiteral("mean")].toDouble(), expected[QStringLiteral("mean")].toDouble()),
                     qPrintable(kind));
            QVERIFY2(near(figures[QStringLiteral("std")].toDouble(), expected[QStringLiteral("std")].toDouble()),
                     qPrintable(kind));
        }
    }

    void aCallTakesOneToAHundredQueuesAndADate()
    {
        const RedisValue none = q().qless("desk.statssum", Day, {num(Day)});
        QVERIFY(none.isError());
        QVERIFY2(none.bytes.contains("must name 1 to 100 queues, got 0"), none.bytes.constData());
        Names many{num(Day)};
        for (int i = 0; i < 101; ++i)
            many << "q" + QByteArray::number(i);
        const RedisValue tooMany = q().qless("desk.statssum", Day, many);
        QVERIFY(tooMany.isError());
        QVERIFY2(tooMany.bytes.contains("got 101"), tooMany.bytes.constData());
        many.removeLast();
        QCOMPARE(q().qlessJson("desk.statssum", Day, many).toObject().value(QStringLiteral("summed")).toInt(), 100);
        const RedisValue noDate = q().qless("desk.statssum", Day, {"tomorrow", "a"});
        QVERIFY(noDate.isError());
        QVERIFY2(noDate.bytes.contains("Arg \"date\""), noDate.bytes.constData());
    }

    void aCallThatRanAWhileStopsAfterAWholeQueue()
    {
        // 50,000 fields no bin is named after: reading them alone takes Redis far longer than a
        // call's budget (1.5 ms), so the call adds this queue and stops before the next.
        seed("a", 1);
        seed("b", 2);
        Names junk;
        for (int i = 0; i < 50000; ++i)
            junk << "x" + QByteArray::number(i) << "1";
        hset("ql:s:wait:" + QByteArray::number(qint64(Day)) + ":big", junk);
        const QJsonObject first = sum({"a", "big", "b"});
        QCOMPARE(first.value(QStringLiteral("summed")).toInt(), 2);
        const QJsonObject alone = sum({"big"});
        QCOMPARE(alone.value(QStringLiteral("summed")).toInt(), 1);
        QCOMPARE(alone.value(QStringLiteral("stats")).toObject(), stats("big"));
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskStatsSum)
#include "tst_qless_deskstatssum.moc"
