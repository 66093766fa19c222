// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "rediserror.h"
#include "respreader.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <functional>

class QTimer;
class RedisTransport;

// Asks Redis Sentinels, one after another, where the master named in the settings is
// (SENTINEL get-master-addr-by-name). The sentinels are reached as the master is: over TLS, with
// the same options, for rediss-sentinel://. Lives on the connection thread and never blocks it.
class SentinelResolver final : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const QString &host, quint16 port, const RedisError &error)>;

    explicit SentinelResolver(QObject *parent = nullptr);

    // Replaces any lookup under way; `done` is called exactly once for this lookup. Each sentinel
    // gets the settings' connect timeout.
    void resolve(const ConnectionSettings &settings, Done done);
    void cancel();

private:
    void tryNext();
    void finishAttempt(const QString &why);
    void onReadyRead();
    void closeTransport();

    ConnectionSettings m_settings;
    int m_next = 0;
    quint64 m_lookup = 0;
    Done m_done;
    QStringList m_failures;
    RedisTransport *m_transport = nullptr;
    QTimer *m_timer = nullptr;
    RespReader m_reader;
};
