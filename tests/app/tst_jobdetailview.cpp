// SPDX-License-Identifier: GPL-3.0-or-later
#include "deploymentdata.h"
#include "historymodel.h"
#include "jobdetaildialog.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "jobhistorypage.h"
#include "jsondataview.h"
#include "jsontreemodel.h"
#include "qlessclienttestbase.h"
#include "timetext.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

// One job's detail against a real Redis: every field of a seeded job, history in both stored
// forms, the failure's full message, invalid data flagged, damaged fields warned about, links
// that name the right jobs, a missing job said plainly, and a screenshot of a failed job.
class TestJobDetailView final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static constexpr char Traceback[] =
        "ConnectionResetError: [Errno 104] Connection reset by peer\n"
        "Traceback (most recent call last):\n"
        "  File \"/srv/crawler/worker.py\", line 212, in perform\n"
        "    page = self.fetch(job.data['url'], timeout=job.data['timeout'])\n"
        "  File \"/srv/crawler/fetch.py\", line 88, in fetch\n"
        "    response = self.session.get(url, timeout=timeout, headers=self.headers)\n"
        "  File \"/usr/lib/python3/dist-packages/requests/sessions.py\", line 600, in get\n"
        "    return self.request(\"GET\", url, **kwargs)\n"
        "  File \"/usr/lib/python3/dist-packages/requests/adapters.py\", line 547, in send\n"
        "    raise ConnectionError(err, request=request)\n"
        "requests.exceptions.ConnectionError: ('Connection aborted.', ConnectionResetError(104, "
        "'Connection reset by peer'))";

    static bool load(JobDetailView &view, const QByteArray &jid)
    {
        QSignalSpy loaded(&view, &JobDetailView::loaded);
        view.showJob(jid);
        return loaded.wait(30000) && !view.isLoading();
    }

    static QString field(const JobDetailView &view, const QString &name) { return view.fieldLabel(name)->text(); }

    static void screenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        QVERIFY(widget->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png")));
    }

    // A crawl job that failed: JSON data, tags, tracked, a Python traceback.
    QByteArray seedFailedJob(double now)
    {
        const QByteArray jid = "3f2a9c4e8b7d41e6a0c5d9f1b2e3a4c5";
        const QByteArray data = R"({"url":"https://news.example.org/2025/11/markets","timeout":30,"depth":2,)"
                                R"("headers":{"User-Agent":"qless-crawler/2.3","Accept-Language":"en"},)"
                                R"("follow":["next","canonical"],"retry_backoff":1.5,"notify":null,"dry_run":false})";
        fixture().put("crawl", jid, now - 900,
                      {"priority", "5", "tags", "[\"site:news.example.org\",\"customer:acme\"]", "retries", "3"}, 0,
                      data, "Crawler::FetchPage");
        fixture().call(QStringLiteral("track"), {"track", jid, num(now - 890)});
        fixture().pop("crawl", "crawler-7.prod:2231", 1, now - 600);
        fixture().call(QStringLiteral("fail"),
                       {jid, "crawler-7.prod:2231", "ConnectionResetError", Traceback, num(now - 540)});
        return jid;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void showsEveryFieldOfAFailedJob()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        const QByteArray jid = seedFailedJob(now);
        JobDetailView view(new JobDetailReader(client()));
        new QAbstractItemModelTester(view.historyModel(), QAbstractItemModelTester::FailureReportingMode::Fatal, &view);
        new QAbstractItemModelTester(view.dataView()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal,
                                     &view);
        QVERIFY(load(view, jid));
        QVERIFY(view.job());
        QVERIFY(view.messageLabel()->isHidden());
        QCOMPARE(field(view, QStringLiteral("klass")), QStringLiteral("Crawler::FetchPage"));
        QVERIFY(field(view, QStringLiteral("queue")).contains(QStringLiteral(">crawl</a>")));
        QCOMPARE(field(view, QStringLiteral("priority")), QStringLiteral("5"));
        QCOMPARE(field(view, QStringLiteral("remaining")), QStringLiteral("3 of 3"));
        QVERIFY(field(view, QStringLiteral("tracked")).contains(QStringLiteral("yes")));
        QVERIFY(field(view, QStringLiteral("tags")).contains(QStringLiteral(">site:news.example.org</a>")));
        QVERIFY(field(view, QStringLiteral("tags")).contains(QStringLiteral(">customer:acme</a>")));
        QVERIFY(view.problemsLabel()->isHidden());

        // The failure, whole, and shown first since it is what matters.
        QCOMPARE(view.failureText()->toPlainText(), QString::fromUtf8(Traceback));
        QCOMPARE(view.tabs()->currentIndex(), 2);
        QVERIFY(view.tabs()->isTabEnabled(2));

        // Data as a tree.
        QVERIFY(view.dataView()->isValidJson());
        JsonTreeModel *data = view.dataView()->model();
        QCOMPARE(data->rowCount(), 8);
        QStringList keys;
        for (int row = 0; row < data->rowCount(); ++row)
            keys << data->index(row, 0).data().toString();
        QVERIFY(keys.contains(QStringLiteral("url")));
        QVERIFY(keys.contains(QStringLiteral("headers")));

        // History in the spec's stage form, as events: put, popped, failed.
        QStringList events;
        for (const JobEvent &event : view.historyModel()->events())
            events << event.what;
        QCOMPARE(events, (QStringList{QStringLiteral("put"), QStringLiteral("popped"), QStringLiteral("failed")}));
        QCOMPARE(view.historyModel()->index(1, HistoryModel::WorkerColumn).data().toString(),
                 QStringLiteral("crawler-7.prod:2231"));
        QCOMPARE(view.historyModel()->index(1, HistoryModel::AfterColumn).data().toString(), QStringLiteral("+5 min"));
        QCOMPARE(view.tabs()->tabText(1), QStringLiteral("History (3)"));
    }

    void historyListOfCurrentDeployments()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "evented", now - 100);
        fixture().command({"DEL", "ql:j:evented-history"}); // the put's own event: replaced below
        fixture().command({"RPUSH", "ql:j:evented-history", "[" + num(now - 100) + ",\"put\",{\"q\":\"crawl\"}]",
                           "[" + num(now - 90) + ",\"popped\",{\"worker\":\"w-1\"}]",
                           "[" + num(now - 30) + ",\"timed-out\",{}]",
                           "[" + num(now - 20) + ",\"put\",{\"q\":\"crawl\",\"note\":\"requeued\"}]"});
        JobDetailView view(new JobDetailReader(client()));
        new QAbstractItemModelTester(view.historyModel(), QAbstractItemModelTester::FailureReportingMode::Fatal, &view);
        QVERIFY(load(view, "evented"));
        QVERIFY(view.job());
        QVERIFY(view.job()->historyForm == Job::HistoryForm::Events);
        HistoryModel *history = view.historyModel();
        QCOMPARE(history->rowCount(), 4);
        QCOMPARE(history->index(0, HistoryModel::EventColumn).data().toString(), QStringLiteral("put"));
        QCOMPARE(history->index(0, HistoryModel::QueueColumn).data().toString(), QStringLiteral("crawl"));
        QCOMPARE(history->index(1, HistoryModel::WorkerColumn).data().toString(), QStringLiteral("w-1"));
        QCOMPARE(history->index(2, HistoryModel::EventColumn).data().toString(), QStringLiteral("timed-out"));
        QCOMPARE(history->index(2, HistoryModel::AfterColumn).data().toString(), QStringLiteral("+1 min"));
        QVERIFY(history->index(3, HistoryModel::DetailsColumn).data().toString().contains(QStringLiteral("requeued")));
        QVERIFY(view.tabs()->isTabEnabled(0));
        QVERIFY(!view.tabs()->isTabEnabled(2)); // no failure

        // A refresh after one more event appends it (no reset, the operator's place stays).
        fixture().command({"RPUSH", "ql:j:evented-history", "[" + num(now - 10) + ",\"popped\",{\"worker\":\"w-2\"}]"});
        QSignalSpy reset(history, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(history, &QAbstractItemModel::rowsInserted);
        bool done = false;
        view.refresh([&done](bool) { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 30000);
        QCOMPARE(history->rowCount(), 5);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);
    }

    void invalidDataAndDamagedFields()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "damaged", now);
        fixture().command(
            {"HSET", "ql:j:damaged", "data", "{\"url\": \"https://example.com\", oops", "priority", "high"});
        JobDetailView view(new JobDetailReader(client()));
        view.resize(820, 560);
        QVERIFY(load(view, "damaged"));
        QVERIFY(!view.dataView()->isValidJson());
        QCOMPARE(view.dataView()->rawView()->toPlainText(), QStringLiteral("{\"url\": \"https://example.com\", oops"));
        QVERIFY(view.dataView()->warningLabel()->text().contains(QStringLiteral("not valid JSON")));
        QVERIFY(view.tabs()->tabText(0).contains(QStringLiteral("not JSON")));
        QVERIFY(!view.problemsLabel()->isHidden());
        QVERIFY(view.problemsLabel()->text().contains(QStringLiteral("priority")));
        QVERIFY(view.problemsLabel()->text().contains(QStringLiteral("high")));
        QVERIFY(field(view, QStringLiteral("priority")).contains(QStringLiteral("invalid")));
        screenshot(&view, QStringLiteral("job-detail-invalid-data"));
    }

    void linksNameTheRightJobs()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "parent-1", now);
        fixture().put("crawl", "parent/2 odd", now);
        fixture().put("crawl", "child", now, {"depends", "[\"parent-1\",\"parent/2 odd\"]", "tags", "[\"a tag\"]"});
        JobDetailView view(new JobDetailReader(client()));
        QVERIFY(load(view, "child"));
        QCOMPARE(view.job()->state, QStringLiteral("depends"));
        const QString dependencies = field(view, QStringLiteral("dependencies"));
        QVERIFY(dependencies.contains(QStringLiteral("href=\"job:parent-1\"")));
        QVERIFY(dependencies.contains(QStringLiteral("href=\"job:parent%2F2%20odd\"")));

        QSignalSpy jobs(&view, &JobDetailView::openJobRequested);
        QSignalSpy tags(&view, &JobDetailView::openTagRequested);
        QSignalSpy queues(&view, &JobDetailView::openQueueRequested);
        emit view.fieldLabel(QStringLiteral("dependencies"))->linkActivated(QStringLiteral("job:parent%2F2%20odd"));
        QCOMPARE(jobs.count(), 1);
        QCOMPARE(jobs.at(0).at(0).toByteArray(), QByteArray("parent/2 odd"));
        emit view.fieldLabel(QStringLiteral("tags"))->linkActivated(QStringLiteral("tag:a%20tag"));
        QCOMPARE(tags.at(0).at(0).toString(), QStringLiteral("a tag"));
        emit view.fieldLabel(QStringLiteral("queue"))->linkActivated(QStringLiteral("queue:crawl"));
        QCOMPARE(queues.at(0).at(0).toString(), QStringLiteral("crawl"));

        QVERIFY(load(view, "parent-1"));
        QVERIFY(field(view, QStringLiteral("dependents")).contains(QStringLiteral("href=\"job:child\"")));

        // The dialog follows job links itself, and Back returns.
        JobDetailDialog dialog(new JobDetailReader(client()));
        QSignalSpy loaded(dialog.view(), &JobDetailView::loaded);
        dialog.showJob("child");
        QVERIFY(loaded.wait(30000));
        dialog.view()->activateLink(QStringLiteral("job:parent-1"));
        QVERIFY(loaded.wait(30000));
        QCOMPARE(dialog.view()->jid(), QByteArray("parent-1"));
        dialog.back();
        QVERIFY(loaded.wait(30000));
        QCOMPARE(dialog.view()->jid(), QByteArray("child"));
    }

    void missingJobIsSaidPlainly()
    {
        JobDetailView view(new JobDetailReader(client()));
        QVERIFY(load(view, "no-such-jid"));
        QVERIFY(!view.job());
        QVERIFY(!view.messageLabel()->isHidden());
        QVERIFY(view.messageLabel()->text().contains(QStringLiteral("No job")));
        QVERIFY(view.messageLabel()->text().contains(QStringLiteral("no-such-jid")));
    }

    void largeDataOpensInChunks()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        QByteArray data = "{\"rows\":[";
        for (int i = 0; i < 60000; ++i)
            data += (i ? "," : "") + QByteArray("{\"id\":") + QByteArray::number(i) + ",\"v\":\"value number "
                    + QByteArray::number(i) + "\"}";
        data += "]}";
        fixture().put("crawl", "big", now, {}, 0, data);
        JobDetailView view(new JobDetailReader(client()));
        view.resize(900, 600);
        view.show();
        QVERIFY(load(view, "big"));
        JsonTreeModel *model = view.dataView()->model();
        QVERIFY(model->isValid());
        const QModelIndex rows = model->index(0, 0);
        QCOMPARE(model->rowCount(rows), model->chunkSize() + 1);
        QVERIFY(model->isMoreRow(model->index(model->chunkSize(), 0, rows)));
    }

    // qless empties a complete job's queue field; the window names the queue it completed in
    // (its history's last queue), as the Completed list does.
    void completedJobShowsTheQueueItCompletedIn()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().qless("put", now - 500, {"app-1", "reports", "done-1", "Report::Build", "{}", "0"});
        fixture().qless("pop", now - 400, {"reports", "w-1", "1"});
        fixture().qless("complete", now - 300, {"done-1", "w-1", "reports", "{}"});
        QCOMPARE(fixture().command({"HGET", "ql:j:done-1", "queue"}).text(), QByteArray(""));
        JobDetailView view(new JobDetailReader(client()));
        QVERIFY(load(view, "done-1"));
        QCOMPARE(view.job()->state, QStringLiteral("complete"));
        QVERIFY2(field(view, QStringLiteral("queue")).contains(QStringLiteral("href=\"queue:reports\"")),
                 qPrintable(field(view, QStringLiteral("queue"))));
    }

    // A job of 4 MB data and 50,000 history entries: "Reading…" with nothing else until the
    // whole job is ready (parsed and compared off the GUI thread), then all of it at once.
    void hugeJobShowsReadingThenTheWholeJob()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        QByteArray data = "{\"blob\":\"" + QByteArray(4 * 1024 * 1024, 'x') + "\",\"rows\":[";
        for (int i = 0; i < 2000; ++i)
            data += (i ? "," : "") + QByteArray("{\"id\":") + QByteArray::number(i) + "}";
        data += "]}";
        fixture().qless("put", now - 60000, {"", "crawl", "huge", "Crawler::Huge", data, "0"});
        QList<QByteArray> argv{"RPUSH", "ql:j:huge-history"};
        constexpr int Entries = 50000;
        for (int i = 0; i < Entries; ++i) {
            argv << "[" + num(now - Entries + i) + ",\"note " + QByteArray::number(i)
                        + "\",{\"step\":" + QByteArray::number(i) + "}]";
            if (argv.size() >= 1002 || i + 1 == Entries) {
                fixture().command(argv);
                argv = {"RPUSH", "ql:j:huge-history"};
            }
        }
        JobDetailView view(new JobDetailReader(client()));
        view.resize(1000, 700);
        view.show();
        new QAbstractItemModelTester(view.dataView()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal,
                                     &view);
        // Every turn of the event loop until the job is on screen: either still reading, with
        // nothing of the job shown, or the whole job.
        int turnsReading = 0;
        QStringList wrong;
        QTimer watch;
        connect(&watch, &QTimer::timeout, &view, [&] {
            if (!view.isLoading())
                return;
            ++turnsReading;
            if (view.messageLabel()->isHidden() || view.messageLabel()->text() != QStringLiteral("Reading…")
                || view.tabs()->isVisibleTo(&view) || view.job())
                wrong << view.messageLabel()->text();
        });
        watch.start(0);
        QSignalSpy loaded(&view, &JobDetailView::loaded);
        view.showJob("huge");
        QVERIFY(!view.messageLabel()->isHidden());
        QCOMPARE(view.messageLabel()->text(), QStringLiteral("Reading…"));
        QVERIFY(loaded.wait(60000));
        watch.stop();
        QVERIFY(turnsReading > 0);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('|'))));
        QCOMPARE(loaded.count(), 1);
        QVERIFY(loaded.first().at(0).toBool());
        QVERIFY(view.messageLabel()->isHidden());
        QVERIFY(view.tabs()->isVisibleTo(&view));
        QCOMPARE(view.historyModel()->rowCount(), Entries + 1); // + the put
        QCOMPARE(view.tabs()->tabText(1), QStringLiteral("History (%1)").arg(Entries + 1));
        QVERIFY(view.dataView()->isValidJson());
        JsonTreeModel *tree = view.dataView()->model();
        QCOMPARE(tree->rowCount(), 2);
        const QString blob = tree->index(0, JsonTreeModel::ValueColumn).data().toString();
        QVERIFY2(blob.startsWith(QStringLiteral("\"xxx")) && blob.size() < 400, qPrintable(blob.left(40)));
        QCOMPARE(tree->index(0, JsonTreeModel::ValueColumn).data(Qt::ToolTipRole).toString().size(), 4000);
        // The timeline lays out no row it does not show.
        QVERIFY(view.historyPage()->tableView()->verticalHeader()->sectionResizeMode(0) == QHeaderView::Fixed);
        view.tabs()->setCurrentIndex(1);
        view.historyPage()->tableView()->scrollToBottom();
        screenshot(&view, QStringLiteral("job-detail-huge-history"));
        view.tabs()->setCurrentIndex(0);
        screenshot(&view, QStringLiteral("job-detail-huge-data"));

        // A refresh after one more event appends it: the comparison of 50,000 events, made off
        // the GUI thread, finds the rest unchanged.
        fixture().command({"RPUSH", "ql:j:huge-history", "[" + num(now) + ",\"note last\",{}]"});
        QSignalSpy reset(view.historyModel(), &QAbstractItemModel::modelReset);
        QSignalSpy treeReset(tree, &QAbstractItemModel::modelReset);
        bool done = false;
        view.refresh([&done](bool) { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 60000);
        QCOMPARE(view.historyModel()->rowCount(), Entries + 2);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(treeReset.count(), 0); // same data: the tree stays as the operator left it
    }

    // Jobs opened one after another faster than they are read: the window ends on the last one,
    // and the ones passed over are never shown (one `loaded`, for the last).
    void switchingJobsQuicklyShowsTheLast()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "big-first", now, {}, 0, "{\"blob\":\"" + QByteArray(2 * 1024 * 1024, 'y') + "\"}");
        fixture().put("crawl", "second", now, {}, 0, "{\"n\":2}");
        fixture().put("mail", "third", now, {}, 0, "{\"n\":3}");
        JobDetailView view(new JobDetailReader(client()));
        QSignalSpy loaded(&view, &JobDetailView::loaded);
        QStringList shown;
        connect(&view, &JobDetailView::loaded, &view,
                [&] { shown << QString::fromUtf8(view.job() ? view.job()->jid : "-"); });
        view.showJob("big-first");
        view.showJob("second");
        view.showJob("third");
        QVERIFY(loaded.wait(30000));
        // A last read of the same view: everything sent before it has been answered by then.
        bool done = false;
        view.refresh([&done](bool) { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 30000);
        QCOMPARE(shown, (QStringList{QStringLiteral("third"), QStringLiteral("third")}));
        QCOMPARE(view.jid(), QByteArray("third"));
        QVERIFY(field(view, QStringLiteral("queue")).contains(QStringLiteral(">mail</a>")));
        QCOMPARE(view.dataView()->model()->index(0, JsonTreeModel::ValueColumn).data().toString(), QStringLiteral("3"));

        // The reader on its own: a read superseded before it is delivered is reported stale, with
        // nothing in it.
        JobDetailReader reader(client());
        QList<bool> current;
        QByteArrayList jids;
        const auto record = [&](const QlessReply<JobDetailReader::Content> &reply, bool isCurrent) {
            current << isCurrent;
            jids << (reply.value.job ? reply.value.job->jid : QByteArray("-"));
        };
        reader.read("big-first", record);
        reader.read("second", record);
        QTRY_COMPARE_WITH_TIMEOUT(current.size(), 2, 30000);
        QCOMPARE(current, (QList<bool>{false, true}));
        QCOMPARE(jids, (QByteArrayList{"-", "second"}));
    }

    void screenshotOfAFailedJob()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        const QByteArray jid = seedFailedJob(now);
        JobDetailDialog dialog(new JobDetailReader(client()));
        dialog.show();
        QSignalSpy loaded(dialog.view(), &JobDetailView::loaded);
        dialog.showJob(jid);
        QVERIFY(loaded.wait(30000));
        screenshot(&dialog, QStringLiteral("job-detail-failed"));
        dialog.view()->tabs()->setCurrentIndex(0);
        dialog.view()->dataView()->treeView()->expandAll();
        screenshot(&dialog, QStringLiteral("job-detail-data"));
        dialog.view()->tabs()->setCurrentIndex(1);
        screenshot(&dialog, QStringLiteral("job-detail-history"));
    }

    void failedByCurrentQlessWithLogEntries()
    {
        // As current qless writes it: `expires` '', `worker` '', `time` the last change (the
        // pop), the history a list with a worker's log entries.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData qless(fixture());
        const QByteArray jid = "9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e";
        qless.put("crawl", jid, now - 3600, 0, "Crawler::FetchPage", "{\"url\":\"https://shop.example.com/cart\"}");
        qless.pop("crawl", jid, "crawler-2.prod:4410", now - 1200);
        qless.log(jid, now - 1190, "fetching", "{\"url\":\"https://shop.example.com/cart\",\"attempt\":1}");
        qless.log(jid, now - 1100, "got 503, backing off");
        qless.fail("crawl", jid, "crawler-2.prod:4410", "HTTPError", "503 Service Unavailable", now - 1000);

        JobDetailView view(new JobDetailReader(client()));
        view.resize(900, 640);
        view.show();
        QVERIFY(load(view, jid));
        QVERIFY(view.problemsLabel()->isHidden());
        QVERIFY(view.timedOutLabel()->isHidden());
        // Put from the history, last change from `time`, each local with UTC on hover.
        QVERIFY(field(view, QStringLiteral("put")).contains(QStringLiteral("(1 h")));
        QVERIFY(field(view, QStringLiteral("put")).contains(TimeText::utc(now - 3600)));
        QVERIFY(field(view, QStringLiteral("put")).contains(TimeText::local(now - 3600)));
        QVERIFY(field(view, QStringLiteral("time")).contains(QStringLiteral("(20 min")));
        QVERIFY(!field(view, QStringLiteral("expires")).contains(QStringLiteral("invalid")));
        HistoryModel *history = view.historyModel();
        QCOMPARE(history->rowCount(), 5);
        QCOMPARE(history->index(2, HistoryModel::EventColumn).data().toString(), QStringLiteral("log"));
        QVERIFY(
            history->index(2, HistoryModel::DetailsColumn).data().toString().startsWith(QStringLiteral("fetching; ")));
        QVERIFY(history->index(2, HistoryModel::DetailsColumn).data().toString().contains(QStringLiteral("attempt")));
        QCOMPARE(history->index(3, HistoryModel::DetailsColumn).data().toString(),
                 QStringLiteral("got 503, backing off"));
        view.tabs()->setCurrentIndex(1);
        screenshot(&view, QStringLiteral("job-detail-current-qless-history"));
    }

    // A running job whose lock ran out is stalled, as qless counts it (the hash still says
    // running); one whose lock still holds is running.
    void lockRunOutShowsStalled()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData qless(fixture());
        qless.put("crawl", "hung", now - 900);
        qless.pop("crawl", "hung", "crawler-5.prod:301", now - 600);
        qless.put("crawl", "busy", now - 900);
        qless.pop("crawl", "busy", "crawler-6.prod:302", now - 10, 600);

        JobDetailView view(new JobDetailReader(client()));
        view.resize(900, 640);
        view.show();
        QVERIFY(load(view, "hung"));
        QCOMPARE(view.job()->state, QStringLiteral("running"));
        QCOMPARE(view.stateLabel()->text(), QStringLiteral("stalled"));
        QVERIFY(view.stateLabel()->toolTip().contains(QStringLiteral("lock expired")));
        screenshot(&view, QStringLiteral("job-detail-lock-expired"));
        QVERIFY(load(view, "busy"));
        QCOMPARE(view.stateLabel()->text(), QStringLiteral("running"));
        QVERIFY(view.stateLabel()->toolTip().isEmpty());
    }

    void timedOutJobSaysWhenAndFromWhom()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData qless(fixture());
        qless.put("crawl", "slow", now - 900);
        qless.pop("crawl", "slow", "crawler-5.prod:301", now - 600);
        qless.timeout("crawl", "slow", now - 120);

        JobDetailView view(new JobDetailReader(client()));
        view.resize(900, 640);
        view.show();
        QVERIFY(load(view, "slow"));
        QVERIFY(view.job()->timedOut);
        QVERIFY(view.problemsLabel()->isHidden());
        QVERIFY(!view.timedOutLabel()->isHidden());
        const QString banner = view.timedOutLabel()->text();
        QVERIFY2(banner.contains(QStringLiteral("(2 min")), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("crawler-5.prod:301")), qPrintable(banner));
        QVERIFY(banner.contains(QStringLiteral("first in line")));
        QVERIFY(field(view, QStringLiteral("put")).contains(QStringLiteral("(15 min")));
        QVERIFY(field(view, QStringLiteral("time")).contains(QStringLiteral("(10 min")));
        screenshot(&view, QStringLiteral("job-detail-timed-out"));
    }
};

QTEST_MAIN(TestJobDetailView)
#include "tst_jobdetailview.moc"
