// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisserver.h"

#include "syncredis.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QTcpServer>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

namespace {
quint16 freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}
} // namespace

RedisServer::RedisServer()
    : RedisServer(Options{})
{}

RedisServer::RedisServer(Options options)
    : m_options(std::move(options))
{}

RedisServer::~RedisServer()
{
    stop();
}

QString RedisServer::socketPath() const
{
    return m_dir.filePath(QStringLiteral("redis.sock"));
}

QString RedisServer::directory() const
{
    return m_dir.path();
}

QString RedisServer::logText() const
{
    QFile log(m_dir.filePath(QStringLiteral("redis.log")));
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
}

QStringList RedisServer::arguments() const
{
    QStringList args{
        QStringLiteral("--port"),
        QString::number(m_options.tcp ? m_port : 0),
        QStringLiteral("--bind"),
        QStringLiteral("127.0.0.1"),
        QStringLiteral("--unixsocket"),
        socketPath(),
        QStringLiteral("--unixsocketperm"),
        QStringLiteral("700"),
        QStringLiteral("--save"),
        QString(),
        QStringLiteral("--appendonly"),
        QStringLiteral("no"),
        QStringLiteral("--dir"),
        m_dir.path(),
        QStringLiteral("--logfile"),
        m_dir.filePath(QStringLiteral("redis.log")),
        QStringLiteral("--daemonize"),
        QStringLiteral("no"),
    };
    if (m_options.debugCommand)
        args << QStringLiteral("--enable-debug-command") << QStringLiteral("local");
    return args + m_options.extraArgs;
}

bool RedisServer::start(QString *error)
{
    if (!m_dir.isValid()) {
        if (error)
            *error = QStringLiteral("cannot create a temporary directory");
        return false;
    }
    // A port found free can be taken by another test before redis binds it: try a few.
    const bool pickPort = m_options.tcp && m_port == 0;
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (pickPort)
            m_port = freeLoopbackPort();
        if (startOnce(error))
            return true;
        if (!pickPort)
            break;
    }
    return false;
}

bool RedisServer::startOnce(QString *error)
{
    stop();
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(QStringLiteral("redis-server"));
    m_process->setArguments(arguments());
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->start();
    if (!m_process->waitForStarted(5000)) {
        if (error)
            *error = QStringLiteral("redis-server did not start: ") + m_process->errorString();
        return false;
    }
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        if (m_process->state() != QProcess::Running)
            break;
        SyncRedis probe;
        if (probe.connectUnix(socketPath()) && probe.command({"PING"}).text() == "PONG")
            return true;
        QThread::msleep(20);
    }
    if (error)
        *error = QStringLiteral("redis-server did not come up; its log:\n") + logText();
    stop();
    return false;
}

void RedisServer::stop()
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

void RedisServer::kill()
{
    if (!m_process)
        return;
    m_process->kill();
    m_process->waitForFinished(5000);
    m_process.reset();
}

bool RedisServer::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 RedisServer::processId() const
{
    return isRunning() ? m_process->processId() : 0;
}
