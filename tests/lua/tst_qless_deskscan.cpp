// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QSet>
#include <QTest>

#include <functional>

// qless.lua's desk.scan: a whole list read in bounded chunks for a bulk run. Each state's chunks
// hold what desk.jobs lists in that state; chunks stay bounded on a large set; every job that is
// in the list from the first call to the last comes back, even when as many jobs leave ahead of
// the read point as arrive (what offset pages pass over); the view changes nothing.
class TestQlessDeskScan final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;
    using Names = QList<QByteArray>;

    struct Chunk
    {
        Names cursor;
        qint64 total = -1;
        Names jids;
    };

    RedisValue lua(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qless(command, now, args);
    }
    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const Names &options = {}, double delay = 0)
    {
        Names args{"w", queue, jid, "K", "{}", num(delay)};
        args += options;
        mustWork(lua("put", now, args));
    }

    Chunk scan(double now, const QByteArray &list, const QByteArray &name, int count, const Names &cursor)
    {
        const RedisValue reply = lua("desk.scan", now, Names{list, name, QByteArray::number(count)} + cursor);
        Chunk chunk;
        if (reply.isError() || reply.elements.size() != 3) {
            qWarning("desk.scan %s %s: %s", list.constData(), name.constData(), reply.bytes.constData());
            return chunk;
        }
        chunk.cursor = reply.elements.at(0).strings();
        chunk.total = reply.elements.at(1).integer;
        chunk.jids = reply.elements.at(2).strings();
        return chunk;
    }

    // Every jid a whole scan returns, in order of return; `between` runs after each chunk but the
    // last. `largest` gets the biggest chunk's size, `calls` how many calls it took.
    Names scanAll(double now, const QByteArray &list, const QByteArray &name, int count,
                  const std::function<void(int)> &between = {}, int *largest = nullptr, int *calls = nullptr)
    {
        Names all;
        Names cursor;
        int n = 0;
        int biggest = 0;
        do {
            const Chunk chunk = scan(now, list, name, count, cursor);
            if (chunk.total < 0)
                return {"<error>"};
            all += chunk.jids;
            biggest = qMax(biggest, int(chunk.jids.size()));
            cursor = chunk.cursor;
            if (!cursor.isEmpty() && between)
                between(n);
            ++n;
        } while (!cursor.isEmpty() && n < 100000);
        if (largest)
            *largest = biggest;
        if (calls)
            *calls = n;
        return all;
    }

    static QSet<QByteArray> setOf(const Names &names) { return QSet<QByteArray>(names.cbegin(), names.cend()); }

    Names listed(double now, const Names &args)
    {
        // In pages of 1000, the most desk.jobs lists a call.
        Names all;
        for (int offset = 0;; offset += 1000) {
            const Names page = lua("desk.jobs", now, args + Names{QByteArray::number(offset), "1000"}).strings().mid(1);
            all += page;
            if (page.size() < 1000)
                return all;
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    // The same jobs in each state as desk.jobs lists, and the same totals: running and stalled
    // split at `now` by the lock, due scheduled jobs and timed-out ones waiting.
    void eachStateHoldsWhatDeskJobsLists()
    {
        for (int i = 0; i < 10; ++i)
            put(T + i, "a", "j" + QByteArray::number(i), {"tags", i % 2 ? "[\"odd\"]" : "[\"even\"]"},
                i == 5 ? 10 : (i == 9 ? 1000 : 0));
        put(T, "a", "child", {"depends", "[\"j0\"]"});
        mustWork(lua("pop", T + 10, {"a", "w1", "4"}));          // j0..j3 (j5 due at T+15)
        mustWork(lua("heartbeat", T + 100, {"j3", "w1", "{}"})); // j3's lock outlives T+110
        mustWork(lua("fail", T + 11, {"j1", "w1", "boom", "it broke", "{}"}));
        mustWork(lua("timeout", T + 12, {"j2"}));
        mustWork(lua("recur", T, {"a", "tpl", "K", "{}", "interval", "10", "0"}));
        mustWork(lua("track", T, {"track", "j4"}));
        m_q.command({"ZADD", "ql:tracked", "1", "gone"});
        mustWork(lua("pop", T + 13, {"a", "w2", "1"})); // j2, timed out, popped again
        mustWork(lua("complete", T + 14, {"j2", "w2", "a", "{}"}));

        const QList<QPair<double, Names>> lists{
            {T + 13, {"waiting", "a"}},   {T + 16, {"waiting", "a"}},   {T + 110, {"running", "a"}},
            {T + 110, {"stalled", "a"}},  {T + 13, {"scheduled", "a"}}, {T + 13, {"depends", "a"}},
            {T + 13, {"recurring", "a"}},
        };
        for (const auto &list : lists) {
            const double now = list.first;
            const Names expected = listed(now, list.second);
            QVERIFY2(!expected.isEmpty(), list.second.first().constData()); // each state holds something
            const Names got = scanAll(now, list.second.at(0), list.second.at(1), 3);
            QCOMPARE(setOf(got), setOf(expected));
            QCOMPARE(got.size(), expected.size());
            QCOMPARE(scan(now, list.second.at(0), list.second.at(1), 3, {}).total, expected.size());
        }
        QCOMPARE(setOf(scanAll(T, "complete", "", 5)), setOf(listed(T, {"complete"})));
        QCOMPARE(setOf(scanAll(T, "tag", "odd", 5)), (QSet<QByteArray>{"j1", "j3", "j5", "j7", "j9"}));
        QCOMPARE(setOf(scanAll(T, "tracked", "", 5)), (QSet<QByteArray>{"j4", "gone"}));
        QCOMPARE(scanAll(T, "failed", "boom", 5), Names{"j1"});
        QCOMPARE(scan(T, "failed", "boom", 5, {}).total, 1);
        QCOMPARE(scanAll(T, "failed", "nothing", 5), Names{});
        QCOMPARE(scanAll(T, "tag", "nothing", 5), Names{});
    }

    // A large set: chunks stay near the count asked, every member comes back once.
    void chunksAreBoundedAndEveryJobComesOnce()
    {
        Names all;
        for (int i = 0; i < 20000; i += 1000) {
            Names args{"ZADD", "ql:q:big-work"};
            for (int j = i; j < i + 1000; ++j) {
                args << QByteArray::number(j) << "jid" + QByteArray::number(j);
                all << "jid" + QByteArray::number(j);
            }
            m_q.command(args);
        }
        int largest = 0;
        int calls = 0;
        const Names got = scanAll(T, "waiting", "big", 500, {}, &largest, &calls);
        QCOMPARE(got.size(), all.size());
        QCOMPARE(setOf(got), setOf(all));
        QVERIFY2(largest <= 1000, qPrintable(QString::number(largest))); // ZSCAN's COUNT is a hint
        QVERIFY2(calls >= 20, qPrintable(QString::number(calls)));
    }

    // Jobs ahead of the read point leave while as many arrive: none that stayed is passed over.
    void aChangingZsetLosesNoJobThatStayed()
    {
        Names args{"ZADD", "ql:t:hot"};
        for (int i = 0; i < 5000; ++i)
            args << QByteArray::number(i) << "t" + QByteArray::number(i);
        m_q.command(args);
        QSet<QByteArray> left;
        int added = 0;
        const Names got = scanAll(T, "tag", "hot", 200, [&](int call) {
            for (int k = 0; k < 50; ++k) {
                const QByteArray gone = "t" + QByteArray::number(call * 50 + k);
                m_q.command({"ZREM", "ql:t:hot", gone});
                left.insert(gone);
                m_q.command({"ZADD", "ql:t:hot", "0", "new" + QByteArray::number(added++)});
            }
        });
        QVERIFY(added > 0);
        const QSet<QByteArray> returned = setOf(got);
        for (int i = 0; i < 5000; ++i) {
            const QByteArray jid = "t" + QByteArray::number(i);
            QVERIFY2(left.contains(jid) || returned.contains(jid), jid.constData());
        }
    }

    // A failure group's list: failures arrive at its head while entries already read leave from
    // anywhere behind the read point (the anchors among them), in equal numbers; then more leave
    // at once than the cursor looks back over. Every entry that stayed throughout is returned.
    void aChangingFailureGroupLosesNoJobThatStayed_data()
    {
        QTest::addColumn<int>("leaving");
        QTest::addColumn<int>("times");
        QTest::newRow("a few after each chunk") << 40 << 1000;
        QTest::newRow("more than the window, twice") << 1500 << 2;
    }
    void aChangingFailureGroupLosesNoJobThatStayed()
    {
        QFETCH(int, leaving);
        QFETCH(int, times);
        Names args{"LPUSH", "ql:f:g"};
        for (int i = 0; i < 6000; ++i) // f0 oldest, at the tail
            args << "f" + QByteArray::number(i);
        m_q.command(args);
        m_q.command({"SADD", "ql:failures", "g"});
        QSet<QByteArray> left;
        Names returnedSoFar;
        int added = 0;
        Names got;
        Names cursor;
        int calls = 0;
        do {
            const Chunk chunk = scan(T, "failed", "g", 500, cursor);
            QVERIFY(chunk.total >= 0);
            QVERIFY(chunk.jids.size() <= 500);
            got += chunk.jids;
            cursor = chunk.cursor;
            if (cursor.isEmpty())
                break;
            if (calls >= times)
                continue;
            // Every other one of those read last leaves (half the anchors among them), then older
            // ones; as many arrive.
            int removed = 0;
            for (qsizetype i = got.size() - 1; i >= 0 && removed < leaving; --i) {
                if (i % 2 || left.contains(got.at(i)) || !got.at(i).startsWith('f'))
                    continue;
                m_q.command({"LREM", "ql:f:g", "0", got.at(i)});
                left.insert(got.at(i));
                ++removed;
            }
            for (int k = 0; k < removed; ++k)
                m_q.command({"LPUSH", "ql:f:g", "new" + QByteArray::number(added++)});
        } while (++calls < 2000);
        QVERIFY(calls < 2000);
        QVERIFY(added > 0);
        const QSet<QByteArray> returned = setOf(got);
        for (int i = 0; i < 6000; ++i) {
            const QByteArray jid = "f" + QByteArray::number(i);
            QVERIFY2(left.contains(jid) || returned.contains(jid), jid.constData());
        }
        // Oldest first: the first chunk starts at the tail.
        QCOMPARE(got.first(), QByteArray("f0"));
    }

    void viewChangesNothingAndArgumentsAreChecked()
    {
        put(T, "a", "x");
        mustWork(lua("recur", T, {"a", "tpl", "K", "{}", "interval", "10", "0"}));
        const Names before = m_q.snapshot();
        for (const QByteArray list : {"waiting", "running", "stalled", "scheduled", "depends", "recurring"})
            QVERIFY(!scanAll(T + 100, list, "a", 10).contains("<error>"));
        QVERIFY(!scanAll(T, "complete", "", 10).contains("<error>"));
        QCOMPARE(m_q.snapshot(), before);
        QLESS_VERIFY_REFUSED(lua("desk.scan", T, {"bogus", "a", "10"}), "Arg \"list\"");
        QLESS_VERIFY_REFUSED(lua("desk.scan", T, {"waiting"}), "Arg \"name\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.scan", T, {"waiting", "a"}), "Arg \"count\"");
        QLESS_VERIFY_REFUSED(lua("desk.scan", T, {"waiting", "a", "0"}), "1 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.scan", T, {"waiting", "a", "1001"}), "1 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.scan", T, {"waiting", "a", "10", "x7"}), "Arg \"cursor\"");
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskScan)
#include "tst_qless_deskscan.moc"
