// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"
#include "jobpagereader.h"
#include "jobrow.h"
#include "qlessclienttestbase.h"

#include <QSignalSpy>

// A page of a job list as rows (#14): summaries, not whole jobs; one job the server cannot read
// is a marked row, not a failed page; a job gone between the two reads does not end the list.
class TestJobPageReader final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static constexpr double T = 1763683200;

    QlessReply<JobPageReader::Page> read(const JobSource &source, int offset, int count)
    {
        QlessReply<JobPageReader::Page> page;
        bool done = false;
        JobPageReader::read(client(), source, offset, count, this, [&](const QlessReply<JobPageReader::Page> &reply) {
            page = reply;
            done = true;
        });
        if (!QTest::qWaitFor([&done] { return done; }, 30000))
            page.error = RedisError::make(RedisError::Kind::Timeout, QStringLiteral("no reply"));
        return page;
    }

    static bool waitIdle(JobListModel &model)
    {
        return QTest::qWaitFor([&model] { return !model.isLoading(); }, 30000);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void rowsKeepASummaryNotTheWholeJob()
    {
        const QByteArray big = "{\"blob\":\"" + QByteArray(20000, 'x') + "\"}";
        fixture().put("q", "held", T, {"tags", "[\"a\"]"}, 0, big);
        fixture().pop("q", "w1", 1, T + 10); // history: put, popped
        fixture().put("q", "waits", T + 20, {}, 0, big);
        const auto page = read(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")), 0, 10);
        QVERIFY2(page.ok(), qPrintable(page.error.message));
        QCOMPARE(page.value.jobs.size(), 1);
        const Job &row = page.value.jobs.first();
        QCOMPARE(row.jid, QByteArray("waits"));
        QVERIFY(row.data.isEmpty());
        QVERIFY(row.history.isEmpty());
        QCOMPARE(row.put, T + 20); // what the list shows of the history: the put time
        // The whole job is still there for the job window.
        std::optional<Job> whole;
        client()->jobReads().job("waits", this,
                                 [&whole](const QlessReply<std::optional<Job>> &reply) { whole = reply.value; });
        QVERIFY(QTest::qWaitFor([&whole] { return whole.has_value(); }, 30000));
        QCOMPARE(whole->data.size(), big.size());
        QVERIFY(!whole->history.isEmpty());

        // Sources whose script returns whole jobs (a failure group) are cut down the same way.
        fixture().call(QStringLiteral("fail"), {"held", "w1", "IOError", "boom\nTraceback: line 1", num(T + 30)});
        const auto failed = read(JobSource::failureGroup(client(), QStringLiteral("IOError")), 0, 10);
        QVERIFY2(failed.ok(), qPrintable(failed.error.message));
        QCOMPARE(failed.value.jobs.size(), 1);
        QVERIFY(failed.value.jobs.first().data.isEmpty());
        QVERIFY(failed.value.jobs.first().history.isEmpty());
        QCOMPARE(failed.value.jobs.first().put, T);
        QCOMPARE(failed.value.jobs.first().failure->message, QStringLiteral("boom")); // its first line

        // And the model's rows are those summaries.
        JobListModel model(client());
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        const Job shown = model.index(0, 0).data(JobListModel::JobRole).value<Job>();
        QVERIFY(shown.data.isEmpty());
        QVERIFY(shown.history.isEmpty());
        QCOMPARE(model.index(0, JobListModel::PutColumn).data(JobListModel::SortRole).toDouble(), T + 20);
    }

    // Bytes Redis has written to its clients so far (INFO stats).
    qint64 bytesSent()
    {
        const QByteArray info = fixture().command({"INFO", "stats"}).bytes;
        const qsizetype at = info.indexOf("total_net_output_bytes:");
        return at < 0 ? -1 : info.mid(at + 23, info.indexOf('\r', at) - at - 23).toLongLong();
    }

    // EVALSHA calls Redis has run so far (INFO commandstats).
    qint64 scriptCalls()
    {
        const QByteArray info = fixture().command({"INFO", "commandstats"}).bytes;
        const qsizetype at = info.indexOf("cmdstat_evalsha:calls=");
        return at < 0 ? 0 : info.mid(at + 22, info.indexOf(',', at) - at - 22).toLongLong();
    }

    // A page of rows is built in calls of at most SummariesPerCall jobs (each call holds Redis a
    // few milliseconds, not one call for the whole page), in the list's order; the model's rows
    // of that page (JobRow) share the text they repeat (class, state, queue, tags, failure)
    // across the calls' seams instead of a copy each.
    void aPageIsBuiltInBoundedCallsAndSharesItsText()
    {
        const int jobs = 2 * QlessJobReads::SummariesPerCall + QlessJobReads::SummariesPerCall / 2; // 3 calls
        for (int i = 0; i < jobs; ++i)
            fixture().put("q", "j" + QByteArray::number(i), T + i, {"tags", "[\"nightly\"]"});
        QCOMPARE(fixture().pop("q", "w1", jobs, T + 500).size(), jobs);
        for (int i = 0; i < jobs; ++i) {
            QVERIFY(!fixture()
                         .call(QStringLiteral("fail"), {"j" + QByteArray::number(i), "w1", "IOError",
                                                        "connection reset\nTraceback: line 1", num(T + 600 + i)})
                         .isError());
        }
        const qint64 before = scriptCalls();
        const auto page = read(JobSource::failureGroup(client(), QStringLiteral("IOError")), 0, jobs);
        QCOMPARE(scriptCalls() - before, 3);
        QVERIFY2(page.ok(), qPrintable(page.error.message));
        QCOMPARE(page.value.total, jobs);
        QCOMPARE(page.value.jobs.size(), jobs);
        for (int i = 0; i < jobs; ++i) // newest failure first, across the calls' seams
            QCOMPARE(page.value.jobs.at(i).jid, "j" + QByteArray::number(jobs - 1 - i));
        const Job &first = page.value.jobs.first();
        const Job &last = page.value.jobs.last();
        QCOMPARE(last.klass, first.klass);
        QCOMPARE(last.failure->message, QStringLiteral("connection reset"));
        const QList<JobRow> packed = JobRow::fromJobs(page.value.jobs);
        const JobRow &firstRow = packed.first();
        const JobRow &lastRow = packed.last();
        QCOMPARE(lastRow.klass->constData(), firstRow.klass->constData());
        QCOMPARE(lastRow.state->constData(), firstRow.state->constData());
        QCOMPARE(lastRow.queue->constData(), firstRow.queue->constData());
        QCOMPARE(lastRow.tags->constData(), firstRow.tags->constData());
        QCOMPARE(lastRow.failureMessage->constData(), firstRow.failureMessage->constData());
        QCOMPARE(lastRow.failureGroup->constData(), firstRow.failureGroup->constData());

        // Rows read by jid (a queue's lists) are built in bounded calls too.
        const qint64 jidsBefore = scriptCalls();
        QList<QByteArray> jids;
        for (int i = 0; i < jobs; ++i)
            jids << "j" + QByteArray::number(i);
        bool done = false;
        qsizetype rows = 0;
        client()->jobReads().summaries(jids, this, [&](const QlessReply<QList<std::optional<Job>>> &reply) {
            rows = reply.value.size();
            done = true;
        });
        QVERIFY(QTest::qWaitFor([&done] { return done; }, 30000));
        QCOMPARE(rows, jobs);
        QCOMPARE(scriptCalls() - jidsBefore, 3);
    }

    // The server builds the rows (desk.summaries): a page of jobs with 1 MB of data each sends
    // far less than the data; a timed-out job's mark and a complete job's queue come with it.
    void rowsAreBuiltByTheServer()
    {
        const QByteArray big = "{\"blob\":\"" + QByteArray(1 << 20, 'x') + "\"}";
        fixture().put("q", "timed", T, {}, 0, big);
        fixture().put("q", "done", T, {}, 0, big);
        fixture().pop("q", "w1", 2, T + 10);
        for (const QByteArray jid : {"d1", "d2", "d3"})
            fixture().put("q", jid, T + 40, {}, 0, big);
        QVERIFY(!fixture().qless("timeout", T + 20, {"timed"}).isError());
        QVERIFY(!fixture().qless("complete", T + 30, {"done", "w1", "q", "{}"}).isError());
        const qint64 before = bytesSent();
        const auto page = read(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")), 0, 10);
        const qint64 sent = bytesSent() - before;
        QVERIFY2(page.ok(), qPrintable(page.error.message));
        QCOMPARE(page.value.jobs.size(), 4);
        QVERIFY2(before >= 0 && sent < 64 * 1024, qPrintable(QString::number(sent)));
        bool sawTimedOut = false;
        for (const Job &row : page.value.jobs) {
            QCOMPARE(row.put, row.jid == "timed" ? T : T + 40);
            if (row.jid == "timed") {
                sawTimedOut = row.timedOut && row.timedOutAt == T + 20 && row.timedOutWorker == QLatin1String("w1");
            }
        }
        QVERIFY(sawTimedOut);

        const auto completed = read(JobSource::completed(client()), 0, 10);
        QVERIFY2(completed.ok(), qPrintable(completed.error.message));
        QCOMPARE(completed.value.jobs.size(), 1);
        QCOMPARE(completed.value.jobs.first().queue, QStringLiteral("q")); // qless empties it; the row says where
    }

    void oneUnreadableJobIsAMarkedRowTheRestShown()
    {
        fixture().put("q", "a", T);
        fixture().put("q", "b", T + 1);
        fixture().put("q", "c", T + 2);
        // b's key holds a string where a hash belongs: the server cannot read that job at all.
        fixture().command({"DEL", "ql:j:b"});
        fixture().command({"SET", "ql:j:b", "not a hash"});
        const auto page = read(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")), 0, 10);
        QVERIFY2(page.ok(), qPrintable(page.error.message));
        QCOMPARE(page.value.listed, 3);
        QCOMPARE(page.value.jobs.size(), 3);
        QStringList read;
        for (const Job &job : page.value.jobs)
            read << QString::fromUtf8(job.jid);
        QCOMPARE(read, (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QVERIFY(page.value.jobs.at(0).problems.isEmpty());
        QVERIFY(page.value.jobs.at(1).hasProblem(QStringLiteral("job")));
        // The script names the damage itself now (the whole multiget no longer fails on it).
        QVERIFY2(page.value.jobs.at(1).problems.value(QStringLiteral("job")).raw
                     == QStringLiteral("ql:j:b holds a string, not a hash"),
                 qPrintable(page.value.jobs.at(1).problems.value(QStringLiteral("job")).raw));
        QVERIFY(page.value.jobs.at(2).problems.isEmpty());

        JobListModel model(client());
        QSignalSpy failed(&model, &JobListModel::loadFailed);
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(model.rowCount(), 3);
        const QModelIndex marked = model.index(model.rowOf(QByteArray("b")), 0);
        QVERIFY(marked.data(Qt::ToolTipRole).toString().contains(QStringLiteral("damaged")));
    }

    void aJobGoneBetweenTheReadsDoesNotEndTheList()
    {
        for (int i = 0; i < 12; ++i)
            fixture().put("q", "t" + QByteArray::number(i).rightJustified(2, '0'), T + i, {"tags", "[\"x\"]"});
        fixture().command({"DEL", "ql:j:t01"}); // still listed under the tag, its job gone
        JobListModel model(client());
        model.setPageSize(5);
        model.setSource(JobSource::tag(client(), QStringLiteral("x")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 4); // five listed, four read
        QVERIFY(model.canFetchMore({}));
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitIdle(model));
        }
        QCOMPARE(model.rowCount(), 11);
    }
};

QTEST_GUILESS_MAIN(TestJobPageReader)
#include "tst_jobpagereader.moc"
