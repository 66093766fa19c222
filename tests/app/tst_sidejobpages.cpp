// SPDX-License-Identifier: GPL-3.0-or-later
#include "pagetestbase.h"
#include "sidejobgenerator.h"
#include "sidejobjobmodel.h"
#include "sidejobjobspage.h"
#include "sidejobportpager.h"
#include "sidejobsample.h"
#include "sidejobsession.h"
#include "sidejobsidekiqpage.h"
#include "sidekiqitemmodel.h"
#include "sidekiqmonitor.h"
#include "sidekiqprocessmodel.h"
#include "sidekiqqueuemodel.h"

#include <QDateTime>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabBar>
#include <QTableView>
#include <QTextBrowser>
#include <QUrl>

// The SideJob pages on a real redis-server holding qless and a SideJob deployment our generator
// wrote as SideJob 4.1.0 (and 4.0.2) on Sidekiq 6.4.1 do: hidden while the server holds no
// SideJob, then its jobs with a record whose links walk the tree both ways and open a port's
// values, and the Sidekiq side; screenshots saved for people to look at.
class TestSideJobPages final : public QObject, private PageTestBase
{
    Q_OBJECT

    static double now() { return double(QDateTime::currentSecsSinceEpoch()) - 30; }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void init() { fixture().flush(); }

    void listedOnlyWhenTheServerHoldsSideJob()
    {
        fixture().put("qlessq", "jid1", now());
        auto s = session();
        SideJobJobsPage jobs(s.get());
        SideJobSidekiqPage sidekiq(s.get());
        QCOMPARE(jobs.sideJobSession(), SideJobSession::of(s.get())); // one detection for both pages
        QSignalSpy available(&jobs, &Page::availabilityChanged);
        QVERIFY(refresh(&jobs));
        QVERIFY(!jobs.isAvailable());
        QVERIFY(!sidekiq.isAvailable());
        QVERIFY(jobs.statusLabel()->text().contains(QLatin1String("no SideJob")));
        SideJobSample::write(fixture().redis(), now());
        QVERIFY(refresh(&jobs));
        QVERIFY(available.wait(5000) || jobs.isAvailable());
        QVERIFY(jobs.isAvailable());
        QVERIFY(sidekiq.isAvailable());
    }

    void theJobsPageWalksTheTreeAndOpensPorts()
    {
        fixture().put("qlessq", "jid1", now());
        const SideJobSample sample = SideJobSample::write(fixture().redis(), now(), 250);
        auto s = session();
        SideJobJobsPage page(s.get());
        page.resize(1400, 860);
        page.show();
        QVERIFY(refresh(&page));
        QCOMPARE(page.jobModel()->rowCount(), fixture().redis().command({"SCARD", "jobs"}).integer);
        QVERIFY(page.navigationText().startsWith(QLatin1String("SideJob (")));
        const QByteArray pipeline = QByteArray::number(sample.pipeline);
        page.showJob(pipeline);
        QVERIFY(QTest::qWaitFor([&] { return page.recordView()->toPlainText().contains(QLatin1String("kid")); }, 5000));
        // Down to the child, up to its parent through the record's links, and Back.
        emit page.recordView()->anchorClicked(QUrl(QStringLiteral("sidejob-job:%1").arg(sample.waiting)));
        QCOMPARE(page.shownJob(), QByteArray::number(sample.waiting));
        QVERIFY(QTest::qWaitFor([&] { return page.recordView()->toPlainText().contains(QLatin1String("suspended")); },
                                5000));
        page.back();
        QCOMPARE(page.shownJob(), pipeline);
        page.showJob(QByteArray::number(sample.queued));
        QVERIFY(QTest::qWaitFor(
            [&] { return page.recordView()->toPlainText().contains(QLatin1String("250 values waiting")); }, 5000));
        emit page.recordView()->anchorClicked(QUrl(QStringLiteral("sidejob-port:in:in")));
        QVERIFY(QTest::qWaitFor(
            [&] { return page.portView()->toPlainText().contains(QLatin1String("values 1 to 100 of 250")); }, 5000));
        screenshot(&page, QStringLiteral("sidejob-jobs"));

        page.showJob(QByteArray::number(sample.unlocked));
        QVERIFY(
            QTest::qWaitFor([&] { return page.recordView()->toPlainText().contains(QLatin1String("without a lock")); },
                            5000));
        page.setFilter(QStringLiteral("running"), {}, {}, {});
        QVERIFY(QTest::qWaitFor([&] { return page.jobModel()->rowCount() == 2; }, 5000));
        screenshot(&page, QStringLiteral("sidejob-running"));
    }

