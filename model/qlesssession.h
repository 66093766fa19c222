#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"

#include <QDateTime>
#include <QObject>

#include <memory>

class QlessClient;
class RedisConnection;

// One connected qless server as the console sees it: the connection (on its own thread), the
// typed API over it, and what the window shows about it: its state, when data last arrived, and
// whether what is on screen is stale (the connection dropped since).
class QlessSession final : public QObject
{
    Q_OBJECT

public:
    explicit QlessSession(const ConnectionSettings &settings, QObject *parent = nullptr);
    ~QlessSession() override;

    QlessClient *client() const { return m_client.get(); }
    RedisConnection *connection() const { return m_connection.get(); }
    const ConnectionSettings &settings() const;
    bool isReadOnly() const;
    ConnectionState state() const { return m_state; }

    // Views call this when a refresh brought fresh data.
    void markRefreshed();
    QDateTime lastRefresh() const { return m_lastRefresh; }
    // True from a lost connection until the next successful refresh.
    bool isStale() const { return m_stale; }

signals:
    void stateChanged(const ConnectionState &state);
    void refreshed(const QDateTime &when);
    void staleChanged(bool stale);

private:
    void onState(const ConnectionState &state);

    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<QlessClient> m_client;
    ConnectionState m_state;
    QDateTime m_lastRefresh;
    bool m_stale = false;
};
