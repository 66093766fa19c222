// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// Issue #14, bounded cost per refresh: every desk.* read lists at most a bounded number of items
// a call, so none holds Redis for long at 1M jobs. A count over the bound is refused, not cut
// (a caller that asked for more must page, not be misled by a short page).
class TestQlessDeskBounds final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;
    using Names = QList<QByteArray>;

    RedisValue lua(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qless(command, now, args);
    }
    QJsonValue json(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qlessJson(command, now, args);
    }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const Names &options = {})
    {
        Names args{"w", queue, jid, "K", "{}", "0"};
        args += options;
        const RedisValue reply = lua("put", now, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    // 1000 is served, 1001 refused with what to do, for each paged read.
    void pagedReadsRefuseMoreThanAThousand()
    {
        put(T, "q", "a", {"tags", R"(["t"])"});
        put(T + 1, "q", "b", {"tags", R"(["t"])"});
        QVERIFY(!lua("pop", T + 1, {"q", "w", "1"}).isError());
        QVERIFY(!lua("fail", T, {"a", "w", "grp", "boom", "{}"}).isError());

        QCOMPARE(lua("desk.jobs", T, {"waiting", "q", "0", "1000"}).strings().size(), 2); // total + b
        QCOMPARE(lua("desk.jobs", T, {"complete", "0", "1000"}).strings().size(), 1);
        QCOMPARE(json("desk.peek", T, {"q", "1000"}).toArray().size(), 1);
        QCOMPARE(json("desk.tags", T, {"0", "1000"}).toArray().size(), 1);
        QCOMPARE(json("desk.failed", T, {"grp", "0", "1000"}).toObject().value(QStringLiteral("jobs")).toArray().size(),
                 1);
        QCOMPARE(
            json("desk.failed", T, {"grp", "0", "1000", "summaries"}).toObject().value(QStringLiteral("total")).toInt(),
            1);

        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"waiting", "q", "0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"complete", "0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"running", "q", "5", "100000"}), "page through");
        QLESS_VERIFY_REFUSED(lua("desk.peek", T, {"q", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.tags", T, {"0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.failed", T, {"grp", "0", "1001"}), "Arg \"limit\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.failed", T, {"grp", "0", "1001", "summaries"}), "Arg \"limit\"");
    }

    // One worker's jobs in pages of at most 1000, stalled first (soonest expiry first), with the
    // true totals: a worker can hold 100k locks.
    void workerJobsArePagedWithTotals()
    {
        Names args{"ZADD", "ql:w:w:jobs"};
        for (int i = 0; i < 1500; ++i) // 300 stalled (expired by T), 1200 running
            args << num(T - 300 + i) << "j" + QByteArray::number(10000 + i);
        m_q.command(args);

        const QJsonObject first = json("desk.workers", T, {"w"}).toObject();
        QCOMPARE(first.value(QStringLiteral("stalled_total")).toInt(), 301); // expiring at T: stalled
        QCOMPARE(first.value(QStringLiteral("jobs_total")).toInt(), 1199);
        QCOMPARE(first.value(QStringLiteral("stalled")).toArray().size(), 301);
        QCOMPARE(first.value(QStringLiteral("jobs")).toArray().size(), 699);
        QCOMPARE(first.value(QStringLiteral("jobs")).toArray().first().toString(), QStringLiteral("j10301"));

        const QJsonObject page = json("desk.workers", T, {"w", "290", "20"}).toObject();
        QCOMPARE(page.value(QStringLiteral("stalled")).toArray().size(), 11);
        QCOMPARE(page.value(QStringLiteral("stalled")).toArray().first().toString(), QStringLiteral("j10290"));
        QCOMPARE(page.value(QStringLiteral("jobs")).toArray().size(), 9);
        QCOMPARE(page.value(QStringLiteral("jobs")).toArray().last().toString(), QStringLiteral("j10309"));

        const QJsonObject tail = json("desk.workers", T, {"w", "1400", "1000"}).toObject();
        QCOMPARE(tail.value(QStringLiteral("stalled")).toArray().size(), 0);
        QCOMPARE(tail.value(QStringLiteral("jobs")).toArray().size(), 100);
        QCOMPARE(tail.value(QStringLiteral("jobs_total")).toInt(), 1199);

        QLESS_VERIFY_REFUSED(lua("desk.workers", T, {"w", "0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QCOMPARE(json("desk.workers", T, {"nobody"}).toObject().value(QStringLiteral("jobs_total")).toInt(), 0);
    }

    // desk.trackedstates reads one field of each tracked job, for the overview: states as the
    // console shows them (a lock run out is stalled, a timeout timed out, a damaged key
    // unreadable), gone jobs counted apart, at most `limit` jobs looked at, with the total.
    void trackedStatesReadOneFieldEach()
    {
        put(T, "q", "a");
        QVERIFY(!lua("pop", T, {"q", "w", "1"}).isError()); // a: lock until T + 60
        put(T, "q", "b");
        QVERIFY(!lua("pop", T + 90, {"q", "w", "1"}).isError()); // b: lock until T + 150
        put(T, "q", "c");
        put(T, "q", "d");
        QVERIFY(!lua("pop", T + 95, {"q", "w", "1"}).isError());
        QVERIFY(!lua("timeout", T + 96, {"d"}).isError());
        put(T, "q", "e");
        put(T, "q", "f");
        double at = T;
        for (const QByteArray jid : {"a", "b", "c", "d", "e", "f"})
            QVERIFY(!lua("track", at++, {"track", jid}).isError());
        m_q.command({"DEL", "ql:j:e"});
        m_q.command({"DEL", "ql:j:f"});
        m_q.command({"SET", "ql:j:f", "not a hash"});

        const QJsonObject all = json("desk.trackedstates", T + 100).toObject();
        QCOMPARE(all.value(QStringLiteral("total")).toInt(), 6);
        QCOMPARE(all.value(QStringLiteral("counted")).toInt(), 6);
        QCOMPARE(all.value(QStringLiteral("expired")).toInt(), 1);
        QCOMPARE(all.value(QStringLiteral("states")).toObject(), (QJsonObject{{QStringLiteral("stalled"), 1},
                                                                              {QStringLiteral("running"), 1},
                                                                              {QStringLiteral("waiting"), 1},
                                                                              {QStringLiteral("timed out"), 1},
                                                                              {QStringLiteral("unreadable"), 1}}));
        const QJsonObject first = json("desk.trackedstates", T + 100, {"2"}).toObject();
        QCOMPARE(first.value(QStringLiteral("total")).toInt(), 6);
        QCOMPARE(first.value(QStringLiteral("counted")).toInt(), 2);
        QCOMPARE(first.value(QStringLiteral("states")).toObject(),
                 (QJsonObject{{QStringLiteral("stalled"), 1}, {QStringLiteral("running"), 1}}));
        QCOMPARE(json("desk.trackedstates", T + 100, {"0"}).toObject().value(QStringLiteral("states")).toObject(),
                 QJsonObject());
        QLESS_VERIFY_REFUSED(lua("desk.trackedstates", T, {"5001"}), "Arg \"limit\" must be 0 to 5000");

        // desk.tracked's pages as row summaries: no data, the same jobs and gone jids.
        const QJsonObject rows = json("desk.tracked", T + 100, {"0", "10", "summaries"}).toObject();
        QCOMPARE(rows.value(QStringLiteral("jobs")).toArray().size(), 5);
        QVERIFY(!rows.value(QStringLiteral("jobs")).toArray().at(0).toObject().contains(QStringLiteral("data")));
        QCOMPARE(rows.value(QStringLiteral("expired")).toArray(), QJsonArray{QStringLiteral("e")});
        QLESS_VERIFY_REFUSED(lua("desk.tracked", T, {"0", "10", "bogus"}), "may only be \"summaries\"");
    }

    // desk.tracked reads each tracked job whole: at most 1000 a call, paged, with the total; a
    // gone job's jid among the page's expired. qless's own track still lists them all.
    void trackedIsPagedWithTheTotal()
    {
        for (int i = 0; i < 1003; ++i) {
            const QByteArray jid = "t" + QByteArray::number(1000 + i);
            put(T, "q", jid);
            QVERIFY(!lua("track", T + i, {"track", jid}).isError());
        }
        m_q.command({"DEL", "ql:j:t1001"});

        const QJsonObject first = json("desk.tracked", T).toObject();
        QCOMPARE(first.value(QStringLiteral("total")).toInt(), 1003);
        QCOMPARE(first.value(QStringLiteral("jobs")).toArray().size(), 999);
        QCOMPARE(first.value(QStringLiteral("expired")).toArray(), QJsonArray{QStringLiteral("t1001")});

        const QJsonObject page = json("desk.tracked", T, {"1000", "10"}).toObject();
        QCOMPARE(page.value(QStringLiteral("jobs")).toArray().size(), 3);
        QCOMPARE(page.value(QStringLiteral("jobs")).toArray().at(0).toObject().value(QStringLiteral("jid")).toString(),
                 QStringLiteral("t2000"));
        QCOMPARE(json("desk.tracked", T, {"0", "0"}).toObject().value(QStringLiteral("total")).toInt(), 1003);
        QLESS_VERIFY_REFUSED(lua("desk.tracked", T, {"0", "1001"}), "Arg \"count\" must be 0 to 1000");

        const QJsonObject all = json("track", T).toObject();
        QCOMPARE(all.value(QStringLiteral("jobs")).toArray().size(), 1002);
        QVERIFY(!all.contains(QStringLiteral("total")));
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskBounds)
#include "tst_qless_deskbounds.moc"
