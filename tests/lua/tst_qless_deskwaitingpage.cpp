// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"

#include <QSet>
#include <QTest>

// The Waiting tab of a paused queue holding 100,000 due scheduled jobs (issue #30): a page at
// any depth reads a bounded part of the queue, and the list is what pops of one job each would
// hand out for its first 500 places (Qless.desk_waiting_exact); past them the due jobs no pop
// reached follow the rest, earliest due first.
class TestQlessDeskWaitingPage final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    static constexpr int Due = 100000;
    static constexpr int Work = 50;
    static constexpr int Exact = 500;
    QlessClientTestBase m_base;

    QlessFixture &q() { return m_base.fixture(); }

    // desk.jobs waiting: the total and the page's jids.
    QList<QByteArray> page(double now, int offset, int count, qint64 *total = nullptr)
    {
        const RedisValue reply =
            q().qless("desk.jobs", now, {"waiting", "p", QByteArray::number(offset), QByteArray::number(count)});
        if (reply.isError() || reply.elements.isEmpty())
            return {"error: " + reply.bytes};
        if (total)
            *total = reply.elements.constFirst().integer;
        return reply.strings().mid(1);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { m_base.stopQless(); }

    void aPausedQueueOf100000DueJobs()
    {
        // Due jobs d<i> (due at T + i, priority i % 7), 50 waiting w<i> (priority i % 5, put at T).
        static const char *const script =
            "for i = 1, tonumber(ARGV[1]) do\n"
            "  local jid = string.format('d%06d', i)\n"
            "  redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'state', 'scheduled', 'queue', 'p',\n"
            "    'priority', i % 7, 'data', '{}', 'klass', 'K')\n"
            "  redis.call('zadd', 'ql:q:p-scheduled', ARGV[3] + i, jid)\n"
            "end\n"
            "for i = 1, tonumber(ARGV[2]) do\n"
            "  local jid = string.format('w%02d', i)\n"
            "  redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'state', 'waiting', 'queue', 'p',\n"
            "    'priority', i % 5, 'data', '{}', 'klass', 'K')\n"
            "  redis.call('zadd', 'ql:q:p-work', i % 5 - ARGV[3] / 10000000000, jid)\n"
            "end\n"
            "redis.call('zadd', 'ql:queues', ARGV[3], 'p')\n"
            "redis.call('sadd', 'ql:paused_queues', 'p')\n"
            "return 0\n";
        const RedisValue seeded = q().command(
            {"EVAL", script, "0", QByteArray::number(Due), QByteArray::number(Work), QByteArray::number(T, 'f', 0)});
        QVERIFY2(!seeded.isError(), seeded.bytes.constData());
        const double now = T + Due + 10; // every scheduled job is due

        // The first pages, and one across the bound: each place once.
        QList<QByteArray> head;
        qint64 total = 0;
        for (int offset = 0; offset < Exact + 100; offset += 25)
            head += page(now, offset, 25, &total);
        QCOMPARE(total, qint64(Due + Work));
        QCOMPARE(head.size(), Exact + 100);
        QCOMPARE(QSet<QByteArray>(head.cbegin(), head.cend()).size(), Exact + 100);

        // Deep pages: what work and the due jobs moved leave after 500 pops comes next (at most
        // Work of them, as many as pops took from work), then the due jobs no pop moved, in order.
        const auto due = [](int i) -> QByteArray { return "d" + QByteArray::number(i).rightJustified(6, '0'); };
        const QList<QByteArray> last = page(now, Due + Work - 25, 25);
        QList<QByteArray> expected;
        for (int i = Due - 24; i <= Due; ++i)
            expected << due(i);
        QCOMPARE(last, expected);
        const QList<QByteArray> deep = page(now, 60000, 25);
        QCOMPARE(deep.size(), 25);
        const int first = deep.constFirst().mid(1).toInt();
        for (int k = 0; k < 25; ++k)
            QCOMPARE(deep.at(k), due(first + k));
        QCOMPARE(first, 60000 - Work + 1); // work and the moved ones left: Work places
        QCOMPARE(page(now, Due + Work, 25), QList<QByteArray>());

        // The first 500 places are what 500 pops of one job give once the queue is unpaused.
        q().qless("unpause", now, {"p"});
        QList<QByteArray> popped;
        for (int i = 0; i < Exact; ++i)
            popped += q().pop("p", "w", 1, now);
        QCOMPARE(head.mid(0, Exact), popped);
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskWaitingPage)
#include "tst_qless_deskwaitingpage.moc"
