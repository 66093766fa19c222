// SPDX-License-Identifier: GPL-3.0-or-later
#include "actiontestkit.h"
#include "apptheme.h"
#include "bluequeactions.h"
#include "bluequebulkrun.h"
#include "bluequegenerator.h"
#include "bluequesearchpage.h"
#include "bluequetasksearch.h"
#include "bluequetasksearchmodel.h"
#include "mainwindow.h"
#include "pagetestbase.h"

#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;

// The Blueque search page as an operator meets it, offscreen in the main window against a real
// Redis holding a deployment our generator wrote as Blueque v1.0.0 does: a text found in
// parameters and errors across queues, paged; a state filter; a found task's record; a found
// selection requeued through the Blueque actions' confirmation. Screenshots, light and dark, go
// to build/screenshots.
class TestBluequeSearchPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr const char *Listener = "worker-1.example.com_4242";
    QTemporaryDir m_dir;

    QString auditPath() const { return m_dir.filePath(QStringLiteral("audit.jsonl")); }

    // 130 failed tasks of "transcode" whose error names the disk, 5 pending tasks of "thumbs"
    // whose parameters do, and tasks that do not mention it.
    void seed()
    {
        BluequeGenerator blueque(fixture().redis());
        const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000;
        blueque.addListener("transcode", Listener);
        for (int i = 0; i < 130; ++i) {
            const QByteArray id =
                blueque.enqueue("transcode", QByteArrayLiteral(R"({"video": "clip-)") + QByteArray::number(i) + "\"}",
                                now - 900 + i);
            blueque.dequeue("transcode", Listener, now - 800 + i);
            blueque.start("transcode", id, Listener, 5000 + i, now - 799 + i);
            blueque.fail("transcode", id, Listener, 5000 + i, "write failed: disk /data full", now - 700 + i);
        }
        for (int i = 0; i < 5; ++i)
            blueque.enqueue("thumbs",
                            QByteArrayLiteral(R"({"target": "disk /data", "n": )") + QByteArray::number(i) + "}",
                            now - 60 + i);
        for (int i = 0; i < 7; ++i)
            blueque.enqueue("thumbs", "plain text", now - 30 + i);
    }

    BluequeSearchPage *openPage(MainWindow &window)
    {
        window.resize(1400, 900);
        window.setSession(sessionAuditedInto(auditPath()));
        window.show();
        auto *page = window.findChild<BluequeSearchPage *>();
        if (!page || !QTest::qWaitFor([page] { return page->isAvailable(); }, 10000))
            return nullptr;
        return window.showPage(page->title()) ? page : nullptr;
    }

    static bool searchFor(BluequeSearchPage *page, const QString &text, int stateIndex = 0)
    {
        page->textEdit()->setText(text);
        page->stateBox()->setCurrentIndex(stateIndex);
        page->searchButton()->click();
        return QTest::qWaitFor([page] { return page->search()->isComplete(); }, 20000);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase()
    {
        AppTheme::setDark(false);
        stopServer();
    }
    void init()
    {
        fixture().flush();
        seed();
    }

    void findsParametersAndErrorsAcrossQueuesPaged()
    {
        MainWindow window;
        BluequeSearchPage *page = openPage(window);
        QVERIFY(page);
        QVERIFY(searchFor(page, QStringLiteral("disk /data")));
        BluequeTaskSearchModel *model = page->resultModel();
        QCOMPARE(page->search()->matches().size(), 135);
        QCOMPARE(model->rowCount(), BluequeTaskSearchModel::PageSize);
        QCOMPARE(model->pageCount(), 2);
        QVERIFY(page->statusLabel()->text().contains(QLatin1String("135 tasks found")));
        QVERIFY(page->nextPageButton()->isEnabled());
        QVERIFY(!page->previousPageButton()->isEnabled());
        page->resultView()->selectRow(0);
        QVERIFY(QTest::qWaitFor([page] { return page->recordView()->toPlainText().contains(QLatin1String("disk")); },
                                5000));
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("blueque-search"));
        AppTheme::setDark(true);
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("blueque-search-dark"));
        AppTheme::setDark(false);

        page->nextPageButton()->click();
        QCOMPARE(model->page(), 1);
        QCOMPARE(model->rowCount(), 35);
        QVERIFY(page->statusLabel()->text().contains(QLatin1String("page 2 of 2")));

        // Only the pending ones (the state box lists "any state" first, then Blueque's states).
        QVERIFY(searchFor(page, QStringLiteral("disk /data"), 1));
        QCOMPARE(model->rowCount(), 5);
        for (int row = 0; row < 5; ++row) {
            QCOMPARE(model->index(row, BluequeTaskSearchModel::QueueColumn).data().toString(),
                     QStringLiteral("thumbs"));
            QCOMPARE(model->index(row, BluequeTaskSearchModel::FoundInColumn).data().toString(),
                     QStringLiteral("parameters"));
        }
    }

    void requeuesFoundFailedTasksThroughTheBluequeActions()
    {
        MainWindow window;
        BluequeSearchPage *page = openPage(window);
        QVERIFY(page);
        QVERIFY(searchFor(page, QStringLiteral("disk /data"), 6)); // failed
        QCOMPARE(page->resultModel()->rowCount(), 100);
        page->resultView()->selectRow(0);
        page->resultView()->selectionModel()->select(page->resultModel()->index(1, 0),
                                                     QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QByteArray first = page->resultModel()->index(0, 0).data(BluequeTaskSearchModel::KeyRole).toByteArray();
        QMenu *menu = openContextMenu(page->resultView(), 1, QStringLiteral("bluequeSearchMenu"));
        QVERIFY(menu);
        QAction *requeue = findAction(menu, QStringLiteral("Requeue 2 selected failed tasks of transcode…"));
        QVERIFY(requeue);
        QVERIFY(findAction(menu, QStringLiteral("Delete 2 selected failed tasks of transcode…")));
        screenshot(menu, QStringLiteral("blueque-search-menu"));
        menu->close();
        requeue->trigger();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        BluequeActions *actions = page->actions();
        QVERIFY(QTest::qWaitFor(
            [actions] { return actions->lastRun() && actions->lastRun()->phase() == BulkProgress::Phase::Finished; },
            20000));
        QCOMPARE(fixture().redis().command({"HGET", "blueque_task_" + first, "status"}).bytes, QByteArray("pending"));
        QCOMPARE(fixture().redis().command({"LLEN", "blueque_failed_tasks_transcode"}).integer, 128);
        QVERIFY(QTest::qWaitFor([page] { return page->statusLabel()->text().contains(QLatin1String("search again")); },
                                5000));
    }
};

QTEST_MAIN(TestBluequeSearchPage)
#include "tst_bluequesearchpage.moc"
