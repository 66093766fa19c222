// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsession.h"

#include "qlesssession.h"
#include "redisconnection.h"
#include "sidejobclient.h"

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
