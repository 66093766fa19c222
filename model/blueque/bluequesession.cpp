// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequesession.h"

#include "bluequeclient.h"

BluequeSession::BluequeSession(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_client(new BluequeClient(connection, this))
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
