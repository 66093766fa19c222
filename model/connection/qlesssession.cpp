// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlesssession.h"

#include "auditlog.h"
#include "qlessclient.h"
#include "qlessoperations.h"
#include "redisconnection.h"

namespace {
// The console's calls share this connection; other clients (the workers) wait behind whatever
// it has at Redis at once, so no more than one unit goes at a time (ConnectionSettings).
ConnectionSettings consoleSettings(ConnectionSettings settings)
{
    settings.oneUnitAtServer = true;
    return settings;
}
} // namespace

QlessSession::QlessSession(const ConnectionSettings &settings, QObject *parent)
    : QObject(parent)
    , m_connection(std::make_unique<RedisConnection>(consoleSettings(settings)))
    , m_client(std::make_unique<QlessClient>(m_connection.get()))
    , m_operations(std::make_unique<QlessOperations>(m_client.get()))
    , m_auditLog(std::make_shared<AuditLog>())
{
    connect(m_connection.get(), &RedisConnection::stateChanged, this, &QlessSession::onState);
    m_state = m_connection->state();
    if (m_state.phase == ConnectionState::Phase::Ready)
        askPermissions();
}

// The client goes before the connection it uses.
QlessSession::~QlessSession()
{
    // Children (actions and their runs) may still record to the audit log or cancel through
    // the client as they go: they go first, while both are whole.
    const QObjectList children = this->children();
    qDeleteAll(children);
    m_operations.reset();
    m_client.reset();
    m_connection.reset();
}

const ConnectionSettings &QlessSession::settings() const
{
    return m_connection->settings();
}

ServerReads *QlessSession::reads() const
{
    return m_operations.get();
}

QueueWrites *QlessSession::queueWrites() const
{
    return m_operations.get();
}

JobWrites *QlessSession::jobWrites() const
{
    return m_operations.get();
}

WorkerWrites *QlessSession::workerWrites() const
{
    return m_operations.get();
}

void QlessSession::reconnect()
{
    m_connection->reconnect();
}

bool QlessSession::isReadOnly() const
{
    return m_connection->isReadOnly();
}

void QlessSession::markRefreshed()
{
    m_lastRefresh = QDateTime::currentDateTime();
    if (m_stale) {
        m_stale = false;
        emit staleChanged(false);
    }
    emit refreshed(m_lastRefresh);
}

void QlessSession::onState(const ConnectionState &state)
{
    m_state = state;
    const bool lost = state.phase == ConnectionState::Phase::Reconnecting
                      || state.phase == ConnectionState::Phase::Failed || state.phase == ConnectionState::Phase::Closed;
    if (lost && !m_stale && m_lastRefresh.isValid()) {
        m_stale = true;
        emit staleChanged(true);
    }
    emit stateChanged(state);
    // A reconnect may reach another server (Sentinel) or a user changed meanwhile: ask again.
    if (state.phase == ConnectionState::Phase::Ready)
        askPermissions();
}

void QlessSession::askPermissions()
{
    const quint64 asked = ++m_permissionsAsked;
    m_client->configReads().userPermissions(this, [this, asked](const QlessReply<QJsonObject> &reply) {
        if (asked != m_permissionsAsked)
            return;
        const UserPermissions answer = UserPermissions::fromReply(reply);
        // Unanswered (the connection dropped): what was known stays until the next connect asks.
        if (answer.status == UserPermissions::Status::NotAsked || answer == m_permissions)
            return;
        m_permissions = answer;
        emit permissionsChanged(m_permissions);
    });
}

void QlessSession::setAuditLog(std::shared_ptr<AuditLog> log)
{
    if (log)
        m_auditLog = std::move(log);
}

bool QlessSession::audit(AuditRecord record)
{
    record.server = settings().describe();
    if (!record.time.isValid())
        record.time = QDateTime::currentDateTimeUtc();
    if (!m_auditLog->append(record)) {
        emit auditFailed(
            tr("The audit log %1 could not be written: %2").arg(m_auditLog->filePath(), m_auditLog->errorString()));
        return false;
    }
    emit audited(record);
    return true;
}
