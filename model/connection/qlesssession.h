// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditrecord.h"
#include "connectionsettings.h"
#include "connectionstate.h"
#include "userpermissions.h"

#include <QDateTime>
#include <QObject>

#include <memory>

class AuditLog;
class JobWrites;
class QlessClient;
class QlessOperations;
class QueueWrites;
class RedisConnection;
class ServerReads;
class WorkerWrites;

// One connected qless server as the console sees it: the connection (on its own thread), the
// typed API over it, and what the window shows about it: its state, when data last arrived, and
// whether what is on screen is stale (the connection dropped since).
class QlessSession final : public QObject
{
    Q_OBJECT

public:
    explicit QlessSession(const ConnectionSettings &settings, QObject *parent = nullptr);
    ~QlessSession() override;

    // For the models built over it; pages and actions use the interfaces below.
    QlessClient *client() const { return m_client.get(); }
    RedisConnection *connection() const { return m_connection.get(); }
    // The small reads and the writes of pages and actions, answered by this server's job system.
    ServerReads *reads() const;
    QueueWrites *queueWrites() const;
    JobWrites *jobWrites() const;
    WorkerWrites *workerWrites() const;
    // Drops the link and connects again now (the operator asked; no backoff wait).
    void reconnect();
    const ConnectionSettings &settings() const;
    bool isReadOnly() const;
    ConnectionState state() const { return m_state; }

    // What this Redis user may do of what qless needs, asked once after each connect (and
    // reconnect): NotAsked until answered.
    const UserPermissions &permissions() const { return m_permissions; }

    // Views call this when a refresh brought fresh data.
    void markRefreshed();
    QDateTime lastRefresh() const { return m_lastRefresh; }
    // True from a lost connection until the next successful refresh.
    bool isStale() const { return m_stale; }

    // Where every write from this console is recorded: the user's log unless set otherwise
    // (tests, or a log chosen elsewhere). The session keeps the log alive.
    AuditLog *auditLog() const { return m_auditLog.get(); }
    void setAuditLog(std::shared_ptr<AuditLog> log);
    // Appends `record` with this server (never its password) and the time filled in, then emits
    // audited. False, after emitting auditFailed with the reason, when the file could not be
    // written: the action has happened by then, so callers report this and undo nothing.
    bool audit(AuditRecord record);

signals:
    void stateChanged(const ConnectionState &state);
    void refreshed(const QDateTime &when);
    void staleChanged(bool stale);
    void audited(const AuditRecord &record);
    void auditFailed(const QString &message);
    // The answer about the user's permissions changed (after a connect).
    void permissionsChanged(const UserPermissions &permissions);

private:
    void onState(const ConnectionState &state);
    void askPermissions();

    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<QlessClient> m_client;
    std::unique_ptr<QlessOperations> m_operations; // over m_client
    ConnectionState m_state;
    QDateTime m_lastRefresh;
    bool m_stale = false;
    UserPermissions m_permissions;
    quint64 m_permissionsAsked = 0; // the latest question; an older answer is dropped
    std::shared_ptr<AuditLog> m_auditLog;
};
