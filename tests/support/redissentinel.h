// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// A private Redis Sentinel (`redis-server sentinel.conf --sentinel`) on a free loopback port
// (and a second one for TLS when asked), watching one master. Quick to notice and to fail over, for tests. Dies with the test process.
class RedisSentinel final
{
public:
    struct Options
    {
        // With a certificate: the sentinel also takes TLS clients on tlsPort() and reaches the
        // master over TLS (tls-replication), presenting this certificate.
        QString tlsCertFile;
        QString tlsKeyFile;
        QString tlsCaFile;
        QString masterPassword; // sentinel auth-pass, for a master with requirepass
    };

    RedisSentinel(const QString &masterName, quint16 masterPort);
    RedisSentinel(const QString &masterName, quint16 masterPort, Options options);
    ~RedisSentinel();
    Q_DISABLE_COPY_MOVE(RedisSentinel)

    // Starts and waits until the sentinel answers PING.
    bool start(QString *error = nullptr);
    void stop();

    quint16 port() const { return m_port; }
    quint16 tlsPort() const { return m_tlsPort; }
    QString logText() const;

private:
    bool startOnce(QString *error);

    QString m_masterName;
    quint16 m_masterPort;
    Options m_options;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    quint16 m_tlsPort = 0;
};
