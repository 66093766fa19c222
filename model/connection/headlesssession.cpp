// SPDX-License-Identifier: GPL-3.0-or-later
#include "headlesssession.h"

#include "qlessclient.h"
#include "qlessoperations.h"
#include "redisconnection.h"

namespace {
// The headless commands read beside the workers as the window does: one unit at Redis at a time.
ConnectionSettings besideWorkers(ConnectionSettings settings)
{
    settings.oneUnitAtServer = true;
    return settings;
}
} // namespace

HeadlessSession::HeadlessSession(const ConnectionSettings &settings, QObject *parent)
    : QObject(parent)
    , m_connection(std::make_unique<RedisConnection>(besideWorkers(settings)))
    , m_client(std::make_unique<QlessClient>(m_connection.get()))
    , m_operations(std::make_unique<QlessOperations>(m_client.get()))
{
    connect(m_connection.get(), &RedisConnection::stateChanged, this, &HeadlessSession::stateChanged);
}

// What uses the connection goes before it.
HeadlessSession::~HeadlessSession()
{
    m_operations.reset();
    m_client.reset();
    m_connection.reset();
}

ServerReads *HeadlessSession::reads() const
{
    return m_operations.get();
}

const ConnectionSettings &HeadlessSession::settings() const
{
    return m_connection->settings();
}
