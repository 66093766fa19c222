// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnectionworker.h"

#include "commandguard.h"
#include "connectionlife.h"

#include <QThread>
#include <QTimer>

namespace {
using Kind = RedisError::Kind;

QString seconds(int milliseconds)
{
    return QString::number(milliseconds / 1000.0, 'g', 3) + QStringLiteral(" s");
}

// Handshake errors that another attempt cannot fix: the operator must change the settings.
bool isPermanent(const RedisError &error)
{
    return error.kind == Kind::WrongPassword || error.kind == Kind::NoPermission || error.kind == Kind::ServerError
           || error.kind == Kind::InvalidSettings;
}

// The server cannot take us right now, but will: retried with backoff, whatever command of the
// handshake got it.
bool isPassing(const RedisError &error)
{
    return error.kind == Kind::MaxClients || error.kind == Kind::Loading || error.kind == Kind::Busy;
}

// Ends the handshake whatever command of it got it: NOAUTH (no password given to a server that
// wants one) refuses every command, the optional ones included, so a connection that went on
// would look connected while every call fails.
bool endsHandshake(const RedisError &error)
{
    return isPassing(error) || error.kind == Kind::WrongPassword;
}

QByteArray infoField(const QByteArray &info, const QByteArray &name)
{
    const QByteArray marker = name + ':';
    for (const QByteArray &line : info.split('\n')) {
        if (line.startsWith(marker))
            return line.mid(marker.size()).trimmed();
    }
    return QByteArray();
}
} // namespace

RedisConnectionWorker::RedisConnectionWorker(const ConnectionSettings &settings, std::shared_ptr<ServerClock> clock)
    : m_settings(settings)
    , m_clock(std::move(clock))
    , m_pipeline(
          settings, [this](const QByteArray &bytes) { m_life->write(bytes); },
          [this] { return ServerClock::text(m_clock->nowSeconds()); })
    , m_sweepTimer(new QTimer(this))
    , m_clockTimer(new QTimer(this))
{
    ConnectionLife::Hooks hooks;
    hooks.isPermanent = isPermanent;
    hooks.transportUp = [this] { onTransportUp(); };
    hooks.heard = [this](const QByteArray &bytes) {
        if (!bytes.isEmpty())
            m_pipeline.heard();
    };
    hooks.reply = [this](const RedisReply &reply) {
        const RedisError dropWhy = m_pipeline.onReply(reply);
        if (!dropWhy.isNull() && m_life->hasTransport())
            drop(dropWhy, false);
    };
    hooks.readDone = [this] { updateSweep(); };
    hooks.closing = [this] {
        m_clockTimer->stop();
        m_pipeline.setOpen(false);
    };
    hooks.drop = [this](const RedisError &why, bool permanent) { drop(why, permanent); };
    m_life = new ConnectionLife(m_settings,
                                QStringLiteral("No connection within %1").arg(seconds(m_settings.connectTimeoutMs)),
                                std::move(hooks), this);
    connect(m_life, &ConnectionLife::stateChanged, this, &RedisConnectionWorker::stateChanged);
    // Request deadlines are checked a few times a second: they are seconds long, and one timer
    // is cheaper than one per request when ten thousand are pipelined.
    m_sweepTimer->setInterval(50);
    connect(m_sweepTimer, &QTimer::timeout, this, &RedisConnectionWorker::sweep);
    connect(m_clockTimer, &QTimer::timeout, this, &RedisConnectionWorker::measureClock);
}

RedisConnectionWorker::~RedisConnectionWorker() = default;

void RedisConnectionWorker::start()
{
    m_life->connectNow();
}

void RedisConnectionWorker::reconnect()
{
    if (m_life->isClosed())
        return;
    m_life->restart();
    m_life->closeTransport();
    // Like a lost connection, except that nobody waits out a backoff.
    m_pipeline.abandon(RedisError::make(Kind::ConnectionLost, QStringLiteral("Reconnected on request")));
    m_life->connectNow();
}

void RedisConnectionWorker::shutdown()
{
    m_sweepTimer->stop();
    m_life->close();
    m_pipeline.failAll(RedisError::make(Kind::Closed, QStringLiteral("The connection was closed")));
    m_life->setState(ConnectionState::Phase::Closed);
    deleteLater();
    thread()->quit();
}

