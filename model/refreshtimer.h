#pragma once

#include <QObject>
#include <QTimer>

// When to refresh a live view: `interval` after the previous refresh finished (a single-shot
// timer restarted after each reply, so a slow server is never asked twice at once), never while
// one is in flight, not at all while paused (window minimized) or off (interval 0).
// refreshNow() (F5) starts one at once, or right after the one in flight.
class RefreshTimer final : public QObject
{
    Q_OBJECT

public:
    explicit RefreshTimer(QObject *parent = nullptr);

    // 0 = off; otherwise milliseconds.
    void setInterval(int milliseconds);
    int interval() const { return m_interval; }
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    bool isInFlight() const { return m_inFlight; }
    bool isScheduled() const { return m_timer.isActive(); }

public slots:
    void refreshNow();
    // The refresh that refreshRequested() started has all its replies (or failed).
    void finished();

signals:
    // Start one refresh now; call finished() when it is done.
    void refreshRequested();

private:
    void start();
    void schedule();

    QTimer m_timer;
    int m_interval = 0;
    bool m_paused = false;
    bool m_inFlight = false;
    bool m_pending = false;
};
