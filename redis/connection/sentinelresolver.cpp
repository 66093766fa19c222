// SPDX-License-Identifier: GPL-3.0-or-later
#include "sentinelresolver.h"

#include "redistransport.h"

#include <QTimer>

SentinelResolver::SentinelResolver(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] { finishAttempt(QStringLiteral("no answer in time")); });
}

void SentinelResolver::resolve(const ConnectionSettings &settings, Done done)
{
    cancel();
    m_settings = settings;
    m_next = 0;
    m_failures.clear();
    m_done = std::move(done);
    tryNext();
}

void SentinelResolver::cancel()
{
    ++m_lookup;
    closeTransport();
    m_done = nullptr;
}

void SentinelResolver::closeTransport()
{
    m_timer->stop();
    if (m_transport) {
        m_transport->disconnect(this);
        m_transport->close();
        m_transport->deleteLater();
        m_transport = nullptr;
    }
    m_reader.reset();
}

void SentinelResolver::tryNext()
{
    closeTransport();
    if (m_next >= m_settings.sentinels.size()) {
        Done done = std::move(m_done);
        m_done = nullptr;
        if (done) {
            done(QString(), 0,
                 RedisError::make(RedisError::Kind::SentinelUnavailable,
                                  QStringLiteral("No sentinel knows the master \"%1\" (%2)")
                                      .arg(m_settings.masterName, m_failures.join(QStringLiteral("; ")))));
        }
        return;
    }
    const auto sentinel = m_settings.sentinels.at(m_next++);
    m_transport = new RedisTransport(m_settings, this);
    connect(m_transport, &RedisTransport::up, this, [this] {
        // Bound: one master's address, asked of a sentinel.
        m_transport->write(RespReader::encode({"SENTINEL", "get-master-addr-by-name", m_settings.masterName.toUtf8()}));
    });
    connect(m_transport, &RedisTransport::readyRead, this, &SentinelResolver::onReadyRead);
    connect(m_transport, &RedisTransport::failed, this, [this](const RedisError &error) {
        if (error.kind == RedisError::Kind::InvalidSettings) {
            // An unreadable certificate file: every sentinel would fail the same way.
            closeTransport();
            Done done = std::move(m_done);
            m_done = nullptr;
            if (done)
                done(QString(), 0, error);
            return;
        }
        finishAttempt(error.message);
    });
    m_timer->start(m_settings.connectTimeoutMs);
    m_transport->open(sentinel.first, sentinel.second);
}

void SentinelResolver::finishAttempt(const QString &why)
{
    const auto sentinel = m_settings.sentinels.value(m_next - 1);
    m_failures << QStringLiteral("%1:%2: %3").arg(sentinel.first, QString::number(sentinel.second), why);
    // Let the socket's own signal finish before it is replaced; a lookup cancelled or replaced
    // meanwhile must not be continued.
    const quint64 lookup = m_lookup;
    QMetaObject::invokeMethod(
        this,
        [this, lookup] {
            if (lookup == m_lookup && m_done)
                tryNext();
        },
        Qt::QueuedConnection);
    closeTransport();
}

void SentinelResolver::onReadyRead()
{
    m_reader.feed(m_transport->readAll());
    RedisReply reply;
    const RespReader::Result result = m_reader.next(&reply);
    if (result == RespReader::Result::NeedMore)
        return;
    if (result == RespReader::Result::Failed) {
        finishAttempt(m_reader.errorString());
        return;
    }
    if (reply.isError()) {
        finishAttempt(QString::fromUtf8(reply.bytes));
        return;
    }
    bool ok = false;
    const quint16 port = reply.elements.size() == 2 ? reply.elements.at(1).bytes.toUShort(&ok) : 0;
    if (!reply.isArray() || !ok) {
        finishAttempt(QStringLiteral("does not know the master"));
        return;
    }
    const QString host = QString::fromUtf8(reply.elements.at(0).bytes);
    closeTransport();
    Done done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(host, port, RedisError());
}
