// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QSet>
#include <QTest>

// A failed job leaving a large failure group (lua/lib/40-job.lua, Qless.failure_list_remove):
// its entry is taken out of the group's list from the end nearer to it, not by qless's LREM over
// the whole list. Whatever end is chosen, the list must be exactly what qless leaves: the jid gone
// (no stale entry), every other entry in its order, the group still listed while it holds jobs,
// the day's `failed` count one less. Tested on groups far above the size where the whole-list
// removal is kept, for retry, move and cancel (the console's per-job steps: desk.move, cancel)
// and for qless's own put and requeue, of jobs deep in the list, near its ends, and where the
// failure times mislead the guess of which end is nearer.
class TestQlessBigGroup final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200; // midnight: the seeded failures' day
    static constexpr int Size = 300000;
    QlessFixture m_q;

    // The group's jobs n = 0 .. Size-1 failed in order (n = 0 first: the list's tail), each a
    // second (per hundred jobs) after the one before, as qless's fail writes them; the day's
    // `failed` count of queue q says so. `sameTime`: every failure at the same second.
    void seed(const QByteArray &group, int size, bool sameTime = false)
    {
        static const QByteArray script = R"(
local group, size, base, step = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local batch = {}
for n = 0, size - 1 do
  local jid = string.format('%s-%08d', group, n)
  redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'klass', 'Job', 'state', 'failed', 'queue', 'q',
    'priority', 0, 'retries', 5, 'remaining', 5, 'data', '{}', 'tags', '[]', 'worker', '',
    'expires', 0, 'failure', cjson.encode({ group = group, message = 'boom', worker = 'w',
      when = base + step * math.floor(n / 100) }))
  batch[#batch + 1] = jid
  if #batch == 1000 then redis.call('lpush', 'ql:f:' .. group, unpack(batch)); batch = {} end
end
if #batch > 0 then redis.call('lpush', 'ql:f:' .. group, unpack(batch)) end
redis.call('sadd', 'ql:failures', group)
redis.call('hincrby', 'ql:s:stats:' .. base .. ':q', 'failed', size)
return redis.call('llen', 'ql:f:' .. group)
)";
        const RedisValue reply =
            m_q.command({"EVAL", script, "0", group, QByteArray::number(size), num(T), sameTime ? "0" : "1"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.integer, qint64(size));
    }
    static QByteArray jid(const QByteArray &group, int n)
    {
        return group + '-' + QByteArray::number(n).rightJustified(8, '0');
    }
    QList<QByteArray> list(const QByteArray &group)
    {
        return m_q.command({"LRANGE", "ql:f:" + group, "0", "-1"}).strings();
    }
    qint64 failedToday() { return m_q.command({"HGET", "ql:s:stats:" + num(T) + ":q", "failed"}).bytes.toLongLong(); }
    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }

    // `act` takes each of `gone` out of the group: afterwards the list is the one before without
    // them, in the same order, the day's count lower by as many, and no entry names one of them.
    void checkLeaves(const QByteArray &group, const QList<QByteArray> &gone,
                     const std::function<void(const QByteArray &)> &act)
    {
        const QList<QByteArray> before = list(group);
        const qint64 failedBefore = failedToday();
        for (const QByteArray &jid : gone)
            act(jid);
        const QSet<QByteArray> goneSet(gone.cbegin(), gone.cend());
        QList<QByteArray> expected;
        for (const QByteArray &entry : before) {
            if (!goneSet.contains(entry))
                expected.append(entry);
        }
        const QList<QByteArray> after = list(group);
        QCOMPARE(after.size(), expected.size());
        QVERIFY(after == expected);
        QCOMPARE(failedToday(), failedBefore - gone.size());
        QCOMPARE(m_q.command({"SISMEMBER", "ql:failures", group}).integer, 1);
    }

    // Deep in the list (around its middle, a quarter and three quarters down) and near each end.
    QList<QByteArray> spread(const QByteArray &group)
    {
        return {jid(group, Size / 2), jid(group, Size / 2 + 1), jid(group, Size / 2 - 1),
                jid(group, Size / 4), jid(group, 3 * Size / 4), jid(group, 3),
                jid(group, Size - 3)};
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void retryInOwnQueue()
    {
        seed("g", Size);
        checkLeaves("g", spread("g"), [this](const QByteArray &jid) {
            const RedisValue reply = m_q.qless("desk.move", T + 10, {jid, "", "failed"});
            mustWork(reply);
            QCOMPARE(reply.bytes, QByteArray("waiting"));
        });
        for (const QByteArray &jid : spread("g")) {
            QCOMPARE(m_q.command({"HGET", "ql:j:" + jid, "state"}).bytes, QByteArray("waiting"));
            QVERIFY(!m_q.command({"ZSCORE", "ql:q:q-work", jid}).isNil());
        }
    }

    void moveElsewhere()
    {
        seed("g", Size);
        checkLeaves("g", spread("g"), [this](const QByteArray &jid) {
            mustWork(m_q.qless("desk.move", T + 10, {jid, "other"}));
        });
        for (const QByteArray &jid : spread("g"))
            QCOMPARE(m_q.command({"HGET", "ql:j:" + jid, "queue"}).bytes, QByteArray("other"));
    }

    void cancel()
    {
        seed("g", Size);
        checkLeaves("g", spread("g"), [this](const QByteArray &jid) {
            const RedisValue reply = m_q.qless("cancel", T + 10, {jid});
            mustWork(reply);
            QCOMPARE(reply.strings(), QList<QByteArray>{jid});
        });
        for (const QByteArray &jid : spread("g"))
            QCOMPARE(m_q.command({"EXISTS", "ql:j:" + jid}).integer, 0);
    }

    // qless's own commands, as a worker or the gem's web page sends them.
    void qlessPutAndRequeue()
    {
        seed("g", Size);
        QList<QByteArray> jobs = spread("g");
        checkLeaves("g", jobs, [this, &jobs](const QByteArray &jid) {
            const QByteArray command = jid == jobs.first() ? "requeue" : "put";
            mustWork(m_q.qless(command, T + 10, {"w", "q", jid, "Job", "{}", "0"}));
        });
    }

    // The guess of the nearer end follows failure times; when they mislead (a worker's clock far
    // ahead, or every job failing in the same second) the entry is still found and taken out.
    void misleadingTimes()
    {
        seed("g", Size);
        const QByteArray nearTail = jid("g", 7);
        const QByteArray nearHead = jid("g", Size - 7);
        mustWork(m_q.command({"HSET", "ql:j:" + nearTail, "failure",
                              R"({"group":"g","message":"boom","worker":"w","when":)" + num(T + 80000) + "}"}));
        mustWork(m_q.command({"HSET", "ql:j:" + nearHead, "failure",
                              R"({"group":"g","message":"boom","worker":"w","when":)" + num(T) + "}"}));
        checkLeaves("g", {nearTail, nearHead}, [this](const QByteArray &jid) {
            mustWork(m_q.qless("desk.move", T + 10, {jid, "", "failed"}));
        });
    }

    void sameTimes()
    {
        seed("g", Size, true);
        checkLeaves("g", spread("g"), [this](const QByteArray &jid) {
            mustWork(m_q.qless("desk.move", T + 10, {jid, "", "failed"}));
        });
    }

    // The entry halfway, whose failure time is read for the guess, may name a job that is gone
    // or a key that is not a hash: the removal goes on without its time.
    void unreadableHalfway()
    {
        seed("g", Size);
        const QByteArray halfway = m_q.command({"LINDEX", "ql:f:g", QByteArray::number(Size / 2)}).bytes;
        mustWork(m_q.command({"DEL", "ql:j:" + halfway}));
        mustWork(m_q.command({"SET", "ql:j:" + halfway, "not a hash"}));
        checkLeaves("g", {jid("g", Size - 11), jid("g", 11)}, [this](const QByteArray &jid) {
            mustWork(m_q.qless("desk.move", T + 10, {jid, "", "failed"}));
        });
    }
};

QTEST_GUILESS_MAIN(TestQlessBigGroup)
#include "tst_qless_biggroup.moc"
