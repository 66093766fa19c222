// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "rediserror.h"

#include <QByteArray>
#include <QObject>
#include <QString>

class QIODevice;

// The byte stream to one Redis server (or sentinel): a TCP, TLS or unix socket, opened with the
// settings' certificates (TLS for rediss:// and for every server of rediss-sentinel://) and with keepalive tuned so that a peer gone without a word (laptop asleep, NAT
// or VPN dropped) is noticed in tens of seconds, not the OS's two hours. One transport is one
// attempt: after failed() or close() a new one is made.
class RedisTransport final : public QObject
{
    Q_OBJECT

public:
    RedisTransport(const ConnectionSettings &settings, QObject *parent);
    ~RedisTransport() override;

    // `host`/`port` are ignored for a unix socket.
    void open(const QString &host, quint16 port);
    void write(const QByteArray &bytes);
    // Hands what write() buffered to the socket now, not when the event loop next gets round to
    // it (after every event already queued on this thread).
    void flush();
    QByteArray readAll();
    // Aborts without emitting anything more.
    void close();

    // Keepalive after `idleMs` of quiet, probes every `intervalMs`, `count` unanswered probes
    // drop the connection; written data unacknowledged for `userTimeoutMs` drops it too
    // (TCP_USER_TIMEOUT, where the OS has it). False when the descriptor refused an option.
    static bool tuneKeepAlive(qintptr descriptor, const ConnectionSettings &settings);

signals:
    void up();
    void readyRead();
    // `permanent`: another attempt cannot help until the settings change (bad certificate).
    void failed(const RedisError &error, bool permanent);

private:
    void openTcp(const QString &host, quint16 port);
    void openUnix();

    ConnectionSettings m_settings;
    QIODevice *m_device = nullptr;
    QString m_sslErrors;
    bool m_up = false;
};
