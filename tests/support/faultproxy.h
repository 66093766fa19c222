// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPointer>

class QTcpServer;
class QTcpSocket;

// A TCP proxy on 127.0.0.1 between a client under test and a real server, to make the network
// misbehave on cue: stall (bytes are held both ways and the sockets stay open, as a peer gone
// without a word looks: laptop asleep, NAT entry dropped), delay each chunk, cut the reply
// stream after N more bytes, or drop every connection at once. It runs on the test's thread,
// so the test must spin its event loop (QTRY_*, qWait) for bytes to move.
class FaultProxy final : public QObject
{
    Q_OBJECT

public:
    explicit FaultProxy(quint16 targetPort, QObject *parent = nullptr);
    ~FaultProxy() override;

    bool listen(); // on a free loopback port
    quint16 port() const;

    // Holds every byte, both ways, until unstalled (then they flow on, in order).
    void setStalled(bool stalled);
    // Holds the server's bytes only, until released: requests reach the server and run, their
    // replies wait (then flow on, in order).
    void setRepliesHeld(bool held);
    // Holds each chunk this long before passing it on (0 = none).
    void setDelayMs(int delayMs);
    // After `bytes` more bytes from the server, the client's side is closed (-1 = never).
    void truncateRepliesAfter(qint64 bytes);
    // Aborts every open connection (an RST to both ends).
    void dropAll();

    int connectionsAccepted() const { return m_accepted; }
    int openConnections() const;

private:
    struct Pipe
    {
        QPointer<QTcpSocket> client;
        QPointer<QTcpSocket> server;
        QByteArray toServer;
        QByteArray toClient;
    };

    void onNewConnection();
    void pump(Pipe *pipe);
    void forward(Pipe *pipe);
    void close(Pipe *pipe);

    quint16 m_targetPort;
    QTcpServer *m_listener = nullptr;
    QList<Pipe *> m_pipes;
    qint64 m_truncateAfter = -1;
    int m_delayMs = 0;
    int m_accepted = 0;
    bool m_stalled = false;
    bool m_repliesHeld = false;
};
