// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowtitle.h"

#include "overviewpage.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "serverreads.h"

#include <QWidget>

WindowTitle::WindowTitle(QWidget *window)
    : QObject(window)
    , m_window(window)
{}

void WindowTitle::setServer(const QString &name)
{
    ++m_generation;
    m_server = name;
    m_paused = 0;
    update();
}

void WindowTitle::countPaused(QlessSession *session, OverviewPage *overview)
{
    if (overview) {
        setPaused(overview->queueModel()->pausedCount());
        return;
    }
    const quint64 generation = m_generation;
    session->reads()->queueCounts(this, [this, generation](const QlessReply<QList<QueueCounts>> &reply) {
        if (reply.ok() && generation == m_generation)
            countPaused(reply.value);
    });
}

void WindowTitle::countPaused(const QList<QueueCounts> &queues)
{
    int paused = 0;
    for (const QueueCounts &queue : queues)
        paused += queue.paused ? 1 : 0;
    setPaused(paused);
}

void WindowTitle::setPaused(int paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    update();
}

void WindowTitle::update()
{
    if (m_paused > 0)
        m_window->setWindowTitle(tr("%1 — %n paused — qlessdesk", nullptr, m_paused).arg(m_server));
    else
        m_window->setWindowTitle(tr("%1 — qlessdesk").arg(m_server));
}
