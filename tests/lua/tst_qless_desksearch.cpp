// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QSet>
#include <QTest>

#include <functional>

// qless.lua's desk.search: jobs found across every queue and state by what they hold, in short
// calls over a SCAN cursor. Each criterion finds exactly its jobs (states as the console shows
// them), criteria combine, a call stays within its budget of keys and text, a walk read to the
// end finds every job that stayed while others come and go, `with` returns the texts the
// console tests with a regular expression, bad arguments are refused, and nothing changes.
class TestQlessDeskSearch final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;
    using Names = QList<QByteArray>;

    struct Match
    {
        QByteArray jid;
        QByteArray state;
        QByteArray message;
        QByteArray data;
    };
    struct Step
    {
        QByteArray cursor;
        qint64 looked = -1;
        qint64 keys = -1;
        QList<Match> matches;
    };

    RedisValue lua(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qless(command, now, args);
    }
    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const QByteArray &klass = "K",
             const QByteArray &data = "{}", const Names &options = {}, double delay = 0)
    {
        Names args{"w", queue, jid, klass, data, num(delay)};
        args += options;
        mustWork(lua("put", now, args));
    }

    Step step(double now, const QByteArray &cursor, int count, const Names &criteria)
    {
        const RedisValue reply = lua("desk.search", now, Names{cursor, QByteArray::number(count)} + criteria);
        Step out;
        if (reply.isError() || reply.elements.size() < 3 || (reply.elements.size() - 3) % 4 != 0) {
            qWarning("desk.search: %s", describe(reply).constData());
            return out;
        }
        out.cursor = reply.elements.at(0).bytes;
        out.looked = reply.elements.at(1).integer;
        out.keys = reply.elements.at(2).integer;
        for (qsizetype i = 3; i + 3 < reply.elements.size(); i += 4)
            out.matches.append({reply.elements.at(i).bytes, reply.elements.at(i + 1).bytes,
                                reply.elements.at(i + 2).bytes, reply.elements.at(i + 3).bytes});
        return out;
    }

    // Every match of a whole walk, in order of return; `between` runs between calls.
    QList<Match> walk(double now, const Names &criteria, int count = 50, const std::function<void(int)> &between = {},
                      int *calls = nullptr)
    {
        QList<Match> all;
        QByteArray cursor = "0";
        int n = 0;
        do {
            const Step s = step(now, cursor, count, criteria);
            if (s.looked < 0)
                return {{"<error>", {}, {}, {}}};
            all += s.matches;
            cursor = s.cursor;
            if (cursor != "0" && between)
                between(n);
            ++n;
        } while (cursor != "0" && n < 100000);
        if (calls)
            *calls = n;
        return all;
    }

    QSet<QByteArray> found(double now, const Names &criteria)
    {
        QSet<QByteArray> jids;
        for (const Match &match : walk(now, criteria))
            jids.insert(match.jid);
        return jids;
    }

    // A small deployment through our scripts: every state, tags, workers, failures, data.
    void seedEveryState()
    {
        put(T, "crawl", "w-1", "Pipeline::Fetch", "{\"url\": \"https://a.example/1\", \"order\": \"A-17\"}",
            {"tags", "[\"urgent\", \"site/a\"]"});
        put(T, "crawl", "w-2", "Pipeline::Fetch", "{\"url\": \"https://b.example/2\"}", {"tags", "[\"bulk\"]"});
        put(T, "parse", "r-1", "Pipeline::Parse", "{\"order\": \"A-17\"}");
        put(T, "parse", "r-2", "Pipeline::Parse");
        put(T, "parse", "f-1", "Pipeline::Parse", "{\"order\": \"B-2\"}", {"tags", "[\"urgent\"]"});
        put(T, "index", "s-1", "Pipeline::Index", "{}", {}, 3600);
        put(T, "index", "d-1", "Pipeline::Index", "{}", {"depends", "[\"s-1\"]"});
        put(T, "index", "c-1", "Pipeline::Index");
        mustWork(lua("pop", T + 1, {"parse", "worker-7", "3"})); // r-1, r-2, f-1
        mustWork(lua("fail", T + 2,
                     {"f-1", "worker-7", "IOError", "IOError: disk full on /dev/sdb\n  at x.rb:3",
                      "{\"order\": \"B-2\"}"}));                        // qless's fail sets the data
        mustWork(lua("heartbeat", T + 100, {"r-2", "worker-7", "{}"})); // r-2's lock outlives r-1's
        mustWork(lua("pop", T + 1, {"index", "worker-8", "1"}));        // c-1
        mustWork(lua("complete", T + 3, {"c-1", "worker-8", "index", "{}"}));
        // Not jobs: history lists, queues, someone else's hash under the prefix without a state.
        m_q.command({"HSET", "ql:j:stranger", "klass", "Pipeline::Fetch"});
        m_q.command({"SET", "unrelated", "x"});
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void eachCriterionFindsItsJobs_data()
    {
        QTest::addColumn<Names>("criteria");
        QTest::addColumn<Names>("expected");
        QTest::newRow("jid prefix") << Names{"jid", "r-"} << Names{"r-1", "r-2"};
        QTest::newRow("tag") << Names{"tag", "urgent"} << Names{"w-1", "f-1"};
        QTest::newRow("tag needing JSON escapes") << Names{"tag", "site/a"} << Names{"w-1"};
        QTest::newRow("class, any case, contained") << Names{"klass", "pipeline::FETCH"} << Names{"w-1", "w-2"};
        QTest::newRow("queue") << Names{"queue", "parse"} << Names{"r-1", "r-2", "f-1"};
        QTest::newRow("worker") << Names{"worker", "worker-7"} << Names{"r-1", "r-2"};
        QTest::newRow("state waiting") << Names{"state", "waiting"} << Names{"w-1", "w-2"};
        QTest::newRow("state running") << Names{"state", "running"} << Names{"r-2"};
        QTest::newRow("state stalled") << Names{"state", "stalled"} << Names{"r-1"};
        QTest::newRow("state scheduled") << Names{"state", "scheduled"} << Names{"s-1"};
        QTest::newRow("state depends") << Names{"state", "depends"} << Names{"d-1"};
        QTest::newRow("state failed") << Names{"state", "failed"} << Names{"f-1"};
        QTest::newRow("state complete") << Names{"state", "complete"} << Names{"c-1"};
        QTest::newRow("failure group") << Names{"group", "IOError"} << Names{"f-1"};
        QTest::newRow("failure message text") << Names{"message", "disk full"} << Names{"f-1"};
        QTest::newRow("text in data") << Names{"data", "A-17"} << Names{"w-1", "r-1"};
        QTest::newRow("data is exact about case") << Names{"data", "a-17"} << Names{};
        QTest::newRow("criteria combine") << Names{"data", "A-17", "queue", "parse"} << Names{"r-1"};
        QTest::newRow("a group nobody failed in") << Names{"group", "Timeout"} << Names{};
    }
    void eachCriterionFindsItsJobs()
    {
        QFETCH(Names, criteria);
        QFETCH(Names, expected);
        seedEveryState();
        // At T + 50 r-1's lock (60 s from its pop at T + 1) still holds; at T + 70 it ran out,
        // r-2's (heartbeated at T + 100) did not.
        const QSet<QByteArray> got = found(T + 70, criteria);
        QCOMPARE(got, QSet<QByteArray>(expected.cbegin(), expected.cend()));
    }

    // The state returned is the one the console shows; `with` returns the texts asked for.
    void matchesCarryStateAndTheTextsAskedFor()
    {
        seedEveryState();
        QList<Match> matches = walk(T + 70, {"jid", "f-1", "with", "message", "with", "data"});
        QCOMPARE(matches.size(), 1);
        QCOMPARE(matches.first().state, QByteArray("failed"));
        QCOMPARE(matches.first().message, QByteArray("IOError: disk full on /dev/sdb\n  at x.rb:3"));
        QCOMPARE(matches.first().data, QByteArray("{\"order\":\"B-2\"}")); // as qless's fail wrote it
        matches = walk(T + 70, {"jid", "r-1"});
        QCOMPARE(matches.size(), 1);
        QCOMPARE(matches.first().state, QByteArray("stalled"));
        QCOMPARE(matches.first().message, QByteArray());
        QCOMPARE(matches.first().data, QByteArray());
        // A job qless timed out waits first in line: the console lists it under waiting.
        mustWork(lua("timeout", T + 71, {"r-2"}));
        QCOMPARE(walk(T + 72, {"jid", "r-2"}).value(0).state, QByteArray("waiting"));
    }

    // No criterion: every job, and nothing that is not one.
    void noCriterionFindsEveryJobAndNothingElse()
    {
        seedEveryState();
        QCOMPARE(found(T + 70, {}), (QSet<QByteArray>{"w-1", "w-2", "r-1", "r-2", "f-1", "s-1", "d-1", "c-1"}));
    }

    // Many keys: a call looks at about `count` keys (SCAN's COUNT is a hint: a step may bring a
    // few more), the walk takes as many calls as that implies and finds every job once or more.
    void callsAreBoundedAndTheWalkFindsEveryJob()
    {
        const int jobs = 5000;
        for (int i = 0; i < jobs; i += 500) {
            QByteArray script = "for i = ARGV[1], ARGV[2] do redis.call('hset', 'ql:j:job' .. i, 'jid', 'job' .. i, "
                                "'state', 'waiting', 'queue', 'q', 'klass', 'K', 'data', '{}') end";
            m_q.command({"EVAL", script, "0", QByteArray::number(i), QByteArray::number(i + 499)});
        }
        int calls = 0;
        qint64 largest = 0;
        QByteArray cursor = "0";
        QSet<QByteArray> all;
        do {
            const Step s = step(T, cursor, 200, {"queue", "q"});
            QVERIFY(s.looked >= 0);
            largest = qMax(largest, s.looked);
            QCOMPARE(s.keys, jobs);
            for (const Match &match : s.matches)
                all.insert(match.jid);
            cursor = s.cursor;
            ++calls;
        } while (cursor != "0");
        QCOMPARE(all.size(), jobs);
        QVERIFY2(largest < 200 + 2 * 100, qPrintable(QString::number(largest))); // count, plus a step's overrun
        QVERIFY2(calls >= jobs / 400, qPrintable(QString::number(calls)));
    }

    // Large data: a call stops after about a megabyte of text searched, however many keys it
    // was allowed, and the walk still finds every job.
    void aCallStopsAfterAMegabyteOfText()
    {
        // 20 KB each: a step of 100 keys searches 2 MB.
        const QByteArray big = "{\"blob\": \"" + QByteArray(20 * 1024, 'x') + "\"}";
        for (int i = 0; i < 1000; ++i)
            m_q.command({"HSET", "ql:j:big" + QByteArray::number(i), "jid", "big" + QByteArray::number(i), "state",
                         "waiting", "data", big});
        const Step first = step(T, "0", 10000, {"data", "needle"});
        QVERIFY(first.cursor != "0");
        QVERIFY2(first.looked < 300, qPrintable(QString::number(first.looked)));
        int calls = 0;
        QCOMPARE(walk(T, {"data", "xxxx"}, 10000, {}, &calls).size(), 1000);
        QVERIFY2(calls >= 5, qPrintable(QString::number(calls)));
    }

    // Jobs leave and arrive between calls: each job there throughout is found.
    void aChangingKeyspaceLosesNoJobThatStayed()
    {
        for (int i = 0; i < 3000; i += 500) {
            m_q.command({"EVAL",
                         "for i = ARGV[1], ARGV[2] do redis.call('hset', 'ql:j:s' .. i, 'jid', 's' .. i, "
                         "'state', 'waiting', 'klass', 'Keep') end",
                         "0", QByteArray::number(i), QByteArray::number(i + 499)});
        }
        QSet<QByteArray> left;
        int added = 0;
        const QList<Match> matches = walk(T, {"klass", "keep"}, 100, [&](int call) {
            for (int k = 0; k < 20; ++k) {
                const QByteArray gone = "s" + QByteArray::number((call * 37 + k * 101) % 3000);
                m_q.command({"DEL", "ql:j:" + gone});
                left.insert(gone);
                m_q.command({"HSET", "ql:j:n" + QByteArray::number(added), "state", "waiting", "klass", "Keep"});
                ++added;
            }
        });
        QVERIFY(added > 100);
        QSet<QByteArray> returned;
        for (const Match &match : matches)
            returned.insert(match.jid);
        for (int i = 0; i < 3000; ++i) {
            const QByteArray jid = "s" + QByteArray::number(i);
            QVERIFY2(left.contains(jid) || returned.contains(jid), jid.constData());
        }
    }

    // A jid prefix is text, not a SCAN pattern: *, ?, [ and \\ in it match only themselves.
    void aJidPrefixIsTakenLiterally()
    {
        for (const QByteArray &jid : {QByteArray("a*b"), QByteArray("axb"), QByteArray("a?c"), QByteArray("a[1]"),
                                      QByteArray("a1"), QByteArray("a\\d")})
            put(T, "q", jid);
        QCOMPARE(found(T, {"jid", "a*"}), QSet<QByteArray>{"a*b"});
        QCOMPARE(found(T, {"jid", "a?"}), QSet<QByteArray>{"a?c"});
        QCOMPARE(found(T, {"jid", "a["}), QSet<QByteArray>{"a[1]"});
        QCOMPARE(found(T, {"jid", "a\\"}), QSet<QByteArray>{"a\\d"});
        QCOMPARE(found(T, {"jid", "a"}).size(), 6);
    }

    void badArgumentsAreRefused()
    {
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {}), "cursor");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"x1", "100"}), "not a SCAN cursor");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0"}), "count");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "0"}), "1 to 10000");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "10001"}), "1 to 10000");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "10", "colour", "red"}), "not a criterion");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "10", "queue"}), "missing");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "10", "queue", ""}), "not a criterion");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "10", "with", "history"}), "not a criterion");
        QLESS_VERIFY_REFUSED(lua("desk.search", T, {"0", "10", "state", "lost"}), "not waiting, running");
    }

    void searchingChangesNothing()
    {
        seedEveryState();
        const Names before = m_q.snapshot();
        walk(T + 70, {"klass", "pipeline", "with", "data", "with", "message"});
        walk(T + 70, {"group", "IOError", "tag", "urgent"});
        QCOMPARE(m_q.snapshot(), before);
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskSearch)
#include "tst_qless_desksearch.moc"
