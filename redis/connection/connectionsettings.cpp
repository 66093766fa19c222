// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionsettings.h"

#include <QUrl>
#include <QUrlQuery>

namespace {
bool parseHostPort(const QString &text, QString *host, quint16 *port, quint16 defaultPort)
{
    QUrl url;
    url.setScheme(QStringLiteral("redis"));
    url.setAuthority(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return false;
    const int value = url.port(defaultPort);
    if (value <= 0 || value > 65535)
        return false;
    *host = url.host();
    *port = quint16(value);
    return true;
}

bool parseDb(const QString &text, int *db)
{
    if (text.isEmpty())
        return true;
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < 0)
        return false;
    *db = value;
    return true;
}

// The options every scheme takes in its query. `tlsScheme` names the scheme that would encrypt
// this connection (empty: none can), for the refusal of TLS options on a plain one.
bool applyQuery(const QUrlQuery &query, ConnectionSettings *settings, const QString &tlsScheme, QString *error)
{
    if (!settings->usesTls()) {
        for (const char *option : {"ca", "cert", "key", "verify", "sni"}) {
            const QString name = QString::fromLatin1(option);
            if (!query.hasQueryItem(name))
                continue;
            *error = tlsScheme.isEmpty()
                         ? QStringLiteral("\"%1\" is a TLS option, and a unix socket has no TLS").arg(name)
                         : QStringLiteral("\"%1\" is a TLS option, but this scheme connects without TLS: use %2")
                               .arg(name, tlsScheme);
            return false;
        }
    }
    auto number = [&query, error](const QString &name, int *out) {
        if (!query.hasQueryItem(name))
            return true;
        bool ok = false;
        const int value = query.queryItemValue(name).toInt(&ok);
        if (!ok || value < 0) {
            *error = QStringLiteral("\"%1\" must be a whole number, not \"%2\"").arg(name, query.queryItemValue(name));
            return false;
        }
        *out = value;
        return true;
    };
    auto flag = [&query](const QString &name, bool fallback) {
        if (!query.hasQueryItem(name))
            return fallback;
        const QString value = query.queryItemValue(name).toLower();
        return !(value == QLatin1String("0") || value == QLatin1String("false") || value == QLatin1String("no")
                 || value == QLatin1String("off"));
    };
    if (!number(QStringLiteral("db"), &settings->db) || !number(QStringLiteral("timeout"), &settings->requestTimeoutMs)
        || !number(QStringLiteral("connect_timeout"), &settings->connectTimeoutMs))
        return false;
    settings->readOnly = flag(QStringLiteral("readonly"), settings->readOnly);
    const QUrl::ComponentFormattingOption decoded = QUrl::FullyDecoded;
    settings->tls.caFile = query.queryItemValue(QStringLiteral("ca"), decoded);
    settings->tls.certFile = query.queryItemValue(QStringLiteral("cert"), decoded);
    settings->tls.keyFile = query.queryItemValue(QStringLiteral("key"), decoded);
    settings->tls.serverName = query.queryItemValue(QStringLiteral("sni"), decoded);
    settings->tls.verifyPeer = flag(QStringLiteral("verify"), true);
    if (!settings->tls.certFile.isEmpty() && settings->tls.keyFile.isEmpty()) {
        *error = QStringLiteral("a client certificate needs its key (key=FILE)");
        return false;
    }
    return true;
}

const QLatin1String sentinelScheme("redis-sentinel://");
const QLatin1String sentinelTlsScheme("rediss-sentinel://");

ConnectionSettings parseSentinel(const QString &url, QString *error)
{
    // QUrl cannot hold several hosts, so this form is taken apart by hand.
    ConnectionSettings settings;
    settings.transport = ConnectionSettings::Transport::Sentinel;
    settings.tls.sentinelTls = url.startsWith(sentinelTlsScheme, Qt::CaseInsensitive);
    QString rest = url.mid(settings.tls.sentinelTls ? sentinelTlsScheme.size() : sentinelScheme.size());
    QString query;
    const int mark = rest.indexOf(QLatin1Char('?'));
    if (mark >= 0) {
        query = rest.mid(mark + 1);
        rest.truncate(mark);
    }
    const int slash = rest.indexOf(QLatin1Char('/'));
    QString authority = slash < 0 ? rest : rest.left(slash);
    const QStringList path =
        slash < 0 ? QStringList() : rest.mid(slash + 1).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const int at = authority.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        const QString userInfo = authority.left(at);
        authority = authority.mid(at + 1);
        const int colon = userInfo.indexOf(QLatin1Char(':'));
        settings.user = QUrl::fromPercentEncoding(userInfo.left(colon < 0 ? userInfo.size() : colon).toUtf8());
        if (colon >= 0)
            settings.password = QUrl::fromPercentEncoding(userInfo.mid(colon + 1).toUtf8());
    }
    for (const QString &part : authority.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        QString host;
        quint16 port = 0;
        if (!parseHostPort(part, &host, &port, 26379)) {
            *error = QStringLiteral("not a sentinel address: \"%1\"").arg(part);
            return settings;
        }
        settings.sentinels.append({host, port});
    }
    if (settings.sentinels.isEmpty()) {
        *error = QStringLiteral("a sentinel URL names at least one sentinel (host:port)");
        return settings;
    }
    if (path.isEmpty()) {
        *error = QStringLiteral("a sentinel URL names the master: redis-sentinel://host:port/master-name");
        return settings;
    }
    settings.masterName = QUrl::fromPercentEncoding(path.at(0).toUtf8());
    if (path.size() > 2 || (path.size() == 2 && !parseDb(path.at(1), &settings.db))) {
        *error = QStringLiteral("after the master name only a database number may follow");
        return settings;
    }
    if (applyQuery(QUrlQuery(query), &settings, QStringLiteral("rediss-sentinel://"), error))
        *error = settings.check();
    return settings;
}

