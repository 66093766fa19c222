#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// A private Redis Sentinel (`redis-server sentinel.conf --sentinel`) on a free loopback port,
// watching one master. Quick to notice and to fail over, for tests. Dies with the test process.
class RedisSentinel final
{
public:
    RedisSentinel(const QString &masterName, quint16 masterPort);
    ~RedisSentinel();
    Q_DISABLE_COPY_MOVE(RedisSentinel)

    // Starts and waits until the sentinel answers PING.
    bool start(QString *error = nullptr);
    void stop();

    quint16 port() const { return m_port; }
    QString logText() const;

private:
    bool startOnce(QString *error);

    QString m_masterName;
    quint16 m_masterPort;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
};