    void theSeedLayoutIsReadToo()
    {
        SideJobGenerator sidejob(fixture().redis(), SideJobStorage::Layout::V4_0);
        sidejob.registerAll("q", {{"W", "{\"inports\":{\"in\":{}},\"outports\":{}}"}});
        const qint64 parent = sidejob.queueJob({"q", "W", "[1,\"x\"]", "user:dora"}, now());
        sidejob.queueJob({"q", "W", "null", "job:1", parent, "first"}, now());
        sidejob.writeInput(parent, "in", "{\"n\":1}", now());
        auto s = session();
        SideJobJobsPage page(s.get());
        page.resize(1400, 860);
        page.show();
        QVERIFY(refresh(&page));
        QCOMPARE(page.jobModel()->rowCount(), 2);
        QCOMPARE(page.jobModel()->data(page.jobModel()->index(0, SideJobJobModel::LayoutColumn)).toString(),
                 QStringLiteral("4.0"));
        page.showJob(QByteArray::number(parent));
        QVERIFY(QTest::qWaitFor([&] { return page.recordView()->toPlainText().contains(QLatin1String("Seed layout")); },
                                5000));
        QVERIFY(page.statusLabel()->text().contains(QLatin1String("seed's layout")));
        screenshot(&page, QStringLiteral("sidejob-seed-layout"));
    }

    void theSidekiqPageShowsQueuesProcessesAndTheSets()
    {
        const double t = now();
        SideJobSample::write(fixture().redis(), t);
        fixture().redis().command({"SADD", "processes", "worker-2:977:bbbbbbbbbbbb"}); // killed, its hash gone
        fixture().redis().command(
            {"ZADD", "retry", QByteArray::number(t + 300, 'f', 2),
             R"({"retry":true,"queue":"mail","class":"Mailer","jid":"0a1b2c3d4e5f60718293a4b5","error_message":"smtp down"})"});
        auto s = session();
        SideJobSidekiqPage page(s.get());
        page.resize(1280, 800);
        page.show();
        QVERIFY(refresh(&page));
        QCOMPARE(page.monitor()->queues()->rowCount(), 1);
        QCOMPARE(page.monitor()->processes()->rowCount(), 2);
        QCOMPARE(page.monitor()->items()->rowCount(), int(fixture().redis().command({"ZCARD", "schedule"}).integer));
        QVERIFY(page.setTabs()->isTabVisible(1));  // retry holds an item
        QVERIFY(!page.setTabs()->isTabVisible(2)); // dead is empty
        QVERIFY(page.statusLabel()->text().contains(QLatin1String("retry 1")));
        screenshot(&page, QStringLiteral("sidejob-sidekiq"));
        page.showSortedSet(QStringLiteral("retry"));
        QVERIFY(QTest::qWaitFor([&] { return page.monitor()->items()->rowCount() == 1; }, 5000));
        QCOMPARE(
            page.monitor()->items()->data(page.monitor()->items()->index(0, SidekiqItemModel::ErrorColumn)).toString(),
            QStringLiteral("smtp down"));
    }
};

QTEST_MAIN(TestSideJobPages)
#include "tst_sidejobpages.moc"
