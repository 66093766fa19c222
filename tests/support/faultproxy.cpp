// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultproxy.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

FaultProxy::FaultProxy(quint16 targetPort, QObject *parent)
    : QObject(parent)
    , m_targetPort(targetPort)
    , m_listener(new QTcpServer(this))
{
    connect(m_listener, &QTcpServer::newConnection, this, &FaultProxy::onNewConnection);
}

FaultProxy::~FaultProxy()
{
    dropAll();
}

bool FaultProxy::listen()
{
    return m_listener->listen(QHostAddress::LocalHost, 0);
}

quint16 FaultProxy::port() const
{
    return m_listener->serverPort();
}

void FaultProxy::setStalled(bool stalled)
{
    m_stalled = stalled;
    if (!stalled) {
        const QList<Pipe *> pipes = m_pipes;
        for (Pipe *pipe : pipes)
            forward(pipe);
    }
}

void FaultProxy::setRepliesHeld(bool held)
{
    m_repliesHeld = held;
    if (!held) {
        const QList<Pipe *> pipes = m_pipes;
        for (Pipe *pipe : pipes)
            forward(pipe);
    }
}

void FaultProxy::setDelayMs(int delayMs)
{
    m_delayMs = delayMs;
}

void FaultProxy::truncateRepliesAfter(qint64 bytes)
{
    m_truncateAfter = bytes;
}

void FaultProxy::dropAll()
{
    const QList<Pipe *> pipes = m_pipes;
    for (Pipe *pipe : pipes)
        close(pipe);
}

int FaultProxy::openConnections() const
{
    return int(m_pipes.size());
}

void FaultProxy::onNewConnection()
{
    while (QTcpSocket *client = m_listener->nextPendingConnection()) {
        ++m_accepted;
        auto *pipe = new Pipe;
        pipe->client = client;
        pipe->server = new QTcpSocket(this);
        m_pipes.append(pipe);
        connect(client, &QTcpSocket::readyRead, this, [this, pipe] { pump(pipe); });
        connect(pipe->server, &QTcpSocket::readyRead, this, [this, pipe] { pump(pipe); });
        connect(pipe->server, &QTcpSocket::connected, this, [this, pipe] { forward(pipe); });
        for (QTcpSocket *end : {client, pipe->server.data()})
            connect(end, &QTcpSocket::disconnected, this, [this, pipe] { close(pipe); });
        pipe->server->connectToHost(QHostAddress::LocalHost, m_targetPort);
    }
}

void FaultProxy::pump(Pipe *pipe)
{
    if (!m_pipes.contains(pipe))
        return;
    if (pipe->client)
        pipe->toServer += pipe->client->readAll();
    if (pipe->server)
        pipe->toClient += pipe->server->readAll();
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, this, [this, pipe] { forward(pipe); });
    else
        forward(pipe);
}

void FaultProxy::forward(Pipe *pipe)
{
    if (m_stalled || !m_pipes.contains(pipe) || !pipe->client || !pipe->server
        || pipe->server->state() != QAbstractSocket::ConnectedState)
        return;
    if (!pipe->toServer.isEmpty()) {
        pipe->server->write(pipe->toServer);
        pipe->toServer.clear();
    }
    if (pipe->toClient.isEmpty() || m_repliesHeld)
        return;
    QByteArray chunk = pipe->toClient;
    pipe->toClient.clear();
    bool cut = false;
    if (m_truncateAfter >= 0) {
        if (chunk.size() >= m_truncateAfter) {
            chunk.truncate(m_truncateAfter);
            cut = true;
        }
        m_truncateAfter -= chunk.size();
    }
    pipe->client->write(chunk);
    if (cut) {
        m_truncateAfter = -1;
        pipe->client->flush();
        close(pipe);
    }
}

void FaultProxy::close(Pipe *pipe)
{
    if (!m_pipes.removeOne(pipe))
        return;
    for (QTcpSocket *end : {pipe->client.data(), pipe->server.data()}) {
        if (!end)
            continue;
        end->disconnect(this);
        end->abort();
        end->deleteLater();
    }
    delete pipe;
}
