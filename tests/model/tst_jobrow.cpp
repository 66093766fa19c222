// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobrow.h"

#include <QTest>

// JobRow: a job list's packed row. What it keeps must read back as the summary it was built
// from, rows of one page must hold their repeated text once, and its comparison must see every
// change a row shows.
namespace {
Job failedJob(const QByteArray &jid)
{
    Job job;
    job.jid = jid;
    job.klass = QStringLiteral("Crawler::Fetch");
    job.state = QStringLiteral("failed");
    job.queue = QStringLiteral("crawl");
    job.worker = QString();
    job.tags = {QStringLiteral("customer:42"), QStringLiteral("nightly")};
    job.priority = 5;
    job.retries = 3;
    job.remaining = 1;
    job.time = 1700000100;
    job.put = 1700000000;
    job.tracked = true;
    job.failure = JobFailure{QStringLiteral("Net::ReadTimeout"), QStringLiteral("read timed out after 30s"), 1700000050,
                             QStringLiteral("host-1-4112")};
    return job;
}
} // namespace

class TestJobRow : public QObject
{
    Q_OBJECT

private slots:
    void readsBackAsTheSummary()
    {
        Job job = failedJob("a");
        job.dependencies = {QStringLiteral("b")};
        job.timedOut = true;
        job.timedOutAt = 1700000070;
        job.timedOutWorker = QStringLiteral("host-2-77");
        job.due = 1700000900;
        job.expires = 1700000600;
        job.escapedBytes = true;
        job.problems.insert(QStringLiteral("priority"), {FieldProblem::Kind::Invalid, QStringLiteral("high")});
        JobRow::Pool pool;
        const Job back = JobRow(job, &pool).toJob();
        QCOMPARE(back.jid, job.jid);
        QCOMPARE(back.klass, job.klass);
        QCOMPARE(back.state, job.state);
        QCOMPARE(back.queue, job.queue);
        QCOMPARE(back.worker, job.worker);
        QCOMPARE(back.tags, job.tags);
        QCOMPARE(back.dependencies, job.dependencies);
        QCOMPARE(back.priority, job.priority);
        QCOMPARE(back.retries, job.retries);
        QCOMPARE(back.remaining, job.remaining);
        QCOMPARE(back.time, job.time);
        QCOMPARE(back.put, job.put);
        QCOMPARE(back.due, job.due);
        QCOMPARE(back.expires, job.expires);
        QCOMPARE(back.tracked, true);
        QCOMPARE(back.escapedBytes, true);
        QCOMPARE(back.timedOut, true);
        QCOMPARE(back.timedOutAt, job.timedOutAt);
        QCOMPARE(back.timedOutWorker, job.timedOutWorker);
        QVERIFY(back.failure.has_value());
        QCOMPARE(back.failure->group, job.failure->group);
        QCOMPARE(back.failure->message, job.failure->message);
        QCOMPARE(back.failure->when, job.failure->when);
        QCOMPARE(back.failure->worker, job.failure->worker);
        QCOMPARE(back.problems.keys(), job.problems.keys());
        QCOMPARE(back.problems.value(QStringLiteral("priority")).raw, QStringLiteral("high"));

        Job waiting;
        waiting.jid = "w";
        waiting.state = QStringLiteral("waiting");
        QVERIFY(!JobRow(waiting, &pool).toJob().failure.has_value());
    }

    void aPageHoldsRepeatedTextOnce()
    {
        // Equal values arriving as separate strings (as a decoder makes them) end up as one.
        QList<Job> page;
        for (int i = 0; i < 3; ++i) {
            Job job = failedJob(QByteArray::number(i));
            job.queue = QString::fromLatin1("crawl"); // a buffer of its own each time
            page.append(job);
        }
        const QList<JobRow> rows = JobRow::fromJobs(page);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows.at(1).queue->constData(), rows.at(0).queue->constData());
        QCOMPARE(rows.at(2).tags->constData(), rows.at(0).tags->constData());
        QCOMPARE(rows.at(2).failureGroup->constData(), rows.at(0).failureGroup->constData());
        QCOMPARE(*rows.at(2).queue, QStringLiteral("crawl"));
        // Empty text holds nothing at all.
        QVERIFY(rows.at(0).worker.isEmpty());
        QCOMPARE(*rows.at(0).worker, QString());
    }

    void comparisonSeesEveryShownChange()
    {
        JobRow::Pool pool;
        const Job base = failedJob("a");
        const JobRow row(base, &pool);
        JobRow::Pool other; // equal text from another page still compares equal
        QVERIFY(row.sameAs(JobRow(base, &other)));

        const auto changed = [&](const std::function<void(Job &)> &change) {
            Job job = base;
            change(job);
            JobRow::Pool fresh;
            return !row.sameAs(JobRow(job, &fresh));
        };
        QVERIFY(changed([](Job &j) { j.state = QStringLiteral("waiting"); }));
        QVERIFY(changed([](Job &j) { j.queue = QStringLiteral("parse"); }));
        QVERIFY(changed([](Job &j) { j.priority = 6; }));
        QVERIFY(changed([](Job &j) { j.tags.removeLast(); }));
        QVERIFY(changed([](Job &j) { j.failure->group = QStringLiteral("Other"); }));
        QVERIFY(changed([](Job &j) { j.failure.reset(); }));
        QVERIFY(changed([](Job &j) { j.put += 1; }));
        QVERIFY(changed([](Job &j) { j.timedOut = true; }));
        QVERIFY(changed([](Job &j) { j.problems.insert(QStringLiteral("klass"), {}); }));
    }

    void lockAndMissing()
    {
        JobRow::Pool pool;
        Job running;
        running.jid = "r";
        running.state = QStringLiteral("running");
        running.expires = 100;
        const JobRow row(running, &pool);
        QVERIFY(!row.lockExpired(99));
        QVERIFY(row.lockExpired(100));
        Job missing;
        missing.jid = "m";
        missing.state = QStringLiteral("missing");
        QVERIFY(JobRow(missing, &pool).isMissing());
        QVERIFY(!row.isMissing());
    }
};

QTEST_GUILESS_MAIN(TestJobRow)
#include "tst_jobrow.moc"
