// SPDX-License-Identifier: GPL-3.0-or-later
#include "daystatssum.h"
#include "qlessclienttestbase.h"
#include "statshistory.h"
#include "syncredis.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

// StatsHistory against a real redis-server holding 230 queues x 7 days of stats: "All queues"
// shows what adding up every queue's `stats` reply showed, read in calls of at most 100 queues
// each (counted with MONITOR), never queues x days calls; what it holds grows with the days; a
// queue that appears is added to the days held, one that goes has them read again; one round
// on its way at a time, whatever loads overlap.
class TestStatsHistory final : public QObject
{
    Q_OBJECT

    QlessClientTestBase m_base;
    QStringList m_queues;
    QList<QDate> m_days;

    QlessFixture &q() { return m_base.fixture(); }

    static QByteArray dayKey(const QDate &day)
    {
        return QByteArray::number(qint64(StatsHistory::timestampOf(day)) / 86400 * 86400);
    }

    // One queue's day as qless writes it, from `seed`: some queues idle, some with one job.
    void seedDay(const QString &queue, const QDate &day, quint32 seed, bool mayBeIdle = true)
    {
        QRandomGenerator random(seed);
        if (random.bounded(4) == 0 && mayBeIdle)
            return;
        const QByteArray name = queue.toUtf8();
        const QByteArray d = dayKey(day);
        QVERIFY(!q().command({"HSET", "ql:s:stats:" + d + ":" + name, "retries", QByteArray::number(random.bounded(5)),
                              "failed", QByteArray::number(random.bounded(3)), "failures",
                              QByteArray::number(random.bounded(7))})
                     .isError());
        for (const QByteArray &kind : {QByteArray("wait"), QByteArray("run")}) {
            const int count = 1 + int(random.bounded(40));
            QList<QByteArray> argv{"HSET",  "ql:s:" + kind + ":" + d + ":" + name,
                                   "total", QByteArray::number(count),
                                   "mean",  QByteArray::number(random.bounded(5000.0), 'g', 17),
                                   "vk",    QByteArray::number(count > 1 ? random.bounded(1e7) : 0.0, 'g', 17)};
            int left = count;
            for (const QByteArray &bin : {QByteArray("s3"), QByteArray("m12"), QByteArray("h2"), QByteArray("d9")}) {
                const int here = bin == "d9" ? left : int(random.bounded(left + 1));
                argv << bin << QByteArray::number(here);
                left -= here;
            }
            QVERIFY(!q().command(argv).isError());
        }
    }

    // The figures as the page made them before: every queue's `stats` reply, added up.
    DayStats statsAddedUp(const QStringList &queues, const QDate &day)
    {
        QObject context;
        QList<DayStats> parts;
        int left = int(queues.size());
        for (const QString &queue : queues) {
            m_base.client()->statsReads().stats(queue, StatsHistory::timestampOf(day), &context,
                                                [&](const QlessReply<DayStats> &reply) {
                                                    if (reply.ok())
                                                        parts << reply.value;
                                                    --left;
                                                });
        }
        if (!QTest::qWaitFor([&] { return left == 0; }, 60000) || parts.size() != queues.size())
            return {};
        return parts.size() == 1 ? parts.first() : DayStatsSum::combine(parts);
    }

    static bool sameFigures(const DurationFigures &a, const DurationFigures &b)
    {
        const auto near = [](double x, double y) { return qAbs(x - y) <= 1e-9 * qMax(1.0, qAbs(y)); };
        return a.count == b.count && a.histogram == b.histogram && near(a.mean, b.mean) && near(a.std, b.std);
    }
    static bool sameStats(const DayStats &a, const DayStats &b)
    {
        return a.retries == b.retries && a.failed == b.failed && a.failures == b.failures && sameFigures(a.wait, b.wait)
               && sameFigures(a.run, b.run);
    }

    // Loads and waits for the end; the error, or empty.
    static QString load(StatsHistory &history, const QStringList &queues, const QList<QDate> &days,
                        int *progress = nullptr)
    {
        bool finished = false;
        QString error;
        history.load(
            queues, days,
            [&](const QString &e) {
                finished = true;
                error = e;
            },
            [progress] {
                if (progress)
                    ++*progress;
            });
        if (!QTest::qWaitFor([&] { return finished; }, 120000))
            return QStringLiteral("no end in time");
        return error;
    }

