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
};

QTEST_GUILESS_MAIN(TestRefreshTimer)
#include "tst_refreshtimer.moc"
