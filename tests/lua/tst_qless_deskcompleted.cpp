// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// qless.lua's desk.completed: the completed jobs of a queue and/or class, newest first, read in
// bounded steps from a cursor. It finds a job by the queue it completed in (qless empties the
// hash's queue) however much was logged after, and by a part of its class; no call looks at more
// than 1000 entries, so a rare match in a long list takes several calls with the cursor; the
// cursor reads on past jobs that arrive or leave meanwhile; it changes nothing; bad arguments
// are refused.
class TestQlessDeskCompleted final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;
    using Names = QList<QByteArray>;

    struct Step
    {
        Names cursor;
        qint64 total = -1;
        Names jids;
        bool ok = false;
    };

    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }

    // A job put, popped and completed as a gem worker does it, at `when`.
    void complete(double when, const QByteArray &queue, const QByteArray &jid, const QByteArray &klass)
    {
        mustWork(m_q.qless("put", when - 2, {"w", queue, jid, klass, "{}", "0"}));
        mustWork(m_q.qless("pop", when - 1, {queue, "w", "1"}));
        mustWork(m_q.qless("complete", when, {jid, "w", queue, "{}"}));
    }

    Step step(const Names &filter, int count, const Names &cursor)
    {
        Names args{QByteArray::number(count)};
        args += filter;
        if (!cursor.isEmpty())
            args += Names{"after"} + cursor;
        const RedisValue reply = m_q.qless("desk.completed", T + 10000, args);
        Step out;
        if (reply.isError() || reply.elements.size() != 3) {
            qWarning("desk.completed: %s", describe(reply).constData());
            return out;
        }
        out.cursor = reply.elements.at(0).strings();
        out.total = reply.elements.at(1).integer;
        out.jids = reply.elements.at(2).strings();
        out.ok = true;
        return out;
    }

    // Every match, reading on until the cursor comes back empty; `calls` gets how many it took.
    // `between` runs after each call but the last.
    Names all(const Names &filter, int count, int *calls = nullptr, const std::function<void(int)> &between = {})
    {
        Names jids;
        Names cursor;
        int n = 0;
        do {
            const Step s = step(filter, count, cursor);
            if (!s.ok || s.jids.size() > count)
                return {"<error>"};
            jids += s.jids;
            cursor = s.cursor;
            if (!cursor.isEmpty() && between)
                between(n);
            ++n;
        } while (!cursor.isEmpty() && n < 10000);
        if (calls)
            *calls = n;
        return jids;
    }

    // `n` completed jobs written straight into Redis (quicker than n puts, pops and completes),
    // as qless leaves them: queue emptied, the queue in the history's put.
    void seedCompleted(int n, double first, const QByteArray &prefix, const QByteArray &queue, const QByteArray &klass)
    {
        for (int i = 0; i < n; ++i) {
            const QByteArray jid = prefix + QByteArray::number(i);
            const double when = first + i * 0.001;
            m_q.command({"HSET", "ql:j:" + jid, "jid", jid, "klass", klass, "state", "complete", "queue", ""});
            m_q.command({"RPUSH", "ql:j:" + jid + "-history",
                         "[" + num(when - 2) + ",\"put\",{\"q\":\"" + queue + "\"}]", "[" + num(when) + ",\"done\"]"});
            m_q.command({"ZADD", "ql:completed", num(when), jid});
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void matchesTheQueueItCompletedInAndAPartOfItsClass()
    {
        complete(T + 1, "crawl", "c1", "Crawl::Fetch");
        complete(T + 2, "parse", "p1", "Parse::Page");
        complete(T + 3, "crawl", "c2", "Crawl::Fetch");
        // Moved from crawl into parse before it ran: it completed in parse.
        mustWork(m_q.qless("put", T + 3, {"w", "crawl", "m1", "Crawl::Fetch", "{}", "0"}));
        mustWork(m_q.qless("put", T + 3.5, {"w", "parse", "m1", "Crawl::Fetch", "{}", "0"}));
        mustWork(m_q.qless("pop", T + 3.6, {"parse", "w", "1"}));
        mustWork(m_q.qless("complete", T + 4, {"m1", "w", "parse", "{}"}));
        // Forty log notes after its put: the queue is further back in its history.
        mustWork(m_q.qless("put", T + 4, {"w", "crawl", "noted", "Crawl::Robots", "{}", "0"}));
        mustWork(m_q.qless("pop", T + 4.1, {"crawl", "w", "1"}));
        for (int i = 0; i < 40; ++i)
            mustWork(m_q.qless("log", T + 4.2, {"noted", "progress", "{\"step\":" + QByteArray::number(i) + "}"}));
        mustWork(m_q.qless("complete", T + 5, {"noted", "w", "crawl", "{}"}));
        QCOMPARE(m_q.command({"HGET", "ql:j:noted", "queue"}).text(), QByteArray(""));

        QCOMPARE(all({"queue", "crawl"}, 10), (Names{"noted", "c2", "c1"}));
        QCOMPARE(all({"queue", "parse"}, 10), (Names{"m1", "p1"}));
        QCOMPARE(all({"klass", "Crawl::"}, 10), (Names{"noted", "m1", "c2", "c1"}));
        QCOMPARE(all({"klass", "Fetch", "queue", "crawl"}, 10), (Names{"c2", "c1"}));
        QCOMPARE(all({"klass", "crawl::robots"}, 10), Names{"noted"}); // any case
        QCOMPARE(all({"queue", "craw"}, 10), Names{});                 // a queue by its whole name
        QCOMPARE(all({}, 10), (Names{"noted", "m1", "c2", "p1", "c1"}));
        // One at a time: the same jobs, a call each.
        int calls = 0;
        QCOMPARE(all({"queue", "crawl"}, 1, &calls), (Names{"noted", "c2", "c1"}));
        QVERIFY(calls >= 3);
        const Step first = step({"queue", "crawl"}, 1, {});
        QCOMPARE(first.total, qint64(5));
        QCOMPARE(first.cursor.size(), 2);
        QCOMPARE(first.cursor.at(1), QByteArray("noted"));
    }

    void looksAtNoMoreThanAThousandEntriesACall()
    {
        // 2,500 completed in crawl, and the one parse job the oldest of all.
        seedCompleted(1, T, "old-", "parse", "Parse::Page");
        seedCompleted(2500, T + 10, "j-", "crawl", "Crawl::Fetch");
        // By class: 1,000 entries a call (one HMGET each).
        int calls = 0;
        QCOMPARE(all({"klass", "Parse"}, 200, &calls), Names{"old-0"});
        QCOMPARE(calls, 3); // 1000 + 1000 + 501 entries
        const Step first = step({"klass", "Parse"}, 200, {});
        QVERIFY(first.jids.isEmpty());
        QCOMPARE(first.cursor.value(1), QByteArray("j-1500")); // the 1,000th newest looked at last
        QCOMPARE(first.total, qint64(2501));
        // By queue: 1,000 history entries a call, here two a job (the put naming the queue is
        // second from the end).
        QCOMPARE(all({"queue", "parse"}, 200, &calls), Names{"old-0"});
        QCOMPARE(calls, 6);
        QCOMPARE(step({"queue", "parse"}, 200, {}).cursor.value(1), QByteArray("j-2000"));
        // Matches stop a call early: 200 asked, 200 given, the rest on the next calls.
        const Step many = step({"klass", "Fetch"}, 200, {});
        QCOMPARE(many.jids.size(), 200);
        QCOMPARE(many.jids.first(), QByteArray("j-2499"));
        QCOMPARE(many.cursor.value(1), QByteArray("j-2300"));
        QCOMPARE(all({"klass", "Fetch"}, 1000).size(), 2500);
        QCOMPARE(all({"queue", "crawl"}, 1000).size(), 2500);
    }

    void readsOnPastJobsThatArriveOrLeave()
    {
        seedCompleted(30, T, "j-", "crawl", "Crawl::Fetch");
        // After each call, a new job completes (at the head) and the cursor's own job is deleted
        // (qless's retention, or a put of it elsewhere): no job that stayed is passed over or
        // returned twice.
        Names returned;
        Names cursor;
        int n = 0;
        do {
            const Step s = step({"queue", "crawl"}, 4, cursor);
            QVERIFY(s.ok);
            returned += s.jids;
            cursor = s.cursor;
            if (!cursor.isEmpty()) {
                seedCompleted(1, T + 100 + n, "new-" + QByteArray::number(n) + "-", "crawl", "Crawl::Fetch");
                m_q.command({"ZREM", "ql:completed", cursor.at(1)});
            }
        } while (!cursor.isEmpty() && ++n < 100);
        QCOMPARE(returned.size(), 30);
        for (int i = 0; i < 30; ++i)
            QCOMPARE(returned.at(i), "j-" + QByteArray::number(29 - i));
        // Equal scores: the cursor's job gone, the walk goes on with the next of the same score.
        m_q.flush();
        for (const QByteArray jid : {"a", "b", "c", "d"}) {
            m_q.command({"HSET", "ql:j:" + QByteArray(jid), "klass", "K", "state", "complete", "queue", "q"});
            m_q.command({"ZADD", "ql:completed", "5", jid});
        }
        const Step one = step({"klass", "K"}, 2, {});
        QCOMPARE(one.jids, (Names{"d", "c"}));
        m_q.command({"ZREM", "ql:completed", "c"});
        QCOMPARE(step({"klass", "K"}, 2, one.cursor).jids, (Names{"b", "a"}));
    }

    void changesNothingAndRefusesBadArguments()
    {
        complete(T + 1, "crawl", "c1", "Crawl::Fetch");
        m_q.command({"SET", "ql:j:odd", "not a hash"});
        m_q.command({"ZADD", "ql:completed", num(T + 2), "odd"});
        const Names before = m_q.snapshot();
        QCOMPARE(all({"queue", "crawl"}, 10), Names{"c1"}); // a job key of another type: no match
        QCOMPARE(all({"klass", "Crawl"}, 10), Names{"c1"});
        QCOMPARE(m_q.snapshot(), before);
        QLESS_VERIFY_REFUSED(m_q.qless("desk.completed", T, {}), "Arg \"count\"");
        QLESS_VERIFY_REFUSED(m_q.qless("desk.completed", T, {"0"}), "1 to 1000");
        QLESS_VERIFY_REFUSED(m_q.qless("desk.completed", T, {"1001"}), "1 to 1000");
        QLESS_VERIFY_REFUSED(m_q.qless("desk.completed", T, {"10", "queue"}), "Arg \"queue\" missing");
        QLESS_VERIFY_REFUSED(m_q.qless("desk.completed", T, {"10", "bogus", "x"}), "not queue, klass or after");
        QLESS_VERIFY_REFUSED(m_q.qless("desk.completed", T, {"10", "after", "x", "j"}), "not a cursor");
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskCompleted)
#include "tst_qless_deskcompleted.moc"
