// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"

#include <QObject>

#include <memory>

class QlessClient;
class QlessOperations;
class RedisConnection;
class ServerReads;

// One server for a command run without a window (export-stats, export-table): the connection
// and the typed API over it, and nothing of what the window's QlessSession adds (permissions
// asked, staleness, the audit log: a headless command only reads). The connection starts at once.
class HeadlessSession final : public QObject
{
    Q_OBJECT

public:
    explicit HeadlessSession(const ConnectionSettings &settings, QObject *parent = nullptr);
    ~HeadlessSession() override;

    // For the models built over it (TableCsvExport); the command itself uses reads().
    QlessClient *client() const { return m_client.get(); }
    // For another job system's session over the same connection (BluequeSession).
    RedisConnection *connection() const { return m_connection.get(); }
    ServerReads *reads() const;
    const ConnectionSettings &settings() const;

signals:
    void stateChanged(const ConnectionState &state);

private:
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<QlessClient> m_client;
    std::unique_ptr<QlessOperations> m_operations; // over m_client
};
