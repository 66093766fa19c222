// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QSet>
#include <QTest>

// jobs: every state of a queue, paged, without changing anything.
class TestLuaJobs final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    QList<QByteArray> jobs(const QList<QByteArray> &args)
    {
        return m_qless.call(QStringLiteral("jobs"), args).strings();
    }

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
        m_qless.pop("q", "w", 2, T);                                          // both locked until T+60
        m_qless.call(QStringLiteral("heartbeat"), {"run", "w", num(T + 50)}); // run until T+110
        m_qless.put("q", "wait-1", T + 1);
        m_qless.put("q", "wait-2", T + 2, {"priority", "1"});
        m_qless.put("q", "sched-due", T, {}, 50); // due at T+50
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

    // Workers pop one job at a time, and each pop moves only the earliest due scheduled job into
    // work: a due job of high priority that falls due late is not taken before its turn comes.
    // The list is what those pops would hand out, job by job, up to Qless.desk_waiting_exact
    // (500) places; past them, with more due than that, the due jobs no pop reached follow
    // everything else, earliest due first. With fewer due the whole list is exact.
    void waitingPagesFollowPopsOfOneJob()
    {
        const auto paged = [this](const QByteArray &queue, double now) {
            QList<QByteArray> all;
            for (int offset = 0; offset < 700; offset += 100)
                all += jobs({"waiting", num(now), queue, QByteArray::number(offset), "100"});
            return all;
        };
        const auto popsOfOne = [this](const QByteArray &queue, int n, double now) {
            QList<QByteArray> all;
            for (int i = 0; i < n; ++i)
                all += m_qless.pop(queue, "w", 1, now);
            return all;
        };
        // 20 waiting and 600 due, the later due of higher priority than most of work.
        for (int i = 0; i < 20; ++i)
            m_qless.put("q", "w" + QByteArray::number(i), T + i, {"priority", QByteArray::number(i % 3)});
        for (int i = 0; i < 600; ++i)
            m_qless.put("q", "s" + QByteArray::number(i).rightJustified(3, '0'), T,
                        {"priority", QByteArray::number(i % 4)}, 10 + i);
        const double now = T + 2000;
        const QList<QByteArray> q = paged("q", now);
        QCOMPARE(q.size(), 620);
        QCOMPARE(QSet<QByteArray>(q.cbegin(), q.cend()).size(), 620);
        QList<QByteArray> notMoved;
        for (int i = 500; i < 600; ++i)
            notMoved << "s" + QByteArray::number(i);
        QCOMPARE(q.mid(520), notMoved);
        QCOMPARE(q.mid(0, 500), popsOfOne("q", 500, now));
        // The order is not a single pop's: s003 (priority 3) is due fourth, after three pops.
        QVERIFY(q.indexOf("s003") >= 3);

        // 100 waiting and 450 due: fewer due than the bound, exact to the end.
        for (int i = 0; i < 100; ++i)
            m_qless.put("r", "rw" + QByteArray::number(i), T + i % 7, {"priority", QByteArray::number(i % 5)});
        for (int i = 0; i < 450; ++i)
            m_qless.put("r", "rs" + QByteArray::number(i), T, {"priority", QByteArray::number(i % 6)}, 10 + i / 3);
        const QList<QByteArray> r = paged("r", now);
        QCOMPARE(r.size(), 550);
        QCOMPARE(r, popsOfOne("r", 550, now));
    }

    void completeNewestFirst()
    {
        for (const QByteArray jid : {"a", "b", "c"}) {
            m_qless.put("q", jid, T);
            m_qless.pop("q", "w", 1, T);
            m_qless.call(QStringLiteral("complete"), {jid, "w", "q",
                                                      num(T
                                                          + (jid == "a"   ? 1
                                                             : jid == "b" ? 2
                                                                          : 3)),
                                                      "{}"});
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
