// SPDX-License-Identifier: GPL-3.0-or-later
#include "redissentinel.h"

#include "syncredis.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QTcpServer>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

RedisSentinel::RedisSentinel(const QString &masterName, quint16 masterPort)
    : RedisSentinel(masterName, masterPort, Options())
{}

RedisSentinel::RedisSentinel(const QString &masterName, quint16 masterPort, Options options)
    : m_masterName(masterName)
    , m_masterPort(masterPort)
    , m_options(std::move(options))
{}

RedisSentinel::~RedisSentinel()
{
    stop();
}

QString RedisSentinel::logText() const
{
    QFile log(m_dir.filePath(QStringLiteral("sentinel.log")));
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
}

bool RedisSentinel::start(QString *error)
{
    // A port found free can be taken before the sentinel binds it: try a few.
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (startOnce(error))
            return true;
    }
    return false;
}

bool RedisSentinel::startOnce(QString *error)
{
    stop();
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return false;
    m_port = probe.serverPort();
    QTcpServer tlsProbe;
    if (!m_options.tlsCertFile.isEmpty()) {
        if (!tlsProbe.listen(QHostAddress::LocalHost, 0))
            return false;
        m_tlsPort = tlsProbe.serverPort();
    }
    probe.close();
    tlsProbe.close();

    // Sentinel rewrites its configuration file, so it gets a fresh one in our temp dir.
    QFile conf(m_dir.filePath(QStringLiteral("sentinel.conf")));
    if (!conf.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const QByteArray name = m_masterName.toUtf8();
    conf.write("port " + QByteArray::number(m_port)
               + "\n"
                 "bind 127.0.0.1\n"
                 "dir "
               + m_dir.path().toUtf8()
               + "\n"
                 "logfile "
               + m_dir.filePath(QStringLiteral("sentinel.log")).toUtf8()
               + "\n"
                 "sentinel monitor "
               + name + " 127.0.0.1 " + QByteArray::number(m_masterPort)
               + " 1\n"
                 "sentinel down-after-milliseconds "
               + name
               + " 1000\n"
                 "sentinel failover-timeout "
               + name
               + " 10000\n"
                 "sentinel parallel-syncs "
               + name + " 1\n");
    if (!m_options.masterPassword.isEmpty())
        conf.write("sentinel auth-pass " + name + " " + m_options.masterPassword.toUtf8() + "\n");
    if (!m_options.tlsCertFile.isEmpty()) {
        conf.write("tls-port " + QByteArray::number(m_tlsPort)
                   + "\n"
                     "tls-cert-file "
                   + m_options.tlsCertFile.toUtf8()
                   + "\n"
                     "tls-key-file "
                   + m_options.tlsKeyFile.toUtf8()
                   + "\n"
                     "tls-ca-cert-file "
                   + m_options.tlsCaFile.toUtf8()
                   + "\n"
                     "tls-replication yes\n");
    }
    conf.close();

    m_process = std::make_unique<QProcess>();
    m_process->setProgram(QStringLiteral("redis-server"));
    m_process->setArguments({conf.fileName(), QStringLiteral("--sentinel")});
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->start();
    if (!m_process->waitForStarted(5000)) {
        if (error)
            *error = QStringLiteral("redis-server --sentinel did not start");
        return false;
    }
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired() && m_process->state() == QProcess::Running) {
        SyncRedis client;
        if (client.connectTcp(QStringLiteral("127.0.0.1"), m_port) && client.command({"PING"}).text() == "PONG")
            return true;
        QThread::msleep(20);
    }
    if (error)
        *error = QStringLiteral("the sentinel did not come up; its log:\n") + logText();
    stop();
    return false;
}

void RedisSentinel::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
}
