// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <functional>

// Where and how to connect, usually from a URL:
//   redis://[user:password@]host[:port][/db]
//   rediss://[user:password@]host[:port][/db][?ca=FILE&cert=FILE&key=FILE&verify=0&sni=NAME]
//   unix://[user:password@]/path/to.sock[?db=N]
//   redis-sentinel://[user:password@]host[:port][,host[:port]...]/master-name[/db]
//   rediss-sentinel://...the same...[?ca=FILE&cert=FILE&key=FILE&verify=0&sni=NAME]
// Any of them may also carry readonly=1, timeout=MS (per request) and connect_timeout=MS.
// Both timeouts must be at least 1 ms: there is no "no limit", because the request timeout is
// also how a dead connection (no reply, no RST) is noticed and reopened; timeout=0 is refused.
// rediss-sentinel:// reaches the sentinels and the master they name over TLS, all with the same
// options. The TLS options are refused on a scheme without TLS: taken silently, they would leave
// the operator believing that the password travels encrypted when it does not.
struct ConnectionSettings
{
    enum class Transport { Tcp, Tls, Unix, Sentinel };

    struct Tls
    {
        QString caFile;   // PEM; empty = the system's CAs
        QString certFile; // client certificate (PEM), when the server asks for one
        QString keyFile;  // its private key (PEM, unencrypted)
        bool verifyPeer = true;
        QString serverName; // SNI and the name the certificate must carry; empty = host
        // With Transport::Sentinel (rediss-sentinel://): the sentinels and the master are reached
        // over TLS. Kept here, with the options it switches on, so that whatever copies the TLS
        // options copies it too.
        bool sentinelTls = false;
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
    int connectTimeoutMs = 5000;  // connecting plus the AUTH/SELECT handshake
    int requestTimeoutMs = 15000; // from submission to reply
    int reconnectInitialMs = 250; // first backoff; doubles per failed attempt, with jitter
    int reconnectMaxMs = 30000;
    int maxReconnectAttempts = 0; // 0 = keep trying
    int readAttempts = 3;         // how often a read may be sent before a drop fails it
    // A connection is taken as dead, and opened again, after this many requests in a row got
    // no reply within requestTimeoutMs, or when nothing arrived for requestTimeoutMs while
    // replies were owed (0 = only the latter).
    int timeoutsBeforeReconnect = 3;
    // At most one unit of callers' requests at the server at once: Redis serves a client's
    // pipelined commands back to back, so whatever is written and not yet answered holds up every
    // other client (the workers) for as long as all of it. A unit is one request, or the requests
    // sent inside one RedisConnection::Unit (a batch its sender bounded). The rest wait on the
    // connection's thread until the unit before has been answered. Off for a bare connection;
    // the console's sessions turn it on.
    bool oneUnitAtServer = false;
    // TCP keepalive on an idle connection: first probe after this much quiet, then one per
    // interval; so many unanswered probes end it. Sent data unacknowledged for tcpUserTimeoutMs
    // ends it too (Linux). The OS defaults (2 h) would keep a half-open connection for hours.
    int keepAliveIdleMs = 15000;
    int keepAliveIntervalMs = 5000;
    int keepAliveProbes = 3;
    int tcpUserTimeoutMs = 30000;
    // The server's clock is measured (TIME) at every connect and again this often: the
    // desktop's clock may be set, or drift, while we stay connected.
    int clockCheckIntervalMs = 5 * 60 * 1000;
    // The desktop's clock in milliseconds since the epoch; empty = the system clock. Tests
    // shift it to show that scripts get the server's time, not this one.
    std::function<qint64()> localClockMs;

    // Empty `error` (or a null pointer) on success. The error never holds the URL's password.
    static ConnectionSettings fromUrl(const QString &url, QString *error = nullptr);
    // `url` with whatever may be its password (from the user name's ':' to the last '@') replaced
    // by a mask, for messages; unchanged when it has none. Works on text that is not a valid URL.
    static QString withoutPassword(const QString &url);
    // REDIS_URL when set, else redis://127.0.0.1:6379/0; with takePasswordFromEnvironment().
    static ConnectionSettings fromEnvironment(QString *error = nullptr);
    // With no password yet, takes REDIS_PASSWORD's (when set); whether it did. The environment is
    // the user's own, where a command line (--url) is shown to every user of the machine by ps.
    bool takePasswordFromEnvironment();
    // The environment variables that give a way into Redis (REDIS_URL, REDIS_PASSWORD): a child
    // process we start does not get them.
    static QStringList secretVariables();

    // Whether the connection to Redis (and to the sentinels) is encrypted.
    bool usesTls() const
    {
        return transport == Transport::Tls || (transport == Transport::Sentinel && tls.sentinelTls);
    }

    // Empty when the settings can be used; else what is wrong, in words (timeouts below 1 ms...).
    QString check() const;

    // The address for messages, never with the password.
    QString describe() const;
};
