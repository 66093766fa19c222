#include "qlessfixture.h"

#include <QSet>
#include <QTest>

// jobs: every state of a queue, paged, without changing anything.
class TestLuaJobs final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    QList<QByteArray> jobs(const QList<QByteArray> &args) { return m_qless.call(QStringLiteral("jobs"), args).strings(); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void eachState()
    {
        m_qless.put("q", "run", T);
        m_qless.put("q", "stall", T);
        m_qless.pop("q", "w", 2, T);                          // both locked until T+60
        m_qless.call(QStringLiteral("heartbeat"), {"run", "w", num(T + 50)}); // run until T+110
        m_qless.put("q", "wait-1", T + 1);
        m_qless.put("q", "wait-2", T + 2, {"priority", "1"});
        m_qless.put("q", "sched-due", T, {}, 50);          // due at T+50
        m_qless.put("q", "sched-later", T, {}, 500);
        m_qless.put("q", "dep", T, {"depends", "[\"wait-1\"]"});
        m_qless.call(QStringLiteral("recur"), {"on", "q", "tpl", "K", "{}", num(T), "interval", "60", "0"});
        const QList<QByteArray> before = m_qless.snapshot();

        const double now = T + 70;
        // A due scheduled job ranks by when it fell due (T+50), behind wait-1 (put at T+1).
        QCOMPARE(jobs({"waiting", num(now), "q"}), (QList<QByteArray>{"wait-2", "wait-1", "sched-due"}));
        QCOMPARE(jobs({"running", num(now), "q"}), QList<QByteArray>{"run"});
        QCOMPARE(jobs({"stalled", num(now), "q"}), QList<QByteArray>{"stall"});
        QCOMPARE(jobs({"scheduled", num(now), "q"}), QList<QByteArray>{"sched-later"});
        QCOMPARE(jobs({"depends", num(now), "q"}), QList<QByteArray>{"dep"});
        QCOMPARE(jobs({"recurring", num(now), "q"}), QList<QByteArray>{"tpl"});
        QCOMPARE(m_qless.snapshot(), before);
    }

    void waitingPagesInPopOrder()
    {
        // 40 waiting jobs and 10 due scheduled ones interleaved by time and priority.
        for (int i = 0; i < 40; ++i)
            m_qless.put("q", "w" + QByteArray::number(i), T + i, {"priority", QByteArray::number(i % 3)});
        for (int i = 0; i < 10; ++i)
            m_qless.put("q", "s" + QByteArray::number(i), T, {"priority", QByteArray::number(i % 3)}, 5 + i * 4);
        QList<QByteArray> paged;
        for (int offset = 0; offset < 60; offset += 7)
            paged += jobs({"waiting", num(T + 100), "q", QByteArray::number(offset), "7"});
        QCOMPARE(paged.size(), 50);
        // The same order pop hands them out in.
        QCOMPARE(paged, m_qless.pop("q", "w", 50, T + 100));
    }

    // A queue nobody pops piles up due scheduled jobs. A page ranks the 1000 earliest due by
    // priority among the waiting ones (what pop does with the ones it looks at) and lists the
    // rest after them, earliest due first, rather than reading every one's priority each call.
    void waitingPagesRankTheEarliestDueOnly()
    {
        for (int i = 0; i < 20; ++i)
            m_qless.put("q", "w" + QByteArray::number(i), T + i, {"priority", QByteArray::number(i % 3)});
        const int due = 1005;
        for (int i = 0; i < due; ++i)
            m_qless.put("q", "s" + QByteArray::number(i), T, {"priority", QByteArray::number(i % 4)}, 10 + i);
        const double allDue = T + 2000;
        QList<QByteArray> paged;
        for (int offset = 0; offset < 20 + due + 50; offset += 100)
            paged += jobs({"waiting", num(allDue), "q", QByteArray::number(offset), "100"});
        QCOMPARE(paged.size(), 20 + due);
        QCOMPARE(QSet<QByteArray>(paged.cbegin(), paged.cend()).size(), 20 + due);
        // The five beyond the ranked ones, earliest due first.
        QCOMPARE(paged.mid(20 + 1000), (QList<QByteArray>{"s1000", "s1001", "s1002", "s1003", "s1004"}));
        // Before them, the order pop hands out when exactly those 1000 are due.
        const double thousandDue = T + 10 + 999;
        QCOMPARE(paged.mid(0, 20 + 1000), m_qless.pop("q", "w", 20 + 1000, thousandDue));
    }

    void completeNewestFirst()
    {
        for (const QByteArray jid : {"a", "b", "c"}) {
            m_qless.put("q", jid, T);
            m_qless.pop("q", "w", 1, T);
            m_qless.call(QStringLiteral("complete"), {jid, "w", "q", num(T + (jid == "a" ? 1 : jid == "b" ? 2 : 3)), "{}"});
        }
        QCOMPARE(jobs({"complete", num(T + 10)}), (QList<QByteArray>{"c", "b", "a"}));
        QCOMPARE(jobs({"complete", num(T + 10), "1", "1"}), QList<QByteArray>{"b"});
    }

    void pagingOtherStates()
    {
        for (int i = 0; i < 30; ++i)
            m_qless.put("q", "j" + QByteArray::number(i), T, {}, 100 + i);
        QCOMPARE(jobs({"scheduled", num(T), "q"}).size(), 25); // default count
        QCOMPARE(jobs({"scheduled", num(T), "q", "25", "25"}).size(), 5);
        QCOMPARE(jobs({"scheduled", num(T), "q", "3", "2"}), (QList<QByteArray>{"j3", "j4"}));
        QCOMPARE(jobs({"scheduled", num(T), "q", "0", "0"}).size(), 0);
    }

    void rejectsBadArguments()
    {
        const auto error = [this](const QList<QByteArray> &args) {
            return m_qless.call(QStringLiteral("jobs"), args).bytes;
        };
        QVERIFY(error({"waiting"}).contains("Jobs(): Arg \"now\" missing"));
        QVERIFY(error({"waiting", "1"}).contains("Jobs(): Arg \"queue\" missing"));
        QVERIFY(error({"sleeping", "1", "q"}).contains("Jobs(): Arg \"state\" must be one of"));
        QVERIFY(error({"waiting", "1", "q", "x"}).contains("Jobs(): Arg \"offset\" not a number: x"));
        QVERIFY(error({"waiting", "1", "q", "0", "2.5"}).contains("Jobs(): Arg \"count\" not a whole number"));
        QVERIFY(error({"waiting", "1", "q", "0", "5", "6"}).contains("Jobs(): Arg \"6\" unexpected"));
    }
};

QTEST_GUILESS_MAIN(TestLuaJobs)
#include "tst_lua_jobs.moc"
