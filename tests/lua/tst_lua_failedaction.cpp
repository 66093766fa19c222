// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

// failedaction: one batch of retry, move or cancel on a failure group's oldest entries, with
// skip, the reasons entries are passed over, and the receipt that makes a resent batch harmless.
class TestLuaFailedAction final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    // Puts jid into `queue`, pops it and fails it into `group` at T + at.
    void failJob(const QByteArray &jid, const QByteArray &queue, const QByteArray &group, double at,
                 const QList<QByteArray> &options = {})
    {
        m_qless.put(queue, jid, T + at, options);
        QCOMPARE(m_qless.pop(queue, "w", 1, T + at), QList<QByteArray>{jid});
        QCOMPARE(m_qless.call(QStringLiteral("fail"), {jid, "w", group, "m " + jid, num(T + at)}).bytes, jid);
    }

    RedisValue action(const QList<QByteArray> &args) { return m_qless.call(QStringLiteral("failedaction"), args); }
    // action, now, group, count, skip, key, [queue]: the reply as JSON (asserts it is JSON).
    QJsonObject batch(const QList<QByteArray> &args)
    {
        const RedisValue reply = action(args);
        if (reply.type != RedisValue::Type::String)
            qWarning("failedaction: %s", reply.bytes.constData());
        return reply.json().toObject();
    }

    static QJsonObject skipped(const QJsonObject &reply) { return reply.value(QStringLiteral("skipped")).toObject(); }
    static QStringList jids(const QJsonValue &list)
    {
        QStringList out;
        for (const QJsonValue &item : list.toArray())
            out << item.toString();
        return out;
    }
    QList<QByteArray> list(const QByteArray &group)
    {
        return m_qless.command({"LRANGE", "ql:f:" + group, "0", "-1"}).strings();
    }
    QString state(const QByteArray &jid) { return m_qless.job(jid).value(QStringLiteral("state")).toString(); }
    QString queue(const QByteArray &jid) { return m_qless.job(jid).value(QStringLiteral("queue")).toString(); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    // A batch takes its entries off the group's tail and does not scan the rest of the list for
    // them again, as qless's put and cancel do (LREM 0 reads the whole list: seconds per batch in
    // a group of a million). A second entry of the same jid further up stays until a batch
    // reaches it, finds the job no longer failed and drops it. The day's count of failures
    // still goes down once per job.
    void aBatchDoesNotScanTheGroupForEntriesItTook()
    {
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q";
        failJob("old", "q", "g", 1);
        failJob("new", "q", "g", 2);
        failJob("gone", "q", "g", 3);
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("3"));
        m_qless.command({"LPUSH", "ql:f:g", "old"}); // a second entry of old, at the head
        QCOMPARE(list("g"), (QList<QByteArray>{"old", "gone", "new", "old"}));

        const QJsonObject first = batch({"retry", num(T + 10), "g", "1", "0", "k1"});
        QCOMPARE(first.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(list("g"), (QList<QByteArray>{"old", "gone", "new"}));
        QCOMPARE(state("old"), QStringLiteral("waiting"));
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("2"));

        const QJsonObject cancel = batch({"cancel", num(T + 11), "g", "1", "0", "k2"});
        QCOMPARE(cancel.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(list("g"), (QList<QByteArray>{"old", "gone"}));
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:new"}).integer, 0);
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("1"));

        const QJsonObject rest = batch({"retry", num(T + 12), "g", "5", "0", "k3"});
        QCOMPARE(rest.value(QStringLiteral("taken")).toInt(-1), 2);
        QCOMPARE(rest.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(jids(skipped(rest).value(QStringLiteral("not failed"))), QStringList{QStringLiteral("old")});
        QCOMPARE(state("gone"), QStringLiteral("waiting"));
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SISMEMBER", "ql:failures", "g"}).integer, 0);
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("0"));
    }

    // The console's batches spare only the list they took the entry from: a job whose failure
    // names another group (data from elsewhere) leaves that group's list as qless would.
    void anEntryInAnotherGroupIsStillForgotten()
    {
        failJob("j", "q", "mine", 1);
        m_qless.command({"LPUSH", "ql:f:other", "j"});
        const QJsonObject reply = batch({"retry", num(T + 10), "other", "5", "0", "k"});
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:other"}).integer, 0);
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:mine"}).integer, 0);
        QCOMPARE(state("j"), QStringLiteral("waiting"));
    }

    void retryPutsEachBackIntoItsOwnQueue()
    {
        // One group, jobs from two queues.
        failJob("a1", "qa", "g", 1, {"retries", "3"});
        failJob("b1", "qb", "g", 2);
        failJob("a2", "qa", "g", 3);
        const QJsonObject reply = batch({"retry", num(T + 10), "g", "10", "0", "k1"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 3);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 3);
        QCOMPARE(skipped(reply), QJsonObject());
        QCOMPARE(queue("a1"), QStringLiteral("qa"));
        QCOMPARE(queue("b1"), QStringLiteral("qb"));
        QCOMPARE(queue("a2"), QStringLiteral("qa"));
        for (const QByteArray jid : {"a1", "b1", "a2"}) {
            QCOMPARE(state(jid), QStringLiteral("waiting"));
            QCOMPARE(m_qless.job(jid).value(QStringLiteral("failure")).toObject(), QJsonObject());
        }
        QCOMPARE(m_qless.job("a1").value(QStringLiteral("remaining")).toDouble(), 3.0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:qa-work"}).integer, 2);
        QCOMPARE(m_qless.command({"ZRANGE", "ql:q:qb-work", "0", "-1"}).strings(), QList<QByteArray>{"b1"});
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
    }

    void moveTakesTheOldestIntoAQueue()
    {
        for (int i = 0; i < 5; ++i)
            failJob("j" + QByteArray::number(i), "src", "g", i);
        const QJsonObject reply = batch({"move", num(T + 10), "g", "2", "0", "k1", "dst"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 2);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 2);
        QCOMPARE(queue("j0"), QStringLiteral("dst"));
        QCOMPARE(queue("j1"), QStringLiteral("dst"));
        QCOMPARE(state("j2"), QStringLiteral("failed"));
        QCOMPARE(list("g"), (QList<QByteArray>{"j4", "j3", "j2"}));
        QCOMPARE(m_qless.command({"SISMEMBER", "ql:failures", "g"}).integer, 1);
        QVERIFY(!m_qless.command({"ZSCORE", "ql:queues", "dst"}).isNil());
    }

    void cancelDeletesJobs()
    {
        failJob("a", "q", "g", 1, {"tags", "[\"t\"]"});
        failJob("b", "q", "g", 2);
        m_qless.call(QStringLiteral("track"), {"track", "a", num(T)});
        const QJsonObject reply = batch({"cancel", num(T + 10), "g", "500", "0", "k1"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 2);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 2);
        QCOMPARE(skipped(reply), QJsonObject());
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:a", "ql:j:b", "ql:f:g", "ql:t:t"}).integer, 0);
        // As current qless's cancel: a tracked jid stays in ql:tracked, listed as expired (the
        // seed's cancel dropped it; qless-core's is the ground truth, COMPAT.md).
        QCOMPARE(m_qless.command({"ZRANGE", "ql:tracked", "0", "-1"}).strings(), QList<QByteArray>{"a"});
        QCOMPARE(m_qless.json(QStringLiteral("track"), {}).toObject().value(QStringLiteral("expired")).toArray(),
                 QJsonArray{QStringLiteral("a")});
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
    }

    void cancelKeepsJobsOthersDependOn()
    {
        // p: a waiting job outside the group depends on it.
        failJob("p", "q", "g", 1);
        m_qless.put("q", "kid", T + 2, {"depends", "[\"p\"]"});
        // x <- y, both failed: they go together.
        failJob("x", "q", "g", 3);
        m_qless.put("q", "y", T + 4, {"depends", "[\"x\"]"});
        m_qless.call(QStringLiteral("fail"), {"y", "w", "g", "m", num(T + 4)});
        // m <- n <- o: n is held by o (outside), so m is held by n.
        failJob("m", "q", "g", 5);
        m_qless.put("q", "n", T + 6, {"depends", "[\"m\"]"});
        m_qless.call(QStringLiteral("fail"), {"n", "w", "g", "m", num(T + 6)});
        m_qless.put("q", "o", T + 7, {"depends", "[\"n\"]"});
        failJob("free", "q", "g", 8);
        QCOMPARE(list("g"), (QList<QByteArray>{"free", "n", "m", "y", "x", "p"}));

        const QJsonObject reply = batch({"cancel", num(T + 10), "g", "500", "0", "k1"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 6);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 3);
        QCOMPARE(jids(skipped(reply).value(QStringLiteral("has dependents"))),
                 (QStringList{QStringLiteral("p"), QStringLiteral("m"), QStringLiteral("n")}));
        QCOMPARE(skipped(reply).size(), 1);
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:x", "ql:j:y", "ql:j:free"}).integer, 0);
        QCOMPARE(state("p"), QStringLiteral("failed"));
        QCOMPARE(state("m"), QStringLiteral("failed"));
        QCOMPARE(state("n"), QStringLiteral("failed"));
        QCOMPARE(state("kid"), QStringLiteral("depends"));
        QCOMPARE(list("g"), (QList<QByteArray>{"n", "m", "p"}));

        // The next batch passes over those left in place: nothing more to take.
        const QJsonObject next = batch({"cancel", num(T + 11), "g", "500", "3", "k2"});
        QCOMPARE(next.value(QStringLiteral("taken")).toInt(-1), 0);
        QCOMPARE(next.value(QStringLiteral("done")).toInt(-1), 0);
        QCOMPARE(m_qless.command({"SISMEMBER", "ql:failures", "g"}).integer, 1);

        // Once the dependents are gone too, the rest can go.
        QCOMPARE(m_qless.call(QStringLiteral("cancel"), {"kid", "o"}).strings().size(), 2);
        const QJsonObject rest = batch({"cancel", num(T + 12), "g", "500", "0", "k3"});
        QCOMPARE(rest.value(QStringLiteral("done")).toInt(-1), 3);
        QVERIFY(m_qless.command({"KEYS", "ql:j:*"}).strings().isEmpty());
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
    }

    // `skip` passes over the oldest entries earlier batches left in place, and only those.
    void skipPassesOverThoseLeftInPlace()
    {
        for (int i = 0; i < 5; ++i)
            failJob("j" + QByteArray::number(i), "src", "g", i);
        for (const QByteArray jid : {"j0", "j1"})
            m_qless.command({"HDEL", "ql:j:" + jid, "queue"}); // retry leaves these in place
        const QJsonObject first = batch({"retry", num(T + 10), "g", "2", "0", "k0"});
        QCOMPARE(jids(skipped(first).value(QStringLiteral("no queue"))),
                 (QStringList{QStringLiteral("j0"), QStringLiteral("j1")}));
        QCOMPARE(first.value(QStringLiteral("unkept")).toInt(-1), 0);

        const QJsonObject reply = batch({"retry", num(T + 11), "g", "2", "2", "k1"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 2);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 2);
        QCOMPARE(reply.value(QStringLiteral("unkept")).toInt(-1), 0);
        QCOMPARE(state("j2"), QStringLiteral("waiting"));
        QCOMPARE(state("j3"), QStringLiteral("waiting"));
        QCOMPARE(list("g"), (QList<QByteArray>{"j4", "j1", "j0"}));
        // A window partly past the newest end takes what is there; one wholly past it, nothing.
        const QJsonObject partial = batch({"retry", num(T + 12), "g", "5", "2", "k2"});
        QCOMPARE(partial.value(QStringLiteral("taken")).toInt(-1), 1);
        QCOMPARE(state("j4"), QStringLiteral("waiting"));
        const QJsonObject beyond = batch({"retry", num(T + 13), "g", "5", "2", "k3"});
        QCOMPARE(beyond.value(QStringLiteral("taken")).toInt(-1), 0);
        QCOMPARE(list("g"), (QList<QByteArray>{"j1", "j0"}));
        // Entries no batch left in place are not passed over, whatever `skip` says.
        failJob("j5", "src", "g", 5);
        m_qless.command({"RPUSH", "ql:f:g", "stray"}); // oldest, never seen by a batch
        const QJsonObject stray = batch({"retry", num(T + 14), "g", "5", "1", "k4"});
        QCOMPARE(stray.value(QStringLiteral("unkept")).toInt(-1), 1);
        QCOMPARE(jids(skipped(stray).value(QStringLiteral("missing"))), QStringList{QStringLiteral("stray")});
    }

    // One of the jobs left in place leaves the group meanwhile (someone retries it by hand): the
    // next batch passes over the others only, so the job after them is not passed over unseen,
    // and says how many it found gone.
    void aJobLeftInPlaceThatLeavesShiftsNothing()
    {
        for (int i = 0; i < 4; ++i)
            failJob("j" + QByteArray::number(i), "src", "g", i);
        for (const QByteArray jid : {"j0", "j1"})
            m_qless.command({"HDEL", "ql:j:" + jid, "queue"});
        const QJsonObject first = batch({"retry", num(T + 10), "g", "2", "0", "k0"});
        QCOMPARE(first.value(QStringLiteral("done")).toInt(-1), 0);
        QCOMPARE(m_qless.command({"SMEMBERS", "ql:desk:kept:g"}).strings().size(), 2);
        // j0 is moved out of the group by another client (qless's put of a failed job).
        QCOMPARE(m_qless.put("elsewhere", "j0", T + 10.5).bytes, QByteArray("j0"));
        QCOMPARE(list("g"), (QList<QByteArray>{"j3", "j2", "j1"}));
        QCOMPARE(m_qless.command({"SMEMBERS", "ql:desk:kept:g"}).strings(), QList<QByteArray>{"j1"});

        const QJsonObject next = batch({"retry", num(T + 11), "g", "1", "2", "k1"});
        QCOMPARE(next.value(QStringLiteral("unkept")).toInt(-1), 1);
        QCOMPARE(next.value(QStringLiteral("taken")).toInt(-1), 1);
        QCOMPARE(state("j2"), QStringLiteral("waiting")); // not passed over
        QCOMPARE(state("j3"), QStringLiteral("failed"));
        QCOMPARE(list("g"), (QList<QByteArray>{"j3", "j1"}));

        // A job left in place that fails again is listed anew at the head, as any other failure.
        QCOMPARE(m_qless.put("src", "j1", T + 12).bytes, QByteArray("j1"));
        QVERIFY(m_qless.pop("src", "w", 5, T + 12).contains("j1"));
        QCOMPARE(m_qless.call(QStringLiteral("fail"), {"j1", "w", "g", "again", num(T + 12)}).bytes, QByteArray("j1"));
        QCOMPARE(m_qless.command({"SCARD", "ql:desk:kept:g"}).integer, 0);
    }

    void missingNotFailedAndDuplicateEntriesRemoved()
    {
        failJob("a", "q", "g", 1);
        failJob("b", "q", "g", 2);
        m_qless.put("q", "busy", T + 3);
        m_qless.command({"RPUSH", "ql:f:g", "ghost"});     // oldest: a jid whose job is gone
        m_qless.command({"LPUSH", "ql:f:g", "busy", "a"}); // newest: a waiting job, a listed twice
        QCOMPARE(list("g"), (QList<QByteArray>{"a", "busy", "b", "a", "ghost"}));
        const QJsonObject reply = batch({"move", num(T + 10), "g", "10", "0", "k1", "dst"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 5);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 2);
        QCOMPARE(jids(skipped(reply).value(QStringLiteral("missing"))), QStringList{QStringLiteral("ghost")});
        QCOMPARE(jids(skipped(reply).value(QStringLiteral("not failed"))), QStringList{QStringLiteral("busy")});
        QCOMPARE(jids(skipped(reply).value(QStringLiteral("duplicate"))), QStringList{QStringLiteral("a")});
        QCOMPARE(queue("busy"), QStringLiteral("q")); // untouched
        QCOMPARE(state("busy"), QStringLiteral("waiting"));
        QCOMPARE(queue("a"), QStringLiteral("dst"));
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
    }

    void retryWithoutAQueueLeavesTheEntry()
    {
        failJob("a", "q", "g", 1);
        failJob("b", "q", "g", 2);
        m_qless.command({"HDEL", "ql:j:a", "queue"});
        const QJsonObject reply = batch({"retry", num(T + 10), "g", "10", "0", "k1"});
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(jids(skipped(reply).value(QStringLiteral("no queue"))), QStringList{QStringLiteral("a")});
        QCOMPARE(list("g"), QList<QByteArray>{"a"});
        QCOMPARE(state("a"), QStringLiteral("failed"));
        // Moving it names a queue: that works.
        const QJsonObject moved = batch({"move", num(T + 11), "g", "10", "0", "k2", "dst"});
        QCOMPARE(moved.value(QStringLiteral("done")).toInt(-1), 1);
        QCOMPARE(queue("a"), QStringLiteral("dst"));
    }

    void receiptAnswersAResentBatch()
    {
        for (int i = 0; i < 6; ++i)
            failJob("j" + QByteArray::number(i), "src", "g", i);
        const RedisValue first = action({"move", num(T + 10), "g", "2", "0", "batch-1", "dst"});
        QCOMPARE(first.type, RedisValue::Type::String);
        QCOMPARE(m_qless.command({"GET", "ql:receipt:batch-1"}).bytes, first.bytes);
        const qint64 ttl = m_qless.command({"TTL", "ql:receipt:batch-1"}).integer;
        QVERIFY2(ttl > 86000 && ttl <= 86400, QByteArray::number(ttl).constData());

        // The same batch again (the caller lost the reply): the same answer, nothing moved.
        const QList<QByteArray> before = m_qless.snapshot();
        const RedisValue again = action({"move", num(T + 20), "g", "2", "0", "batch-1", "dst"});
        QCOMPARE(again.bytes, first.bytes);
        QCOMPARE(m_qless.snapshot(), before);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:dst-work"}).integer, 2);
        QCOMPARE(m_qless.command({"LLEN", "ql:f:g"}).integer, 4);
        // Whatever the resent arguments say: the receipt stands for the batch.
        QCOMPARE(action({"cancel", num(T + 20), "g", "9", "0", "batch-1"}).bytes, first.bytes);
        QCOMPARE(m_qless.command({"LLEN", "ql:f:g"}).integer, 4);

        // A new key is a new batch.
        const QJsonObject next = batch({"move", num(T + 30), "g", "2", "0", "batch-2", "dst"});
        QCOMPARE(next.value(QStringLiteral("done")).toInt(-1), 2);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:dst-work"}).integer, 4);
    }

    void countZeroTakesNothing()
    {
        failJob("a", "q", "g", 1);
        const QJsonObject reply = batch({"retry", num(T + 10), "g", "0", "0", "k0"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 0);
        QCOMPARE(reply.value(QStringLiteral("done")).toInt(-1), 0);
        QCOMPARE(skipped(reply), QJsonObject());
        QCOMPARE(state("a"), QStringLiteral("failed"));
        QCOMPARE(list("g"), QList<QByteArray>{"a"});
    }

    void unknownGroupTakesNothing()
    {
        const QJsonObject reply = batch({"retry", num(T), "nosuch", "10", "0", "k"});
        QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), 0);
        QCOMPARE(m_qless.command({"KEYS", "*"}).strings(), QList<QByteArray>{"ql:receipt:k"});
    }

    void bigGroupInBatchesTakesEachOnce()
    {
        const int total = 2000;
        for (int i = 0; i < total; ++i)
            m_qless.put(i % 2 ? "qa" : "qb", "j" + QByteArray::number(i), T + i);
        QCOMPARE(m_qless.pop("qa", "w", total, T + total).size(), total / 2);
        QCOMPARE(m_qless.pop("qb", "w", total, T + total).size(), total / 2);
        for (int i = 0; i < total; ++i)
            m_qless.call(QStringLiteral("fail"), {"j" + QByteArray::number(i), "w", "big", "m", num(T + total + i)});
        QCOMPARE(m_qless.command({"LLEN", "ql:f:big"}).integer, total);

        qint64 taken = 0;
        qint64 done = 0;
        int batches = 0;
        for (;; ++batches) {
            const QByteArray key = "big-" + QByteArray::number(batches);
            const RedisValue first = action({"move", num(T + 5000), "big", "300", "0", key, "dst"});
            // Every other batch is sent twice, as after a dropped connection.
            if (batches % 2)
                QCOMPARE(action({"move", num(T + 5000), "big", "300", "0", key, "dst"}).bytes, first.bytes);
            const QJsonObject reply = first.json().toObject();
            QVERIFY2(skipped(reply).isEmpty(), first.bytes.constData());
            QCOMPARE(reply.value(QStringLiteral("taken")).toInt(-1), reply.value(QStringLiteral("done")).toInt(-2));
            if (reply.value(QStringLiteral("taken")).toInt() == 0)
                break;
            // A batch may stop early on the clock, never before it took five jobs.
            QVERIFY2(reply.value(QStringLiteral("taken")).toInt() >= qMin<qint64>(5, total - taken),
                     first.bytes.constData());
            taken += reply.value(QStringLiteral("taken")).toInt();
            done += reply.value(QStringLiteral("done")).toInt();
            QVERIFY(batches <= total / 5);
        }
        QCOMPARE(taken, total);
        QCOMPARE(done, total);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:dst-work"}).integer, total);
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:big"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
        // Each job was moved exactly once: one put into its first queue, one into dst.
        for (int i = 0; i < total; i += 37) {
            const QJsonObject job = m_qless.job("j" + QByteArray::number(i));
            QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("dst"));
            // History as current qless writes it: events (put, popped, failed, put), not stages.
            QStringList puts;
            for (const QJsonValue &event : job.value(QStringLiteral("history")).toArray()) {
                if (event.toObject().value(QStringLiteral("what")).toString() == QLatin1String("put"))
                    puts << event.toObject().value(QStringLiteral("q")).toString();
            }
            QCOMPARE(puts, (QStringList{i % 2 ? QStringLiteral("qa") : QStringLiteral("qb"), QStringLiteral("dst")}));
        }
    }

    void rejectsBadArguments()
    {
        failJob("a", "q", "g", 1);
        const QList<QByteArray> before = m_qless.snapshot();
        const auto error = [this](const QList<QByteArray> &args) { return action(args).bytes; };
        QVERIFY(error({}).contains("FailedAction(): Arg \"action\" missing"));
        QVERIFY(error({"redo"}).contains("FailedAction(): Arg \"action\" not retry, move or cancel: redo"));
        QVERIFY(error({"retry"}).contains("FailedAction(): Arg \"now\" missing"));
        QVERIFY(error({"retry", "x"}).contains("FailedAction(): Arg \"now\" not a number: x"));
        QVERIFY(error({"retry", "1"}).contains("FailedAction(): Arg \"group\" missing"));
        QVERIFY(error({"retry", "1", "g"}).contains("FailedAction(): Arg \"count\" missing"));
        QVERIFY(error({"retry", "1", "g", "-1"}).contains("FailedAction(): Arg \"count\" not a whole number >= 0: -1"));
        QVERIFY(error({"retry", "1", "g", "5"}).contains("FailedAction(): Arg \"skip\" missing"));
        QVERIFY(error({"retry", "1", "g", "5", "1.5"})
                    .contains("FailedAction(): Arg \"skip\" not a whole number >= 0: 1.5"));
        QVERIFY(error({"retry", "1", "g", "5", "0"}).contains("FailedAction(): Arg \"key\" missing"));
        QVERIFY(error({"retry", "1", "g", "5", "0", ""}).contains("FailedAction(): Arg \"key\" missing"));
        QVERIFY(error({"move", "1", "g", "5", "0", "k"}).contains("FailedAction(): Arg \"queue\" missing"));
        QVERIFY(error({"move", "1", "g", "5", "0", "k", ""}).contains("FailedAction(): Arg \"queue\" missing"));
        QVERIFY(
            error({"retry", "1", "g", "5", "0", "k", "q"}).contains("FailedAction(): Arg \"queue\" only for move: q"));
        QVERIFY(error({"move", "1", "g", "5", "0", "k", "q", "x"}).contains("FailedAction(): Arg \"8\" unexpected: x"));
        QCOMPARE(m_qless.snapshot(), before);
    }
};

QTEST_GUILESS_MAIN(TestLuaFailedAction)
#include "tst_lua_failedaction.moc"
