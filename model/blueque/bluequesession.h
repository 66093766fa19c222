// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class BluequeClient;
class BluequeWriter;
class RedisConnection;

// The Blueque side of one server: its client, and whether the server holds Blueque at all (a
// Redis may hold qless and Blueque side by side). detect() asks once (TYPE blueque_queues, O(1))
// and says so through presenceChanged; pages call it on every refresh, so a deployment that
// appears later is found.
class BluequeSession final : public QObject
{
    Q_OBJECT

public:
    // `connection` must outlive the session.
    explicit BluequeSession(RedisConnection *connection, QObject *parent = nullptr);
    ~BluequeSession() override;

    BluequeClient *client() const { return m_client; }
    // The console's writes (lua/blueque's action scripts); BluequeBulkRun uses it.
    BluequeWriter *writer() const { return m_writer; }
    bool isPresent() const { return m_present; }
    // The TYPE last seen of blueque_queues ("zset", "none", or a type Blueque never writes).
    QString keyType() const { return m_keyType; }
    void detect();
    // The server's clock in seconds (what "overdue" and "how long ago" are measured against).
    double now() const;
    // The task's whole record as text (BluequeTaskText), or why it could not be read; `done`
    // runs on `context`'s thread unless `context` is gone.
    void readTaskText(const QByteArray &id, QObject *context, std::function<void(const QString &)> done);

signals:
    void presenceChanged(bool present);

private:
    RedisConnection *m_connection;
    BluequeClient *m_client;
    BluequeWriter *m_writer;
    bool m_present = false;
    QString m_keyType;
};
