// SPDX-License-Identifier: GPL-3.0-or-later
#include "refreshtimer.h"

#include <QSignalSpy>
#include <QTest>

// Refresh pacing: one refresh at a time, the next only after the last reply, none while paused
// or off, F5 at once (or right after the one in flight).
class TestRefreshTimer final : public QObject
{
    Q_OBJECT

private slots:
    void offByDefault()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        QVERIFY(!timer.isScheduled());
        QTest::qWait(50);
        QCOMPARE(spy.count(), 0);
    }

    void nextOnlyAfterFinished()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        timer.setInterval(10);
        QTRY_COMPARE(spy.count(), 1);
        QVERIFY(timer.isInFlight());
        QTest::qWait(60); // many intervals: still one, the reply has not come
        QCOMPARE(spy.count(), 1);
        QVERIFY(!timer.isScheduled());
        timer.finished();
        QVERIFY(timer.isScheduled());
        QTRY_COMPARE(spy.count(), 2);
    }

    void refreshNowWhileInFlightRunsRightAfter()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        timer.refreshNow();
        QCOMPARE(spy.count(), 1);
        timer.refreshNow(); // in flight: remembered, not doubled
        timer.refreshNow();
        QCOMPARE(spy.count(), 1);
        timer.finished();
        QCOMPARE(spy.count(), 2);
        timer.finished();
        QCOMPARE(spy.count(), 2); // interval is off: nothing further
        QVERIFY(!timer.isScheduled());
    }

    void pausedMeansNothingThenRefreshOnResume()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        timer.setPaused(true);
        timer.setInterval(10);
        QTest::qWait(50);
        QCOMPARE(spy.count(), 0);
        timer.setPaused(false);
        QCOMPARE(spy.count(), 1);
        timer.setPaused(true);
        timer.finished();
        QVERIFY(!timer.isScheduled());
    }

    void strayFinishedIgnored()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        timer.setInterval(1000);
        timer.finished();
        timer.finished();
        QCOMPARE(spy.count(), 0);
        QVERIFY(timer.isScheduled());
    }

    void refreshThatNeverEndsIsAbandonedAndTheNextTickRuns()
    {
        RefreshTimer timer;
        timer.setWatchdog(100);
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        QSignalSpy abandoned(&timer, &RefreshTimer::refreshAbandoned);
        timer.setInterval(10);
        QTRY_COMPARE(spy.count(), 1);
        const quint64 lost = timer.ticket();
        timer.refreshNow(); // F5 while stuck: only remembered...
        QCOMPARE(spy.count(), 1);
        QTest::qWait(50);
        QCOMPARE(spy.count(), 1); // ...until the watchdog gives the stuck one up
        QTRY_COMPARE(abandoned.count(), 1);
        QCOMPARE(spy.count(), 2); // the remembered F5 runs at once
        QVERIFY(timer.ticket() != lost);
        timer.finished(lost); // the lost refresh's late end does not end the new one
        QVERIFY(timer.isInFlight());
        timer.finished(timer.ticket());
        QVERIFY(!timer.isInFlight());
        QTRY_COMPARE(spy.count(), 3); // and the ticks go on
    }

    void pageDeletedMidRefreshEndsItAndTheNextTickRuns()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        QSignalSpy abandoned(&timer, &RefreshTimer::refreshAbandoned);
        timer.setInterval(10);
        QTRY_COMPARE(spy.count(), 1);
        auto *page = new QObject;
        timer.endWith(page);
        QTest::qWait(50);
        QCOMPARE(spy.count(), 1); // in flight, the watchdog far away
        delete page;
        QCOMPARE(spy.count(), 1); // not from inside the destruction
        QTRY_COMPARE(abandoned.count(), 1);
        QTRY_COMPARE(spy.count(), 2);
        // A page that outlives its refresh ends nothing later.
        auto *longLived = new QObject;
        timer.endWith(longLived);
        timer.finished(timer.ticket());
        QTRY_COMPARE(spy.count(), 3);
        const quint64 current = timer.ticket();
        delete longLived;
        QTest::qWait(20);
        QCOMPARE(abandoned.count(), 1);
        QVERIFY(timer.isInFlight());
        QCOMPARE(timer.ticket(), current);
    }

    // The event stream's early refresh: the next one comes within EarlyGapMs of the last start
    // instead of a whole interval later; calls in between make no second one; nothing while
    // paused or off.
    void refreshSoonBringsTheNextForward()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        // A coarse timer may be set up to 5% later than asked: "within the gap" allows for that.
        const int soon = RefreshTimer::EarlyGapMs + RefreshTimer::EarlyGapMs / 10;
        timer.setInterval(600000);
        timer.refreshNow();
        QCOMPARE(spy.count(), 1);
        timer.refreshSoon(); // in flight: remembered for when it ends
        timer.refreshSoon();
        timer.finished();
        QVERIFY(timer.isScheduled());
        QVERIFY(timer.isScheduledWithin(soon));
        QCOMPARE(spy.count(), 1); // never at once: the gap since the last start holds
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 2, 10000);
        timer.finished();
        QVERIFY(!timer.isScheduledWithin(soon)); // back to the interval
        timer.refreshSoon();
        timer.refreshSoon();
        QVERIFY(timer.isScheduledWithin(soon));
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 3, 10000);
        QCOMPARE(spy.count(), 3);
    }

    void refreshSoonRespectsPauseAndOff()
    {
        RefreshTimer timer;
        QSignalSpy spy(&timer, &RefreshTimer::refreshRequested);
        timer.refreshSoon(); // off (interval 0)
        QVERIFY(!timer.isScheduled());
        timer.setInterval(600000);
        timer.setPaused(true);
        timer.refreshSoon();
        QVERIFY(!timer.isScheduled());
        QCOMPARE(spy.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRefreshTimer)
#include "tst_refreshtimer.moc"
