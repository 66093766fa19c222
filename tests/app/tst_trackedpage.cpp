// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"
#include "joblistpane.h"
#include "pagetestbase.h"
#include "realisticpipeline.h"
#include "trackedpage.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QTableView>

// The Tracked page against a real Redis: the track script's jobs and expired jids, the state
// filter with its counts, the jobs whose data is gone listed as expired.
class TestTrackedPage final : public QObject, private PageTestBase
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

    void showsTrackedJobsAndExpiredJids()
    {
        RealisticPipeline::seed(fixture());
        auto s = session();
        TrackedPage page(s.get());
        QAbstractItemModelTester tester(page.jobPane()->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1400, 600);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(!page.jobPane()->model()->isLoading(), 30000);
        QVERIFY(refresh(&page));
        const QJsonObject tracked = fixture().json(QStringLiteral("track"), {}).toObject();
        const QJsonArray jobs = tracked.value(QStringLiteral("jobs")).toArray();
        const QJsonArray expired = tracked.value(QStringLiteral("expired")).toArray();
        QCOMPARE(expired.size(), 2);
        JobListModel *model = page.jobPane()->model();
        QCOMPARE(model->rowCount(), jobs.size() + expired.size());
        for (const QJsonValue &value : jobs) {
            const QJsonObject job = value.toObject();
            const int row = model->rowOf(job.value(QStringLiteral("jid")).toString().toUtf8());
            QVERIFY(row >= 0);
            QCOMPARE(model->jobAt(row).state, job.value(QStringLiteral("state")).toString());
        }
        QTableView *view = page.jobPane()->view();
        page.setStateFilter(QStringLiteral("missing"));
        QCOMPARE(view->model()->rowCount(), 2);
        QCOMPARE(view->model()->index(0, JobListModel::StateColumn).data().toString(),
                 QStringLiteral("expired (job gone)"));
        QVERIFY(page.stateFilter()->currentText().startsWith(QStringLiteral("expired (job gone) (2)")));
        page.setStateFilter(QStringLiteral("running"));
        QCOMPARE(view->model()->rowCount(), 2);
        page.setStateFilter(QString());
        QCOMPARE(view->model()->rowCount(), model->rowCount());
        // The filter's choice survives a refresh.
        page.setStateFilter(QStringLiteral("waiting"));
        QVERIFY(refresh(&page));
        QCOMPARE(page.stateFilter()->currentData().toString(), QStringLiteral("waiting"));
        page.setStateFilter(QString());
        view->setCurrentIndex(view->model()->index(0, 0));
        screenshot(&page, QStringLiteral("tracked"));
    }
};

QTEST_MAIN(TestTrackedPage)
#include "tst_trackedpage.moc"
