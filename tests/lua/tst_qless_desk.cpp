// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTest>

// qless.lua's desk.* commands: what the console needs beyond qless. The views (desk.queues, jobs,
// peek, workers, failed, tracked, tags) must leave the database exactly as it was, even where
// qless's own commands of the same name would move scheduled jobs, spawn recurring ones, prune
// workers or upgrade a 2012 history; desk.move and desk.failedaction write as qless's put and
// cancel do.
class TestQlessDesk final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    QJsonValue json(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qlessJson(command, now, args);
    }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const QList<QByteArray> &options = {},
             double delay = 0)
    {
        QList<QByteArray> args{"w", queue, jid, "K", "{}", num(delay)};
        args += options;
        const RedisValue reply = lua("put", now, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }
    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }
    using Names = QList<QByteArray>;
    static Names strings(const QJsonValue &value)
    {
        Names out;
        for (const QJsonValue &item : value.toArray())
            out << item.toString().toUtf8();
        return out;
    }
    static Names jids(const QJsonValue &objects)
    {
        Names out;
        for (const QJsonValue &item : objects.toArray())
            out << item.toObject().value(QStringLiteral("jid")).toString().toUtf8();
        return out;
    }
    // A database with every kind of data the views read, including what qless's own reads would
    // change: due scheduled jobs, a due recurring template, a worker past max-worker-age, stalled
    // locks, a job timed out by hand, a 2012 history field, a failure group, tags and tracking.
    void seedEverything()
    {
        for (int i = 0; i < 8; ++i)
            put(T + i, "a", "j" + QByteArray::number(i), {"tags", i % 2 ? "[\"odd\"]" : "[\"even\"]"}, i == 5 ? 10 : 0);
        mustWork(lua("pop", T + 10, {"a", "w1", "3"}));
        mustWork(lua("fail", T + 11, {"j1", "w1", "boom", "it broke", "{}"}));
        mustWork(lua("timeout", T + 12, {"j2"}));
        mustWork(lua("recur", T, {"a", "tpl", "K", "{}", "interval", "10", "0"}));
        mustWork(lua("track", T, {"track", "j3"}));
        m_q.command({"ZADD", "ql:tracked", "1", "gone"});
        m_q.command({"ZADD", "ql:workers", num(T - 200000), "ancient"});
        m_q.command(
            {"HSET", "ql:j:j4", "history", R"([{"q":"a","put":1700000000,"popped":1700000005,"worker":"w9"}])"});
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void viewsLeaveTheDatabaseAsItWas()
    {
        seedEverything();
        const double now = T + 500; // w1's other lock stalled, j5 due, tpl due, 'ancient' too old
        const QList<QByteArray> before = m_q.snapshot();
        const QList<QPair<QByteArray, QList<QByteArray>>> views{
            {"desk.queues", {}},
            {"desk.queues", {"a"}},
            {"desk.jobs", {"waiting", "a"}},
            {"desk.jobs", {"running", "a"}},
            {"desk.jobs", {"stalled", "a"}},
            {"desk.jobs", {"scheduled", "a"}},
            {"desk.jobs", {"recurring", "a"}},
            {"desk.jobs", {"complete"}},
            {"desk.peek", {"a", "10"}},
            {"desk.workers", {}},
            {"desk.workers", {"w1"}},
            {"desk.workerpage", {}},
            {"desk.failed", {}},
            {"desk.failed", {"boom"}},
            {"desk.tracked", {}},
            {"desk.tags", {}},
            {"desk.get", {"j4"}},
            {"desk.get", {"j5"}},
            {"desk.multiget", {"j4", "j5", "nobody"}},
        };
        for (const auto &view : views) {
            const RedisValue reply = lua(view.first, now, view.second);
            QVERIFY2(!reply.isError(), QByteArray(view.first + ": " + reply.bytes).constData());
            QVERIFY2(m_q.snapshot() == before, QByteArray(view.first + " changed the database").constData());
        }
        // qless's own peek does change it here (moves j5, spawns tpl's job): the test can fail.
        mustWork(lua("peek", now, {"a", "10"}));
        QVERIFY(m_q.snapshot() != before);
    }

    void queuesCountDueAndTimedOutJobsAsWaiting()
    {
        seedEverything();
        const QJsonObject a = json("desk.queues", T + 13, {"a"}).toObject();
        // j0 j4 j6 j7 waiting + j2 timed out (in work at +inf); j5 due at T+15 not yet.
        QCOMPARE(a.value(QStringLiteral("waiting")).toInt(), 5);
        QCOMPARE(a.value(QStringLiteral("running")).toInt(), 1); // j3 (j1 failed, j2 timed out)
        QCOMPARE(a.value(QStringLiteral("scheduled")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("recurring")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("paused")).toBool(), false);
        QCOMPARE(a.value(QStringLiteral("max_concurrency")).toInt(), 0);
        const QJsonObject later = json("desk.queues", T + 16, {"a"}).toObject();
        QCOMPARE(later.value(QStringLiteral("waiting")).toInt(), 6);
        QCOMPARE(later.value(QStringLiteral("scheduled")).toInt(), 0);
        const QJsonArray all = json("desk.queues", T + 16).toArray();
        QCOMPARE(all.size(), 1);
        QCOMPARE(all.at(0).toObject(), later);
        m_q.flush();
        QCOMPARE(lua("desk.queues", T).bytes, QByteArray("[]")); // a list, even when empty
    }

    void jobsArePagedWithTotals()
    {
        for (int i = 0; i < 30; ++i)
            put(T, "q", "p" + QByteArray::number(100 + i));
        // The reply: the state's total, then the page's jids.
        const RedisValue page = lua("desk.jobs", T + 1, {"waiting", "q", "10", "5"});
        QCOMPARE(page.elements.value(0).integer, 30);
        QCOMPARE(page.elements.size() - 1, 5);
        const RedisValue none = lua("desk.jobs", T + 1, {"running", "q"});
        QCOMPARE(none.elements.size(), 1);
        QCOMPARE(none.elements.value(0).integer, 0);
        mustWork(lua("pop", T + 2, {"q", "w", "2"}));
        const QList<QByteArray> popped = lua("desk.jobs", T + 3, {"running", "q"}).strings().mid(1);
        QCOMPARE(popped.size(), 2);
        mustWork(lua("complete", T + 4, {popped.at(0), "w", "q", "{}"}));
        mustWork(lua("complete", T + 5, {popped.at(1), "w", "q", "{}"}));
        const RedisValue complete = lua("desk.jobs", T + 6, {"complete", "0", "1"});
        QCOMPARE(complete.elements.value(0).integer, 2);
        QCOMPARE(complete.strings().mid(1), Names{popped.at(1)});
    }

    void waitingPageIsTheOrderPopHandsOut()
    {
        put(T, "q", "low");
        put(T, "q", "later", {}, 5);
        put(T + 1, "q", "high", {"priority", "10"});
        put(T + 2, "q", "low2");
        const Names predicted = lua("desk.jobs", T + 10, {"waiting", "q"}).strings().mid(1);
        QCOMPARE(predicted, (Names{"high", "low", "low2", "later"}));
        QCOMPARE(jids(json("desk.peek", T + 10, {"q", "4"})), predicted);
        QCOMPARE(jids(json("pop", T + 10, {"q", "w", "4"})), predicted);
    }

    void peekPutsStalledJobsFirst()
    {
        put(T, "q", "first");
        put(T + 1, "q", "second");
        QCOMPARE(jids(json("pop", T + 1, {"q", "w", "1"})), Names{"first"});
        const double stalled = T + 1000; // past the 60 s heartbeat
        QCOMPARE(jids(json("desk.peek", stalled, {"q", "2"})), (Names{"first", "second"}));
        QCOMPARE(jids(json("desk.peek", stalled, {"q", "1"})), Names{"first"});
    }

    void argumentsAreChecked()
    {
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"bogus", "q"}), "Arg \"state\"");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"waiting"}), "Arg \"queue\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"waiting", "q", "-1"}), "Arg \"offset\"");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"waiting", "q", "0", "2.5"}), "Arg \"count\"");
        QLESS_VERIFY_REFUSED(lua("desk.peek", T), "Arg \"queue\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.move", T, {"jid"}), "Arg \"queue\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T, {"explode", "g", "1", "0", "k"}), "Arg \"action\"");
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T, {"move", "g", "1", "0", "k"}), "Arg \"queue\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T, {"retry", "g", "1", "0", "k", "q"}), "only for move");
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T, {"retry", "g", "x", "0", "k"}), "Arg \"count\"");
        // An empty key would share one receipt among unrelated batches; an empty group is no group.
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T, {"retry", "g", "1", "0", ""}), "Arg \"key\" empty");
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T, {"retry", "", "1", "0", "k"}), "Arg \"group\" empty");
        QLESS_VERIFY_REFUSED(lua("desk.get", T), "Arg \"jid\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.multiget", T), "Arg \"jid\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.timeout", T), "Arg \"jid\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.queue.forget", T), "Arg \"queue\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.multiget", T, Names(1001, "j")), "at most 1000 jids");
        QCOMPARE(m_q.snapshot(), QList<QByteArray>{});
    }

    void workersAreListedWithoutPruning()
    {
        put(T, "q", "j");
        mustWork(lua("pop", T + 1, {"q", "busy", "1"}));
        m_q.command({"ZADD", "ql:workers", num(T - 200000), "ancient"});
        const QJsonArray list = json("desk.workers", T + 2).toArray();
        QCOMPARE(list.size(), 1);
        QCOMPARE(canonical(list.at(0)),
                 canonicalJson(R"({"name":"busy","jobs":1,"stalled":0,"last":)" + num(T + 1) + "}"));
        QCOMPARE(m_q.command({"ZSCORE", "ql:workers", "ancient"}).bytes.isEmpty(), false);
        QCOMPARE(canonical(json("desk.workers", T + 2, {"busy"})),
                 canonicalJson(R"({"jobs":["j"],"stalled":[],"jobs_total":1,"stalled_total":0})"));
        QCOMPARE(canonical(json("desk.workers", T + 500, {"busy"})),
                 canonicalJson(R"({"jobs":[],"stalled":["j"],"jobs_total":0,"stalled_total":1})"));
    }

    // desk.workerpage: every worker within max-worker-age, least recently seen first, in pages of
    // at most `count`; a worker heartbeating during the walk, and the page's last worker vanishing
    // before the next call, lose no worker that was there throughout.
    void workerPagesAreBoundedAndLoseNoWorker()
    {
        m_q.command({"ZADD", "ql:workers", num(T - 200000), "ancient"});
        for (int i = 0; i < 2500; ++i) // 5 workers per second seen, so pages end amid equal scores.
            m_q.command({"ZADD", "ql:workers", num(T - 1000 + i / 5), "w" + QByteArray::number(i)});
        QSet<QByteArray> listed;
        QList<double> lasts;
        QJsonObject next;
        int pages = 0;
        int reads = 0;
        do {
            QList<QByteArray> args{"333"};
            if (!next.isEmpty())
                args << next.value(QStringLiteral("since")).toString().toUtf8()
                     << next.value(QStringLiteral("after")).toString().toUtf8();
            const QJsonObject page = json("desk.workerpage", T, args).toObject();
            QCOMPARE(page.value(QStringLiteral("total")).toInt(), pages < 2 ? 2500 : 2499);
            const QJsonArray workers = page.value(QStringLiteral("workers")).toArray();
            QVERIFY(workers.size() <= 333);
            for (const QJsonValue &w : workers) {
                listed << w.toObject().value(QStringLiteral("name")).toString().toUtf8();
                ++reads;
                lasts << w.toObject().value(QStringLiteral("last")).toDouble();
            }
            next = page.value(QStringLiteral("next")).toObject();
            if (pages == 1) {
                // Meanwhile: a worker already read and one ahead heartbeat, this page's last worker
                // (amid four of its score) is forgotten.
                m_q.command({"ZADD", "ql:workers", num(T), "w0", num(T), "w2400"});
                m_q.command({"ZREM", "ql:workers", next.value(QStringLiteral("after")).toString().toUtf8()});
            }
            ++pages;
        } while (!next.isEmpty() && pages < 20);
        QCOMPARE(pages, 8);
        QVERIFY(std::is_sorted(lasts.cbegin(), lasts.cend()));
        QCOMPARE(listed.size(), 2500);
        QVERIFY(!listed.contains("ancient"));
        QCOMPARE(reads, 2501);                                        // w0 twice
        QCOMPARE(m_q.command({"ZCARD", "ql:workers"}).integer, 2500); // nothing pruned: 2,499 and ancient
        QLESS_VERIFY_REFUSED(lua("desk.workerpage", T, {"1001"}), "must be 1 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.workerpage", T, {"10", "x"}), "since");
    }

    void failedPagesJobObjectsWithTotal()
    {
        for (const QByteArray jid : {"f1", "f2", "f3"}) {
            put(T, "q", jid);
            mustWork(lua("pop", T + 1, {"q", "w", "1"}));
            mustWork(lua("fail", T + 2, {jid, "w", "grp", "m", "{}"}));
        }
        m_q.command({"LPUSH", "ql:f:grp", "ghost"});
        const QJsonObject groups = json("desk.failed", T + 3).toObject();
        QCOMPARE(groups.value(QStringLiteral("total")).toInt(), 1);
        const QJsonObject grp = groups.value(QStringLiteral("groups")).toArray().at(0).toObject();
        QCOMPARE(grp.value(QStringLiteral("name")).toString(), QStringLiteral("grp"));
        QCOMPARE(grp.value(QStringLiteral("count")).toInt(), 4);
        // The head of the list is 'ghost', a jid without a job: marked, not a failure to read.
        QCOMPARE(canonical(grp.value(QStringLiteral("newest"))),
                 canonicalJson(R"({"jid": "ghost", "damaged": "job gone"})"));
        const QJsonObject page = json("desk.failed", T + 3, {"grp", "0", "2"}).toObject();
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 4);
        const QJsonArray jobs = page.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(canonical(jobs.at(0)), canonicalJson(R"({"jid": "ghost", "state": "missing"})"));
        QCOMPARE(jobs.at(1).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("f3"));
        QCOMPARE(jobs.at(1).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(jobs.at(1).toObject().value(QStringLiteral("time")).toDouble(),
                 T + 1); // the pop (qless's fail keeps it)
        const QJsonObject none = json("desk.failed", T + 3, {"grp", "0", "0"}).toObject();
        QCOMPARE(canonical(none), canonicalJson(R"({"total": 4, "jobs": []})"));
    }

    // Each group with its count and its newest failure (the head of its list): first line of
    // the message, when, worker, queue; a group whose list or newest job has the wrong type is
    // marked, not an error for the whole reply; listed no more than 500 groups, with the total.
    void failureGroupsCarryTheirNewestFailure()
    {
        put(T, "q", "old");
        put(T, "q", "new");
        mustWork(lua("pop", T + 1, {"q", "w", "2"}));
        mustWork(lua("fail", T + 2, {"old", "w", "IOError", "first\nsecond", "{}"}));
        mustWork(lua("fail", T + 3, {"new", "w", "IOError", "reset by peer\n  File x", "{}"}));
        m_q.command({"SADD", "ql:failures", "spoilt", "badjob"});
        m_q.command({"SET", "ql:f:spoilt", "x"});
        m_q.command({"LPUSH", "ql:f:badjob", "bad"});
        m_q.command({"SET", "ql:j:bad", "x"});
        const QJsonObject reply = json("desk.failed", T + 4).toObject();
        QCOMPARE(reply.value(QStringLiteral("total")).toInt(), 3);
        QMap<QString, QJsonObject> byName;
        for (const QJsonValue &group : reply.value(QStringLiteral("groups")).toArray())
            byName.insert(group.toObject().value(QStringLiteral("name")).toString(), group.toObject());
        QCOMPARE(byName.size(), 3);
        const QJsonObject io = byName.value(QStringLiteral("IOError"));
        QCOMPARE(io.value(QStringLiteral("count")).toInt(), 2);
        const QJsonObject newest = io.value(QStringLiteral("newest")).toObject();
        QCOMPARE(newest.value(QStringLiteral("jid")).toString(), QStringLiteral("new"));
        QCOMPARE(newest.value(QStringLiteral("message")).toString(), QStringLiteral("reset by peer"));
        QCOMPARE(newest.value(QStringLiteral("when")).toDouble(), T + 3);
        QCOMPARE(newest.value(QStringLiteral("worker")).toString(), QStringLiteral("w"));
        QCOMPARE(newest.value(QStringLiteral("queue")).toString(), QStringLiteral("q"));
        QCOMPARE(byName.value(QStringLiteral("spoilt")).value(QStringLiteral("count")).toInt(), 0);
        QVERIFY(byName.value(QStringLiteral("spoilt"))
                    .value(QStringLiteral("newest"))
                    .toObject()
                    .value(QStringLiteral("damaged"))
                    .toString()
                    .contains(QLatin1String("WRONGTYPE")));
        const QJsonObject bad = byName.value(QStringLiteral("badjob")).value(QStringLiteral("newest")).toObject();
        QCOMPARE(bad.value(QStringLiteral("jid")).toString(), QStringLiteral("bad"));
        QVERIFY(bad.value(QStringLiteral("damaged")).toString().contains(QLatin1String("WRONGTYPE")));

        // 1,200 groups: 500 listed, the total says how many there are.
        m_q.flush();
        for (int i = 0; i < 1200; i += 100) {
            QList<QByteArray> args{"SADD", "ql:failures"};
            for (int j = i; j < i + 100; ++j)
                args << "g" + QByteArray::number(j);
            m_q.command(args);
        }
        const QJsonObject many = json("desk.failed", T).toObject();
        QCOMPARE(many.value(QStringLiteral("total")).toInt(), 1200);
        const qsizetype listed = many.value(QStringLiteral("groups")).toArray().size();
        QVERIFY2(listed > 0 && listed <= 600, qPrintable(QString::number(listed)));
        // The rest step by step from the cursor: every group, each step bounded.
        QSet<QString> names;
        QJsonObject step = many;
        for (int i = 0; i < 100; ++i) {
            const QJsonArray groups = step.value(QStringLiteral("groups")).toArray();
            QVERIFY(groups.size() <= 600); // SSCAN's COUNT is a hint
            for (const QJsonValue &group : groups)
                names.insert(group.toObject().value(QStringLiteral("name")).toString());
            const QString cursor = step.value(QStringLiteral("cursor")).toString();
            if (cursor == QLatin1String("0"))
                break;
            step = json("desk.failuregroups", T, {cursor.toUtf8()}).toObject();
        }
        QCOMPARE(names.size(), 1200);
        QLESS_VERIFY_REFUSED(lua("desk.failuregroups", T), "Arg \"cursor\" missing");
        m_q.flush();
        QCOMPARE(canonical(json("desk.failed", T)), canonicalJson(R"({"total": 0, "groups": [], "cursor": "0"})"));
    }

    // A job key of the wrong type (a string, a sorted set) in a failure group's page or among
    // the tracked jobs: that entry is marked {jid, unreadable: {job: reason}}, the rest of the
    // page reads as ever (WRONGTYPE used to fail the whole call).
    void aJobKeyOfTheWrongTypeIsMarkedNotFatal()
    {
        for (const QByteArray jid : {"f1", "f2"}) {
            put(T, "q", jid);
            mustWork(lua("pop", T + 1, {"q", "w", "1"}));
            mustWork(lua("fail", T + 2, {jid, "w", "grp", "m", "{}"}));
            mustWork(lua("track", T + 2, {"track", jid}));
        }
        m_q.command({"LPUSH", "ql:f:grp", "str"});
        m_q.command({"SET", "ql:j:str", "x"});
        m_q.command({"LPUSH", "ql:f:grp", "zs"});
        m_q.command({"ZADD", "ql:j:zs", "1", "a"});
        m_q.command({"ZADD", "ql:tracked", "3", "str", "4", "zs"});
        const QJsonObject page = json("desk.failed", T + 3, {"grp", "0", "10"}).toObject();
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 4);
        const QJsonArray jobs = page.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(jids(jobs), (Names{"zs", "str", "f2", "f1"}));
        for (int i : {0, 1}) {
            const QString why = jobs.at(i)
                                    .toObject()
                                    .value(QStringLiteral("unreadable"))
                                    .toObject()
                                    .value(QStringLiteral("job"))
                                    .toString();
            QVERIFY2(why.contains(QLatin1String("WRONGTYPE")) || why.contains(QLatin1String("not a hash")),
                     qPrintable(why));
        }
        QCOMPARE(jobs.at(2).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        const QJsonObject tracked = json("desk.tracked", T + 3).toObject();
        const QJsonArray listed = tracked.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(listed.size(), 4);
        int marked = 0;
        for (const QJsonValue &job : listed)
            marked += job.toObject().contains(QStringLiteral("unreadable")) ? 1 : 0;
        QCOMPARE(marked, 2);
        QCOMPARE(tracked.value(QStringLiteral("expired")).toArray().size(), 0);
    }

    void trackedReads2012HistoryWithoutMovingIt()
    {
        put(T, "q", "old");
        mustWork(lua("track", T, {"track", "old"}));
        m_q.command({"DEL", "ql:j:old-history"});
        m_q.command(
            {"HSET", "ql:j:old", "history", R"([{"q":"q","put":1700000000,"popped":1700000005,"worker":"w9"}])"});
        const QJsonObject listing = json("desk.tracked", T + 1).toObject();
        const QJsonArray history =
            listing.value(QStringLiteral("jobs")).toArray().at(0).toObject().value(QStringLiteral("history")).toArray();
        QCOMPARE(canonical(history), canonicalJson(R"([{"when":1700000000,"what":"put","q":"q"},
                                                       {"when":1700000005,"what":"popped","worker":"w9"}])"));
        QCOMPARE(m_q.command({"EXISTS", "ql:j:old-history"}).integer, 0);
        // qless's get moves it into the list, and reads the same history.
        const QJsonArray moved = json("get", T + 1, {"old"}).toObject().value(QStringLiteral("history")).toArray();
        QCOMPARE(canonical(moved), canonical(history));
        QCOMPARE(m_q.command({"EXISTS", "ql:j:old-history"}).integer, 1);
    }

    void getReadsTheJobObjectWithTimeAndDue()
    {
        put(T, "q", "later", {}, 30);
        m_q.command({"DEL", "ql:j:later-history"});
        m_q.command({"HSET", "ql:j:later", "history", R"([{"q":"q","put":1700000000}])"});
        const QList<QByteArray> before = m_q.snapshot();
        const QJsonObject job = json("desk.get", T + 1, {"later"}).toObject();
        QCOMPARE(m_q.snapshot(), before); // qless's get would move the 2012 history
        QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("later"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(job.value(QStringLiteral("due")).toDouble(), T + 30);
        QCOMPARE(job.value(QStringLiteral("time")).toDouble(), T);
        // The 2012 stages as written, for the console to read in their own form.
        QCOMPARE(canonical(job.value(QStringLiteral("history"))), canonicalJson(R"([{"q":"q","put":1700000000}])"));
        QVERIFY(lua("desk.get", T + 1, {"nobody"}).isNil());
    }

    // What qless's get would hide (an `expires` that is not a number, a 2012 history that does not
    // parse, a log entry whose data is not an object) reaches the console as stored, to be marked.
    void multigetRepliesPerJidAndKeepsWhatItCannotRead()
    {
        put(T, "q", "a");
        put(T, "q", "b");
        put(T, "q", "c");
        m_q.command({"HSET", "ql:j:a", "expires", "soon"});
        m_q.command({"DEL", "ql:j:b-history"});
        m_q.command({"HSET", "ql:j:b", "history", "{\"x\":"});
        mustWork(lua("log", T + 1, {"c", "note", "[1,2]"}));
        mustWork(lua("log", T + 2, {"c", "count", "7"}));
        mustWork(lua("log", T + 3, {"c", "keyed", R"({"k":"v"})"}));
        m_q.command({"HSET", "ql:j:c", "expires", ""});

        const RedisValue reply = lua("desk.multiget", T + 4, {"a", "nobody", "b", "c"});
        QCOMPARE(reply.elements.size(), 4);
        QVERIFY(reply.elements.at(1).isNil());
        auto object = [&](int i) { return QJsonDocument::fromJson(reply.elements.at(i).bytes).object(); };
        QCOMPARE(object(0).value(QStringLiteral("expires")).toString(), QStringLiteral("soon"));
        QCOMPARE(object(2).value(QStringLiteral("history")).toString(), QStringLiteral("{\"x\":"));
        const QJsonObject c = object(3);
        QCOMPARE(c.value(QStringLiteral("expires")).toDouble(), 0.0); // empty: no lock, as qless reads it
        const QJsonArray history = c.value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 4);
        QCOMPARE(canonical(history.at(1)), canonicalJson(R"({"when":1763683201,"what":"note","data":[1,2]})"));
        QCOMPARE(canonical(history.at(2)), canonicalJson(R"({"when":1763683202,"what":"count","data":7})"));
        QCOMPARE(canonical(history.at(3)), canonicalJson(R"({"when":1763683203,"what":"keyed","k":"v"})"));
        // qless's get merges a list's items by index and cannot show a number at all.
        const QJsonArray merged = json("get", T + 4, {"c"}).toObject().value(QStringLiteral("history")).toArray();
        QVERIFY(!merged.at(2).toObject().contains(QStringLiteral("data")));
    }

    void tagsCountEveryUse()
    {
        put(T, "q", "a", {"tags", R"(["solo", "pair"])"});
        put(T, "q", "b", {"tags", R"(["pair"])"});
        QCOMPARE(canonical(json("desk.tags", T)),
                 canonicalJson(R"([{"tag":"pair","count":2},{"tag":"solo","count":1}])"));
        QCOMPARE(canonical(json("desk.tags", T, {"1", "1"})), canonicalJson(R"([{"tag":"solo","count":1}])"));
        // qless's tag top leaves out a tag on a single job.
        QCOMPARE(canonical(json("tag", T, {"top"})), canonicalJson(R"(["pair"])"));
    }

    void moveKeepsTheJobAndHonoursTheGuard()
    {
        put(T, "q", "j", {"priority", "7", "tags", R"(["t"])", "retries", "3"});
        mustWork(lua("pop", T + 1, {"q", "w", "1"}));
        QCOMPARE(lua("desk.move", T + 2, {"j", "other", "waiting"}).isNil(), true);
        QCOMPARE(lua("desk.move", T + 2, {"nosuch", "other"}).isNil(), true);
        QVERIFY(m_q.listen());
        QCOMPARE(lua("desk.move", T + 3, {"j", "other", "running"}).bytes, QByteArray("waiting"));
        const QJsonObject job = json("get", T + 4, {"j"}).toObject();
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("other"));
        QCOMPARE(job.value(QStringLiteral("priority")).toInt(), 7);
        QCOMPARE(job.value(QStringLiteral("remaining")).toInt(), 3);
        QCOMPARE(strings(job.value(QStringLiteral("tags"))), Names{"t"});
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QString());
        bool told = false;
        for (const QByteArray &line : m_q.heard())
            told = told || (line.startsWith("ql:w:w ") && line.contains("lock_lost"));
        QVERIFY2(told, "the worker that held the job was not told lock_lost");
        // '' sends a failed job back to its own queue and out of its group.
        mustWork(lua("pop", T + 5, {"other", "w", "1"}));
        mustWork(lua("fail", T + 6, {"j", "w", "grp", "m", "{}"}));
        QCOMPARE(lua("desk.move", T + 7, {"j", "", "failed"}).bytes, QByteArray("waiting"));
        QCOMPARE(json("get", T + 8, {"j"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("other"));
        QCOMPARE(m_q.command({"EXISTS", "ql:f:grp"}).integer, 0);
        QCOMPARE(m_q.command({"SISMEMBER", "ql:failures", "grp"}).integer, 0);
    }

    void moveGuardedByWaitingTakesATimedOutJob()
    {
        // qless's timeout leaves the job stalled, back in its queue's work set: qless counts it
        // waiting and the console lists it under Waiting, so the 'waiting' guard takes it.
        put(T, "q", "late");
        put(T, "q", "held");
        mustWork(lua("pop", T + 1, {"q", "w", "2"}));
        mustWork(lua("timeout", T + 2, {"late"}));
        QCOMPARE(json("get", T + 3, {"late"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("stalled"));
        QCOMPARE(lua("desk.move", T + 3, {"late", "other", "waiting"}).bytes, QByteArray("waiting"));
        QCOMPARE(json("get", T + 4, {"late"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("other"));
        // A stalled job that still holds its lock (not in the work set) is no waiting job.
        m_q.command({"HSET", "ql:j:held", "state", "stalled"});
        QCOMPARE(lua("desk.move", T + 5, {"held", "other", "waiting"}).isNil(), true);
        QCOMPARE(json("get", T + 6, {"held"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("q"));
    }

    void failedActionBatchesWithReceipts()
    {
        for (const QByteArray jid : {"r1", "r2", "r3"}) {
            put(T, "q", jid);
            mustWork(lua("pop", T + 1, {"q", "w", "1"}));
            mustWork(lua("fail", T + 2, {jid, "w", "grp", "m", "{}"}));
        }
        const QByteArray receipt = lua("desk.failedaction", T + 3, {"retry", "grp", "2", "0", "k1"}).bytes;
        QCOMPARE(canonicalJson(receipt), canonicalJson(R"({"taken":2,"done":2,"skipped":{},"unkept":0})"));
        QCOMPARE(json("get", T + 4, {"r1"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("waiting"));
        QCOMPARE(m_q.command({"LRANGE", "ql:f:grp", "0", "-1"}).elements.size(), 1);
        QCOMPARE(canonicalJson(m_q.command({"GET", "ql:receipt:k1"}).bytes), canonicalJson(receipt));
        QVERIFY(m_q.command({"TTL", "ql:receipt:k1"}).integer > 86000);
        // The same key again: the same reply, nothing changed.
        const QList<QByteArray> before = m_q.snapshot();
        QCOMPARE(lua("desk.failedaction", T + 5, {"retry", "grp", "2", "0", "k1"}).bytes, receipt);
        QCOMPARE(m_q.snapshot(), before);
        // Move the last one elsewhere; the group empties and leaves ql:failures.
        QCOMPARE(canonicalJson(lua("desk.failedaction", T + 6, {"move", "grp", "5", "0", "k2", "elsewhere"}).bytes),
                 canonicalJson(R"({"taken":1,"done":1,"skipped":{},"unkept":0})"));
        QCOMPARE(json("get", T + 7, {"r3"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("elsewhere"));
        QCOMPARE(m_q.command({"SISMEMBER", "ql:failures", "grp"}).integer, 0);
    }

    // A batch sent before the one ahead of it answered names that one (`after`): it passes over
    // what that batch left in place too, which its sender could not count yet; a batch named
    // that never ran (no receipt) adds nothing to pass over.
    void failedActionAfterPassesOverWhatTheBatchAheadLeft()
    {
        for (const QByteArray jid : {"a1", "a2", "a3", "a4", "a5"}) {
            put(T, "q", jid);
            mustWork(lua("pop", T + 1, {"q", "w", "1"}));
            mustWork(lua("fail", T + 2, {jid, "w", "grp", "m", "{}"}));
        }
        m_q.command({"HSET", "ql:j:a1", "queue", ""}); // retry leaves it in place: no queue
        const QJsonObject first =
            QJsonDocument::fromJson(lua("desk.failedaction", T + 3, {"retry", "grp", "2", "0", "b0"}).bytes).object();
        QCOMPARE(first.value(QStringLiteral("taken")).toInt(-1), 2);
        QCOMPARE(first.value(QStringLiteral("done")).toInt(-1), 1);
        // Sent with skip 0 before b0's reply came: a1, still listed, is not taken again.
        const QJsonObject second =
            QJsonDocument::fromJson(
                lua("desk.failedaction", T + 4, {"retry", "grp", "2", "0", "b1", "after", "b0"}).bytes)
                .object();
        QCOMPARE(second.value(QStringLiteral("taken")).toInt(-1), 2);
        QCOMPARE(second.value(QStringLiteral("done")).toInt(-1), 2);
        QCOMPARE(second.value(QStringLiteral("skipped")).toObject().size(), 0);
        QCOMPARE(json("get", T + 5, {"a3"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("waiting"));
        QCOMPARE(json("get", T + 5, {"a4"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("waiting"));
        QCOMPARE(m_q.command({"LRANGE", "ql:f:grp", "0", "-1"}).strings(), (QList<QByteArray>{"a5", "a1"}));
        // A move names its queue first, then `after`; a batch named that has no receipt adds nothing.
        const QJsonObject third =
            QJsonDocument::fromJson(
                lua("desk.failedaction", T + 6, {"move", "grp", "1", "1", "b2", "there", "after", "never-sent"}).bytes)
                .object();
        QCOMPARE(third.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(json("get", T + 7, {"a5"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("there"));
        QCOMPARE(m_q.command({"LRANGE", "ql:f:grp", "0", "-1"}).strings(), QList<QByteArray>{"a1"});
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T + 8, {"retry", "grp", "1", "0", "b3", "after"}),
                             "Arg \"after\"");
        QLESS_VERIFY_REFUSED(lua("desk.failedaction", T + 8, {"retry", "grp", "1", "0", "b3", "after", "b0", "x"}),
                             "unexpected argument");
    }

    // desk.once: a per-job step of a bulk run, its reply kept so that a lost reply is answered
    // again, never guessed: a timeout whose "not running" was lost is not re-run on a job a
    // worker popped meanwhile; a move is not done twice.
    void onceRunsEachKeyOnceAndKeepsItsReply()
    {
        put(T, "q", "a");
        put(T + 0.5, "q", "b");                                                       // after a: the pop below takes a
        QVERIFY(lua("desk.once", T + 1, {"k-timeout", "desk.timeout", "a"}).isNil()); // a waits
        QCOMPARE(json("pop", T + 2, {"q", "w", "1"}).toArray().size(), 1);
        QCOMPARE(json("get", T + 2, {"a"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("running"));
        QVERIFY(lua("desk.once", T + 3, {"k-timeout", "desk.timeout", "a"}).isNil()); // kept: still "not running"
        QCOMPARE(json("get", T + 3, {"a"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("running"));
        QVERIFY(m_q.command({"TTL", "ql:receipt:k-timeout"}).integer > 86000);

        QCOMPARE(lua("desk.once", T + 4, {"k-move", "desk.move", "b", "other", "waiting"}).bytes,
                 QByteArray("waiting"));
        QCOMPARE(lua("desk.move", T + 5, {"b", "third"}).bytes, QByteArray("waiting"));
        const QList<QByteArray> before = m_q.snapshot();
        QCOMPARE(lua("desk.once", T + 6, {"k-move", "desk.move", "b", "other", "waiting"}).bytes,
                 QByteArray("waiting"));
        QCOMPARE(m_q.snapshot(), before);
        QCOMPARE(json("get", T + 6, {"b"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("third"));

        // Numbers, lists and true come back as they went.
        QCOMPARE(lua("desk.once", T + 7, {"k-priority", "desk.priority", "b", "4"}).integer, 4);
        QCOMPARE(lua("desk.once", T + 7, {"k-priority", "desk.priority", "b", "4"}).integer, 4);
        QCOMPARE(lua("desk.once", T + 7, {"k-track", "desk.track", "b"}).integer, 1);
        QCOMPARE(lua("desk.once", T + 7, {"k-track", "desk.track", "b"}).integer, 1);
        QCOMPARE(lua("desk.once", T + 8, {"k-cancel", "cancel", "b"}).strings(), Names{"b"});
        QCOMPARE(lua("desk.once", T + 8, {"k-cancel", "cancel", "b"}).strings(), Names{"b"});
        QCOMPARE(m_q.command({"EXISTS", "ql:j:b"}).integer, 0);
    }

    void onceRefusesWhatItCannotKeepApart()
    {
        put(T, "q", "p");
        put(T, "q", "child", {"depends", R"(["p"])"});
        QLESS_VERIFY_REFUSED(lua("desk.once", T, {"", "desk.track", "p"}), "Arg \"key\" empty");
        QLESS_VERIFY_REFUSED(lua("desk.once", T, {"k"}), "Arg \"command\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.once", T, {"k", "nosuch", "p"}), "not a command it can run");
        QLESS_VERIFY_REFUSED(lua("desk.once", T, {"k", "desk.once", "k2", "desk.track", "p"}),
                             "not a command it can run");
        // A refused command changed nothing and leaves no receipt: it may be sent again.
        QLESS_VERIFY_REFUSED(lua("desk.once", T, {"k-dep", "cancel", "p"}), "is a dependency of");
        QCOMPARE(m_q.command({"EXISTS", "ql:receipt:k-dep"}).integer, 0);
        // One key, another command: refused rather than answered with the other's reply.
        QCOMPARE(lua("desk.once", T, {"k-one", "desk.track", "p"}).integer, 1);
        QLESS_VERIFY_REFUSED(lua("desk.once", T, {"k-one", "desk.untrack", "p"}),
                             "holds the receipt of something else");
        QCOMPARE(m_q.command({"ZCARD", "ql:tracked"}).integer, 1);
    }

    void failedCancelKeepsJobsOthersDependOn()
    {
        for (const QByteArray jid : {"c1", "c2"}) {
            put(T, "q", jid);
            mustWork(lua("pop", T + 1, {"q", "w", "1"}));
        }
        put(T + 1, "q", "needs", {"depends", R"(["c1"])"});
        for (const QByteArray jid : {"c1", "c2"})
            mustWork(lua("fail", T + 2, {jid, "w", "grp", "m", "{}"}));
        m_q.command({"LPUSH", "ql:f:grp", "ghost"});
        const QByteArray receipt = lua("desk.failedaction", T + 3, {"cancel", "grp", "5", "0", "k"}).bytes;
        QCOMPARE(canonicalJson(receipt),
                 canonicalJson(
                     R"({"taken":3,"done":1,"skipped":{"has dependents":["c1"],"missing":["ghost"]},"unkept":0})"));
        QCOMPARE(m_q.command({"EXISTS", "ql:j:c2"}).integer, 0);
        QCOMPARE(json("get", T + 4, {"c1"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("failed"));
        QCOMPARE(strings(m_q.qlessJson("failed", T + 4, {"grp"}).toObject().value(QStringLiteral("jobs"))),
                 Names{"c1"});
    }

    // The console's small writes: false (nil) where qless's own command fails for a job or
    // template that is gone or not in the state asked.
    void trackAndUntrackTellAGoneJob()
    {
        put(T, "q", "j");
        QCOMPARE(lua("desk.track", T, {"j"}).integer, 1);
        QCOMPARE(lua("desk.track", T, {"j"}).integer, 1); // already tracked: still true
        QCOMPARE(m_q.command({"ZRANGE", "ql:tracked", "0", "-1"}).strings(), Names{"j"});
        QVERIFY(lua("desk.track", T, {"gone"}).isNil());
        QCOMPARE(m_q.command({"ZCARD", "ql:tracked"}).integer, 1);
        QCOMPARE(lua("desk.untrack", T, {"j"}).integer, 1);
        m_q.command({"ZADD", "ql:tracked", "1", "expired"});
        QVERIFY(lua("desk.untrack", T, {"expired"}).isNil());
        QCOMPARE(m_q.command({"ZCARD", "ql:tracked"}).integer, 0);
    }

    void tagPriorityAndDependsOffOnGoneJobs()
    {
        put(T, "q", "j");
        QCOMPARE(canonicalJson(lua("desk.tag", T, {"add", "j", "a", "b"}).bytes), canonicalJson(R"(["a","b"])"));
        QCOMPARE(lua("desk.tag", T, {"remove", "j", "a", "b"}).bytes, QByteArray("[]"));
        QVERIFY(lua("desk.tag", T, {"add", "gone", "a"}).isNil());
        QLESS_VERIFY_REFUSED(lua("desk.tag", T, {"get", "a"}), "Arg \"command\"");
        QCOMPARE(lua("desk.priority", T, {"j", "4"}).integer, 4);
        QCOMPARE(json("get", T, {"j"}).toObject().value(QStringLiteral("priority")).toInt(), 4);
        QVERIFY(lua("desk.priority", T, {"gone", "4"}).isNil());
        put(T + 1, "q", "waits", {"depends", R"(["j"])"});
        QVERIFY(lua("desk.depends.off", T + 2, {"j", "all"}).isNil()); // j is waiting, not depends
        QCOMPARE(lua("desk.depends.off", T + 2, {"waits", "all"}).integer, 1);
        QCOMPARE(json("get", T + 3, {"waits"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("waiting"));
    }

    void recurringTemplates()
    {
        mustWork(lua("recur", T, {"q", "tpl", "K", "{}", "interval", "60", "30"}));
        const QJsonObject got = json("desk.recur.get", T, {"tpl"}).toObject();
        QCOMPARE(got.value(QStringLiteral("next")).toDouble(), T + 30);
        QCOMPARE(got.value(QStringLiteral("interval")).toInt(), 60);
        QVERIFY(lua("desk.recur.get", T, {"nope"}).isNil());
        QCOMPARE(lua("desk.recur.update", T, {"tpl", "priority", "3"}).integer, 1);
        QCOMPARE(json("recur.get", T, {"tpl"}).toObject().value(QStringLiteral("priority")).toInt(), 3);
        QVERIFY(lua("desk.recur.update", T, {"nope", "priority", "3"}).isNil());
        QCOMPARE(lua("desk.unrecur", T, {"tpl"}).integer, 1);
        QCOMPARE(lua("desk.unrecur", T, {"tpl"}).integer, 0);
        QCOMPARE(m_q.command({"ZCARD", "ql:q:q-recur"}).integer, 0);
    }
};

QTEST_GUILESS_MAIN(TestQlessDesk)
#include "tst_qless_desk.moc"
