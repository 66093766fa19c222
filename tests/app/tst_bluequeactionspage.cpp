// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "activitypage.h"
#include "auditlogmodel.h"
#include "bluequeactions.h"
#include "bluequebulkrun.h"
#include "bluequegenerator.h"
#include "bluequelistenermodel.h"
#include "bluequepage.h"
#include "bluequetaskmodel.h"
#include "bulkrunrow.h"
#include "bulkrunspanel.h"
#include "mainwindow.h"
#include "pagetestbase.h"

#include <QDateTime>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>

using namespace ActionTestKit;

// Blueque's actions as an operator meets them, offscreen in the main window against a real
// Redis holding a deployment our generator wrote as Blueque v1.0.0 does: the task table's context
// menu, the confirmation that says what the console writes and how many, the run's summary in
// the runs panel and the Activity log's record; the disabled Cancel of started tasks; a
// read-only connection that offers nothing. Screenshots of the menu, the confirmation and the
// page after the run go to build/screenshots for people to look at.
class TestBluequeActionsPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr const char *Listener = "worker-1.example.com_4242";
    QTemporaryDir m_dir;

    QString auditPath() const { return m_dir.filePath(QStringLiteral("audit.jsonl")); }

    void seed()
    {
        BluequeGenerator blueque(fixture().redis());
        const double now = double(QDateTime::currentSecsSinceEpoch());
        blueque.addListener("transcode", Listener);
        for (int i = 0; i < 25; ++i) {
            const QByteArray id =
                blueque.enqueue("transcode", QByteArrayLiteral(R"({"video": "clip-)") + QByteArray::number(i) + "\"}",
                                now - 900 + i);
            blueque.dequeue("transcode", Listener, now - 800 + i);
            blueque.start("transcode", id, Listener, 5000 + i, now - 799 + i);
            blueque.fail("transcode", id, Listener, 5000 + i, "ffmpeg exited with status 1", now - 700 + i);
        }
        // A listener takes the oldest pending task: the one it runs is enqueued before the others.
        const QByteArray running = blueque.enqueue("transcode", R"({"video": "live"})", now - 90);
        QCOMPARE(blueque.dequeue("transcode", Listener, now - 89), running);
        blueque.start("transcode", running, Listener, 6001, now - 88);
        for (int i = 0; i < 3; ++i)
            blueque.enqueue("transcode", "plain text", now - 60 + i);
        blueque.schedule("transcode", R"({"video": "nightly"})", now + 3600, now - 10);
    }

    static QString acceptText(QMessageBox *box)
    {
        for (QAbstractButton *button : box->buttons())
            if (box->buttonRole(button) == QMessageBox::AcceptRole)
                return button->text();
        return {};
    }

    void showWindow(MainWindow &window, bool readOnly = false)
    {
        window.resize(1400, 900);
        window.setSession(sessionAuditedInto(auditPath(), readOnly));
        window.show();
    }

    BluequePage *openBlueque(MainWindow &window)
    {
        auto *page = window.findChild<BluequePage *>();
        if (!page || !QTest::qWaitFor([page] { return page->isAvailable(); }, 10000))
            return nullptr;
        if (!window.showPage(page->title()))
            return nullptr;
        if (!refresh(page))
            return nullptr;
        page->showQueue(QStringLiteral("transcode"));
        return page;
    }

    static bool showState(BluequePage *page, const QString &state, int rows)
    {
        page->showState(state);
        return QTest::qWaitFor(
            [&] { return page->taskModel()->state() == state && page->taskModel()->rowCount() == rows; }, 10000);
    }

    QByteArray auditText() const
    {
        QFile file(auditPath());
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init()
    {
        fixture().flush();
        QFile::remove(auditPath());
        seed();
    }

    void requeuesASelectionFromTheContextMenu()
    {
        MainWindow window;
        showWindow(window);
        BluequePage *page = openBlueque(window);
        QVERIFY(page);
        QVERIFY(showState(page, QStringLiteral("failed"), 25));
        page->taskView()->selectRow(0);
        page->taskView()->selectionModel()->select(page->taskModel()->index(2, 0),
                                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(page->chosenTasks().size(), 2);
        // The context menu of a selected row keeps the selection.
        QMenu *menu = openContextMenu(page->taskView(), 2, QStringLiteral("bluequeTaskMenu"));
        QVERIFY(menu);
        QAction *requeue = findAction(menu, QStringLiteral("Re&queue 2 selected tasks…"));
        QVERIFY(requeue);
        QVERIFY(requeue->isEnabled());
        QVERIFY(findAction(menu, QStringLiteral("Requeue &all 25 failed tasks of transcode…")));
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("blueque-actions-page"));
        screenshot(menu, QStringLiteral("blueque-actions-menu"));
        menu->close();
        requeue->trigger();

        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QLatin1String("2 selected failed tasks of transcode")),
                 qPrintable(confirm->text()));
        QVERIFY(confirm->text().contains(QLatin1String("blueque_pending_tasks_transcode")));
        QCOMPARE(acceptText(confirm), QStringLiteral("Requeue 2 tasks"));
        screenshot(confirm, QStringLiteral("blueque-actions-confirm-requeue"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));

        BluequeActions *actions = page->actions();
        QVERIFY(QTest::qWaitFor(
            [actions] { return actions->lastRun() && actions->lastRun()->phase() == BulkProgress::Phase::Finished; },
            20000));
        QCOMPARE(actions->lastRun()->summary().done, 2);
        QCOMPARE(fixture().command({"LLEN", "blueque_failed_tasks_transcode"}).integer, 23);
        // The runs panel shows the summary, as for qless's runs.
        const QList<BulkRunRow *> rows = window.runsPanel()->rows();
        QCOMPARE(rows.size(), 1);
        QVERIFY2(rows.first()->statusLabel()->text().contains(QLatin1String("2 of 2 tasks done")),
                 qPrintable(rows.first()->statusLabel()->text()));
        QVERIFY(QTest::qWaitFor([page] { return page->taskModel()->rowCount() == 23; }, 10000));
        screenshot(&window, QStringLiteral("blueque-actions-after-requeue"));
        QVERIFY(auditText().contains("\"blueque requeue\""));
        // The error text a requeue removes from each task is kept in the record.
        QVERIFY(auditText().contains("ffmpeg exited with status 1"));
        // The Activity log shows the run: its start and its end.
        QVERIFY(window.showPage(QStringLiteral("Activity")));
        auto *activity = window.findChild<ActivityPage *>();
        QVERIFY(activity);
        const auto shown = [activity] {
            int found = 0;
            AuditLogModel *model = activity->auditModel();
            for (int row = 0; row < model->rowCount(); ++row) {
                if (model->index(row, AuditLogModel::ActionColumn).data().toString()
                    == QLatin1String("blueque requeue"))
                    ++found;
            }
            return found;
        };
        QVERIFY(QTest::qWaitFor([&] { return shown() == 2; }, 10000));
        screenshot(&window, QStringLiteral("blueque-actions-activity"));
    }

    void cancelsAPendingTaskWithItsConfirmationAndOffersNoCancelOfStartedOnes()
    {
        MainWindow window;
        showWindow(window);
        BluequePage *page = openBlueque(window);
        QVERIFY(page);
        QVERIFY(showState(page, QStringLiteral("pending"), 3));
        page->taskView()->selectRow(1);
        const QByteArray id = page->taskModel()->index(1, 0).data(BluequeTaskModel::KeyRole).toByteArray();
        QMenu *menu = openContextMenu(page->taskView(), 1, QStringLiteral("bluequeTaskMenu"));
        QVERIFY(menu);
        QAction *cancel = findAction(menu, QStringLiteral("&Cancel 1 selected task…"));
        QVERIFY(cancel);
        menu->close();
        cancel->trigger();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        // Says what the console writes: Blueque has no cancelled state, the task is deleted.
        QVERIFY2(confirm->text().contains(QLatin1String("no cancelled state")), qPrintable(confirm->text()));
        QVERIFY(confirm->text().contains(QString::fromUtf8(id)));
        QCOMPARE(confirm->defaultButton()->text(), QStringLiteral("Don’t")); // destructive
        QCOMPARE(acceptText(confirm), QStringLiteral("Cancel 1 task"));      // one task: the singular
        screenshot(confirm, QStringLiteral("blueque-actions-confirm-cancel"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return fixture().command({"EXISTS", "blueque_task_" + id}).integer == 0;
            },
            20000));
        QCOMPARE(fixture().command({"LLEN", "blueque_pending_tasks_transcode"}).integer, 2);
        QVERIFY(QTest::qWaitFor([&] { return auditText().contains("\"blueque cancel\""); }, 10000));

        // Started tasks: where the operator looks for Cancel, it says why there is none.
        QVERIFY(showState(page, QStringLiteral("started"), 1));
        page->taskView()->selectRow(0);
        menu = openContextMenu(page->taskView(), 0, QStringLiteral("bluequeTaskMenu"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 1);
        QVERIFY(!menu->actions().first()->isEnabled());
        screenshot(menu, QStringLiteral("blueque-actions-started-menu-alone"));
        QVERIFY(menu->actions().first()->toolTip().contains(QLatin1String("cannot stop")));
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("blueque-actions-started-menu"));
        menu->close();

        // The listeners view: the listener holds the started task (and the reserved one).
        page->showListeners();
        BluequeListenerModel *listeners = page->listenerModel();
        QVERIFY(QTest::qWaitFor([listeners] { return listeners->rowCount() == 1; }, 10000));
        QCOMPARE(listeners->index(0, BluequeListenerModel::NameColumn).data().toString(), QString::fromUtf8(Listener));
        QCOMPARE(listeners->index(0, BluequeListenerModel::HeldColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(listeners->index(0, BluequeListenerModel::StartedColumn).data().toString(), QStringLiteral("1"));
        QVERIFY(listeners->index(0, BluequeListenerModel::LastChangeColumn)
                    .data()
                    .toString()
                    .contains(QLatin1String("ago")));
        QVERIFY(!page->actionsButton()->isEnabled());
        screenshot(&window, QStringLiteral("blueque-listeners"));

        // A listener gone from the set (claim_orphan removed it) left its reserved list: shown
        // after the listed ones with what it holds, marked.
        BluequeGenerator blueque(fixture().redis());
        const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000;
        blueque.addListener("transcode", "render-2.example.com_4410");
        const QByteArray left = blueque.enqueue("transcode", R"({"video": "orphan"})", now - 30);
        int taken = 0; // every pending task, the oldest first
        while (!blueque.dequeue("transcode", "render-2.example.com_4410", now - 20 + taken).isEmpty())
            ++taken;
        blueque.reclaim("transcode", "render-2.example.com_4410", Listener);
        listeners->setWalkIntervalMs(0); // the first walk was a moment ago
        page->refresh({});
        QVERIFY(QTest::qWaitFor([listeners] { return listeners->goneCount() == 1; }, 10000));
        QCOMPARE(listeners->rowCount(), 2);
        QCOMPARE(listeners->index(1, BluequeListenerModel::NameColumn).data().toString(),
                 QStringLiteral("render-2.example.com_4410"));
        QCOMPARE(listeners->index(1, BluequeListenerModel::HeldColumn).data().toString(), QString::number(taken));
        QVERIFY(
            listeners->index(1, BluequeListenerModel::TasksColumn).data().toString().contains(QString::fromUtf8(left)));
        QVERIFY(QTest::qWaitFor([page] { return page->statusLabel()->text().contains(QLatin1String("gone")); }, 5000));
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("blueque-listeners-gone"));

        // More listeners than a page: the next page is a button away.
        for (int i = 0; i < BluequeListenerModel::MaxListeners + 10; ++i)
            blueque.addListener("transcode",
                                "worker-" + QByteArray::number(i) + ".example.com_" + QByteArray::number(i));
        page->refresh({});
        QVERIFY(QTest::qWaitFor([page] { return page->nextListenersButton()->isVisible(); }, 10000));
        QVERIFY(!page->previousListenersButton()->isVisible());
        page->nextListenersButton()->click();
        QVERIFY(QTest::qWaitFor([page] { return page->previousListenersButton()->isVisible(); }, 10000));
        QCOMPARE(listeners->rowCount() - listeners->goneCount(), 1 + BluequeListenerModel::MaxListeners + 10 - 200);
        QVERIFY(!page->nextListenersButton()->isVisible());
        QVERIFY(page->statusLabel()->text().contains(QLatin1String("page 2")));
    }

    void aReadOnlyConnectionOffersNothing()
    {
        MainWindow window;
        showWindow(window, true);
        BluequePage *page = openBlueque(window);
        QVERIFY(page);
        QVERIFY(showState(page, QStringLiteral("failed"), 25));
        page->taskView()->selectRow(0);
        QMenu *menu = openContextMenu(page->taskView(), 0, QStringLiteral("bluequeTaskMenu"));
        QVERIFY(menu);
        QAction *requeueAll = findAction(menu, QStringLiteral("Requeue &all 25 failed tasks of transcode…"));
        QVERIFY(requeueAll);
        QVERIFY(!requeueAll->isEnabled());
        QVERIFY(requeueAll->toolTip().contains(QLatin1String("read-only")));
        menu->close();
        // Even if triggered (a menu opened before the switch), nothing is written.
        page->actions()->run(BluequeAction::ofWholeList(BluequeAction::Kind::Requeue, QStringLiteral("transcode"),
                                                        QStringLiteral("failed"), 25),
                             page);
        QMessageBox *refusal = waitForWidget<QMessageBox>(QStringLiteral("actionResult"));
        QVERIFY(refusal);
        QVERIFY(refusal->text().contains(QLatin1String("read-only")));
        refusal->close();
        QVERIFY(!page->actions()->lastRun());
        QCOMPARE(fixture().command({"LLEN", "blueque_failed_tasks_transcode"}).integer, 25);
    }
};

QTEST_MAIN(TestBluequeActionsPage)
#include "tst_bluequeactionspage.moc"
