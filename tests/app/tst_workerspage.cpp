// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"
#include "joblistpane.h"
#include "pagetestbase.h"
#include "realisticpipeline.h"
#include "workerlistmodel.h"
#include "workerspage.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>

// The Workers page against a real Redis: the workers script's list (stalled standing out), a
// worker's jobs, the chosen worker kept across refreshes, and nothing pruned by watching.
class TestWorkersPage final : public QObject, private PageTestBase
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init() { fixture().flush(); }

    void showsWorkersAndTheirJobs()
    {
        RealisticPipeline::seed(fixture());
        const QList<QByteArray> before = fixture().snapshot();
        auto s = session();
        WorkersPage page(s.get());
        QAbstractItemModelTester tester(page.workerModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        const QJsonArray workers =
            fixture().json(QStringLiteral("workers"), {num(double(QDateTime::currentSecsSinceEpoch()))}).toArray();
        QCOMPARE(page.workerModel()->rowCount(), workers.size());
        for (const QJsonValue &value : workers) {
            const QJsonObject worker = value.toObject();
            const int row = page.workerModel()->rowOf(worker.value(QStringLiteral("name")).toString());
            QVERIFY(row >= 0);
            QCOMPARE(page.workerModel()->rowAt(row).jobs, worker.value(QStringLiteral("jobs")).toInteger());
            QCOMPARE(page.workerModel()->rowAt(row).stalled, worker.value(QStringLiteral("stalled")).toInteger());
        }
        QCOMPARE(page.workerModel()->stalledWorkers(), 3);
        QVERIFY(page.summaryLabel()->text().contains(QStringLiteral("stalled")));

        const QString dead = QStringLiteral("ip-10-0-0-24.ec2.internal-4112");
        page.showWorker(dead);
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 2, 30000);
        QCOMPARE(page.jobPane()->model()->jobAt(0).worker, dead);
        QCOMPARE(page.workerView()->currentIndex().data(WorkerListModel::KeyRole).toString(), dead);
        QSignalSpy open(&page, &Page::openJobRequested);
        QTableView *view = page.jobPane()->view();
        view->setCurrentIndex(view->model()->index(0, 0));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Enter);
        QCOMPARE(open.count(), 1);
        screenshot(&page, QStringLiteral("workers"));
        QCOMPARE(fixture().snapshot(), before); // watching prunes nothing
    }

    void refreshKeepsTheChosenWorker()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 6; ++i)
            fixture().put("q", "j" + QByteArray::number(i), now - 100 + i);
        fixture().pop("q", "a", 1, now - 30);
        fixture().pop("q", "b", 1, now - 20);
        fixture().pop("q", "c", 1, now - 10);
        auto s = session();
        WorkersPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        page.showWorker(QStringLiteral("b"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 1, 30000);
        fixture().command({"ZREM", "ql:workers", "a"});
        fixture().pop("q", "d", 2, now - 5);
        QVERIFY(refresh(&page));
        QCOMPARE(page.workerModel()->rowCount(), 3);
        QCOMPARE(page.workerView()->currentIndex().data(WorkerListModel::KeyRole).toString(), QStringLiteral("b"));
        QCOMPARE(page.workerView()->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(page.currentWorker(), QStringLiteral("b"));
    }
};

QTEST_MAIN(TestWorkersPage)
#include "tst_workerspage.moc"