void RedisConnectionWorker::onTransportUp()
{
    // AUTH and SELECT must succeed; TIME, INFO and SETNAME may be refused by an ACL without
    // harm, but not for want of a password. A server that cannot take us yet (max clients,
    // loading) is tried again later.
    auto check = [this](bool mustSucceed) {
        return [this, mustSucceed](const RedisReply &reply) {
            if (!reply.isError())
                return;
            if (mustSucceed || endsHandshake(reply.error))
                drop(reply.error, isPermanent(reply.error));
        };
    };
    if (!m_settings.password.isEmpty()) {
        // Bound: one password checked, whatever the data.
        QList<QByteArray> auth{"AUTH"};
        if (!m_settings.user.isEmpty())
            auth << m_settings.user.toUtf8();
        auth << m_settings.password.toUtf8();
        m_pipeline.sendInternal(auth, check(true));
    }
    if (m_settings.db != 0)
        // Bound: switches the database, whatever it holds.
        m_pipeline.sendInternal({"SELECT", QByteArray::number(m_settings.db)}, check(true));
    if (m_settings.transport == ConnectionSettings::Transport::Sentinel) {
        // Sentinel's answer may be stale for a moment after a failover: make sure.
        // Bound: the server's role and its replicas' offsets (a few entries).
        m_pipeline.sendInternal({"ROLE"}, [this](const RedisReply &reply) {
            if (!reply.isError() && reply.elements.value(0).bytes != "master") {
                drop(RedisError::make(Kind::ReadOnlyReplica,
                                      QStringLiteral("The server Sentinel named is not (yet) the master")),
                     false);
            }
        });
    }
    // Before anything of ours runs, so that the first script call already has the server's time.
    measureClock();
    // Bound: the server section, a fixed few dozen fields.
    m_pipeline.sendInternal({"INFO", "server"}, [this, check](const RedisReply &reply) {
        check(false)(reply);
        onInfo(reply);
    });
    // Last: its reply, unless it is one to try again later, ends the handshake.
    // Bound: names this connection, whatever the data.
    m_pipeline.sendInternal({"CLIENT", "SETNAME", m_settings.clientName.toUtf8()}, [this](const RedisReply &reply) {
        if (reply.isError() && endsHandshake(reply.error)) {
            drop(reply.error, isPermanent(reply.error));
            return;
        }
        onHandshakeDone();
    });
}

void RedisConnectionWorker::onInfo(const RedisReply &reply)
{
    if (reply.isError() || !m_life->hasTransport())
        return;
    const QByteArray runId = infoField(reply.bytes, "run_id");
    if (runId.isEmpty())
        return;
    const QByteArray previous = m_runId;
    m_runId = runId;
    emit serverIdentified(runId);
    if (!previous.isEmpty() && previous != runId)
        emit serverRestarted(previous, runId);
}

void RedisConnectionWorker::onHandshakeDone()
{
    m_lastError = RedisError();
    m_life->ready();
    if (m_settings.clockCheckIntervalMs > 0)
        m_clockTimer->start(m_settings.clockCheckIntervalMs);
    m_pipeline.setOpen(true);
    updateSweep();
}

void RedisConnectionWorker::measureClock()
{
    if (!m_life->hasTransport())
        return;
    const qint64 sentMs = m_clock->localMs();
    // Bound: constant.
    m_pipeline.sendInternal({"TIME"}, [this, sentMs](const RedisReply &reply) {
        if (reply.isError() && endsHandshake(reply.error) && !m_pipeline.isOpen()) {
            drop(reply.error, isPermanent(reply.error)); // still in the handshake
            return;
        }
        QString error;
        if (m_clock->update(reply, sentMs, m_clock->localMs(), &error)) {
            emit clockMeasured(m_clock->offsetMs(), m_clock->roundTripMs());
            return;
        }
        // Not fatal: the last offset (or none, the desktop's clock) stays in use.
        qWarning("qlessdesk: cannot read the clock of %s: %s", qPrintable(m_life->address()), qPrintable(error));
    });
    updateSweep();
}

void RedisConnectionWorker::drop(const RedisError &why, bool permanent)
{
    if (m_life->isClosed())
        return;
    m_life->cancelResolve();
    m_life->closeTransport();
    // Reads in flight go back to the head of the queue; writes in flight fail, since they may
    // have run and running them twice is not ours to risk.
    m_pipeline.abandon(why);
    m_lastError = why;
    const RedisError failed = m_life->failOrRetry(why, permanent);
    if (!failed.isNull())
        m_pipeline.failAll(failed);
    updateSweep();
}

void RedisConnectionWorker::submit(const RedisCommand &command, const Handler &handler, int serverTimeArg, bool urgent,
                                   quint64 unit)
{
    if (m_life->isClosed()) {
        m_pipeline.refuse(handler, RedisError::make(Kind::Closed, QStringLiteral("The connection was closed")));
        return;
    }
    if (!command.isScript()) {
        const QString refusal = CommandGuard::refusal(command.argv);
        if (!refusal.isEmpty()) {
            m_pipeline.refuse(handler, RedisError::make(Kind::NotAllowed, refusal));
            return;
        }
    }
    if (m_settings.readOnly && command.writes) {
        m_pipeline.refuse(handler,
                          RedisError::make(Kind::ReadOnlyMode,
                                           QStringLiteral(
                                               "This connection is read-only: %1 would change data, so it was not sent")
                                               .arg(command.describe())));
        return;
    }
    if (m_life->phase() == ConnectionState::Phase::Failed) {
        RedisError error = m_lastError;
        error.message = QStringLiteral("Not sent: ") + error.message;
        m_pipeline.refuse(handler, error);
        return;
    }
    m_pipeline.submit(command, handler, serverTimeArg, unit);
    if (urgent)
        m_life->flush();
    updateSweep();
}

void RedisConnectionWorker::sweep()
{
    const RedisError dead = m_pipeline.sweep(m_lastError);
    if (!dead.isNull())
        drop(dead, false);
    updateSweep();
}

void RedisConnectionWorker::updateSweep()
{
    const bool needed = m_pipeline.needsSweep();
    if (needed && !m_sweepTimer->isActive())
        m_sweepTimer->start();
    else if (!needed && m_sweepTimer->isActive())
        m_sweepTimer->stop();
}
