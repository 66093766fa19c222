// SPDX-License-Identifier: GPL-3.0-or-later
#include "deploymentdata.h"
#include "historymodel.h"
#include "joblistmodel.h"
#include "qlessclienttestbase.h"
#include "qlessjobdecoder.h"
#include "queuelistmodel.h"
#include "recurringlistmodel.h"

#include <QAbstractItemModelTester>

#include <optional>

// What operators' Redis holds, read through the typed API and the models: data written by
// current qless (qless-core HEAD: `expires` 0 or '', `time` rewritten at every step, history as a
// list of events with log entries, timed-out jobs at +inf in the work set, paused queues,
// max-concurrency) and by the 2012 scripts (stages in the `history` field), one after the other.
// Nothing that can be read is called damaged.
class TestDeploymentReading final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static constexpr double T = 1763683200;

    std::optional<Job> get(const QByteArray &jid)
    {
        std::optional<QlessReply<std::optional<Job>>> reply;
        QObject context;
        client()->jobReads().job(jid, &context, [&reply](const QlessReply<std::optional<Job>> &r) { reply = r; });
        if (!QTest::qWaitFor([&reply] { return reply.has_value(); }, 30000) || !reply->ok())
            return std::nullopt;
        return reply->value;
    }

    static QString problems(const Job &job)
    {
        QStringList out;
        for (auto it = job.problems.cbegin(); it != job.problems.cend(); ++it)
            out << it.key() + QLatin1Char('=') + it->raw;
        return out.join(QLatin1Char(','));
    }

    static bool waitIdle(JobListModel &model)
    {
        return QTest::qWaitFor([&model] { return !model.isLoading(); }, 30000);
    }

    qint64 zcard(const QByteArray &key) { return fixture().command({"ZCARD", key}).integer; }
    qint64 zcount(const QByteArray &key, const QByteArray &min, const QByteArray &max)
    {
        return fixture().command({"ZCOUNT", key, min, max}).integer;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
        client()->setClock([] { return T + 1000; });
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void failedByCurrentQlessIsNotDamaged()
    {
        DeploymentData qless(fixture());
        qless.put("crawl", "f1", T);
        qless.pop("crawl", "f1", "w-1", T + 60);
        qless.fail("crawl", "f1", "w-1", "IOError", "reset by peer", T + 90);

        const std::optional<Job> job = get("f1");
        QVERIFY(job);
        QVERIFY2(job->problems.isEmpty(), qPrintable(problems(*job)));
        QCOMPARE(job->state, QStringLiteral("failed"));
        QCOMPARE(job->expires, 0.0); // written as an empty text
        QVERIFY(job->worker.isEmpty());
        QCOMPARE(job->historyForm, Job::HistoryForm::Events);
        QCOMPARE(job->put, T);       // the history's put
        QCOMPARE(job->time, T + 60); // the last change qless wrote (the pop)
        QVERIFY(job->failure);
        QCOMPARE(job->failure->group, QStringLiteral("IOError"));
        QCOMPARE(job->failure->when, T + 90);
        QVERIFY(!job->timedOut);

        // The failure group's list shows it plainly: not greyed, no damage tooltip.
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(JobSource::failureGroup(client(), QStringLiteral("IOError")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(!model.index(0, JobListModel::JidColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(!model.index(0, JobListModel::JidColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("damaged")));
    }

    void expiresWithoutALock_data()
    {
        QTest::addColumn<QByteArray>("expires"); // null: the field is absent
        QTest::newRow("empty text") << QByteArray("");
        QTest::newRow("zero") << QByteArray("0");
        QTest::newRow("absent") << QByteArray();
    }
    void expiresWithoutALock()
    {
        QFETCH(QByteArray, expires);
        DeploymentData(fixture()).put("crawl", "j", T);
        if (expires.isNull())
            fixture().command({"HDEL", "ql:j:j", "expires"});
        else
            fixture().command({"HSET", "ql:j:j", "expires", expires});
        const std::optional<Job> job = get("j");
        QVERIFY(job);
        QVERIFY2(job->problems.isEmpty(), qPrintable(problems(*job)));
        QCOMPARE(job->expires, 0.0);
    }

    void unreadableFieldIsNamedWithItsValue()
    {
        DeploymentData(fixture()).put("crawl", "j", T);
        fixture().command({"HSET", "ql:j:j", "expires", "soon", "priority", "high"});
        const std::optional<Job> job = get("j");
        QVERIFY(job);
        QCOMPARE(job->problems.size(), 2);
        QCOMPARE(job->problems.value(QStringLiteral("expires")).kind, FieldProblem::Kind::Invalid);
        QCOMPARE(job->problems.value(QStringLiteral("expires")).raw, QStringLiteral("soon"));
        QCOMPARE(job->problems.value(QStringLiteral("priority")).raw, QStringLiteral("high"));
    }

    void putTimeIsTheLatestPut()
    {
        // Failed, then put again into another queue: "put" is the second put; `time` (last
        // change) is what qless wrote last.
        DeploymentData qless(fixture());
        qless.put("crawl", "j", T);
        qless.pop("crawl", "j", "w-1", T + 60);
        qless.fail("crawl", "j", "w-1", "IOError", "reset", T + 90);
        qless.put("retry", "j", T + 500);
        const std::optional<Job> job = get("j");
        QVERIFY(job);
        QCOMPARE(job->put, T + 500);
        QCOMPARE(job->time, T + 500);
        QCOMPARE(job->queue, QStringLiteral("retry"));

        qless.pop("retry", "j", "w-2", T + 700);
        QCOMPARE(get("j")->put, T + 500);
        QCOMPARE(get("j")->time, T + 700);
    }

    void stagesOfThe2012Scripts()
    {
        // The 2012 shape, stages in the hash's history field, as the seed's 2012 scripts wrote it
        // (ours now write qless's -history list): put and popped through them, then the list
        // replaced by the field those scripts kept.
        fixture().put("crawl", "old", T);
        fixture().pop("crawl", "w-1", 1, T + 30);
        fixture().command({"DEL", "ql:j:old-history"});
        fixture().command({"HSET", "ql:j:old", "history",
                           "[{\"q\":\"crawl\",\"put\":" + QByteArray::number(qint64(T))
                               + ",\"popped\":" + QByteArray::number(qint64(T + 30)) + ",\"worker\":\"w-1\"}]"});
        const std::optional<Job> job = get("old");
        QVERIFY(job);
        QVERIFY2(job->problems.isEmpty(), qPrintable(problems(*job)));
        QCOMPARE(job->historyForm, Job::HistoryForm::Stages);
        QCOMPARE(job->put, T);
        QCOMPARE(job->history.size(), 2);
        QCOMPARE(job->history.at(1).what, QStringLiteral("popped"));
        QCOMPARE(job->history.at(1).worker, QStringLiteral("w-1"));
        QVERIFY(!job->history.at(0).isLog());

        // A job with no history at all: the put time is the hash's time.
        fixture().command({"HDEL", "ql:j:old", "history"});
        const std::optional<Job> bare = get("old");
        QCOMPARE(bare->historyForm, Job::HistoryForm::None);
        QCOMPARE(bare->put, bare->time);
    }

    void logEntriesWithTheirData()
    {
        DeploymentData qless(fixture());
        qless.put("crawl", "j", T);
        qless.log("j", T + 1, "fetched", "{\"status\":503,\"url\":\"https://example.com/a\"}");
        qless.log("j", T + 2, "retrying soon");
        qless.log("j", T + 3, "attempts", "3");
        qless.log("j", T + 4, "pages", "[\"a\",\"b\"]");
        qless.log("j", T + 5, "note", "\"plain text\"");

        const std::optional<Job> job = get("j");
        QVERIFY(job);
        QVERIFY2(job->problems.isEmpty(), qPrintable(problems(*job)));
        QCOMPARE(job->history.size(), 6);
        QVERIFY(job->history.at(0).isTransition());
        for (int i = 1; i < 6; ++i)
            QVERIFY2(job->history.at(i).isLog(), qPrintable(job->history.at(i).what));
        QCOMPARE(job->history.at(1).what, QStringLiteral("fetched"));
        QCOMPARE(job->history.at(1).extra.value(QStringLiteral("status")).toInt(), 503);
        QCOMPARE(job->history.at(1).when, T + 1);
        QVERIFY(job->history.at(2).extra.isEmpty());
        QCOMPARE(job->history.at(3).extra.value(QStringLiteral("data")).toInt(), 3);
        QCOMPARE(job->history.at(4).extra.value(QStringLiteral("data")).toArray().size(), 2);
        QCOMPARE(job->history.at(5).extra.value(QStringLiteral("data")).toString(), QStringLiteral("plain text"));
        QCOMPARE(job->put, T); // log entries never count as a put

        HistoryModel history;
        QAbstractItemModelTester tester(&history, QAbstractItemModelTester::FailureReportingMode::Fatal);
        history.setEvents(job->history);
        QCOMPARE(history.index(1, HistoryModel::EventColumn).data().toString(), QStringLiteral("log"));
        QVERIFY(
            history.index(1, HistoryModel::DetailsColumn).data().toString().startsWith(QStringLiteral("fetched; ")));
        QVERIFY(history.index(1, HistoryModel::DetailsColumn).data().toString().contains(QStringLiteral("503")));
        QVERIFY(history.index(1, HistoryModel::DetailsColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("example.com")));
        QCOMPARE(history.index(2, HistoryModel::DetailsColumn).data().toString(), QStringLiteral("retrying soon"));
        QVERIFY(history.index(5, HistoryModel::DetailsColumn).data().toString().contains(QStringLiteral("plain text")));
        QCOMPARE(history.index(0, HistoryModel::EventColumn).data().toString(), QStringLiteral("put"));
        // One zone: the desktop's, and UTC on hover.
        QCOMPARE(history.index(0, HistoryModel::WhenColumn).data().toString(),
                 QDateTime::fromSecsSinceEpoch(qint64(T)).toLocalTime().toString(
                     QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        QCOMPARE(history.index(0, HistoryModel::WhenColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("2025-11-21 00:00:00 UTC"));
    }

    void timedOutJobsWaitFirstAndSaySo()
    {
        DeploymentData qless(fixture());
        qless.put("crawl", "early", T, 10); // high priority, put first
        qless.put("crawl", "later", T + 10);
        qless.put("crawl", "slow", T + 20);
        qless.pop("crawl", "slow", "w-7", T + 30);
        qless.timeout("crawl", "slow", T + 100);
        // A lock that simply ran out (stalled, not timed out) is another thing.
        qless.put("crawl", "dead", T + 40);
        qless.pop("crawl", "dead", "w-8", T + 50, 60);

        const std::optional<Job> job = get("slow");
        QVERIFY(job);
        QVERIFY2(job->problems.isEmpty(), qPrintable(problems(*job)));
        QVERIFY(job->timedOut);
        QCOMPARE(job->timedOutAt, T + 100);
        QCOMPARE(job->timedOutWorker, QStringLiteral("w-7"));
        QCOMPARE(job->put, T + 20);
        QVERIFY(!get("dead")->timedOut);
        QVERIFY(!get("early")->timedOut);

        // Counts as qless's own `queues` reply defines them: waiting is the work set's size,
        // stalled the locks expired by now, running the rest of the locks.
        const double now = T + 1000;
        const qint64 qlessWaiting = zcard("ql:q:crawl-work");
        const qint64 qlessStalled = zcount("ql:q:crawl-locks", "0", QByteArray::number(now, 'f', 0));
        const qint64 qlessRunning = zcard("ql:q:crawl-locks") - qlessStalled;
        QCOMPARE(qlessWaiting, 3);
        QueueListModel queues(client());
        QAbstractItemModelTester queuesTester(&queues, QAbstractItemModelTester::FailureReportingMode::Fatal);
        bool refreshed = false;
        queues.refresh([&refreshed] { refreshed = true; });
        QVERIFY(QTest::qWaitFor([&refreshed] { return refreshed; }, 30000));
        QCOMPARE(queues.rowCount(), 1);
        QCOMPARE(queues.rowAt(0).waiting, qlessWaiting);
        QCOMPARE(queues.rowAt(0).stalled, qlessStalled);
        QCOMPARE(queues.rowAt(0).running, qlessRunning);

        // The waiting list: the timed-out job first (as pop hands it out), marked.
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setClock([now] { return now; });
        model.setSource(JobSource::queueState(client(), QStringLiteral("crawl"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.total(), 3);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowAt(0).jid, QByteArray("slow"));
        QCOMPARE(model.rowAt(1).jid, QByteArray("early"));
        QCOMPARE(model.index(0, JobListModel::StateColumn).data().toString(), QStringLiteral("timed out"));
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data().toString(),
                 QStringLiteral("timed out 15 min ago (w-7)"));
        QVERIFY(model.index(0, JobListModel::TimeColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(
            model.index(0, JobListModel::TimeColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("w-7")));
        // Ordinary waiting jobs wait since their put, not since their last change.
        QCOMPARE(model.index(2, JobListModel::TimeColumn).data().toString(), QStringLiteral("waiting 16 min 30 s"));
        QCOMPARE(model.index(0, JobListModel::PutColumn).data().toString(), QStringLiteral("16 min ago"));
        QCOMPARE(model.index(0, JobListModel::ChangedColumn).data().toString(), QStringLiteral("16 min ago"));
        QCOMPARE(model.index(2, JobListModel::StateColumn).data().toString(), QStringLiteral("waiting"));
    }

    void unifiedScriptsGetDecodesAlike()
    {
        // qless.lua's `get` (qless-core's reply: no `time`, `expires` a number, `worker` '')
        // decodes to the same put time, timed-out mark and log entries, with nothing damaged.
        DeploymentData qless(fixture());
        qless.put("crawl", "slow", T);
        qless.pop("crawl", "slow", "w-7", T + 30);
        qless.log("slow", T + 40, "halfway", "{\"done\":50}");
        qless.timeout("crawl", "slow", T + 100);
        qless.put("crawl", "f1", T + 5);
        qless.pop("crawl", "f1", "w-1", T + 60);
        qless.fail("crawl", "f1", "w-1", "IOError", "reset", T + 90);
        if (fixture().qlessScriptPath().isEmpty())
            QSKIP("no unified qless.lua built");

        const Job slow = QlessJobDecoder::job(fixture().qlessJson("get", T + 1000, {"slow"}));
        QVERIFY2(slow.problems.isEmpty(), qPrintable(problems(slow)));
        QCOMPARE(slow.put, T);
        QVERIFY(slow.timedOut);
        QCOMPARE(slow.timedOutAt, T + 100);
        QCOMPARE(slow.timedOutWorker, QStringLiteral("w-7"));
        QCOMPARE(slow.history.size(), 4);
        QVERIFY(slow.history.at(2).isLog());
        QCOMPARE(slow.history.at(2).extra.value(QStringLiteral("done")).toInt(), 50);

        const Job failed = QlessJobDecoder::job(fixture().qlessJson("get", T + 1000, {"f1"}));
        QVERIFY2(failed.problems.isEmpty(), qPrintable(problems(failed)));
        QCOMPARE(failed.put, T + 5);
        QCOMPARE(failed.expires, 0.0);
        QVERIFY(!failed.timedOut);
        QVERIFY(failed.failure);
    }

    void recurringTemplateWithABacklog()
    {
        // As qless's `recur ... backlog 3` writes a template: state recur, type interval, a
        // backlog; read without damage, the backlog said.
        fixture().command({"HSET",    "ql:r:tpl", "jid",      "tpl",   "klass",   "Crawl::Sitemap",
                           "data",    "{}",       "priority", "2",     "tags",    "[\"periodic\"]",
                           "state",   "recur",    "queue",    "crawl", "type",    "interval",
                           "count",   "7",        "interval", "3600",  "retries", "3",
                           "backlog", "3"});
        fixture().command({"ZADD", "ql:q:crawl-recur", QByteArray::number(T + 1200, 'f', 0), "tpl"});
        fixture().command({"ZADD", "ql:queues", QByteArray::number(T, 'f', 0), "crawl"});
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setQueue(QStringLiteral("crawl"));
        QVERIFY(QTest::qWaitFor([&model] { return model.rowCount() == 1; }, 30000));
        const RecurringJob &row = model.rowAt(0);
        QVERIFY(row.problems.isEmpty());
        QCOMPARE(row.backlog, 3.0);
        QCOMPARE(row.count, 7.0);
        QCOMPARE(row.next, T + 1200);
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("at most 3 at once")));
    }

    void pausedQueueAndMaxConcurrency()
    {
        DeploymentData qless(fixture());
        qless.put("crawl", "a", T);
        qless.put("crawl", "b", T);
        qless.pop("crawl", "b", "w-1", T + 990);
        qless.put("index", "c", T);
        qless.pause("crawl");
        qless.setMaxConcurrency("crawl", 3);

        QueueListModel queues(client());
        bool refreshed = false;
        queues.refresh([&refreshed] { refreshed = true; });
        QVERIFY(QTest::qWaitFor([&refreshed] { return refreshed; }, 30000));
        QCOMPARE(queues.rowCount(), 2);
        const int crawl = queues.rowOf(QStringLiteral("crawl"));
        const int index = queues.rowOf(QStringLiteral("index"));
        QVERIFY(queues.rowAt(crawl).paused);
        QCOMPARE(queues.rowAt(crawl).maxConcurrency, 3);
        QVERIFY(!queues.rowAt(index).paused);
        QCOMPARE(queues.rowAt(index).maxConcurrency, 0);
        QCOMPARE(queues.index(crawl, QueueListModel::NameColumn).data().toString(), QStringLiteral("crawl (paused)"));
        QCOMPARE(queues.index(crawl, QueueListModel::RunningColumn).data().toString(), QStringLiteral("1 / 3"));
        QCOMPARE(queues.index(index, QueueListModel::RunningColumn).data().toString(), QStringLiteral("0"));
        const QString tip = queues.index(crawl, QueueListModel::NameColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Paused")) && tip.contains(QStringLiteral("At most 3")), qPrintable(tip));
    }
};

QTEST_MAIN(TestDeploymentReading)
#include "tst_deploymentreading.moc"
