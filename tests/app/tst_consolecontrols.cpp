// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "auditlog.h"
#include "consolecontrolskit.h"
#include "deploymentdata.h"
#include "historymodel.h"
#include "jobdetaildialog.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobnotedialog.h"
#include "jobsource.h"
#include "mainwindow.h"
#include "overviewpage.h"
#include "pagetestbase.h"
#include "qlessclient.h"
#include "queueactions.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "recurringeditdialog.h"
#include "recurringlistmodel.h"
#include "refreshtimer.h"
#include "tableexportbutton.h"
#include "workeractions.h"
#include "workerlistmodel.h"
#include "workerspage.h"

#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;
using namespace ConsoleControlsKit;

// qless's own controls as an operator uses them, offscreen against a real Redis: pause and
// unpause queues from the Overview (one, a selection, all), forget the empty ones, max
// concurrency, the window title's paused count, deregistering workers, a note in a job's history
// and a recurring template's backlog. Each write is confirmed where it must be and audited;
// tst_readonlyrefusals has them refused on a read-only connection.
class TestConsoleControls final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    double m_now = 0;

    std::unique_ptr<QlessSession> auditedSession(bool readOnly = false)
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")), readOnly);
    }

    bool isPaused(const QByteArray &queue)
    {
        return fixture().command({"SISMEMBER", "ql:paused_queues", queue}).integer == 1;
    }

    void seedQueues() { ConsoleControlsKit::seedQueues(fixture(), m_now); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init()
    {
        fixture().flush();
        QFile::remove(m_dir.filePath(QStringLiteral("audit.jsonl")));
        m_now = double(QDateTime::currentSecsSinceEpoch());
    }

    void pauseAndUnpauseFromTheOverview()
    {
        seedQueues();
        auto s = auditedSession();
        OverviewPage page(s.get());
        page.resize(1400, 700);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        const int crawl = rowOf(view, QStringLiteral("crawl"));
        QVERIFY(crawl >= 0);

        // One queue, from its context menu, confirmed.
        QMenu *menu = openContextMenu(view, crawl, QStringLiteral("queueActionsMenu"));
        QVERIFY(menu);
        QAction *pause = findAction(menu, QStringLiteral("Pause"));
        QVERIFY(pause && pause->isEnabled());
        QVERIFY(!findAction(menu, QStringLiteral("Unpause")));
        pause->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("“crawl”")), qPrintable(confirm->text()));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_VERIFY_WITH_TIMEOUT(isPaused("crawl"), 10000);
        QVERIFY(!isPaused("index"));
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("pause"), 10000);
        QCOMPARE(lastRecord(s.get()).outcome, QStringLiteral("done"));
        QCOMPARE(lastRecord(s.get()).arguments.value(QStringLiteral("queues")).toArray(),
                 QJsonArray{QStringLiteral("crawl")});

        // The row says so: name, tint, tooltip.
        QVERIFY(refresh(&page));
        const QModelIndex name = view->model()->index(rowOf(view, QStringLiteral("crawl")), QueueListModel::NameColumn);
        QCOMPARE(name.data().toString(), QStringLiteral("crawl (paused)"));
        QVERIFY(name.data(Qt::BackgroundRole).isValid());
        // Since when: this console paused it, so its audit log knows.
        QVERIFY2(name.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Paused since ")),
                 qPrintable(name.data(Qt::ToolTipRole).toString()));
        QVERIFY(!view->model()->index(rowOf(view, QStringLiteral("index")), 0).data(Qt::BackgroundRole).isValid());
        QVERIFY(page.summaryLabel()->text().contains(QStringLiteral("paused: crawl")));
        screenshot(&page, QStringLiteral("overview-queue-paused"));

        // A selection of two: one paused, one not; then "Unpause all…".
        view->selectionModel()->clearSelection();
        view->selectRow(rowOf(view, QStringLiteral("empty")));
        view->selectionModel()->select(view->model()->index(rowOf(view, QStringLiteral("index")), 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
        menu = openContextMenu(view, rowOf(view, QStringLiteral("index")), QStringLiteral("queueActionsMenu"));
        QVERIFY(menu);
        QAction *pauseTwo = findAction(menu, QStringLiteral("Pause 2"));
        QVERIFY(pauseTwo);
        pauseTwo->trigger();
        menu->close();
        QVERIFY(answer(waitForWidget<QMessageBox>(QStringLiteral("confirmAction")), QMessageBox::AcceptRole));
        QTRY_VERIFY_WITH_TIMEOUT(isPaused("index") && isPaused("empty"), 10000);
        QVERIFY(refresh(&page));
        QCOMPARE(page.queueModel()->pausedCount(), 3);

        menu = openContextMenu(view, 0, QStringLiteral("queueActionsMenu"));
        QAction *unpauseAll = findAction(menu, QStringLiteral("Unpause all…"));
        QVERIFY(unpauseAll && unpauseAll->isEnabled());
        QVERIFY(!findAction(menu, QStringLiteral("Pause all…"))->isEnabled());
        unpauseAll->trigger();
        menu->close();
        QVERIFY(answer(waitForWidget<QMessageBox>(QStringLiteral("confirmAction")), QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"SCARD", "ql:paused_queues"}).integer, 0LL, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("unpause"), 10000);
        QCOMPARE(lastRecord(s.get()).arguments.value(QStringLiteral("queues")).toArray().size(), 3);
    }

    // The Queues page's queue list carries the same controls as the Overview's.
    void pauseFromTheQueuesPage()
    {
        seedQueues();
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1400, 700);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        const int index = rowOf(view, QStringLiteral("index"));
        QVERIFY(index >= 0);
        QMenu *menu = openContextMenu(view, index, QStringLiteral("queueActionsMenu"));
        QVERIFY(menu);
        QAction *pause = findAction(menu, QStringLiteral("Pause"));
        QVERIFY(pause && pause->isEnabled());
        pause->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_VERIFY_WITH_TIMEOUT(isPaused("index"), 10000);
        QVERIFY(!isPaused("crawl"));
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("pause"), 10000);
    }

    void declinedPauseSendsNothing()
    {
        seedQueues();
        auto s = auditedSession();
        OverviewPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        QueueActions::of(s.get())->pause({QStringLiteral("crawl")}, &page);
        QVERIFY(answer(waitForWidget<QMessageBox>(QStringLiteral("confirmAction")), QMessageBox::RejectRole));
        QTest::qWait(300);
        QVERIFY(!isPaused("crawl"));
        QVERIFY(s->auditLog()->records().isEmpty());
    }

    void forgetKeepsQueuesThatHoldJobs()
    {
        seedQueues();
        auto s = auditedSession();
        OverviewPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        view->selectRow(rowOf(view, QStringLiteral("empty")));
        view->selectionModel()->select(view->model()->index(rowOf(view, QStringLiteral("index")), 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QMenu *menu = openContextMenu(view, rowOf(view, QStringLiteral("empty")), QStringLiteral("queueActionsMenu"));
        QAction *forget = findAction(menu, QStringLiteral("Forget the empty ones…"));
        QVERIFY(forget && forget->isEnabled());
        forget->trigger();
        menu->close();
        QVERIFY(answer(waitForWidget<QMessageBox>(QStringLiteral("confirmAction")), QMessageBox::AcceptRole));
        QMessageBox *result = waitForWidget<QMessageBox>(QStringLiteral("actionResult"));
        QVERIFY(result);
        QVERIFY2(result->text().contains(QStringLiteral("Forgotten: empty.")), qPrintable(result->text()));
        QVERIFY2(result->text().contains(QStringLiteral("hold jobs or a recurring template: index.")),
                 qPrintable(result->text()));
        screenshot(result, QStringLiteral("forget-queues-result"));
        result->close();
        QVERIFY(fixture().command({"ZSCORE", "ql:queues", "empty"}).isNil());
        QVERIFY(!fixture().command({"ZSCORE", "ql:queues", "index"}).isNil());
        QCOMPARE(lastRecord(s.get()).action, QStringLiteral("forget queues"));
        QCOMPARE(lastRecord(s.get()).outcome, QStringLiteral("partial"));
        QVERIFY(refresh(&page));
        QCOMPARE(rowOf(view, QStringLiteral("empty")), -1);

        // A queue holding jobs alone: Forget is offered disabled, saying why.
        menu = openContextMenu(view, rowOf(view, QStringLiteral("crawl")), QStringLiteral("queueActionsMenu"));
        QAction *busy = findAction(menu, QStringLiteral("Forget…"));
        QVERIFY(busy && !busy->isEnabled());
        QVERIFY(busy->toolTip().contains(QStringLiteral("holds no job")));
        menu->close();
    }

    void maxConcurrencyEditedOnTheOverview()
    {
        seedQueues();
        auto s = auditedSession();
        OverviewPage page(s.get());
        page.resize(1400, 600);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        QMenu *menu = openContextMenu(view, rowOf(view, QStringLiteral("crawl")), QStringLiteral("queueActionsMenu"));
        findAction(menu, QStringLiteral("Max concurrency…"))->trigger();
        menu->close();
        auto *input = waitForWidget<QInputDialog>(QStringLiteral("maxConcurrencyInput"));
        QVERIFY(input);
        QCOMPARE(input->inputMode(), QInputDialog::IntInput); // numbers only
        input->setIntValue(3);
        input->accept();
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"HGET", "ql:config", "crawl-max-concurrency"}).text(),
                                  QByteArray("3"), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("config set"), 10000);
        QCOMPARE(lastRecord(s.get()).arguments.value(QStringLiteral("option")).toString(),
                 QStringLiteral("crawl-max-concurrency"));
        QVERIFY(refresh(&page));
        const int crawl = rowOf(view, QStringLiteral("crawl"));
        QCOMPARE(view->model()->index(crawl, QueueListModel::RunningColumn).data().toString(), QStringLiteral("1 / 3"));
        screenshot(&page, QStringLiteral("overview-max-concurrency"));

        // 0 lifts the limit: the option goes, as qless's default.
        menu = openContextMenu(view, crawl, QStringLiteral("queueActionsMenu"));
        findAction(menu, QStringLiteral("Max concurrency…"))->trigger();
        menu->close();
        input = waitForWidget<QInputDialog>(QStringLiteral("maxConcurrencyInput"));
        QCOMPARE(input->intValue(), 3);
        input->setIntValue(0);
        input->accept();
        QTRY_VERIFY_WITH_TIMEOUT(fixture().command({"HEXISTS", "ql:config", "crawl-max-concurrency"}).integer == 0,
                                 10000);
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("config unset"), 10000);
    }

    void windowTitleCountsPausedQueues()
    {
        seedQueues();
        MainWindow window;
        window.resize(1300, 800);
        window.setSession(auditedSession());
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->lastRefresh().isValid(), 10000);
        QVERIFY(!window.windowTitle().contains(QStringLiteral("paused")));
        DeploymentData qless(fixture());
        qless.pause("crawl");
        qless.pause("index");
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(QStringLiteral("2 paused")), 10000);
        // From another page too (the count is read there, not taken from the Overview).
        window.showPage(QStringLiteral("Workers"));
        fixture().command({"SREM", "ql:paused_queues", "index"});
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(QStringLiteral("1 paused")), 10000);
        fixture().command({"DEL", "ql:paused_queues"});
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(!window.windowTitle().contains(QStringLiteral("paused")), 10000);
    }

    void deregisterWorkers()
    {
        DeploymentData qless(fixture());
        for (int i = 0; i < 4; ++i)
            qless.put("q", "j" + QByteArray::number(i), m_now - 4000);
        qless.pop("q", "j0", "old-1", m_now - 3600);
        qless.pop("q", "j1", "old-2", m_now - 1800);
        qless.pop("q", "j2", "live-1", m_now - 10);
        qless.pop("q", "j3", "live-2", m_now - 5);
        auto s = auditedSession();
        WorkersPage page(s.get());
        page.resize(1300, 600);
        page.show();
        QVERIFY(refresh(&page));
        QCOMPARE(page.workerModel()->rowCount(), 4);
        // Last seen: shown as an age, sorted by the time.
        QTableView *view = page.workerView();
        view->sortByColumn(WorkerListModel::LastSeenColumn, Qt::AscendingOrder);
        QCOMPARE(view->model()->index(0, WorkerListModel::NameColumn).data().toString(), QStringLiteral("old-1"));
        QVERIFY(
            view->model()->index(0, WorkerListModel::LastSeenColumn).data().toString().contains(QStringLiteral("ago")));

        // One, from the context menu: the worker whose jobs are listed.
        page.showWorker(QStringLiteral("live-2"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 1, 10000);
        QMenu *menu = openContextMenu(view, 3, QStringLiteral("workerActionsMenu"));
        QCOMPARE(view->model()->index(3, 0).data().toString(), QStringLiteral("live-2"));
        findAction(menu, QStringLiteral("Deregister…"))->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm && confirm->text().contains(QStringLiteral("worker live-2")));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_VERIFY_WITH_TIMEOUT(fixture().command({"ZSCORE", "ql:workers", "live-2"}).isNil(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("deregister workers"), 10000);
        // The job pane leaves the worker that is gone, and says so.
        QVERIFY(refresh(&page));
        QCOMPARE(page.currentWorker(), QString());
        QVERIFY(!page.jobPane()->model()->source().isValid());
        QVERIFY2(page.jobPane()->headingLabel()->text().contains(QStringLiteral("live-2 is no longer registered")),
                 qPrintable(page.jobPane()->headingLabel()->text()));
        QVERIFY(page.jobPane()->exportButton()->isHidden());

        // All idle for longer than 10 minutes: the count before confirming.
        page.deregisterIdleButton()->click();
        auto *input = waitForWidget<QInputDialog>(QStringLiteral("idleMinutesInput"));
        QVERIFY(input);
        input->setIntValue(10);
        input->accept();
        confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("2 workers (old-1, old-2)")), qPrintable(confirm->text()));
        screenshot(confirm, QStringLiteral("deregister-idle-confirm"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"ZCARD", "ql:workers"}).integer, 1LL, 10000);
        QVERIFY(!fixture().command({"ZSCORE", "ql:workers", "live-1"}).isNil());
        // Their jobs stay.
        QCOMPARE(fixture().command({"HGET", "ql:j:j0", "state"}).text(), QByteArray("running"));
        QVERIFY(refresh(&page));
        QCOMPARE(page.workerModel()->rowCount(), 1);
        screenshot(&page, QStringLiteral("workers-after-deregister"));
    }

    void deregisterIdleAndExportFromTheOverview()
    {
        DeploymentData qless(fixture());
        qless.put("q", "j0", m_now - 4000);
        qless.put("q", "j1", m_now - 4000);
        qless.pop("q", "j0", "old-1", m_now - 3600);
        qless.pop("q", "j1", "live-1", m_now - 10);
        auto s = auditedSession();
        OverviewPage page(s.get());
        page.resize(1300, 700);
        page.show();
        QVERIFY(refresh(&page));
        QVERIFY(page.workersExportButton()->isVisible() && page.workersExportButton()->isEnabled());
        QSignalSpy exported(page.workersExportButton(), &TableExportButton::finished);
        QVERIFY(page.workersExportButton()->exportTo(m_dir.filePath(QStringLiteral("workers.csv"))));
        QVERIFY(exported.wait(10000));
        QVERIFY(exported.first().first().toBool());
        QFile csv(m_dir.filePath(QStringLiteral("workers.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().trimmed().split('\n').size(), 3); // header, two workers
        screenshot(&page, QStringLiteral("overview-workers-actions"));

        page.deregisterIdleButton()->click();
        auto *input = waitForWidget<QInputDialog>(QStringLiteral("idleMinutesInput"));
        QVERIFY(input);
        input->setIntValue(10);
        input->accept();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("old-1")), qPrintable(confirm->text()));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_VERIFY_WITH_TIMEOUT(fixture().command({"ZSCORE", "ql:workers", "old-1"}).isNil(), 10000);
        QVERIFY(!fixture().command({"ZSCORE", "ql:workers", "live-1"}).isNil());
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("deregister workers"), 10000);

        // Read-only: the button is there, disabled, saying why.
        auto readOnly = auditedSession(true);
        OverviewPage watching(readOnly.get());
        QVERIFY(!watching.deregisterIdleButton()->isEnabled());
        QCOMPARE(watching.deregisterIdleButton()->toolTip(), ActionCenter::readOnlyReason());
    }

    void noteValidatedAndWritten()
    {
        QCOMPARE(JobNoteDialog::problem(QString(), QString()), QStringLiteral("Write a message."));
        QVERIFY(
            JobNoteDialog::problem(QStringLiteral("m"), QStringLiteral("{oops")).contains(QStringLiteral("not JSON")));
        QVERIFY(JobNoteDialog::problem(QStringLiteral("m"), QStringLiteral("[1]")).contains(QStringLiteral("object")));
        QVERIFY(JobNoteDialog::problem(QStringLiteral("m"), QStringLiteral(" {\"a\": 1} ")).isEmpty());

        DeploymentData qless(fixture());
        qless.put("crawl", "n1", m_now - 60);
        auto s = auditedSession();
        JobDetailDialog window(new JobDetailReader(s->client()));
        window.setActions(ActionCenter::of(s.get()));
        QSignalSpy loaded(window.view(), &JobDetailView::loaded);
        window.showJob("n1");
        window.show();
        QVERIFY(loaded.wait(10000));
        const int before = window.view()->historyModel()->rowCount();
        QMenu *menu = window.actionsButton()->menu();
        emit menu->aboutToShow();
        QAction *add = findAction(menu, QStringLiteral("Add note…"));
        QVERIFY(add && add->isEnabled());
        add->trigger();
        auto *dialog = waitForWidget<JobNoteDialog>(QStringLiteral("jobNote"));
        QVERIFY(dialog);
        QVERIFY(!dialog->saveButton()->isEnabled());
        dialog->messageEdit()->setText(QStringLiteral("checked by ops"));
        dialog->dataEdit()->setPlainText(QStringLiteral("{\"ticket\": "));
        QVERIFY(!dialog->saveButton()->isEnabled());
        QVERIFY(dialog->problemLabel()->text().contains(QStringLiteral("not JSON")));
        screenshot(dialog, QStringLiteral("job-add-note-invalid"));
        dialog->dataEdit()->setPlainText(QStringLiteral("{\"ticket\": \"OPS-12\"}"));
        QVERIFY(dialog->saveButton()->isEnabled());
        dialog->saveButton()->click();

        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"LLEN", "ql:j:n1-history"}).integer, 2LL, 10000);
        const QJsonArray entry =
            QJsonDocument::fromJson(fixture().command({"LINDEX", "ql:j:n1-history", "-1"}).text()).array();
        QCOMPARE(entry.at(1).toString(), QStringLiteral("checked by ops"));
        QCOMPARE(entry.at(2).toObject().value(QStringLiteral("ticket")).toString(), QStringLiteral("OPS-12"));
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("log"), 10000);
        QCOMPARE(lastRecord(s.get()).outcome, QStringLiteral("done"));
        QCOMPARE(lastRecord(s.get())
                     .arguments.value(QStringLiteral("data"))
                     .toObject()
                     .value(QStringLiteral("ticket"))
                     .toString(),
                 QStringLiteral("OPS-12"));
        // The window reads the job again: the note is in its history.
        QTRY_COMPARE_WITH_TIMEOUT(window.view()->historyModel()->rowCount(), before + 1, 10000);
        window.view()->tabs()->setCurrentIndex(1);
        screenshot(&window, QStringLiteral("job-window-note"));
    }

    void timeOutRunningJobs()
    {
        DeploymentData qless(fixture());
        for (int i = 0; i < 5; ++i) {
            const QByteArray jid = "t" + QByteArray::number(i);
            qless.put("crawl", jid, m_now - 100 + i);
            qless.pop("crawl", jid, "w-" + QByteArray::number(i % 2), m_now - 50 + i);
        }
        auto s = auditedSession();
        QlessClient *client = s->client();

        // One job, from the job window: confirmed even alone.
        JobDetailDialog window(new JobDetailReader(client));
        window.setActions(ActionCenter::of(s.get()));
        QSignalSpy loaded(window.view(), &JobDetailView::loaded);
        window.showJob("t0");
        window.show();
        QVERIFY(loaded.wait(10000));
        QMenu *menu = window.actionsButton()->menu();
        emit menu->aboutToShow();
        QAction *timeOut = findAction(menu, QStringLiteral("Time out…"));
        QVERIFY(timeOut && timeOut->isEnabled());
        timeOut->trigger();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm && confirm->text().contains(QStringLiteral("job t0")));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"HGET", "ql:j:t0", "state"}).text(), QByteArray("stalled"), 10000);
        QVERIFY(fixture().command({"ZSCORE", "ql:q:crawl-locks", "t0"}).isNil());
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("timeout"), 10000);
        window.close();

        // A selection of two from a Running list, then "All N" of it.
        JobListPane pane(s.get());
        JobListActions::install(pane.view(), pane.model(), s.get());
        pane.setSource(JobSource::queueState(client, QStringLiteral("crawl"), QStringLiteral("running")),
                       QStringLiteral("running in crawl"));
        pane.resize(900, 400);
        pane.show();
        QTRY_COMPARE_WITH_TIMEOUT(pane.model()->rowCount(), 4, 10000);
        pane.view()->selectRow(0);
        pane.view()->selectionModel()->select(pane.view()->model()->index(1, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QByteArray first = pane.view()->model()->index(0, 0).data(JobListModel::KeyRole).toByteArray();
        menu = openContextMenu(pane.view(), 0, QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        QList<QAction *> timeOuts;
        for (QAction *action : menu->actions()) {
            if (action->text() == QStringLiteral("Time out…"))
                timeOuts << action;
        }
        QCOMPARE(timeOuts.size(), 1); // the selection's; the "All" one is in the submenu
        timeOuts.first()->trigger();
        menu->close();
        confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm && confirm->text().contains(QStringLiteral("2 selected jobs")));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"ZCARD", "ql:q:crawl-locks"}).integer, 2LL, 10000);
        QCOMPARE(fixture().command({"HGET", "ql:j:" + first, "state"}).text(), QByteArray("stalled"));

        bool refreshed = false;
        pane.refresh([&refreshed](bool) { refreshed = true; });
        QTRY_VERIFY_WITH_TIMEOUT(refreshed, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(pane.model()->rowCount(), 2, 10000);
        menu = openContextMenu(pane.view(), 0, QStringLiteral("jobActionsMenu"));
        QMenu *all = nullptr;
        for (QAction *action : menu->actions()) {
            if (action->menu() && action->text() == QStringLiteral("All 2 jobs in this list"))
                all = action->menu();
        }
        QVERIFY(all);
        findAction(all, QStringLiteral("Time out…"))->trigger();
        menu->close();
        confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"ZCARD", "ql:q:crawl-locks"}).integer, 0LL, 10000);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(fixture().command({"HGET", "ql:j:t" + QByteArray::number(i), "state"}).text(),
                     QByteArray("stalled"));
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("timeout"), 10000);
        // A waiting or timed-out job's menu offers no time out.
        menu = window.actionsButton()->menu();
        emit menu->aboutToShow();
        QVERIFY(!findAction(menu, QStringLiteral("Time out…")));
    }

    void recurringBacklogEdited()
    {
        fixture().qless("recur", m_now, {"crawl", "r1", "Crawl::Job", "{}", "interval", "60", "0"});
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1300, 600);
        page.show();
        QVERIFY(refresh(&page));
        page.showQueue(QStringLiteral("crawl"));
        page.showTab(QueuesPage::RecurringTab);
        QTRY_COMPARE_WITH_TIMEOUT(page.recurringModel()->rowCount(), 1, 10000);
        // As the operator does it: the template's context menu, "Edit…".
        QMenu *menu =
            openContextMenu(page.tableView(QueuesPage::RecurringTab), 0, QStringLiteral("recurringActionsMenu"));
        QVERIFY(menu);
        QAction *edit = findAction(menu, QStringLiteral("Edit…"));
        QVERIFY(edit && edit->isEnabled());
        edit->trigger();
        menu->close();
        auto *dialog = waitForWidget<RecurringEditDialog>(QStringLiteral("recurringEdit"));
        QVERIFY(dialog);
        QCOMPARE(dialog->backlogBox()->value(), 0);
        dialog->backlogBox()->setValue(4);
        QCOMPARE(*dialog->update().backlog, 4);
        QVERIFY(!dialog->update().interval);
        screenshot(dialog, QStringLiteral("recurring-edit-backlog"));
        dialog->accept();
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"HGET", "ql:r:r1", "backlog"}).text(), QByteArray("4"), 10000);
        QCOMPARE(fixture().command({"HGET", "ql:r:r1", "interval"}).text(), QByteArray("60"));
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("recur update"), 10000);
        QCOMPARE(lastRecord(s.get()).arguments.value(QStringLiteral("backlog")).toInt(), 4);
        // On the next refresh (the window's, after ActionCenter::changed) the tab shows it.
        QVERIFY(refresh(&page));
        QCOMPARE(page.recurringModel()->index(0, RecurringListModel::BacklogColumn).data().toString(),
                 QStringLiteral("4"));
    }

    // "Pause all…" pressed once on the Queues page, confirmed: every queue is paused by one
    // call, audited once with all their names.
    void pauseAllFromTheQueuesPage()
    {
        seedQueues();
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1400, 700);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        QCOMPARE(view->model()->rowCount(), 3);
        QMenu *menu = openContextMenu(view, rowOf(view, QStringLiteral("crawl")), QStringLiteral("queueActionsMenu"));
        QVERIFY(menu);
        QAction *pauseAll = findAction(menu, QStringLiteral("Pause all…"));
        QVERIFY(pauseAll && pauseAll->isEnabled());
        QVERIFY(!findAction(menu, QStringLiteral("Unpause all…"))->isEnabled());
        pauseAll->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("3 queues (")), qPrintable(confirm->text()));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"SCARD", "ql:paused_queues"}).integer, 3LL, 10000);
        for (const QByteArray &queue : {QByteArray("crawl"), QByteArray("index"), QByteArray("empty")})
            QVERIFY2(isPaused(queue), queue.constData());
        QTRY_COMPARE_WITH_TIMEOUT(s->auditLog()->records().size(), 1, 10000);
        const AuditRecord record = lastRecord(s.get());
        QCOMPARE(record.action, QStringLiteral("pause"));
        QCOMPARE(record.outcome, QStringLiteral("done"));
        QStringList audited;
        for (const QJsonValue &queue : record.arguments.value(QStringLiteral("queues")).toArray())
            audited << queue.toString();
        audited.sort();
        QCOMPARE(audited, QStringList({QStringLiteral("crawl"), QStringLiteral("empty"), QStringLiteral("index")}));
        QVERIFY(refresh(&page));
        QCOMPARE(page.queueModel()->pausedCount(), 3);
    }
};

QTEST_MAIN(TestConsoleControls)
#include "tst_consolecontrols.moc"
