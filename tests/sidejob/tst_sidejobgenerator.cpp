// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobkeydump.h"

#include <QFile>
#include <QMap>
#include <QTest>

using Layout = SideJobStorage::Layout;
using Outcome = SideJobGenerator::Outcome;

// The generator writes what SideJob 4.1.0 (and, in the seed's layout, 4.0.2) writes: replayed step
// by step against the dumps data/record_library_walkthrough.rb took of the real library doing the
// same, and the states a console must show, each as the keys it leaves.
class TestSideJobGenerator final : public QObject
{
    Q_OBJECT

    // At the start of a minute, so that every run of a replay counts in the same rate key.
    static constexpr double T = 1795858200.5;
    QlessFixture m_fixture;

    SyncRedis &redis() { return m_fixture.redis(); }

    static QMap<QString, QStringList> libraryDumps(const QString &version)
    {
        QFile file(QStringLiteral(QLESSDESK_SIDEJOB_DATA "/library-walkthrough-%1.txt").arg(version));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            return {};
        QMap<QString, QStringList> steps;
        QString step;
        for (const QString &line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (line.startsWith(QStringLiteral("== ")))
                step = line.mid(3);
            else
                steps[step] << line;
        }
        return steps;
    }

    // The walkthrough's scenario, as the recorder drives the library; `step` compares each dump.
    static void replay(SideJobGenerator &sidejob, SyncRedis &redis, bool aliases,
                       const std::function<void(const QString &)> &step)
    {
        sidejob.registerAll("q1",
                            {{"Adder", "{\"inports\":{\"in\":{},\"step\":{\"default\":5}},\"outports\":{\"out\":{}}}"},
                             {"Waiter", "{\"inports\":{\"*\":{\"default\":\"none\"}},\"outports\":{}}"},
                             {"Breaker", "{}"},
                             {"Source", "{\"outports\":{\"out\":{\"channels\":[\"/feed/a\"]}}}"},
                             {"Sink", "{\"inports\":{\"in\":{\"channels\":[\"/feed\"]}}}"}});
        step(QStringLiteral("register_all q1"));
        SideJobGenerator::NewJob adder{"q1", "Adder", "[1,\"x\"]", "user:alice"};
        QCOMPARE(sidejob.queueJob(adder, T), 1);
        step(QStringLiteral("queue job 1 Adder by user:alice"));
        if (aliases) {
            sidejob.addAlias(1, "pipeline");
            step(QStringLiteral("alias pipeline for job 1"));
        }
        SideJobGenerator::NewJob waiter{"q1", "Waiter", "null", "job:1", 1, "kid"};
        QCOMPARE(sidejob.queueJob(waiter, T + 0.1), 2);
        step(QStringLiteral("job 1 queues child kid: job 2 Waiter"));
        sidejob.writeInput(1, "in", "{\"n\":3}", T + 0.2);
        step(QStringLiteral("write {\"n\":3} to job 1 in"));

        // The recorder's workers: Adder adds what it reads to its state and writes the sum,
        // Waiter and Sink suspend, Breaker raises, Source writes outside any port group.
        const auto perform = [&](qint64 id) {
            if (id == 2 || id == 4)
                return Outcome::Suspended;
            if (id == 5) {
                sidejob.writeOutput(5, "out", "\"v1\"", T + 10, false);
                return Outcome::Completed;
            }
            if (id == 3)
                return sidejob.fail("it broke");
            if (redis.command({"LLEN", "job:1:in:in"}).integer > 0) {
                sidejob.readInput(1, "in");
                sidejob.readInput(1, "step");
                sidejob.setState(1, "total", "8");
                sidejob.writeOutput(1, "out", "{\"sum\":8}", T + 1);
            }
            return Outcome::Completed;
        };
        QCOMPARE(sidejob.work("q1", T + 1, perform), 1);
        step(QStringLiteral("worker runs job 1"));
        QCOMPARE(sidejob.work("q1", T + 2, perform), 2);
        step(QStringLiteral("worker runs job 2: suspended, runs its parent"));
        sidejob.writeInput(2, "extra", "\"hi\"", T + 3);
        step(QStringLiteral("write \"hi\" to job 2 dynamic port extra"));
        SideJobGenerator::NewJob breaker{"q1", "Breaker"};
        breaker.at = T + 3604;
        QCOMPARE(sidejob.queueJob(breaker, T + 4), 3);
        step(QStringLiteral("queue job 3 Breaker scheduled in an hour"));
        sidejob.run(3, T + 5, true);
        while (redis.command({"LLEN", "queue:q1"}).integer > 1)
            sidejob.work("q1", T + 6, perform);
        step(QStringLiteral("job 3 run: failed"));
        sidejob.terminate(1, T + 7, true);
        step(QStringLiteral("terminate job 1 recursively"));
        while (redis.command({"LLEN", "queue:q1"}).integer > 0)
            sidejob.work("q1", T + 8, perform);
        step(QStringLiteral("workers run the terminations"));
        QVERIFY(sidejob.deleteJob(1));
        step(QStringLiteral("delete job 1 and its subtree"));
        if (!aliases)
            return; // 4.0.2 has no aliases and no channels
        QCOMPARE(sidejob.queueJob({"q1", "Sink"}, T + 9), 4);
        QCOMPARE(sidejob.queueJob({"q1", "Source"}, T + 9), 5);
        step(QStringLiteral("queue job 4 Sink on /feed and job 5 Source to /feed/a"));
        while (redis.command({"LLEN", "queue:q1"}).integer > 0)
            sidejob.work("q1", T + 10, perform);
        step(QStringLiteral("workers run jobs 4 and 5: v1 reaches job 4"));
        sidejob.publish("/feed", "{\"x\":1}", T + 11);
        step(QStringLiteral("publish {\"x\":1} on /feed"));
        while (redis.command({"LLEN", "queue:q1"}).integer > 0)
            sidejob.work("q1", T + 12, perform);
        step(QStringLiteral("worker runs job 4 again"));
    }

