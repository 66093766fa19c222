// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptheme.h"
#include "jobdetaildialog.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "jobhistorypage.h"
#include "jobtimeline.h"
#include "jobtimelinecap.h"
#include "jobtimelinestrip.h"
#include "jobtimelineview.h"
#include "qlessclienttestbase.h"
#include "themecolors.h"

#include <QDateTime>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using Kind = JobTimeline::Span::Kind;

// The timeline in the job window, on jobs our qless.lua moved through their lives on a real
// redis-server: the spans drawn are the history's, the summary sums them, the keyboard walks
// them, hovering says their exact times, and the strip is saved in light and dark for people to
// look at (build/screenshots/job-timeline-*.png).
class TestJobTimelineView final : public QObject
{
    Q_OBJECT

    QlessClientTestBase m_base;
    double m_now = 0;

    QlessFixture &q() { return m_base.fixture(); }

    void run(const QByteArray &command, double now, const QList<QByteArray> &args)
    {
        const RedisValue reply = q().qless(command, now, args);
        QVERIFY2(!reply.isError(), QByteArray(command + ": " + reply.bytes).constData());
    }

    // A crawl job's eventful life, ending complete: a wait, a run given back (retry), a run whose
    // lock was lost, a run that failed, a requeue by an operator, and a run that completed.
    void seedEventfulJob(const QByteArray &jid)
    {
        const double t = m_now - 3000;
        run("put", t, {"client", "crawl", jid, "Crawler::FetchPage", "{}", "0"});
        run("pop", t + 40, {"crawl", "worker-a", "1"});
        run("retry", t + 90, {jid, "crawl", "worker-a", "0"});
        run("pop", t + 300, {"crawl", "worker-b", "1"});
        run("timeout", t + 400, {jid});
        run("pop", t + 430, {"crawl", "worker-c", "1"});
        run("log", t + 450, {jid, "fetched robots.txt"});
        run("fail", t + 700, {jid, "worker-c", "upstream-timeout", "Timeout after 30s", "{}"});
        run("put", t + 2000, {"operator", "crawl-slow", jid, "Crawler::FetchPage", "{}", "0"});
        run("pop", t + 2100, {"crawl-slow", "worker-d", "1"});
        run("complete", t + 2400, {jid, "worker-d", "crawl-slow", "{}"});
    }

    void screenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        QVERIFY(widget->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png")));
    }

    JobTimelineView *openHistoryOf(JobDetailDialog &dialog, const QByteArray &jid)
    {
        QSignalSpy loaded(dialog.view(), &JobDetailView::loaded);
        dialog.showJob(jid);
        if (!loaded.wait(30000))
            return nullptr;
        dialog.view()->tabs()->setCurrentWidget(dialog.view()->historyPage());
        return dialog.view()->historyPage()->timelineView();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
        m_now = double(QDateTime::currentSecsSinceEpoch());
        seedEventfulJob("7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f");
        // Failed two days ago after a short life: the failure is drawn shortened.
        const double t = m_now - 2 * 86400;
        run("put", t, {"client", "crawl", "long-failed", "Crawler::FetchPage", "{}", "0"});
        run("pop", t + 12, {"crawl", "worker-a", "1"});
        run("fail", t + 20, {"long-failed", "worker-a", "parse-error", "Unexpected token", "{}"});
    }
    void cleanupTestCase()
    {
        AppTheme::setDark(false);
        m_base.stopQless();
    }

    void theWindowDrawsTheJobsLife()
    {
        JobDetailDialog dialog(new JobDetailReader(m_base.client()));
        dialog.resize(980, 640);
        dialog.show();
        JobTimelineView *view = openHistoryOf(dialog, "7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f");
        QVERIFY(view);
        const JobTimeline &timeline = view->strip()->timeline();
        QList<Kind> kinds;
        for (const JobTimeline::Span &span : timeline.spans())
            kinds << span.kind;
        QCOMPARE(kinds, (QList<Kind>{Kind::Waiting, Kind::Retried, Kind::Running, Kind::Stalled, Kind::Running,
                                     Kind::Failed, Kind::Waiting, Kind::Running}));
        QCOMPARE(timeline.end() - timeline.start(), 2400.0);
        const QString summary = view->summaryLabel()->text();
        // Waits 40 + 30 (stalled) + 100; runs 100 + 270 + 300; one retry of 260 s.
        QVERIFY2(summary.contains(QStringLiteral("Waited 2 min 50 s (3 waits)")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("ran 11 min 10 s (3 runs)")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("1 retries")) || summary.contains(QStringLiteral("1 retry")),
                 qPrintable(summary));
        QVERIFY(view->caveatsLabel()->isHidden());
        QVERIFY(!view->strip()->tailShortened());

        // Keyboard: the strip takes focus and the arrows walk the spans.
        QCOMPARE(view->strip()->focusPolicy(), Qt::StrongFocus);
        view->strip()->setFocus();
        QTest::keyClick(view->strip(), Qt::Key_Right);
        QCOMPARE(view->strip()->selectedSpan(), 0);
        QTest::keyClick(view->strip(), Qt::Key_Right);
        QTest::keyClick(view->strip(), Qt::Key_Right);
        QCOMPARE(view->strip()->selectedSpan(), 2);
        QVERIFY2(view->detailLabel()->text().contains(QStringLiteral("worker-b")),
                 qPrintable(view->detailLabel()->text()));
        QTest::keyClick(view->strip(), Qt::Key_End);
        QCOMPARE(view->strip()->selectedSpan(), 7);
        // What hovering the middle of a span shows: its exact times and duration.
        const QList<JobTimeline::Span> &spans = timeline.spans();
        const int failed = 5;
        QPoint middle;
        for (int x = 0; x < view->strip()->width() && middle.isNull(); ++x) {
            if (view->strip()->spanAt(QPoint(x, 15)) == failed)
                middle = QPoint(x, 15);
        }
        QVERIFY(!middle.isNull());
        const QString hover = view->strip()->spanText(failed);
        QVERIFY2(hover.contains(QStringLiteral("failed for 21 min 40 s")), qPrintable(hover));
        QVERIFY(hover.contains(QStringLiteral("upstream-timeout")));
        QVERIFY(hover.contains(QStringLiteral("UTC")));
        QCOMPARE(spans.at(failed).duration(), 1300.0);

        AppTheme::setDark(false);
        view->strip()->setSelectedSpan(2);
        screenshot(view, QStringLiteral("job-timeline-light"));
        screenshot(&dialog, QStringLiteral("job-timeline-window-light"));
        AppTheme::setDark(true);
        QVERIFY(QTest::qWaitFor([view] { return ThemeColors::isDark(view->strip()->palette()); }));
        screenshot(view, QStringLiteral("job-timeline-dark"));
        screenshot(&dialog, QStringLiteral("job-timeline-window-dark"));
        AppTheme::setDark(false);
    }

