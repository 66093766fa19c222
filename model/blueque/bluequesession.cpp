// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequesession.h"

#include "bluequeclient.h"
#include "bluequetasktext.h"
#include "bluequewriter.h"
#include "redisconnection.h"

BluequeSession::BluequeSession(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_client(new BluequeClient(connection, this))
    , m_writer(new BluequeWriter(connection, this))
{}

BluequeSession::~BluequeSession() = default;

void BluequeSession::detect()
{
    m_client->detect(this, [this](const QlessReply<QString> &reply) {
        if (!reply.ok())
            return; // keep what was known: a failed read says nothing about the data
        m_keyType = reply.value;
        // A key of that name of another type is not Blueque's, but an operator should see it.
        const bool present = reply.value != QLatin1String("none");
        if (present != m_present) {
            m_present = present;
            emit presenceChanged(present);
        }
    });
}

double BluequeSession::now() const
{
    return m_connection->serverNow();
}

void BluequeSession::readTaskText(const QByteArray &id, QObject *context, std::function<void(const QString &)> done)
{
    m_client->taskRecord(id, context, [this, done](const QlessReply<BluequeTaskRecord> &reply) {
        done(reply.ok() ? BluequeTaskText::describe(reply.value, now())
                        : tr("Could not read the task: %1").arg(reply.error.message));
    });
}
