// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptheme.h"
#include "failedpage.h"
#include "failuretimingreader.h"
#include "failuretimingview.h"
#include "pagetestbase.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

// The Failed page's timing line against a real Redis: nothing read until Measure, then the
// median and longest wait and run before failing of the group's newest jobs, with the sample's
// size; another group clears it. Saved for people to look at (failed-page-timing-*.png).
class TestFailureTimingView final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr double T = 1763683200;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        // 60 jobs of group "upstream-timeout": job i waits i % 10 + 1 s and runs 30 + i % 5 s.
        for (int i = 0; i < 60; ++i) {
            const QByteArray jid = "crawl-" + QByteArray::number(i);
            const double put = T + 100 * i;
            const double popped = put + i % 10 + 1;
            QVERIFY(!fixture().qless("put", put, {"client", "crawl", jid, "Crawler::FetchPage", "{}", "0"}).isError());
            QCOMPARE(fixture().pop("crawl", "worker-1", 1, popped), QList<QByteArray>{jid});
            QVERIFY(!fixture()
                         .qless("fail", popped + 30 + i % 5, {jid, "worker-1", "upstream-timeout", "Timeout", "{}"})
                         .isError());
        }
        QVERIFY(!fixture().qless("put", T, {"client", "other", "other-1", "K", "{}", "0"}).isError());
        QCOMPARE(fixture().pop("other", "worker-1", 1, T + 1), QList<QByteArray>{"other-1"});
        QVERIFY(!fixture().qless("fail", T + 2, {"other-1", "worker-1", "KeyError", "boom", "{}"}).isError());
    }
    void cleanupTestCase()
    {
        AppTheme::setDark(false);
        stopServer();
    }

    void measuresOnDemand()
    {
        auto s = session();
        FailedPage page(s.get());
        page.resize(1200, 700);
        page.show();
        QVERIFY(refresh(&page));
        page.showGroup(QStringLiteral("upstream-timeout"));
        FailureTimingView *timing = page.timingView();
        QVERIFY(timing->label()->text().contains(QStringLiteral("not measured")));
        QVERIFY(!timing->reader()->isRunning());
        QSignalSpy finished(timing->reader(), &FailureTimingReader::finished);
        QVERIFY(timing->measureButton()->isEnabled());
        timing->measureButton()->click();
        QVERIFY(finished.wait(30000));
        const QString text = timing->label()->text();
        // The newest 48 are jobs 12..59: waits 1..10 s, runs 30..34 s.
        QVERIFY2(text.contains(QStringLiteral("newest 48 of 60")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("wait median 6.0 s, max 10 s · run median 32 s, max 34 s")),
                 qPrintable(text));
        QCOMPARE(timing->reader()->calls(), 3); // 48 jobs, 16 a call
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        QVERIFY(page.grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/failed-page-timing-light.png")));
        AppTheme::setDark(true);
        QVERIFY(QTest::qWaitFor(
            [&page] { return AppTheme::isDark() && page.palette().color(QPalette::Window).lightness() < 128; }));
        QVERIFY(page.grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/failed-page-timing-dark.png")));
        AppTheme::setDark(false);

        page.showGroup(QStringLiteral("KeyError"));
        QTRY_VERIFY(timing->label()->text().contains(QStringLiteral("not measured")));
    }
};

QTEST_MAIN(TestFailureTimingView)
#include "tst_failuretimingview.moc"
