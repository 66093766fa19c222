// SPDX-License-Identifier: GPL-3.0-or-later
#include "actiontestkit.h"
#include "auditlog.h"
#include "consolecontrolskit.h"
#include "deploymentdata.h"
#include "pagetestbase.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "workerlistmodel.h"
#include "workerspage.h"

#include <QInputDialog>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;
using namespace ConsoleControlsKit;

// More of qless's own controls pressed as an operator presses them (tst_consolecontrols has the
// rest): deregistering a selection of workers from the Workers page, and a queue's max
// concurrency from the Queues page. Offscreen, against a real Redis; each write confirmed where
// it must be, and audited.
class TestWorkerAndQueueControls final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    double m_now = 0;

    std::unique_ptr<QlessSession> auditedSession()
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")));
    }

    bool registered(const QByteArray &worker) { return !fixture().command({"ZSCORE", "ql:workers", worker}).isNil(); }

    static int workerRow(QTableView *view, const QString &name)
    {
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            if (view->model()->index(row, WorkerListModel::NameColumn).data().toString() == name)
                return row;
        }
        return -1;
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
    }

    // Two workers selected, "Deregister 2 workers…", confirmed: both leave ql:workers in one
    // write, audited with both names; the third stays, and so do the jobs they hold.
    void deregisterASelectionOfWorkers()
    {
        DeploymentData qless(fixture());
        for (int i = 0; i < 3; ++i)
            qless.put("q", "j" + QByteArray::number(i), m_now - 600);
        qless.pop("q", "j0", "w-a", m_now - 300);
        qless.pop("q", "j1", "w-b", m_now - 200);
        qless.pop("q", "j2", "w-c", m_now - 100);
        auto s = auditedSession();
        WorkersPage page(s.get());
        page.resize(1300, 600);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.workerView();
        QCOMPARE(view->model()->rowCount(), 3);
        const int a = workerRow(view, QStringLiteral("w-a"));
        const int b = workerRow(view, QStringLiteral("w-b"));
        QVERIFY(a >= 0 && b >= 0);
        view->selectionModel()->select(view->model()->index(a, 0),
                                       QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        view->selectionModel()->select(view->model()->index(b, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);

        QMenu *menu = openContextMenu(view, b, QStringLiteral("workerActionsMenu"));
        QVERIFY(menu);
        QVERIFY(!findAction(menu, QStringLiteral("Deregister…")));
        QAction *deregister = findAction(menu, QStringLiteral("Deregister 2 workers…"));
        QVERIFY(deregister && deregister->isEnabled());
        deregister->trigger();
        menu->close();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("2 workers (")), qPrintable(confirm->text()));
        QVERIFY2(confirm->text().contains(QStringLiteral("w-a")) && confirm->text().contains(QStringLiteral("w-b")),
                 qPrintable(confirm->text()));
        QVERIFY(!confirm->text().contains(QStringLiteral("w-c")));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));

        QTRY_VERIFY_WITH_TIMEOUT(!registered("w-a") && !registered("w-b"), 10000);
        QVERIFY(registered("w-c"));
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("deregister workers"), 10000);
        const AuditRecord record = lastRecord(s.get());
        QCOMPARE(record.outcome, QStringLiteral("done"));
        QStringList audited;
        for (const QJsonValue &worker : record.arguments.value(QStringLiteral("workers")).toArray())
            audited << worker.toString();
        audited.sort();
        QCOMPARE(audited, QStringList({QStringLiteral("w-a"), QStringLiteral("w-b")}));
        QCOMPARE(s->auditLog()->records().size(), 1); // one write for the selection
        // Their jobs stay where they were.
        QCOMPARE(fixture().command({"HGET", "ql:j:j0", "state"}).text(), QByteArray("running"));
        QVERIFY(refresh(&page));
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, WorkerListModel::NameColumn).data().toString(), QStringLiteral("w-c"));
    }

    // "Max concurrency…" from the Queues page's queue list: stored where qless reads it
    // (`<queue>-max-concurrency` in ql:config) and shown there as running / limit.
    void maxConcurrencyFromTheQueuesPage()
    {
        seedQueues(fixture(), m_now);
        auto s = auditedSession();
        QueuesPage page(s.get());
        page.resize(1400, 700);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.queueView();
        const int crawl = rowOf(view, QStringLiteral("crawl"));
        QVERIFY(crawl >= 0);
        QCOMPARE(view->model()->index(crawl, QueueListModel::RunningColumn).data().toString(), QStringLiteral("1"));
        QMenu *menu = openContextMenu(view, crawl, QStringLiteral("queueActionsMenu"));
        QVERIFY(menu);
        QAction *limit = findAction(menu, QStringLiteral("Max concurrency…"));
        QVERIFY(limit && limit->isEnabled());
        limit->trigger();
        menu->close();
        auto *input = waitForWidget<QInputDialog>(QStringLiteral("maxConcurrencyInput"));
        QVERIFY(input);
        QCOMPARE(input->inputMode(), QInputDialog::IntInput);
        QCOMPARE(input->intValue(), 0); // no limit yet
        input->setIntValue(2);
        input->accept();
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"HGET", "ql:config", "crawl-max-concurrency"}).text(),
                                  QByteArray("2"), 10000);
        QVERIFY(fixture().command({"HEXISTS", "ql:config", "index-max-concurrency"}).integer == 0);
        QTRY_COMPARE_WITH_TIMEOUT(lastRecord(s.get()).action, QStringLiteral("config set"), 10000);
        QCOMPARE(lastRecord(s.get()).arguments.value(QStringLiteral("option")).toString(),
                 QStringLiteral("crawl-max-concurrency"));
        // qless's own reading of it: its `config get`.
        QCOMPARE(fixture().qless("config.get", m_now, {"crawl-max-concurrency"}).text(), QByteArray("2"));
        QVERIFY(refresh(&page));
        QCOMPARE(
            view->model()->index(rowOf(view, QStringLiteral("crawl")), QueueListModel::RunningColumn).data().toString(),
            QStringLiteral("1 / 2"));
        screenshot(&page, QStringLiteral("queues-max-concurrency"));
    }
};

QTEST_MAIN(TestWorkerAndQueueControls)
#include "tst_workerandqueuecontrols.moc"
