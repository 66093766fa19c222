// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// When to refresh a live view: `interval` after the previous refresh finished (a single-shot
// timer restarted after each reply, so a slow server is never asked twice at once), never while
// one is in flight, not at all while paused (window minimized) or off (interval 0).
// refreshNow() (F5) starts one at once, or right after the one in flight. refreshSoon() (a change
// seen on the event stream) brings the next one forward, at most one per EarlyGapMs.
//
// A refresh that never ends would stop all of this for good, so it cannot: one that has not
// ended after watchdog() is taken as failed (refreshAbandoned) and the next one is scheduled;
// one whose page goes away (endWith) ends then. Each refresh has a ticket; finished(ticket) for
// a refresh already given up is ignored, so a late reply never ends the next one early.
class RefreshTimer final : public QObject
{
    Q_OBJECT

public:
    // Far beyond the connection's own request timeout: only a refresh whose end was lost hits it.
    static constexpr int DefaultWatchdogMs = 120000;
    // refreshSoon() starts a refresh no sooner than this after the last one started.
    static constexpr int EarlyGapMs = 1000;

    explicit RefreshTimer(QObject *parent = nullptr);

    // 0 = off; otherwise milliseconds.
    void setInterval(int milliseconds);
    int interval() const { return m_interval; }
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    bool isInFlight() const { return m_inFlight; }
    bool isScheduled() const { return m_timer.isActive(); }
    bool isScheduledWithin(int milliseconds) const
    {
        return m_timer.isActive() && m_timer.remainingTime() <= milliseconds;
    }
    void setWatchdog(int milliseconds) { m_watchdogMs = qMax(1, milliseconds); }
    int watchdog() const { return m_watchdogMs; }
    // The refresh in flight (or the last one): pass it back to finished(ticket).
    quint64 ticket() const { return m_ticket; }
    // The refresh in flight also ends (as failed) when `work` is destroyed: a page deleted
    // while its replies are out never calls back.
    void endWith(QObject *work);

public slots:
    void refreshNow();
    // Something changed that the page on screen may show: the next refresh comes within
    // EarlyGapMs of the last one's start instead of a whole interval later. Nothing while paused
    // or off: the operator chose that.
    void refreshSoon();
    // The refresh in flight has all its replies (or failed).
    void finished();
    // Refresh `ticket` has ended; nothing when it is not the one in flight.
    void finished(quint64 ticket);

signals:
    // Start one refresh now; call finished() when it is done.
    void refreshRequested();
    // The refresh in flight was given up (watchdog or its page went away); the next one follows.
    void refreshAbandoned(const QString &why);

private:
    void start();
    void schedule();
    void abandon(quint64 ticket, const QString &why);

    QTimer m_timer;
    QTimer m_watchdog;
    QElapsedTimer m_sinceStart;
    QMetaObject::Connection m_endWith;
    int m_interval = 0;
    int m_watchdogMs = DefaultWatchdogMs;
    quint64 m_ticket = 0;
    bool m_paused = false;
    bool m_inFlight = false;
    bool m_pending = false;
    bool m_soon = false; // refreshSoon() during a refresh: the next comes early
};