    // The script calls the console made while `work` ran, as MONITOR saw them: each call's
    // arguments after EVALSHA's sha and key count (command, now, args...).
    QList<QStringList> scriptCalls(const std::function<void()> &work)
    {
        SyncRedis monitor;
        if (!monitor.connectUnix(q().server().socketPath()))
            return {};
        monitor.setTimeout(30000);
        if (monitor.command({"MONITOR"}).bytes != "OK")
            return {};
        work();
        const QByteArray marker = "statshistory-monitor-end";
        q().command({"ECHO", marker});
        static const QRegularExpression quoted(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
        QList<QStringList> calls;
        for (;;) {
            const RedisValue line = monitor.nextMessage();
            if (line.type != RedisValue::Type::Status && line.type != RedisValue::Type::String)
                return {};
            const QString text = QString::fromUtf8(line.bytes);
            QStringList args;
            for (auto it = quoted.globalMatch(text); it.hasNext();)
                args << it.next().captured(1);
            if (args.value(0) == QLatin1String("ECHO") && args.value(1) == QLatin1String(marker))
                return calls;
            if (args.value(0).compare(QLatin1String("EVALSHA"), Qt::CaseInsensitive) == 0)
                calls << args.mid(3);
        }
    }

    // The queues named by each desk.statssum call of the day `day`.
    static QList<QStringList> sumCalls(const QList<QStringList> &calls, const QDate &day)
    {
        QList<QStringList> named;
        for (const QStringList &call : calls) {
            if (call.value(0) == QLatin1String("desk.statssum")
                && qint64(call.value(2).toDouble()) == qint64(StatsHistory::timestampOf(day)))
                named << call.mid(3);
        }
        return named;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
        for (int i = 0; i < 230; ++i)
            m_queues << QStringLiteral("q%1").arg(i, 3, 10, QLatin1Char('0'));
        for (int back = 6; back >= 0; --back)
            m_days << StatsHistory::today().addDays(-back);
        for (int i = 0; i < m_queues.size(); ++i) {
            for (int d = 0; d < m_days.size(); ++d)
                seedDay(m_queues.at(i), m_days.at(d), quint32(i * 31 + d));
        }
        // One queue's day far longer to read than a call may run: its call stops after it
        // and the rest of its queues are asked again.
        QList<QByteArray> junk{"HSET", "ql:s:wait:" + dayKey(m_days.at(2)) + ":q150"};
        for (int i = 0; i < 50000; ++i)
            junk << "x" + QByteArray::number(i) << "1";
        QVERIFY(!q().command(junk).isError());
    }
    void cleanupTestCase() { m_base.stopQless(); }

    void allQueuesShowWhatTheirStatsAddedUpShowedInBoundedCalls()
    {
        QHash<QDate, DayStats> before;
        for (const QDate &day : std::as_const(m_days))
            before.insert(day, statsAddedUp(m_queues, day));
        StatsHistory history(m_base.client());
        int progress = 0;
        QString error;
        const QList<QStringList> calls = scriptCalls([&] { error = load(history, m_queues, m_days, &progress); });
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const QDate &day : std::as_const(m_days))
            QVERIFY2(sameStats(history.figures(m_queues, day), before.value(day)),
                     qPrintable(day.toString(Qt::ISODate)));
        QVERIFY(progress >= 1);

        // Calls of at most 100 queues, each queue of each day asked; not a `stats` call per
        // queue and day; the day with the slow queue asked its next queue again.
        qsizetype sums = 0;
        for (const QStringList &call : calls) {
            QVERIFY2(call.value(0) != QLatin1String("stats"), "a stats call per queue");
            if (call.value(0) == QLatin1String("desk.statssum")) {
                ++sums;
                QVERIFY(call.size() - 3 >= 1 && call.size() - 3 <= QlessStatsReads::StatsQueuesPerCall);
            }
        }
        QVERIFY2(sums < m_queues.size() * m_days.size() / 10, qPrintable(QString::number(sums)));
        for (const QDate &day : std::as_const(m_days)) {
            QSet<QString> asked;
            for (const QStringList &named : sumCalls(calls, day))
                asked.unite(QSet<QString>(named.begin(), named.end()));
            QCOMPARE(asked.size(), m_queues.size());
        }
        int askedAgain = 0;
        for (const QStringList &named : sumCalls(calls, m_days.at(2)))
            askedAgain += named.contains(QLatin1String("q151")) ? 1 : 0;
        QVERIFY2(askedAgain >= 2, "the queue after the slow one was not asked again");

        // One figure a day, over one list of queues.
        QCOMPARE(history.heldDays(), m_days.size());
        QCOMPARE(history.heldQueueLists(), qsizetype(1));
        QCOMPARE(history.mostRoundsOut(), 1);
    }