    void matchesTheLibrary(Layout layout, const QString &version, int steps)
    {
        const QMap<QString, QStringList> library = libraryDumps(version);
        QVERIFY2(library.size() == steps, "data/library-walkthrough-*.txt missing or changed");
        SideJobGenerator sidejob(redis(), layout);
        SideJobKeyDump dump(redis());
        int compared = 0;
        replay(sidejob, redis(), layout == Layout::V4_1, [&](const QString &name) {
            const QStringList ours = dump.lines();
            if (ours != library.value(name))
                qWarning().noquote() << "ours after" << name << ":\n" << ours.join(QLatin1Char('\n'));
            QCOMPARE(ours, library.value(name));
            ++compared;
        });
        QCOMPARE(compared, steps);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init() { m_fixture.flush(); }

    void timesAreWrittenAsRubyWritesThem()
    {
        QCOMPARE(SideJobGenerator::isoTime(1795858256.25), QByteArray("2026-11-28T09:30:56.250000000Z"));
        QCOMPARE(SideJobGenerator::isoTime(0.5), QByteArray("1970-01-01T00:00:00.500000000Z"));
        QCOMPARE(SideJobGenerator::floatText(1795858256.7223356), QByteArray("1795858256.7223356"));
        QCOMPARE(SideJobGenerator::floatText(1795858256.0), QByteArray("1795858256.0"));
    }

    void matchesTheReleasedLibraryStepByStep() { matchesTheLibrary(Layout::V4_1, QStringLiteral("4.1.0"), 17); }
    void matchesTheSeedsLayoutStepByStep() { matchesTheLibrary(Layout::V4_0, QStringLiteral("4.0.2"), 12); }
};

QTEST_GUILESS_MAIN(TestSideJobGenerator)
#include "tst_sidejobgenerator.moc"
