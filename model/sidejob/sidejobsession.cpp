// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsession.h"

#include "qlesssession.h"
#include "redisconnection.h"
#include "sidejobclient.h"
#include "sidejobrecordtext.h"
#include "sidejobwriter.h"

#include <climits>

SideJobSession *SideJobSession::of(QlessSession *session)
{
    auto *found = session->findChild<SideJobSession *>(QStringLiteral("sideJobSession"), Qt::FindDirectChildrenOnly);
    if (found)
        return found;
    auto *made = new SideJobSession(session->connection(), session);
    made->setObjectName(QStringLiteral("sideJobSession"));
    return made;
}

SideJobSession::SideJobSession(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_client(new SideJobClient(connection, this))
    , m_writer(new SideJobWriter(connection, this))
{}

SideJobSession::~SideJobSession() = default;

void SideJobSession::detect()
{
    m_client->detect(this, [this](const QlessReply<SideJobPresence> &reply) {
        if (!reply.ok())
            return; // keep what was known: a failed read says nothing about the data
        const bool was = isPresent();
        m_presence = reply.value;
        if (was != isPresent())
            emit presenceChanged(isPresent());
        emit detected();
    });
}

double SideJobSession::now() const
{
    return m_connection->serverNow();
}

QString SideJobSession::summary() const
{
    if (!isPresent())
        return tr("This server holds no SideJob deployment (no jobs set beside jobs:last_id).");
    QString layouts;
    if (m_presence.layouts.size() > 1)
        layouts = tr("both layouts (4.1 and the seed's 4.0): 4.1 cannot run the 4.0 jobs");
    else if (m_presence.layouts.value(0) == QLatin1String("4.0"))
        layouts = tr("the seed's layout (4.0.x: a hash per job)");
    else if (m_presence.layouts.value(0) == QLatin1String("4.1"))
        layouts = tr("layout 4.1 (a key per field)");
    else
        layouts = tr("no job record seen yet");
    QString text = tr("SideJob: %n job(s), last id %1, %2", nullptr, int(qMin<qint64>(m_presence.jobCount, INT_MAX)))
                       .arg(QString::fromUtf8(m_presence.lastId), layouts);
    if (m_presence.logsType == QLatin1String("list"))
        text += tr("; a jobs:logs list (4.0's log, never deleted here)");
    return text;
}

void SideJobSession::readRecordText(const QByteArray &id, QObject *context, std::function<void(const QString &)> done,
                                    const QByteArray &childCursor)
{
    m_client->jobRecord(
        id, now(), context,
        [this, done](const QlessReply<SideJobRecord> &reply) {
            done(reply.ok() ? SideJobRecordText::describe(reply.value, now())
                            : tr("Could not read the job: %1").arg(reply.error.message).toHtmlEscaped());
        },
        childCursor);
}

void SideJobSession::readInputPorts(const QByteArray &id, QObject *context,
                                    std::function<void(const QStringList &)> done)
{
    m_client->jobRecord(id, now(), context, [done](const QlessReply<SideJobRecord> &reply) {
        QStringList names;
        if (reply.ok()) {
            for (const SideJobPort &port : reply.value.inports) {
                if (port.name != QLatin1String("*"))
                    names << port.name;
            }
        }
        done(names);
    });
}