    void aQueueThatAppearsIsAddedToTheDaysHeld()
    {
        StatsHistory history(m_base.client());
        QCOMPARE(load(history, m_queues, m_days), QString());
        const QStringList more = m_queues + QStringList{QStringLiteral("new")};
        seedDay(QStringLiteral("new"), m_days.at(1), 7, false);
        seedDay(QStringLiteral("new"), m_days.at(6), 8, false);
        QString error;
        const QList<QStringList> calls = scriptCalls([&] { error = load(history, more, m_days); });
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // Days that ended before yesterday: only the new queue read; today and yesterday whole.
        for (qsizetype d = 0; d < m_days.size(); ++d) {
            const QList<QStringList> named = sumCalls(calls, m_days.at(d));
            if (d < m_days.size() - 2)
                QCOMPARE(named, QList<QStringList>{{QStringLiteral("new")}});
            else
                QVERIFY(named.size() >= 3);
        }
        for (const QDate &day : std::as_const(m_days))
            QVERIFY2(sameStats(history.figures(more, day), statsAddedUp(more, day)),
                     qPrintable(day.toString(Qt::ISODate)));
        QCOMPARE(history.heldQueueLists(), qsizetype(1));
        QCOMPARE(history.heldDays(), m_days.size());

        // One that goes: its days are read again without it.
        QStringList fewer = more;
        fewer.removeAll(QStringLiteral("q007"));
        QCOMPARE(load(history, fewer, m_days), QString());
        for (const QDate &day : std::as_const(m_days))
            QVERIFY2(sameStats(history.figures(fewer, day), statsAddedUp(fewer, day)),
                     qPrintable(day.toString(Qt::ISODate)));
        QCOMPARE(history.heldQueueLists(), qsizetype(1));
    }

    void oneQueueIsExactlyItsStatsAndFewAreHeld()
    {
        StatsHistory history(m_base.client());
        for (int i = 0; i < StatsHistory::QueuesHeld + 4; ++i) {
            const QStringList one{m_queues.at(i)};
            QCOMPARE(load(history, one, m_days), QString());
            for (const QDate &day : std::as_const(m_days)) {
                const DayStats shown = history.figures(one, day);
                const DayStats before = statsAddedUp(one, day);
                QCOMPARE(shown.wait.mean, before.wait.mean); // the same reply, to the last bit
                QCOMPARE(shown.run.std, before.run.std);
                QVERIFY(sameStats(shown, before));
            }
        }
        QCOMPARE(history.heldDays(), StatsHistory::QueuesHeld * m_days.size());
    }

    void overlappingLoadsKeepOneRoundOnItsWay()
    {
        StatsHistory history(m_base.client());
        int ended = 0;
        QStringList errors;
        const auto done = [&](const QString &error) {
            ++ended;
            if (!error.isEmpty())
                errors << error;
        };
        history.load(m_queues, m_days, done);
        history.load({m_queues.at(3)}, m_days, done);
        history.load(m_queues, m_days, done);
        QVERIFY(QTest::qWaitFor([&] { return ended == 3; }, 120000));
        QCOMPARE(errors, QStringList());
        QCOMPARE(history.mostRoundsOut(), 1);
        for (const QDate &day : std::as_const(m_days))
            QVERIFY(sameStats(history.figures(m_queues, day), statsAddedUp(m_queues, day)));
    }
};

QTEST_GUILESS_MAIN(TestStatsHistory)
#include "tst_statshistory.moc"
