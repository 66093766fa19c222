// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "auditlog.h"
#include "deploymentdata.h"
#include "jobdetaildialog.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "overviewpage.h"
#include "pagetestbase.h"
#include "qlessclient.h"
#include "queueactions.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "recurringlistmodel.h"
#include "workeractions.h"
#include "workerlistmodel.h"
#include "workerspage.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;

// On a --read-only connection every control of qless's own writes (pause and unpause, forget,
// max concurrency, deregister, time out, a note, a recurring template's edit and stop) is offered
// disabled with the reason as its tooltip, refuses with that reason when reached anyway (a menu
// opened before the switch), and nothing reaches Redis or the audit log: the database is compared
// key by key before and after.
class TestReadOnlyRefusals final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    double m_now = 0;
    QList<QByteArray> m_before;

    std::unique_ptr<QlessSession> readOnlySession()
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")), true);
    }

    static int rowOf(QTableView *view, const QString &key, int role)
    {
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            if (view->model()->index(row, 0).data(role).toString() == key)
                return row;
        }
        return -1;
    }

    // Each of `texts` is in `menu`, disabled, saying why.
    static void verifyRefused(QMenu *menu, const QStringList &texts)
    {
        QVERIFY(menu);
        for (const QString &text : texts) {
            QAction *action = findAction(menu, text);
            QVERIFY2(action, qPrintable(text));
            QVERIFY2(!action->isEnabled(), qPrintable(text));
            QCOMPARE(action->toolTip(), ActionCenter::readOnlyReason());
        }
    }

    // A direct call answers with the read-only reason (and, by verifyNothingWritten, sends nothing).
    static void verifyRefusalShown()
    {
        QMessageBox *refused = waitForWidget<QMessageBox>(QStringLiteral("actionResult"));
        QVERIFY(refused);
        QVERIFY2(refused->text().contains(QStringLiteral("read-only")), qPrintable(refused->text()));
        refused->close();
    }

    void verifyNothingWritten()
    {
        QTest::qWait(200); // a write sent anyway would land by now
        QCOMPARE(fixture().snapshot(), m_before);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("audit.jsonl"))));
    }

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
        // crawl: one waiting, one running (worker w-1) and a template; idle: paused and empty.
        DeploymentData qless(fixture());
        qless.put("crawl", "c1", m_now - 60);
        qless.put("crawl", "c2", m_now - 50);
        qless.pop("crawl", "c2", "w-1", m_now - 40);
        fixture().qless("recur", m_now - 30, {"crawl", "r1", "Crawl::Job", "{}", "interval", "60", "0"});
        fixture().command({"ZADD", "ql:queues", "NX", QByteArray::number(m_now - 20, 'f', 3), "idle"});
        qless.pause("idle");
        m_before = fixture().snapshot();
        QVERIFY(m_before.size() > 5);
    }

    void queueMenu()
    {
        auto s = readOnlySession();
        OverviewPage page(s.get());
        page.resize(1300, 600);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        const int idle = rowOf(view, QStringLiteral("idle"), QueueListModel::KeyRole);
        QVERIFY(idle >= 0);
        // A paused queue that holds nothing: Unpause and Forget would be offered enabled.
        QMenu *menu = openContextMenu(view, idle, QStringLiteral("queueActionsMenu"));
        verifyRefused(menu, {QStringLiteral("Unpause"), QStringLiteral("Max concurrency…"), QStringLiteral("Forget…"),
                             QStringLiteral("Pause all…"), QStringLiteral("Unpause all…")});
        QVERIFY(!findAction(menu, QStringLiteral("Pause")));
        menu->close();
        menu = openContextMenu(view, rowOf(view, QStringLiteral("crawl"), QueueListModel::KeyRole),
                               QStringLiteral("queueActionsMenu"));
        verifyRefused(menu, {QStringLiteral("Pause"), QStringLiteral("Forget…")});
        menu->close();

        QueueActions *actions = QueueActions::of(s.get());
        actions->pause({QStringLiteral("crawl")}, &page);
        verifyRefusalShown();
        actions->unpause({QStringLiteral("idle")}, &page);
        verifyRefusalShown();
        actions->forget({QStringLiteral("idle")}, &page);
        verifyRefusalShown();
        verifyNothingWritten();
    }

    void workerMenu()
    {
        auto s = readOnlySession();
        WorkersPage page(s.get());
        page.resize(1300, 600);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.workerView();
        const int row = rowOf(view, QStringLiteral("w-1"), WorkerListModel::KeyRole);
        QVERIFY(row >= 0);
        QMenu *menu = openContextMenu(view, row, QStringLiteral("workerActionsMenu"));
        verifyRefused(menu, {QStringLiteral("Deregister…"), QStringLiteral("Deregister all idle for longer than…")});
        menu->close();
        QVERIFY(!page.deregisterIdleButton()->isEnabled());
        QCOMPARE(page.deregisterIdleButton()->toolTip(), ActionCenter::readOnlyReason());

        WorkerActions::of(s.get())->deregister({QStringLiteral("w-1")}, &page);
        verifyRefusalShown();
        verifyNothingWritten();
    }

    void runningRowAndJobWindow()
    {
        auto s = readOnlySession();
        QueuesPage page(s.get());
        page.resize(1300, 700);
        page.show();
        QVERIFY(refresh(&page));
        page.showQueue(QStringLiteral("crawl"));
        page.showTab(QueuesPage::RunningTab);
        QTableView *running = page.tableView(QueuesPage::RunningTab);
        QTRY_COMPARE_WITH_TIMEOUT(running->model()->rowCount(), 1, 10000);
        QMenu *menu = openContextMenu(running, 0, QStringLiteral("jobActionsMenu"));
        verifyRefused(menu, {QStringLiteral("Time out…"), QStringLiteral("Add note…"), QStringLiteral("Cancel…")});
        menu->close();

        // The job window's Actions: the running job, "Time out…" and "Add note…" refused there too.
        JobDetailDialog window(new JobDetailReader(s->client()));
        window.setActions(ActionCenter::of(s.get()));
        QSignalSpy loaded(window.view(), &JobDetailView::loaded);
        window.showJob("c2");
        window.show();
        QVERIFY(loaded.wait(10000));
        menu = window.actionsButton()->menu();
        emit menu->aboutToShow();
        verifyRefused(menu, {QStringLiteral("Add note…"), QStringLiteral("Time out…")});

        ActionCenter::of(s.get())->askAddNote("c2", &window);
        verifyRefusalShown();
        ActionCenter::of(s.get())->run(JobAction::timeout(), BulkTarget::ofJids({"c2"}), &window);
        verifyRefusalShown();
        verifyNothingWritten();
        QCOMPARE(fixture().command({"HGET", "ql:j:c2", "state"}).text(), QByteArray("running"));
    }

    void recurringMenu()
    {
        auto s = readOnlySession();
        QueuesPage page(s.get());
        page.resize(1300, 700);
        page.show();
        QVERIFY(refresh(&page));
        page.showQueue(QStringLiteral("crawl"));
        page.showTab(QueuesPage::RecurringTab);
        QTRY_COMPARE_WITH_TIMEOUT(page.recurringModel()->rowCount(), 1, 10000);
        QMenu *menu =
            openContextMenu(page.tableView(QueuesPage::RecurringTab), 0, QStringLiteral("recurringActionsMenu"));
        verifyRefused(menu, {QStringLiteral("Edit…"), QStringLiteral("Stop recurring…")});
        menu->close();

        const RecurringJob job =
            page.recurringModel()->index(0, 0).data(RecurringListModel::RecurringJobRole).value<RecurringJob>();
        QCOMPARE(job.jid, QByteArray("r1"));
        ActionCenter::of(s.get())->askEditRecurring(job, &page);
        verifyRefusalShown();
        ActionCenter::of(s.get())->askStopRecurring(job, &page);
        verifyRefusalShown();
        verifyNothingWritten();
    }
};

QTEST_MAIN(TestReadOnlyRefusals)
#include "tst_readonlyrefusals.moc"
