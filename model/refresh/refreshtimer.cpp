// SPDX-License-Identifier: GPL-3.0-or-later
#include "refreshtimer.h"

RefreshTimer::RefreshTimer(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &RefreshTimer::start);
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this,
            [this] { abandon(m_ticket, tr("the refresh did not end within %1 s").arg(m_watchdogMs / 1000.0)); });
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
    m_soon = false;
    m_timer.stop();
    // Coming back after a pause, the data is old: refresh at once.
    if (!paused && m_interval > 0)
        refreshNow();
}

void RefreshTimer::endWith(QObject *work)
{
    if (!work || !m_inFlight)
        return;
    const quint64 ticket = m_ticket;
    // Queued: the next refresh must not start while the page (and its window) is still being
    // torn down.
    m_endWith = connect(
        work, &QObject::destroyed, this,
        [this, ticket] { abandon(ticket, tr("the page went away during its refresh")); }, Qt::QueuedConnection);
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

void RefreshTimer::refreshSoon()
{
    if (m_paused || m_interval <= 0)
        return;
    if (m_inFlight) {
        m_soon = true;
        return;
    }
    const qint64 since = m_sinceStart.isValid() ? m_sinceStart.elapsed() : EarlyGapMs;
    const int wait = int(qBound(qint64(0), qint64(EarlyGapMs) - since, qint64(EarlyGapMs)));
    if (m_timer.isActive() && m_timer.remainingTime() <= wait)
        return;
    m_timer.start(wait);
}

void RefreshTimer::finished()
{
    finished(m_ticket);
}

void RefreshTimer::finished(quint64 ticket)
{
    if (!m_inFlight || ticket != m_ticket)
        return;
    m_inFlight = false;
    m_watchdog.stop();
    disconnect(m_endWith); // a long-lived page must not gather one connection per refresh
    if (m_pending) {
        m_pending = false;
        start();
        return;
    }
    schedule();
    if (m_soon) {
        m_soon = false;
        refreshSoon();
    }
}

void RefreshTimer::abandon(quint64 ticket, const QString &why)
{
    if (!m_inFlight || ticket != m_ticket)
        return;
    emit refreshAbandoned(why);
    finished(ticket);
}

void RefreshTimer::start()
{
    m_inFlight = true;
    m_sinceStart.start();
    ++m_ticket;
    m_watchdog.start(m_watchdogMs);
    emit refreshRequested();
}

void RefreshTimer::schedule()
{
    if (m_inFlight || m_paused || m_interval <= 0)
        return;
    m_timer.start(m_interval);
}
