// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "bulkrunner.h"
#include "bulktarget.h"
#include "jobaction.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "refreshtimer.h"
#include "roundtripmeter.h"
#include "statusbar.h"

#include <QLabel>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSignalSpy>

// The window's status bar against a real Redis: the server without its password, the round trip
// (a PING after each refresh), the last refresh, the read-only mark, and a bulk run's progress
// while the page it was started from is not on screen.
class TestStatusBar final : public QObject, private PageTestBase
{
    Q_OBJECT

    static StatusBar *statusOf(MainWindow &window) { return qobject_cast<StatusBar *>(window.statusBar()); }

    std::unique_ptr<QlessSession> sessionWith(bool readOnly, const QString &password = {})
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture().server().socketPath();
        settings.readOnly = readOnly;
        settings.password = password;
        return std::make_unique<QlessSession>(settings);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 19; ++i)
            fixture().put("statusq", "status-" + QByteArray::number(i), now - 60 + i);
    }
    void cleanupTestCase() { stopServer(); }

    void serverRoundTripAndLastRefresh()
    {
        MainWindow window;
        auto s = session();
        const QString where = s->settings().describe();
        window.setSession(std::move(s));
        window.show();
        StatusBar *bar = statusOf(window);
        QVERIFY(bar);
        QCOMPARE(bar->serverLabel()->text(), where);
        QVERIFY(bar->readOnlyMark()->isHidden());
        // The page on screen refreshes at once; a PING follows each refresh.
        QTRY_VERIFY_WITH_TIMEOUT(bar->lastRefreshLabel()->text().startsWith(QStringLiteral("Last refresh ")), 10000);
        const QRegularExpression roundTrip(QStringLiteral("^Round trip [0-9.,]+ ms$"));
        QTRY_VERIFY_WITH_TIMEOUT(roundTrip.match(bar->roundTripLabel()->text()).hasMatch(), 10000);
        QVERIFY2(!bar->lastRefreshLabel()->text().contains(QStringLiteral("stale")),
                 qPrintable(bar->lastRefreshLabel()->text()));

        // One PING per refresh at most, never one per tick of anything else.
        QTest::qWait(500); // what the first refreshes sent has come back
        QSignalSpy pings(RoundTripMeter::of(window.session()), &RoundTripMeter::measured);
        QSignalSpy refreshes(window.session(), &QlessSession::refreshed);
        window.refreshTimer()->refreshNow();
        QVERIFY(pings.wait(10000));
        QTest::qWait(500);
        QVERIFY(!refreshes.isEmpty());
        QVERIFY2(pings.size() <= refreshes.size(),
                 qPrintable(QStringLiteral("%1 pings, %2 refreshes").arg(pings.size()).arg(refreshes.size())));
    }

    void neverAPassword()
    {
        // A server without a password refuses AUTH: the session fails, and the bar still shows
        // where it is, without the password it was given.
        MainWindow window;
        auto s = sessionWith(false, QStringLiteral("sekrit-pass"));
        const QString where = s->settings().describe();
        window.setSession(std::move(s));
        StatusBar *bar = statusOf(window);
        QCOMPARE(bar->serverLabel()->text(), where);
        QVERIFY(!bar->serverLabel()->text().contains(QStringLiteral("sekrit")));
        QVERIFY(!bar->serverLabel()->toolTip().contains(QStringLiteral("sekrit")));
        QCOMPARE(bar->roundTripLabel()->text(), QStringLiteral("Round trip —"));
    }

    void readOnlyMark()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.setSession(sessionWith(true));
        window.show();
        StatusBar *bar = statusOf(window);
        QVERIFY(bar->readOnlyMark()->isVisible());
        QCOMPARE(bar->readOnlyMark()->text(), QStringLiteral("Read-only"));
        QVERIFY(bar->readOnlyMark()->toolTip().contains(QStringLiteral("read-only")));
        QTRY_VERIFY_WITH_TIMEOUT(bar->roundTripLabel()->text().endsWith(QStringLiteral(" ms")), 10000);
        screenshot(&window, QStringLiteral("statusbar-readonly"));
    }

    void aRunsProgressWhileItsPageIsNotShown()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.setSession(session());
        window.show();
        QVERIFY(window.showPage(QStringLiteral("Overview")));
        StatusBar *bar = statusOf(window);
        ActionCenter *actions = ActionCenter::of(window.session());
        QList<QByteArray> jids;
        for (int i = 0; i < 19; ++i) // under ActionCenter::confirmFrom: no dialog
            jids << "status-" + QByteArray::number(i);

        // Each time a run moves on, after the bar took it in: what the bar shows then.
        struct Seen
        {
            bool visible = false;
            QString text;
            bool ended = false; // the run had finished: nothing left to follow
        };
        QList<Seen> seen;
        bool grabbed = false;
        bool watching = true;
        QObject watcher;
        connect(actions, &ActionCenter::runStarted, &watcher, [&](BulkProgress *runner) {
            connect(runner, &BulkRunner::progressed, &watcher, [&, runner] {
                if (!watching)
                    return;
                seen.append({bar->runsLabel()->isVisible(), bar->runsLabel()->text(),
                             runner->phase() == BulkRunner::Phase::Finished});
                if (!grabbed && bar->runsLabel()->isVisible() && runner->processed() > 0) {
                    grabbed = true;
                    // The bar's new text laid out first, as the event loop would before painting.
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                    screenshot(&window, QStringLiteral("statusbar"));
                }
            });
        });

        // Started from the Overview, the Overview on screen: the runs panel shows it, not the bar.
        QSignalSpy finished(actions, &ActionCenter::runFinished);
        actions->run(JobAction::track(), BulkTarget::ofJids(jids), &window);
        QVERIFY(finished.wait(20000));
        QVERIFY(!seen.isEmpty());
        for (const Seen &s : std::as_const(seen))
            QVERIFY2(!s.visible, qPrintable(s.text));
        QVERIFY(bar->runsLabel()->isHidden());

        // Started from the Overview, then the operator went to the Queues page: the bar follows it.
        seen.clear();
        watching = false; // what the run says as it starts, before the operator moves on
        actions->run(JobAction::untrack(), BulkTarget::ofJids(jids), &window);
        QVERIFY(window.showPage(QStringLiteral("Queues")));
        watching = true;
        QVERIFY(finished.wait(20000));
        QVERIFY(!seen.isEmpty());
        const QRegularExpression progress(QStringLiteral("^Bulk run: [0-9]+ / 19$"));
        bool shownWithCounts = false;
        for (const Seen &s : std::as_const(seen)) {
            QVERIFY2(s.visible || s.ended, qPrintable(s.text));
            shownWithCounts = shownWithCounts || progress.match(s.text).hasMatch();
        }
        QVERIFY(shownWithCounts);
        QVERIFY(grabbed);
        // Done: nothing left to follow.
        QTRY_VERIFY(bar->runsLabel()->isHidden());
        QVERIFY(bar->runsProgress()->isHidden());
    }
};

QTEST_MAIN(TestStatusBar)
#include "tst_statusbar.moc"
