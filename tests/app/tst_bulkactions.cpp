// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "auditlog.h"
#include "bulkrunner.h"
#include "bulkrunrow.h"
#include "bulkrunspanel.h"
#include "deploymentdata.h"
#include "failedpage.h"
#include "failuregroupmodel.h"
#include "jobdetaildialog.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "queuepickerdialog.h"
#include "queuespage.h"
#include "recurringeditdialog.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>

// The actions as an operator uses them, offscreen against a real Redis: the Failed page's
// Retry all answered in its confirmation, a selection moved from the context menu through the
// queue picker, "all N jobs in this list" beyond the loaded rows, a cancel refused because of
// dependents, the progress strip, and a read-only connection offering nothing but a tooltip.
class TestBulkActions final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;

    std::unique_ptr<QlessSession> auditedSession(bool readOnly = false)
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")), readOnly);
    }

    void showWindow(MainWindow &window, bool readOnly = false)
    {
        window.resize(1400, 860);
        window.setSession(auditedSession(readOnly));
        window.show();
    }

    void failJobs(const QByteArray &group, int count, const QByteArray &queue)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 60;
        for (int i = 0; i < count; ++i)
            fixture().put(queue, group + QByteArray::number(i), now + i * 0.001);
        while (!fixture().pop(queue, "w1", 500, now + 1).isEmpty()) {
        }
        for (int i = 0; i < count; ++i)
            fixture().call(QStringLiteral("fail"),
                           {group + QByteArray::number(i), "w1", group, "boom", QByteArray::number(now + 2, 'f', 3)});
    }

    template<typename T>
    static T *waitForWidget(const QString &name)
    {
        T *found = nullptr;
        (void)QTest::qWaitFor(
            [&found, &name] {
                for (QWidget *widget : QApplication::topLevelWidgets()) {
                    auto *candidate = qobject_cast<T *>(widget);
                    if (!candidate)
                        candidate = widget->findChild<T *>(name);
                    if (candidate && candidate->objectName() == name && candidate->isVisible()) {
                        found = candidate;
                        return true;
                    }
                }
                return false;
            },
            10000);
        return found;
    }

    static void answer(QMessageBox *box, QMessageBox::ButtonRole role)
    {
        QVERIFY(box);
        for (QAbstractButton *button : box->buttons()) {
            if (box->buttonRole(button) == role) {
                button->click();
                return;
            }
        }
        QFAIL("no such button");
    }

    static QAction *findAction(QMenu *menu, const QString &text)
    {
        for (QAction *action : menu->actions()) {
            if (action->text() == text)
                return action;
            if (action->menu()) {
                if (QAction *inner = findAction(action->menu(), text))
                    return inner;
            }
        }
        return nullptr;
    }

    static QMenu *openContextMenu(QTableView *view, int row)
    {
        const QRect rect = view->visualRect(view->model()->index(row, 0));
        emit view->customContextMenuRequested(rect.center());
        return waitForWidget<QMenu>(QStringLiteral("jobActionsMenu"));
    }

    static bool waitForRuns(ActionCenter *center, int count)
    {
        return QTest::qWaitFor(
            [center, count] {
                const QList<BulkRunner *> runs = center->runs();
                return runs.size() >= count && std::all_of(runs.begin(), runs.end(), [](BulkRunner *run) {
                           return run->phase() == BulkRunner::Phase::Finished;
                       });
            },
            60000);
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
        QFile::remove(m_dir.filePath(QStringLiteral("audit.jsonl")));
    }

    void retryAllFromTheFailedPage()
    {
        failJobs("boom", 450, "crawl");
        MainWindow window;
        showWindow(window);
        auto *page = window.findChild<FailedPage *>();
        QVERIFY(page);
        window.findChild<QListWidget *>()->setCurrentRow(
            3); // the Failed page (after Overview, Queues, Completed), as an operator would
        QCOMPARE(window.findChild<QStackedWidget *>()->currentWidget(), page);
        QTRY_COMPARE_WITH_TIMEOUT(page->jobPane()->model()->total(), 450, 30000);
        QTRY_VERIFY(page->retryAllButton()->isEnabled());
        screenshot(&window, QStringLiteral("actions-failed-page"));

        page->retryAllButton()->click();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("450")), qPrintable(confirm->text()));
        QVERIFY(confirm->text().contains(QStringLiteral("boom")));
        screenshot(confirm, QStringLiteral("actions-confirm-dialog"));
        answer(confirm, QMessageBox::AcceptRole);

        ActionCenter *center = ActionCenter::of(window.session());
        QVERIFY(waitForRuns(center, 1));
        QCOMPARE(center->runs().first()->summary().done, 450);
        QCOMPARE(fixture().command({"ZCARD", "ql:q:crawl-work"}).integer, 450);
        QCOMPARE(fixture().command({"EXISTS", "ql:f:boom"}).integer, 0);

        // The strip under the pages tells the outcome until dismissed.
        QList<BulkRunRow *> rows = window.runsPanel()->rows();
        QCOMPARE(rows.size(), 1);
        QVERIFY(window.runsPanel()->isVisible());
        QTRY_COMPARE(rows.first()->statusLabel()->text(), QStringLiteral("450 of 450 jobs done"));
        QCOMPARE(rows.first()->progressBar()->value(), 1000);
        // The page on screen was refreshed after the write: the group is gone.
        QTRY_COMPARE_WITH_TIMEOUT(page->groupModel()->rowCount(), 0, 30000);
        screenshot(&window, QStringLiteral("actions-retry-all-done"));
        rows.first()->button()->click();
        QTRY_VERIFY(!window.runsPanel()->isVisible());

        // Audited: the start and the end.
        const QList<AuditRecord> records = window.session()->auditLog()->records();
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.first().action, QStringLiteral("retry"));
        QCOMPARE(records.first().count, 450);
    }

    void moveASelectionThroughTheContextMenu()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 10; ++i)
            fixture().put("crawl", "j" + QByteArray::number(i), now - 100 + i);
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1300, 800);
        page.show();
        page.showQueue(QStringLiteral("crawl"));
        QVERIFY(refresh(&page));
        QTableView *jobs = page.tableView(QueuesPage::WaitingTab);
        QTRY_COMPARE_WITH_TIMEOUT(jobs->model()->rowCount(), 10, 30000);
        // Rows 2..4, as a shift-click range would.
        jobs->selectionModel()->select(QItemSelection(jobs->model()->index(2, 0), jobs->model()->index(4, 0)),
                                       QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QStringList chosen;
        for (int row = 2; row <= 4; ++row)
            chosen << jobs->model()->index(row, JobListModel::JidColumn).data().toString();

        // Delete asks before cancelling; "Don't" leaves the jobs alone.
        jobs->setFocus();
        QTest::keyClick(jobs, Qt::Key_Delete);
        QMessageBox *ask = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(ask);
        QVERIFY2(ask->text().startsWith(QStringLiteral("Cancel 3 selected jobs?")), qPrintable(ask->text()));
        // Waiting jobs chosen: the rule for a job a worker takes meanwhile is stated, and no
        // running job is said to go.
        QVERIFY2(ask->text().contains(QStringLiteral("one a worker started running since it was listed is not "
                                                     "cancelled but left to its worker")),
                 qPrintable(ask->text()));
        QVERIFY2(!ask->text().contains(QStringLiteral("Jobs listed as running")), qPrintable(ask->text()));
        answer(ask, QMessageBox::RejectRole);
        QCOMPARE(fixture().command({"ZCARD", "ql:q:crawl-work"}).integer, 10);

        QMenu *menu = openContextMenu(jobs, 3);
        QVERIFY(menu);
        screenshot(menu, QStringLiteral("actions-context-menu"));
        QAction *move = findAction(menu, QStringLiteral("Move to queue…"));
        QVERIFY(move);
        move->trigger();
        menu->close();
        auto *picker = waitForWidget<QueuePickerDialog>(QStringLiteral("queuePicker"));
        QVERIFY(picker);
        QTRY_VERIFY(picker->queueBox()->findText(QStringLiteral("crawl")) >= 0); // the queues were read
        picker->queueBox()->setCurrentText(QStringLiteral("parse"));
        screenshot(picker, QStringLiteral("actions-queue-picker"));
        picker->accept();

        ActionCenter *center = ActionCenter::of(s.get());
        QVERIFY(waitForRuns(center, 1));
        QCOMPARE(center->runs().first()->summary().done, 3);
        QSet<QString> moved;
        for (const RedisValue &value : fixture().command({"ZRANGE", "ql:q:parse-work", "0", "-1"}).elements)
            moved.insert(QString::fromUtf8(value.bytes));
        QCOMPARE(moved, QSet<QString>(chosen.begin(), chosen.end()));
    }

    // A job qless timed out is listed under Waiting, first in line: Retry (for failed jobs) is
    // not offered for it, and its tooltip says why, for the row and for the whole list.
    void aTimedOutJobInWaitingIsNotOfferedRetry()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData data(fixture());
        data.put("crawl", "late", now - 100);
        data.pop("crawl", "late", "w1", now - 90);
        data.timeout("crawl", "late", now - 10);
        fixture().put("crawl", "plain", now - 5);
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1300, 800);
        page.show();
        page.showQueue(QStringLiteral("crawl"));
        QVERIFY(refresh(&page));
        QTableView *jobs = page.tableView(QueuesPage::WaitingTab);
        QTRY_COMPARE_WITH_TIMEOUT(jobs->model()->rowCount(), 2, 30000);
        int lateRow = -1;
        for (int row = 0; row < jobs->model()->rowCount(); ++row) {
            if (jobs->model()->index(row, JobListModel::JidColumn).data().toString() == QLatin1String("late"))
                lateRow = row;
        }
        QVERIFY(lateRow >= 0);
        QMenu *menu = openContextMenu(jobs, lateRow);
        QVERIFY(menu);
        QAction *retry = findAction(menu, QStringLiteral("Retry"));
        QVERIFY(retry);
        QVERIFY(!retry->isEnabled());
        QVERIFY2(retry->toolTip().contains(QLatin1String("already waits first in line")), qPrintable(retry->toolTip()));
        menu->setActiveAction(retry);
        screenshot(menu, QStringLiteral("actions-timed-out-no-retry"));
        for (QAction *action : menu->actions()) {
            if (action->menu() && action->text().startsWith(QLatin1String("All "))) {
                QAction *allRetry = findAction(action->menu(), QStringLiteral("Retry"));
                QVERIFY(allRetry);
                QVERIFY(!allRetry->isEnabled());
                QVERIFY(allRetry->toolTip().contains(QLatin1String("already waits first in line")));
            }
        }
        menu->close();
    }

    void allJobsOfAListIncludeRowsNotLoaded()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 700; ++i)
            fixture().put("crawl", "j" + QByteArray::number(i), now - 1000 + i * 0.01);
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1300, 800);
        page.show();
        page.showQueue(QStringLiteral("crawl"));
        QVERIFY(refresh(&page));
        QTableView *jobs = page.tableView(QueuesPage::WaitingTab);
        QTRY_VERIFY_WITH_TIMEOUT(jobs->model()->rowCount() > 0, 30000);
        QVERIFY(jobs->model()->rowCount() < 700); // paged: most rows not loaded

        QMenu *menu = openContextMenu(jobs, 0);
        QVERIFY(menu);
        QMenu *all = nullptr;
        for (QAction *action : menu->actions()) {
            if (action->menu() && action->text() == QStringLiteral("All 700 jobs in this list"))
                all = action->menu();
        }
        QVERIFY(all);
        QAction *high = findAction(all, QStringLiteral("High (10)"));
        QVERIFY(high);
        high->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("700")), qPrintable(confirm->text()));
        answer(confirm, QMessageBox::AcceptRole);
        ActionCenter *center = ActionCenter::of(s.get());
        QVERIFY(waitForRuns(center, 1));
        QCOMPARE(center->runs().first()->summary().done, 700);
        QCOMPARE(fixture().job("j699").value(QStringLiteral("priority")).toDouble(), 10.0);
        QCOMPARE(fixture().job("j0").value(QStringLiteral("priority")).toDouble(), 10.0);
    }

    void aRefusedCancelSaysWhyAndOffersTheDependents()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "parent", now - 10);
        fixture().put("crawl", "child", now - 5, {"depends", "[\"parent\"]"});
        MainWindow window;
        showWindow(window);
        ActionCenter *center = ActionCenter::of(window.session());
        center->run(JobAction::cancel(), BulkTarget::ofJids({"parent"}), &window);
        answer(waitForWidget<QMessageBox>(QStringLiteral("confirmAction")), QMessageBox::AcceptRole);
        QMessageBox *result = waitForWidget<QMessageBox>(QStringLiteral("actionResult"));
        QVERIFY(result);
        QVERIFY(result->text().contains(QStringLiteral("depend")));
        QSignalSpy opened(center, &ActionCenter::openJobRequested);
        answer(result, QMessageBox::ActionRole);
        QCOMPARE(opened.count(), 1);
        QTRY_VERIFY(window.jobDetail() && window.jobDetail()->isVisible());
        QCOMPARE(fixture().command({"EXISTS", "ql:j:parent"}).integer, 1);
    }

    void aReadOnlyConnectionOffersNothingButSaysWhy()
    {
        failJobs("boom", 5, "crawl");
        const QList<QByteArray> before = fixture().snapshot();
        MainWindow window;
        showWindow(window, true);
        auto *page = window.findChild<FailedPage *>();
        page->refresh([](bool) {});
        QTRY_COMPARE_WITH_TIMEOUT(page->jobPane()->model()->rowCount(), 5, 30000);
        for (QPushButton *button : {page->retryAllButton(), page->moveAllButton(), page->cancelAllButton()}) {
            QVERIFY(!button->isEnabled());
            QVERIFY(button->toolTip().contains(QStringLiteral("read-only")));
        }
        QMenu *menu = openContextMenu(page->jobPane()->view(), 0);
        QVERIFY(menu);
        int writes = 0;
        std::function<void(QMenu *)> check = [&](QMenu *m) {
            for (QAction *action : m->actions()) {
                if (action->menu()) {
                    check(action->menu());
                } else if (!action->isSeparator() && !action->text().startsWith(QStringLiteral("Open job"))
                           && !action->text().startsWith(QStringLiteral("Copy"))) { // reads: offered read-only too
                    ++writes;
                    QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
                    QVERIFY(action->toolTip().contains(QStringLiteral("read-only")));
                }
            }
        };
        check(menu);
        QVERIFY(writes >= 10);
        menu->close();
        // Even if called, the action center refuses.
        ActionCenter::of(window.session())
            ->run(JobAction::retry(), BulkTarget::ofFailureGroup(QStringLiteral("boom"), 5), &window);
        QVERIFY(waitForWidget<QMessageBox>(QStringLiteral("actionResult")));
        QCOMPARE(fixture().snapshot(), before);
    }

    void recurringTemplatesAreEditedAndStopped()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        // A class name that looks like a placeholder is shown as it is, not filled in.
        fixture().call(QStringLiteral("recur"), {"on", "cron", "nightly", "Cron.Job%1", "{}",
                                                 QByteArray::number(now, 'f', 3), "interval", "3600", "0"});
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1300, 800);
        page.show();
        page.showQueue(QStringLiteral("cron"));
        page.showTab(QueuesPage::RecurringTab);
        QVERIFY(refresh(&page));
        QTableView *view = page.tableView(QueuesPage::RecurringTab);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 30000);
        auto menuFor = [view] {
            emit view->customContextMenuRequested(view->visualRect(view->model()->index(0, 0)).center());
            return waitForWidget<QMenu>(QStringLiteral("recurringActionsMenu"));
        };
        QMenu *menu = menuFor();
        QVERIFY(menu);
        findAction(menu, QStringLiteral("Edit…"))->trigger();
        menu->close();
        auto *edit = waitForWidget<RecurringEditDialog>(QStringLiteral("recurringEdit"));
        QVERIFY(edit);
        QCOMPARE(edit->intervalBox()->value(), 3600);
        edit->intervalBox()->setValue(600);
        edit->priorityBox()->setValue(5);
        screenshot(edit, QStringLiteral("actions-recurring-edit"));
        edit->accept();
        QTRY_COMPARE_WITH_TIMEOUT(fixture()
                                      .json(QStringLiteral("recur"), {"get", "nightly"})
                                      .toObject()
                                      .value(QStringLiteral("interval"))
                                      .toDouble(),
                                  600.0, 10000);
        QCOMPARE(fixture()
                     .json(QStringLiteral("recur"), {"get", "nightly"})
                     .toObject()
                     .value(QStringLiteral("priority"))
                     .toDouble(),
                 5.0);

        menu = menuFor();
        QVERIFY(menu);
        findAction(menu, QStringLiteral("Stop recurring…"))->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm && confirm->text().contains(QStringLiteral("nightly")));
        QVERIFY2(confirm->text().contains(QStringLiteral("(Cron.Job%1, every 3600 s in cron)")),
                 qPrintable(confirm->text()));
        answer(confirm, QMessageBox::AcceptRole);
        QTRY_VERIFY_WITH_TIMEOUT(fixture().call(QStringLiteral("recur"), {"get", "nightly"}).isNil(), 10000);

        QTRY_COMPARE(s->auditLog()->records().size(), 2); // written when the reply is in
        const QList<AuditRecord> records = s->auditLog()->records();
        QCOMPARE(records.at(0).action, QStringLiteral("recur off"));
        QCOMPARE(records.at(1).action, QStringLiteral("recur update"));
        QCOMPARE(records.at(1).arguments.value(QStringLiteral("interval")).toInt(), 600);
        QVERIFY(!records.at(1).arguments.contains(QStringLiteral("retries"))); // unchanged: not sent
    }

    void aDependencyIsRemovedFromTheJobDetail()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "parent", now - 10);
        fixture().put("crawl", "child", now - 5, {"depends", "[\"parent\"]"});
        MainWindow window;
        showWindow(window);
        ActionCenter *center = ActionCenter::of(window.session());
        emit center->openJobRequested("child");
        QTRY_VERIFY(window.jobDetail() && window.jobDetail()->isVisible());
        QPushButton *actions = window.jobDetail()->actionsButton();
        QTRY_VERIFY_WITH_TIMEOUT(actions->isEnabled(), 10000);
        QMenu *menu = actions->menu();
        emit menu->aboutToShow();
        QAction *remove = findAction(menu, QStringLiteral("Remove a dependency…"));
        QVERIFY(remove);
        QVERIFY(findAction(menu, QStringLiteral("Move to queue…")));
        remove->trigger();
        auto *input = waitForWidget<QInputDialog>(QStringLiteral("removeDependencyInput"));
        QVERIFY(input);
        QCOMPARE(input->textValue(), QStringLiteral("parent"));
        input->accept();
        QTRY_COMPARE_WITH_TIMEOUT(fixture().job("child").value(QStringLiteral("state")).toString(),
                                  QStringLiteral("waiting"), 10000);
        QTRY_VERIFY(!window.session()->auditLog()->records().isEmpty());
        QCOMPARE(window.session()->auditLog()->records().first().action, QStringLiteral("depends off"));
    }
};

QTEST_MAIN(TestBulkActions)
#include "tst_bulkactions.moc"
