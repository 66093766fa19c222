// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"

#include <QJsonObject>
#include <QTest>

#include <optional>

// desk.waitingsince: since when each queue's longest-waiting job has waited, read from the
// queues' sorted sets alone (the waiting-time alert rule), whatever the jobs' priorities; a due
// scheduled job counts from when it was due; at most 200 queues a call, and the client walks more.
class TestQlessDeskWaitingSince final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessClientTestBase m_base;
    using Names = QList<QByteArray>;

    QlessFixture &q() { return m_base.fixture(); }
    QJsonObject since(const Names &queues) { return q().qlessJson("desk.waitingsince", T, queues).toObject(); }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const Names &options = {}, double delay = 0)
    {
        const RedisValue reply = q().put(queue, jid, now, options, delay);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
    }
    void init() { q().flush(); }
    void cleanupTestCase() { m_base.stopQless(); }

    void theLongestWaitingJobWhateverItsPriority()
    {
        QCOMPARE(since({"empty"}), QJsonObject());
        put(T - 100, "crawl", "a", {"priority", "10"});
        put(T - 300, "crawl", "b", {"priority", "0"});
        put(T - 50, "crawl", "c", {"priority", "-3"});
        put(T - 700, "crawl", "d", {"priority", "-3"});
        put(T - 20, "mail", "e");
        const QJsonObject reply = since({"crawl", "mail", "empty"});
        QCOMPARE(reply.size(), 2);
        QVERIFY(qAbs(reply.value(QStringLiteral("crawl")).toDouble() - (T - 700)) < 0.01);
        QVERIFY(qAbs(reply.value(QStringLiteral("mail")).toDouble() - (T - 20)) < 0.01);
    }

    void dueScheduledJobsCountFromWhenTheyWereDue()
    {
        put(T - 500, "later", "s", {}, 200); // due at T - 300: waiting since then
        put(T - 10, "later", "n");
        put(T - 10, "future", "f", {}, 3600); // not due: not waiting
        const QJsonObject reply = since({"later", "future"});
        QCOMPARE(reply.size(), 1);
        QVERIFY(qAbs(reply.value(QStringLiteral("later")).toDouble() - (T - 300)) < 0.01);
    }

    void jobsTimedOutByHandHaveNoTime()
    {
        // A stalled job timed out by hand sits in work at +inf: no put time to tell.
        q().command({"ZADD", "ql:q:odd-work", "+inf", "timed-out"});
        QCOMPARE(since({"odd"}), QJsonObject());
        put(T - 40, "odd", "normal");
        QVERIFY(qAbs(since({"odd"}).value(QStringLiteral("odd")).toDouble() - (T - 40)) < 0.01);
    }

    void boundedPerCallAndWalkedByTheClient()
    {
        Names many;
        for (int i = 0; i < 201; ++i)
            many << "q" + QByteArray::number(i);
        QVERIFY(q().qless("desk.waitingsince", T, many).isError());
        QVERIFY(q().qless("desk.waitingsince", T, {}).isError());
        put(T - 5, "q7", "x");
        put(T - 9, "q250", "y");
        QStringList queues;
        for (int i = 0; i < 260; ++i)
            queues << QStringLiteral("q%1").arg(i);
        m_base.client()->setClock([] { return T; });
        QObject context;
        std::optional<QlessReply<QHash<QString, double>>> out;
        q().command({"CONFIG", "RESETSTAT"});
        m_base.client()->queueReads().waitingSince(queues, &context,
                                                   [&out](const QlessReply<QHash<QString, double>> &r) { out = r; });
        QVERIFY(QTest::qWaitFor([&out] { return out.has_value(); }, 20000));
        QVERIFY(out->ok());
        QCOMPARE(out->value.size(), 2);
        QVERIFY(qAbs(out->value.value(QStringLiteral("q250")) - (T - 9)) < 0.01);
        // 100 queues a call (about 4 ms of Redis's time), not the script's bound of 200.
        const QByteArray stats = q().command({"INFO", "commandstats"}).bytes;
        QVERIFY2(stats.contains("cmdstat_evalsha:calls=3,"), stats.constData());
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskWaitingSince)
#include "tst_qless_deskwaitingsince.moc"
