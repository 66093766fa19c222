// SPDX-License-Identifier: GPL-3.0-or-later
#include "actiontestkit.h"
#include "activitypage.h"
#include "auditlogmodel.h"
#include "bulkrunrow.h"
#include "bulkrunspanel.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "sidejobactions.h"
#include "sidejobbulkrun.h"
#include "sidejobgenerator.h"
#include "sidejobjobmodel.h"
#include "sidejobjobspage.h"
#include "sidejobwriteinputdialog.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;

// SideJob's actions as an operator meets them, offscreen in the main window against a real Redis
// holding a deployment our generator wrote as SideJob 4.1.0 does: the jobs table's context menu,
// the confirmation of each action (what forcing means, that Sidekiq's items and locks are left
// alone), the write dialog that checks JSON as it is typed, the run's summary in the runs panel
// and the Activity log's records; a read-only connection that refuses. Screenshots of the menu,
// each confirmation and the page go to build/screenshots for people to look at.
class TestSideJobActionsPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString auditPath() const { return m_dir.filePath(QStringLiteral("audit.jsonl")); }

    // Job 1 completed with children 4 ("a", itself parent of 6) and 5 ("b"), 2 failed, 3
    // suspended; 7 terminated with its child 8.
    void seed()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 60;
        SideJobGenerator s(fixture().redis());
        s.registerAll("media",
                      {{"Transcode", "{\"inports\":{\"clip\":{},\"options\":{}},\"outports\":{\"done\":{}}}"}});
        s.queueJob({"media", "Transcode", "[\"clip-1.mp4\"]", "user:ann"}, now);
        s.queueJob({"media", "Transcode", "[\"clip-2.mp4\"]", "user:ann"}, now);
        s.queueJob({"media", "Transcode", "[\"clip-3.mp4\"]"}, now);
        s.queueJob({"media", "Transcode", "[\"part-a\"]", "", 1, "a"}, now);
        s.queueJob({"media", "Transcode", "[\"part-b\"]", "", 1, "b"}, now);
        s.queueJob({"media", "Transcode", "[\"part-c\"]", "", 4, "c"}, now);
        s.queueJob({"media", "Transcode", "[\"old\"]"}, now);
        s.queueJob({"media", "Transcode", "[\"old-part\"]", "", 7, "x"}, now);
        while (s.work("media", now + 1, [&s](qint64 id) {
            if (id == 2)
                return s.fail("ffmpeg exited with status 1");
            return id == 3 ? SideJobGenerator::Outcome::Suspended : SideJobGenerator::Outcome::Completed;
        })) {
        }
        s.terminate(7, now + 2, true);
        while (s.work("media", now + 3)) {
        }
    }

    void showWindow(MainWindow &window, bool readOnly = false)
    {
        window.resize(1400, 900);
        window.setSession(sessionAuditedInto(auditPath(), readOnly));
        window.show();
    }

    SideJobJobsPage *openSideJob(MainWindow &window)
    {
        auto *page = window.findChild<SideJobJobsPage *>();
        if (!page || !QTest::qWaitFor([page] { return page->isAvailable(); }, 10000))
            return nullptr;
        if (!window.showPage(page->title()))
            return nullptr;
        if (!refresh(page) || !QTest::qWaitFor([page] { return page->jobModel()->rowCount() == 8; }, 10000))
            return nullptr;
        return page;
    }

    static int rowOf(SideJobJobsPage *page, qint64 id) { return page->jobModel()->rowOf(id); }

    // Selects job `id`, opens its context menu and triggers `text`; returns the confirmation.
    QMessageBox *confirmFromMenu(MainWindow &window, SideJobJobsPage *page, qint64 id, const QString &text,
                                 const QString &shot = {})
    {
        page->jobView()->selectRow(rowOf(page, id));
        QMenu *menu = openContextMenu(page->jobView(), rowOf(page, id), QStringLiteral("sideJobMenu"));
        if (!menu)
            return nullptr;
        QAction *action = findAction(menu, text);
        if (!shot.isEmpty()) {
            QTest::qWait(200);
            screenshot(&window, shot);
            screenshot(menu, shot + QStringLiteral("-menu"));
        }
        menu->close();
        if (!action || !action->isEnabled())
            return nullptr;
        action->trigger();
        return waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
    }

    static bool runEnds(SideJobJobsPage *page)
    {
        SideJobActions *actions = page->actions();
        return QTest::qWaitFor(
            [actions] { return actions->lastRun() && actions->lastRun()->phase() == BulkProgress::Phase::Finished; },
            20000);
    }

    QByteArray status(qint64 id)
    {
        return fixture().command({"GET", "job:" + QByteArray::number(id) + ":status"}).bytes;
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

    void terminatesATreeFromTheContextMenu()
    {
        MainWindow window;
        showWindow(window);
        SideJobJobsPage *page = openSideJob(window);
        QVERIFY(page);
        QMessageBox *confirm =
            confirmFromMenu(window, page, 1, QStringLiteral("Terminate 1 job with all &descendants…"),
                            QStringLiteral("sidejob-actions-page"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QLatin1String("every descendant")), qPrintable(confirm->text()));
        QVERIFY(confirm->text().contains(QLatin1String("never removes")));
        QCOMPARE(confirm->defaultButton()->text(), QStringLiteral("Don’t"));
        screenshot(confirm, QStringLiteral("sidejob-actions-confirm-terminate-tree"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QVERIFY(runEnds(page));
        const BulkSummary &summary = page->actions()->lastRun()->summary();
        QCOMPARE(summary.total, 4);
        QCOMPARE(summary.done, 4);
        for (qint64 id : {1, 4, 5, 6})
            QCOMPARE(status(id), QByteArrayLiteral("terminating"));
        QCOMPARE(status(2), QByteArrayLiteral("failed"));
        const QList<BulkRunRow *> rows = window.runsPanel()->rows();
        QCOMPARE(rows.size(), 1);
        QVERIFY2(rows.first()->statusLabel()->text().contains(QLatin1String("4 of 4")),
                 qPrintable(rows.first()->statusLabel()->text()));
        QTest::qWait(300);
        screenshot(&window, QStringLiteral("sidejob-actions-after-terminate"));
        QVERIFY(window.showPage(QStringLiteral("Activity")));
        auto *activity = window.findChild<ActivityPage *>();
        QVERIFY(activity);
        const auto shown = [activity] {
            int found = 0;
            AuditLogModel *model = activity->auditModel();
            for (int row = 0; row < model->rowCount(); ++row)
                found += model->index(row, AuditLogModel::ActionColumn).data().toString()
                                 == QLatin1String("sidejob terminate subtree")
                             ? 1
                             : 0;
            return found;
        };
        QVERIFY(QTest::qWaitFor([&] { return shown() == 2; }, 10000));
        screenshot(&window, QStringLiteral("sidejob-actions-activity"));
    }

    // Each confirmation, looked at: run, forced run, terminate, delete of a terminated tree.
    void confirmationsSayWhatTheyDo()
    {
        MainWindow window;
        showWindow(window);
        SideJobJobsPage *page = openSideJob(window);
        QVERIFY(page);
        // A failed job offers only the forced run.
        QMessageBox *confirm = confirmFromMenu(window, page, 2, QStringLiteral("&Force a run of 1 job…"),
                                               QStringLiteral("sidejob-actions-failed"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QLatin1String("repeat its side effects")), qPrintable(confirm->text()));
        screenshot(confirm, QStringLiteral("sidejob-actions-confirm-force-run"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QVERIFY(runEnds(page));
        QCOMPARE(status(2), QByteArrayLiteral("queued"));

        confirm = confirmFromMenu(window, page, 3, QStringLiteral("&Run 1 job…"));
        QVERIFY(confirm);
        QVERIFY(confirm->text().contains(QLatin1String("needs a forced run")));
        screenshot(confirm, QStringLiteral("sidejob-actions-confirm-run"));
        QVERIFY(answer(confirm, QMessageBox::RejectRole));

        confirm = confirmFromMenu(window, page, 3, QStringLiteral("&Terminate 1 job…"));
        QVERIFY(confirm);
        QVERIFY(confirm->text().contains(QLatin1String("Its children are left")));
        screenshot(confirm, QStringLiteral("sidejob-actions-confirm-terminate"));
        QVERIFY(answer(confirm, QMessageBox::RejectRole));

        confirm = confirmFromMenu(window, page, 7, QStringLiteral("De&lete 1 terminated job with all descendants…"),
                                  QStringLiteral("sidejob-actions-terminated"));
        QVERIFY(confirm);
        QVERIFY(confirm->text().contains(QLatin1String("cannot be undone")));
        QVERIFY(confirm->text().contains(QLatin1String("Sidekiq")));
        QCOMPARE(confirm->defaultButton()->text(), QStringLiteral("Don’t"));
        screenshot(confirm, QStringLiteral("sidejob-actions-confirm-delete-tree"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QVERIFY(runEnds(page));
        QCOMPARE(page->actions()->lastRun()->summary().done, 2);
        QCOMPARE(fixture().command({"SISMEMBER", "jobs", "7"}).integer, 0);
        QCOMPARE(fixture().command({"SISMEMBER", "jobs", "8"}).integer, 0);
        QVERIFY(QTest::qWaitFor([page] { return page->jobModel()->rowCount() == 6; }, 10000));
        QVERIFY(auditText().contains("\"sidejob delete terminated\""));
    }

    void writesAnInputCheckedAsTyped()
    {
        MainWindow window;
        showWindow(window);
        SideJobJobsPage *page = openSideJob(window);
        QVERIFY(page);
        page->jobView()->selectRow(rowOf(page, 3));
        page->actions()->askWriteInput(SideJobRef{"3", QStringLiteral("4.1"), QStringLiteral("suspended")}, page);
        auto *dialog = waitForWidget<SideJobWriteInputDialog>(QStringLiteral("sideJobWriteInput"));
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitFor([dialog] { return dialog->portBox()->count() == 2; }, 10000));
        dialog->portBox()->setCurrentText(QStringLiteral("clip"));
        dialog->valueEdit()->setPlainText(QStringLiteral("clip-3b.mp4"));
        QVERIFY(!dialog->canWrite());
        QVERIFY2(dialog->problemLabel()->text().contains(QLatin1String("quoted")),
                 qPrintable(dialog->problemLabel()->text()));
        screenshot(dialog, QStringLiteral("sidejob-actions-write-bad-json"));
        dialog->valueEdit()->setPlainText(QStringLiteral("{\"file\": \"clip-3b.mp4\", \"retry\": true}"));
        QVERIFY(dialog->canWrite());
        screenshot(dialog, QStringLiteral("sidejob-actions-write"));
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY(confirm->text().contains(QLatin1String("input port clip of job 3")));
        screenshot(confirm, QStringLiteral("sidejob-actions-confirm-write"));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QVERIFY(runEnds(page));
        QCOMPARE(fixture().command({"LRANGE", "job:3:in:clip", "0", "-1"}).strings(),
                 QList<QByteArray>{"{\"data\":{\"file\": \"clip-3b.mp4\", \"retry\": true}}"});
        QCOMPARE(status(3), QByteArrayLiteral("queued"));
    }

    void aReadOnlyConnectionRefuses()
    {
        MainWindow window;
        showWindow(window, true);
        SideJobJobsPage *page = openSideJob(window);
        QVERIFY(page);
        page->jobView()->selectRow(rowOf(page, 1));
        QMenu *menu = openContextMenu(page->jobView(), rowOf(page, 1), QStringLiteral("sideJobMenu"));
        QVERIFY(menu);
        QAction *terminate = findAction(menu, QStringLiteral("&Terminate 1 job…"));
        QVERIFY(terminate);
        QVERIFY(!terminate->isEnabled());
        QVERIFY(terminate->toolTip().contains(QLatin1String("read-only")));
        menu->close();
        page->actions()->run(SideJobAction::of(SideJobAction::Kind::Terminate,
                                               {SideJobRef{"1", QStringLiteral("4.1"), {}}}),
                             page);
        QMessageBox *refusal = waitForWidget<QMessageBox>(QStringLiteral("actionResult"));
        QVERIFY(refusal);
        screenshot(refusal, QStringLiteral("sidejob-actions-read-only"));
        refusal->close();
        QCOMPARE(status(1), QByteArrayLiteral("completed"));
    }
};

QTEST_MAIN(TestSideJobActionsPage)
#include "tst_sidejobactionspage.moc"
