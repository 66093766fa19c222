#pragma once

#include <QList>
#include <QPair>
#include <QString>

#include <functional>

// Where and how to connect, usually from a URL:
//   redis://[user:password@]host[:port][/db]
//   rediss://[user:password@]host[:port][/db][?ca=FILE&cert=FILE&key=FILE&verify=0&sni=NAME]
//   unix://[user:password@]/path/to.sock[?db=N]
//   redis-sentinel://[user:password@]host[:port][,host[:port]...]/master-name[/db]
// Any of them may also carry readonly=1, timeout=MS (per request) and connect_timeout=MS.
struct ConnectionSettings
{
    enum class Transport { Tcp, Tls, Unix, Sentinel };

    struct Tls
    {
        QString caFile;     // PEM; empty = the system's CAs
        QString certFile;   // client certificate (PEM), when the server asks for one
        QString keyFile;    // its private key (PEM, unencrypted)
        bool verifyPeer = true;
        QString serverName; // SNI and the name the certificate must carry; empty = host
    };

    Transport transport = Transport::Tcp;
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    QString socketPath;
    QList<QPair<QString, quint16>> sentinels;
    QString masterName;
    int db = 0;
    QString user;     // empty = the default user (plain AUTH password)
    QString password; // empty = no AUTH
    Tls tls;

    bool readOnly = false;
    QString clientName = QStringLiteral("qlessdesk");
    int connectTimeoutMs = 5000;   // connecting plus the AUTH/SELECT handshake
    int requestTimeoutMs = 15000;  // from submission to reply
    int reconnectInitialMs = 250;  // first backoff; doubles per failed attempt, with jitter
    int reconnectMaxMs = 30000;
    int maxReconnectAttempts = 0;  // 0 = keep trying
    int readAttempts = 3;          // how often a read may be sent before a drop fails it
    // The server's clock is measured (TIME) at every connect and again this often: the
    // desktop's clock may be set, or drift, while we stay connected.
    int clockCheckIntervalMs = 5 * 60 * 1000;
    // The desktop's clock in milliseconds since the epoch; empty = the system clock. Tests
    // shift it to show that scripts get the server's time, not this one.
    std::function<qint64()> localClockMs;

    // Empty `error` (or a null pointer) on success.
    static ConnectionSettings fromUrl(const QString &url, QString *error = nullptr);
    // REDIS_URL when set, else redis://127.0.0.1:6379/0.
    static ConnectionSettings fromEnvironment(QString *error = nullptr);

    // The address for messages, never with the password.
    QString describe() const;
};