    void aLongFailureIsDrawnShortened()
    {
        JobDetailDialog dialog(new JobDetailReader(m_base.client()));
        dialog.resize(980, 640);
        dialog.show();
        JobTimelineView *view = openHistoryOf(dialog, "long-failed");
        QVERIFY(view);
        QVERIFY(view->strip()->tailShortened());
        const JobTimeline &timeline = view->strip()->timeline();
        QCOMPARE(timeline.spans().size(), 3);
        QVERIFY(timeline.spans().last().open);
        // The wait and run before the failure (12 s and 8 s of two days) keep 80 % of the strip.
        const int runWidth = [&] {
            int width = 0;
            for (int x = 0; x < view->strip()->width(); ++x)
                width += view->strip()->spanAt(QPoint(x, 15)) == 1 ? 1 : 0;
            return width;
        }();
        QVERIFY2(runWidth > view->strip()->width() / 4, qPrintable(QString::number(runWidth)));
        screenshot(view, QStringLiteral("job-timeline-long-failure-light"));
        AppTheme::setDark(true);
        QVERIFY(QTest::qWaitFor([view] { return ThemeColors::isDark(view->strip()->palette()); }));
        screenshot(view, QStringLiteral("job-timeline-long-failure-dark"));
        AppTheme::setDark(false);
    }

    void theServersHistoryCapIsRead()
    {
        run("config.set", m_now, {"max-job-history", "4"});
        run("put", m_now - 60, {"client", "crawl", "capped", "K", "{}", "0"});
        for (int i = 1; i <= 3; ++i) {
            run("pop", m_now - 60 + 10 * i, {"crawl", "worker-a", "1"});
            run("retry", m_now - 60 + 10 * i + 1, {"capped", "crawl", "worker-a", "0"});
        }
        JobDetailDialog dialog(new JobDetailReader(m_base.client()));
        dialog.show();
        JobTimelineView *view = openHistoryOf(dialog, "capped");
        run("config.unset", m_now, {"max-job-history"});
        QVERIFY(view);
        QTRY_COMPARE(view->historyCap(), 4);
        QTRY_VERIFY(!view->caveatsLabel()->isHidden());
        QVERIFY2(view->caveatsLabel()->text().contains(QStringLiteral("at most 4 entries")),
                 qPrintable(view->caveatsLabel()->text()));
        QCOMPARE(view->strip()->timeline().spans().first().kind, Kind::Unknown);

        QCOMPARE(JobTimelineCap::capOf(std::nullopt), JobTimelineCap::QlessDefault);
        QCOMPARE(JobTimelineCap::capOf(QStringLiteral("250")), 250);
        QCOMPARE(JobTimelineCap::capOf(QStringLiteral("0")), 0);
        QCOMPARE(JobTimelineCap::capOf(QStringLiteral("-1")), 0);
        QCOMPARE(JobTimelineCap::capOf(QStringLiteral("many")), JobTimelineCap::QlessDefault);
    }

    void noHistoryDrawsNothingAndSaysSo()
    {
        JobTimelineView view;
        view.resize(600, 120);
        Job job;
        view.showJob(job, m_now);
        QVERIFY(view.strip()->timeline().isEmpty());
        QVERIFY(view.summaryLabel()->text().isEmpty());
        QCOMPARE(view.strip()->spanAt(QPoint(100, 15)), -1);
        QTest::keyClick(view.strip(), Qt::Key_Right);
        QCOMPARE(view.strip()->selectedSpan(), -1);
        view.grab(); // paints without a crash
    }
};

QTEST_MAIN(TestJobTimelineView)
#include "tst_jobtimelineview.moc"
