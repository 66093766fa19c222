// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequefiguressource.h"

#include "bluequeclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

BluequeFiguresSource::BluequeFiguresSource(QlessSession *session, QObject *parent)
    : SystemFiguresSource(parent)
    , m_session(session)
    , m_client(new BluequeClient(session->connection(), this))
{}

void BluequeFiguresSource::read(Done done)
{
    const double now = m_session->connection()->serverNow();
    // Bound: one overview.lua call of at most QueuesPerCall queues (its own -- Bound: line).
    m_client->queuePage(0, BluequeClient::QueuesPerCall, now, this, [done](const QlessReply<BluequeQueuePage> &reply) {
        if (!reply.ok()) {
            done(std::nullopt, reply.error.message);
            return;
        }
        // No member in blueque_queues: no Blueque here (a missing key reads as empty).
        if (reply.value.total == 0) {
            done(std::nullopt, {});
            return;
        }
        qint64 pending = 0;
        qint64 failed = 0;
        qint64 listeners = 0;
        for (const BluequeQueue &queue : reply.value.queues) {
            pending += qMax<qint64>(0, queue.pending);
            failed += qMax<qint64>(0, queue.failed);
            listeners += qMax<qint64>(0, queue.listeners);
        }
        SystemFigures figures;
        figures.system = QStringLiteral("Blueque");
        figures.figures = {figure(reply.value.total, QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln queue(s)")),
                           figure(pending, QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln pending")),
                           figure(failed, QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln failed"), true),
                           figure(listeners, QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln listener(s)"))};
        if (reply.value.total > reply.value.queues.size())
            figures.note =
                tr("counts of the first %1 of %2 queues").arg(reply.value.queues.size()).arg(reply.value.total);
        done(figures, {});
    });
}
