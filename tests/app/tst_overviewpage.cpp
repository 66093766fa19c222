// SPDX-License-Identifier: GPL-3.0-or-later
#include "deploymentdata.h"
#include "failuregroupmodel.h"
#include "overviewpage.h"
#include "pagetestbase.h"
#include "queuelistmodel.h"
#include "realisticpipeline.h"
#include "themecolors.h"
#include "workerlistmodel.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>

// The Overview against a real Redis: queues as before, plus failure groups with their counts,
// tracked jobs by state and the workers; failures and stalled jobs stand out.
class TestOverviewPage final : public QObject, private PageTestBase
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

    void showsFailuresTrackedAndWorkers()
    {
        RealisticPipeline::seed(fixture());
        auto s = session();
        OverviewPage page(s.get());
        QAbstractItemModelTester failures(page.failureModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QAbstractItemModelTester workers(page.workerModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        const QJsonObject counts = fixture().json(QStringLiteral("failed"), {}).toObject();
        QCOMPARE(page.failureModel()->rowCount(), counts.size());
        qint64 failed = 0;
        for (auto it = counts.constBegin(); it != counts.constEnd(); ++it)
            failed += it.value().toInteger();
        QCOMPARE(page.failureModel()->totalJobs(), failed);
        QVERIFY(page.summaryLabel()->text().contains(QStringLiteral("failed")));
        QVERIFY(page.summaryLabel()->text().contains(ThemeColors::text(ThemeColors::Tone::Bad).name()));
        const QJsonArray workerList =
            fixture().json(QStringLiteral("workers"), {num(double(QDateTime::currentSecsSinceEpoch()))}).toArray();
        QCOMPARE(page.workerModel()->rowCount(), workerList.size());
        QVERIFY(page.workersLabel()->text().contains(QString::number(workerList.size())));
        QVERIFY(page.trackedLabel()->text().contains(QStringLiteral("expired")));
        QVERIFY(page.trackedLabel()->text().contains(QStringLiteral("running")));
        QCOMPARE(page.queueModel()->rowCount(), 6);

        QSignalSpy open(&page, &Page::openFailureGroupRequested);
        emit page.failureView()->activated(page.failureView()->model()->index(0, 0));
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.at(0).at(0).toString(), QStringLiteral("requests.exceptions.ConnectionError"));
        screenshot(&page, QStringLiteral("overview-page"));
    }

    void emptyServer()
    {
        auto s = session();
        OverviewPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        QCOMPARE(page.failureModel()->rowCount(), 0);
        QVERIFY(!page.summaryLabel()->text().contains(ThemeColors::text(ThemeColors::Tone::Bad).name()));
    }

    void pausedQueuesAreNamed()
    {
        // Paused as current qless pauses (ql:paused_queues); timed-out jobs count as waiting.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData qless(fixture());
        qless.put("crawl", "a", now - 60);
        qless.put("crawl", "b", now - 50);
        qless.pop("crawl", "b", "w-1", now - 40);
        qless.timeout("crawl", "b", now - 30);
        qless.put("index", "c", now - 20);
        qless.pause("crawl");
        auto s = session();
        OverviewPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        const QString summary = page.summaryLabel()->text();
        QVERIFY2(summary.contains(QStringLiteral("paused: crawl")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("<b>3</b> waiting")), qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("index</span>")));
        page.resize(1400, 500);
        screenshot(&page, QStringLiteral("overview-paused"));
    }
};

QTEST_MAIN(TestOverviewPage)
#include "tst_overviewpage.moc"
