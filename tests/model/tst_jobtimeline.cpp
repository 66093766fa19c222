// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtimeline.h"
#include "qlessclienttestbase.h"

#include <QTest>

using Kind = JobTimeline::Span::Kind;

// A job's timeline from the history our qless.lua writes on a real redis-server, at known times:
// the spans and their durations are the ones the commands' `now` make; odd histories (trimmed,
// out of order, unreadable, huge) are drawn as far as they go and never crash.
class TestJobTimeline final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessClientTestBase m_base;

    QlessFixture &q() { return m_base.fixture(); }

    void run(const QByteArray &command, double now, const QList<QByteArray> &args)
    {
        const RedisValue reply = q().qless(command, now, args);
        QVERIFY2(!reply.isError(), QByteArray(command + ": " + reply.bytes).constData());
    }

    void read(const QByteArray &jid, Job *out)
    {
        std::optional<QlessReply<std::optional<Job>>> got;
        m_base.client()->jobReads().job(jid, this,
                                        [&got](const QlessReply<std::optional<Job>> &reply) { got = reply; });
        QVERIFY(QTest::qWaitFor([&got] { return got.has_value(); }, 20000));
        QVERIFY2(got->ok(), qPrintable(got->error.message));
        QVERIFY(got->value.has_value());
        *out = *got->value;
    }

    static JobTimeline timelineOf(const Job &job, double now)
    {
        JobTimeline::Options options;
        options.state = job.state;
        options.due = job.due;
        return JobTimeline::build(job.history, now, options);
    }

    static void checkSpan(const JobTimeline::Span &span, Kind kind, double start, double end, const QString &who = {})
    {
        QCOMPARE(JobTimeline::kindName(span.kind), JobTimeline::kindName(kind));
        QCOMPARE(span.start, start);
        QCOMPARE(span.end, end);
        if (!who.isEmpty())
            QCOMPARE(span.kind == Kind::Failed ? span.group : span.worker, who);
    }

    // Whatever the history, spans follow each other and none runs backwards.
    static void checkWellFormed(const JobTimeline &timeline)
    {
        double last = 0;
        for (const JobTimeline::Span &span : timeline.spans()) {
            QVERIFY(span.end >= span.start);
            QVERIFY(span.start >= last);
            last = span.end;
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { m_base.stopQless(); }
    void init() { q().flush(); }

    void putPopRetryFailRequeueComplete()
    {
        run("put", T, {"client", "q", "j1", "K", "{}", "0"});
        run("pop", T + 5, {"q", "w1", "1"});
        run("retry", T + 8, {"j1", "q", "w1", "0"}); // qless writes no entry for a retry
        run("pop", T + 20, {"q", "w2", "1"});
        run("fail", T + 50, {"j1", "w2", "boom", "it broke", "{}"});
        run("put", T + 100, {"operator", "q2", "j1", "K", "{}", "0"});
        run("pop", T + 110, {"q2", "w3", "1"});
        run("log", T + 115, {"j1", "halfway there"});
        run("complete", T + 130, {"j1", "w3", "q2", "{}"});
        Job job;
        read("j1", &job);
        const JobTimeline timeline = timelineOf(job, T + 500);
        const QList<JobTimeline::Span> &spans = timeline.spans();
        QCOMPARE(spans.size(), 6);
        checkSpan(spans.at(0), Kind::Waiting, T, T + 5);
        QCOMPARE(spans.at(0).queue, QStringLiteral("q"));
        checkSpan(spans.at(1), Kind::Retried, T + 5, T + 20, QStringLiteral("w1"));
        checkSpan(spans.at(2), Kind::Running, T + 20, T + 50, QStringLiteral("w2"));
        QCOMPARE(spans.at(2).endedBy, QStringLiteral("failed"));
        checkSpan(spans.at(3), Kind::Failed, T + 50, T + 100, QStringLiteral("boom"));
        checkSpan(spans.at(4), Kind::Waiting, T + 100, T + 110);
        QCOMPARE(spans.at(4).queue, QStringLiteral("q2"));
        checkSpan(spans.at(5), Kind::Running, T + 110, T + 130, QStringLiteral("w3"));
        QCOMPARE(spans.at(5).endedBy, QStringLiteral("done"));
        QVERIFY(!spans.at(5).open); // complete: nothing runs on to `now`
        QCOMPARE(timeline.end(), T + 130);
        const JobTimeline::Totals &totals = timeline.totals();
        QCOMPARE(totals.waited, 15.0);
        QCOMPARE(totals.ran, 50.0);
        QCOMPARE(totals.retried, 15.0);
        QCOMPARE(totals.runs, 2);
        QCOMPARE(totals.retries, 1);
        QCOMPARE(totals.failures, 1);
        QCOMPARE(timeline.marks().size(), 2);
        QCOMPARE(timeline.marks().at(0).kind, JobTimeline::Mark::Kind::Note);
        QCOMPARE(timeline.marks().at(0).when, T + 115);
        QCOMPARE(timeline.marks().at(1).kind, JobTimeline::Mark::Kind::Done);
        QVERIFY(timeline.caveats().isEmpty());
    }

    void aTimeoutStallsTheJobUntilItsNextPop()
    {
        run("put", T, {"client", "q", "j2", "K", "{}", "0"});
        run("pop", T + 1, {"q", "w1", "1"});
        run("timeout", T + 10, {"j2"});
        run("pop", T + 15, {"q", "w2", "1"});
        Job job;
        read("j2", &job);
        const JobTimeline timeline = timelineOf(job, T + 40);
        QCOMPARE(timeline.spans().size(), 4);
        checkSpan(timeline.spans().at(1), Kind::Running, T + 1, T + 10, QStringLiteral("w1"));
        checkSpan(timeline.spans().at(2), Kind::Stalled, T + 10, T + 15, QStringLiteral("w1"));
        checkSpan(timeline.spans().at(3), Kind::Running, T + 15, T + 40, QStringLiteral("w2"));
        QVERIFY(timeline.spans().at(3).open);
        QCOMPARE(timeline.totals().timeouts, 1);
        QCOMPARE(timeline.marks().at(0).kind, JobTimeline::Mark::Kind::TimedOut);
    }

    void theJobsStateFinishesTheLastSpan()
    {
        run("put", T, {"client", "q", "later", "K", "{}", "60"});
        run("put", T, {"client", "q", "given-back", "K", "{}", "0"});
        run("pop", T + 1, {"q", "w1", "1"});
        run("retry", T + 2, {"given-back", "q", "w1", "0"});
        Job later, givenBack;
        read("later", &later);
        read("given-back", &givenBack);
        const JobTimeline scheduled = timelineOf(later, T + 30);
        QCOMPARE(scheduled.spans().size(), 1);
        checkSpan(scheduled.spans().at(0), Kind::Scheduled, T, T + 30);
        const JobTimeline retried = timelineOf(givenBack, T + 10);
        QCOMPARE(retried.spans().size(), 2);
        checkSpan(retried.spans().at(1), Kind::Retried, T + 1, T + 10, QStringLiteral("w1"));
        QCOMPARE(retried.totals().retries, 1);
    }

    void aTrimmedHistoryShowsWhereEntriesWentMissing()
    {
        run("config.set", T, {"max-job-history", "5"});
        run("put", T, {"client", "q", "j3", "K", "{}", "0"});
        for (int i = 1; i <= 4; ++i) {
            run("pop", T + 10 * i, {"q", "w", "1"});
            run("retry", T + 10 * i + 1, {"j3", "q", "w", "0"});
        }
        run("pop", T + 100, {"q", "w", "1"});
        run("config.unset", T, {"max-job-history"});
        Job job;
        read("j3", &job);
        QCOMPARE(job.history.size(), 5);
        JobTimeline::Options options;
        options.historyCap = 5;
        options.state = job.state;
        const JobTimeline timeline = JobTimeline::build(job.history, T + 120, options);
        QVERIFY(timeline.mayBeTrimmed());
        QCOMPARE(timeline.caveats().size(), 1);
        QVERIFY(timeline.caveats().at(0).contains(QStringLiteral("max-job-history")));
        // The creation put is kept; what followed it up to the oldest entry kept is not known.
        checkSpan(timeline.spans().at(0), Kind::Unknown, T, T + 20);
        checkSpan(timeline.spans().at(1), Kind::Retried, T + 20, T + 30);
        checkSpan(timeline.spans().last(), Kind::Running, T + 100, T + 120);
        checkWellFormed(timeline);
    }

    void oddEntriesInRedisAreCountedNotDrawn()
    {
        run("put", T, {"client", "q", "odd", "K", "{}", "0"});
        q().command({"RPUSH", "ql:j:odd-history", "not json", R"([0, "popped", {"worker": "w"}])",
                     QByteArray::number(qint64(T) - 100).prepend("[").append(R"(, "done"])")});
        Job job;
        read("odd", &job);
        const JobTimeline timeline = timelineOf(job, T + 5);
        QCOMPARE(timeline.unreadable(), 1);
        QCOMPARE(timeline.untimed(), 1);
        QCOMPARE(timeline.outOfOrder(), 1);
        QCOMPARE(timeline.caveats().size(), 3);
        checkWellFormed(timeline);
        QCOMPARE(timeline.spans().size(), 1);
        checkSpan(timeline.spans().at(0), Kind::Waiting, T, T);
    }

    void oddHistoriesNeverCrash()
    {
        auto event = [](double when, const char *what, const char *worker = "") {
            JobEvent e;
            e.when = when;
            e.what = QString::fromLatin1(what);
            e.worker = QString::fromLatin1(worker);
            return e;
        };
        const QList<QList<JobEvent>> histories{
            {},
            {event(T, "popped", "w")},
            {event(T, "done")},
            {event(T, "failed"), event(T + 1, "failed"), event(T + 2, "popped")},
            {event(T, "timed-out"), event(T - 50, "put"), event(0, "popped")},
            {event(-1, "put"), event(T, "a note")},
            {event(T, "put"), event(qQNaN(), "popped"), event(qInf(), "done"), event(T + 1, "popped")},
            {event(qQNaN(), "put"), event(T, "popped")},
        };
        for (const QList<JobEvent> &history : histories) {
            const JobTimeline timeline = JobTimeline::build(history, T + 10);
            checkWellFormed(timeline);
            QVERIFY(timeline.end() >= timeline.start());
            QVERIFY(std::isfinite(timeline.end()));
        }
        QVERIFY(JobTimeline::build({}, T).isEmpty());
        const JobTimeline lonePop = JobTimeline::build({event(T, "popped", "w")}, T + 10);
        checkSpan(lonePop.spans().at(0), Kind::Running, T, T + 10, QStringLiteral("w"));

        QList<JobEvent> huge;
        huge.append(event(T, "put"));
        for (int i = 1; i < 100000; ++i)
            huge.append(event(T + i, i % 2 ? "popped" : "put", "w"));
        JobTimeline::Options options;
        options.historyCap = 0;
        const JobTimeline timeline = JobTimeline::build(huge, T + 100000, options);
        QCOMPARE(timeline.skippedByUs(), 100000 - options.maxEvents);
        QVERIFY(!timeline.mayBeTrimmed());
        QVERIFY(timeline.spans().size() <= options.maxEvents + 1);
        QCOMPARE(timeline.spans().at(0).kind, Kind::Unknown);
        checkWellFormed(timeline);
    }
};

QTEST_GUILESS_MAIN(TestJobTimeline)
#include "tst_jobtimeline.moc"
