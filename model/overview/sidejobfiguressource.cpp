// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobfiguressource.h"

#include "qlesssession.h"
#include "sidejobclient.h"
#include "sidejobsession.h"
#include "sidekiqtypes.h"

#include <QPointer>

SideJobFiguresSource::SideJobFiguresSource(QlessSession *session, QObject *parent)
    : SystemFiguresSource(parent)
    , m_session(session)
{}

void SideJobFiguresSource::read(Done done)
{
    SideJobClient *client = SideJobSession::of(m_session)->client();
    QPointer<SideJobFiguresSource> self(this);
    // Bound: detect.lua (a few TYPEs, SCARD, a sample of 11 jobs), then sidekiq.lua (its own
    // -- Bound: line), one after the other.
    client->detect(this, [self, client, done](const QlessReply<SideJobPresence> &presence) {
        if (!self)
            return;
        if (!presence.ok()) {
            done(std::nullopt, presence.error.message);
            return;
        }
        if (!presence.value.holdsSideJob()) {
            done(std::nullopt, {});
            return;
        }
        const qint64 jobs = presence.value.jobCount;
        client->sidekiq(self, [jobs, done](const QlessReply<SidekiqOverview> &reply) {
            if (!reply.ok()) {
                done(std::nullopt, reply.error.message);
                return;
            }
            qint64 queued = 0;
            for (const SidekiqQueue &queue : reply.value.queues)
                queued += qMax<qint64>(0, queue.length);
            SystemFigures figures;
            figures.system = QStringLiteral("SideJob");
            figures.figures = {figure(jobs, QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln job(s)")),
                               figure(reply.value.queueTotal,
                                      QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln Sidekiq queue(s)")),
                               figure(queued, QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln queued")),
                               figure(reply.value.processTotal,
                                      QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln process(es)")),
                               figure(qMax<qint64>(0, reply.value.retry),
                                      QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln to retry"), true),
                               figure(qMax<qint64>(0, reply.value.dead),
                                      QT_TRANSLATE_N_NOOP("SystemFiguresSource", "%Ln dead"), true)};
            QStringList notes;
            if (reply.value.queueTotal > reply.value.queues.size())
                notes << tr("queued counts the first %1 of %2 queues")
                             .arg(reply.value.queues.size())
                             .arg(reply.value.queueTotal);
            notes << tr("jobs by status are not counted here (that reads every job): see the SideJob page");
            figures.note = notes.join(QStringLiteral("; "));
            done(figures, {});
        });
    });
}