ConnectionSettings parse(const QString &trimmed, QString *error)
{
    using Transport = ConnectionSettings::Transport;
    if (trimmed.startsWith(sentinelScheme, Qt::CaseInsensitive)
        || trimmed.startsWith(sentinelTlsScheme, Qt::CaseInsensitive))
        return parseSentinel(trimmed, error);

    ConnectionSettings settings;
    const QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || scheme.isEmpty()) {
        *error = QStringLiteral("not a Redis URL: \"%1\"").arg(trimmed);
        return settings;
    }
    settings.user = url.userName(QUrl::FullyDecoded);
    settings.password = url.password(QUrl::FullyDecoded);
    if (scheme == QLatin1String("unix")) {
        settings.transport = Transport::Unix;
        settings.socketPath = url.path(QUrl::FullyDecoded);
        if (settings.socketPath.isEmpty()) {
            *error = QStringLiteral("a unix URL names the socket: unix:///path/to.sock");
            return settings;
        }
        if (applyQuery(QUrlQuery(url), &settings, QString(), error))
            *error = settings.check();
        return settings;
    }
    if (scheme != QLatin1String("redis") && scheme != QLatin1String("rediss")) {
        *error = QStringLiteral("unknown scheme \"%1\": use redis, rediss, unix, redis-sentinel or rediss-sentinel")
                     .arg(scheme);
        return settings;
    }
    settings.transport = scheme == QLatin1String("rediss") ? Transport::Tls : Transport::Tcp;
    if (!url.host().isEmpty())
        settings.host = url.host();
    const int port = url.port(6379);
    if (port <= 0 || port > 65535) {
        *error = QStringLiteral("not a port: %1").arg(port);
        return settings;
    }
    settings.port = quint16(port);
    const QString path = url.path().mid(1);
    if (!parseDb(path, &settings.db)) {
        *error = QStringLiteral("the path names a database number, not \"%1\"").arg(path);
        return settings;
    }
    if (applyQuery(QUrlQuery(url), &settings, QStringLiteral("rediss://"), error))
        *error = settings.check();
    return settings;
}
} // namespace

