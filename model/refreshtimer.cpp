#include "refreshtimer.h"

RefreshTimer::RefreshTimer(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &RefreshTimer::start);
}

void RefreshTimer::setInterval(int milliseconds)
{
    m_interval = qMax(0, milliseconds);
    m_timer.stop();
    schedule();
}

void RefreshTimer::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    m_timer.stop();
    // Coming back after a pause, the data is old: refresh at once.
    if (!paused && m_interval > 0)
        refreshNow();
}

void RefreshTimer::refreshNow()
{
    if (m_inFlight) {
        m_pending = true;
        return;
    }
    m_timer.stop();
    start();
}

void RefreshTimer::finished()
{
    if (!m_inFlight)
        return;
    m_inFlight = false;
    if (m_pending) {
        m_pending = false;
        start();
        return;
    }
    schedule();
}

void RefreshTimer::start()
{
    m_inFlight = true;
    emit refreshRequested();
}

void RefreshTimer::schedule()
{
    if (m_inFlight || m_paused || m_interval <= 0)
        return;
    m_timer.start(m_interval);
}
