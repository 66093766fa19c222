#include "sentinelresolver.h"

#include <QTcpSocket>
#include <QTimer>

SentinelResolver::SentinelResolver(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        finishAttempt(QStringLiteral("no answer in time"));
    });
}

void SentinelResolver::resolve(const QList<QPair<QString, quint16>> &sentinels,
                               const QString &masterName, int timeoutMs, Done done)
{
    cancel();
    m_sentinels = sentinels;
    m_masterName = masterName;
    m_timeoutMs = timeoutMs;
    m_next = 0;
    m_failures.clear();
    m_done = std::move(done);
    tryNext();
}

void SentinelResolver::cancel()
{
    ++m_lookup;
    closeSocket();
    m_done = nullptr;
}

void SentinelResolver::closeSocket()
{
    m_timer->stop();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    m_reader.reset();
}

void SentinelResolver::tryNext()
{
    closeSocket();
    if (m_next >= m_sentinels.size()) {
        Done done = std::move(m_done);
        m_done = nullptr;
        if (done) {
            done(QString(), 0,
                 RedisError::make(RedisError::Kind::SentinelUnavailable,
                                  QStringLiteral("No sentinel knows the master \"%1\" (%2)")
                                      .arg(m_masterName, m_failures.join(QStringLiteral("; ")))));
        }
        return;
    }
    const auto sentinel = m_sentinels.at(m_next++);
    m_socket = new QTcpSocket(this);
    connect(m_socket, &QTcpSocket::connected, this, [this] {
        m_socket->write(RespReader::encode({"SENTINEL", "get-master-addr-by-name", m_masterName.toUtf8()}));
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &SentinelResolver::onReadyRead);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this] {
        finishAttempt(m_socket->errorString());
    });
    m_timer->start(m_timeoutMs);
    m_socket->connectToHost(sentinel.first, sentinel.second);
}

void SentinelResolver::finishAttempt(const QString &why)
{
    const auto sentinel = m_sentinels.value(m_next - 1);
    m_failures << QStringLiteral("%1:%2: %3").arg(sentinel.first).arg(sentinel.second).arg(why);
    // Let the socket's own signal finish before it is replaced; a lookup cancelled or replaced
    // meanwhile must not be continued.
    const quint64 lookup = m_lookup;
    QMetaObject::invokeMethod(this, [this, lookup] {
        if (lookup == m_lookup && m_done)
            tryNext();
    }, Qt::QueuedConnection);
    closeSocket();
}

void SentinelResolver::onReadyRead()
{
    m_reader.feed(m_socket->readAll());
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
    closeSocket();
    Done done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(host, port, RedisError());
}