ConnectionSettings ConnectionSettings::fromUrl(const QString &text, QString *errorOut)
{
    QString ignored;
    QString *error = errorOut ? errorOut : &ignored;
    error->clear();
    const QString trimmed = text.trimmed();
    const ConnectionSettings settings = parse(trimmed, error);
    const QString masked = withoutPassword(trimmed);
    if (error->isEmpty() || masked == trimmed)
        return settings;
    // The message is remade from the URL with its password masked: a message quotes parts of
    // the URL, and a password holding a delimiter (/ ? #) would be cut into such parts. When
    // only the real password fails, its characters are the trouble.
    QString maskedError;
    parse(masked, &maskedError);
    *error =
        !maskedError.isEmpty()
            ? maskedError
            : QStringLiteral("not a Redis URL: \"") + masked
                  + QStringLiteral("\" (in a password, / ? # @ and % must be percent-encoded: %2F %3F %23 %40 %25)");
    return settings;
}

QString ConnectionSettings::withoutPassword(const QString &url)
{
    // Generous on purpose: from the first ':' after the scheme to the last '@' anywhere may be
    // more than the password (an '@' in a query), never less, whatever else is wrong.
    const int schemeEnd = url.indexOf(QLatin1String("://"));
    const int start = schemeEnd >= 0 ? schemeEnd + 3 : url.indexOf(QLatin1Char(':')) + 1;
    const int at = url.lastIndexOf(QLatin1Char('@'));
    const int colon = url.indexOf(QLatin1Char(':'), start);
    if (at < start || colon < 0 || colon >= at)
        return url;
    return url.left(colon + 1) + QStringLiteral("******") + url.mid(at);
}

QString ConnectionSettings::check() const
{
    if (requestTimeoutMs < 1)
        return QStringLiteral("\"timeout\" must be at least 1 ms, not %1: there is no \"no limit\", since the "
                              "request timeout is also how a dead connection is noticed")
            .arg(requestTimeoutMs);
    if (connectTimeoutMs < 1)
        return QStringLiteral("\"connect_timeout\" must be at least 1 ms, not %1").arg(connectTimeoutMs);
    if (reconnectInitialMs < 1 || reconnectMaxMs < reconnectInitialMs)
        return QStringLiteral("the reconnect backoff must be at least 1 ms and its ceiling no lower");
    return QString();
}

ConnectionSettings ConnectionSettings::fromEnvironment(QString *error)
{
    const QString url = qEnvironmentVariable("REDIS_URL");
    ConnectionSettings settings = fromUrl(url.isEmpty() ? QStringLiteral("redis://127.0.0.1:6379/0") : url, error);
    settings.takePasswordFromEnvironment();
    return settings;
}

bool ConnectionSettings::takePasswordFromEnvironment()
{
    const QString fromEnvironment = qEnvironmentVariable("REDIS_PASSWORD");
    if (!password.isEmpty() || fromEnvironment.isEmpty())
        return false;
    password = fromEnvironment;
    return true;
}

QStringList ConnectionSettings::secretVariables()
{
    return {QStringLiteral("REDIS_URL"), QStringLiteral("REDIS_PASSWORD")};
}

QString ConnectionSettings::describe() const
{
    const QString who = user.isEmpty() ? QString() : user + QLatin1Char('@');
    const QString dbPart = db ? QStringLiteral("/%1").arg(db) : QString();
    switch (transport) {
    case Transport::Unix:
        return QStringLiteral("unix://") + who + socketPath + (db ? QStringLiteral("?db=%1").arg(db) : QString());
    case Transport::Sentinel: {
        QStringList hosts;
        for (const auto &sentinel : sentinels)
            hosts << QStringLiteral("%1:%2").arg(sentinel.first, QString::number(sentinel.second));
        const QString scheme =
            tls.sentinelTls ? QStringLiteral("rediss-sentinel://") : QStringLiteral("redis-sentinel://");
        return scheme + who + hosts.join(QLatin1Char(',')) + QLatin1Char('/') + masterName + dbPart;
    }
    case Transport::Tls:
    case Transport::Tcp: break;
    }
    const QString scheme = transport == Transport::Tls ? QStringLiteral("rediss://") : QStringLiteral("redis://");
    const QString hostPart = host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    return scheme + who + hostPart + QLatin1Char(':') + QString::number(port) + dbPart;
}
