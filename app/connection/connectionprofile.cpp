// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionprofile.h"

#include <QRegularExpression>
#include <QUrl>

#include <tuple>

namespace {
// The fields a profile and ConnectionSettings both have, as one tuple of references: copying in
// either direction assigns the whole tuple, so a field added here is copied both ways.
template<typename Connection>
auto sharedFields(Connection &c)
{
    return std::tie(c.transport, c.host, c.port, c.socketPath, c.sentinels, c.masterName, c.db, c.user, c.tls,
                    c.readOnly, c.connectTimeoutMs, c.requestTimeoutMs);
}
} // namespace

ConnectionProfile ConnectionProfile::fromSettings(const QString &name, const ConnectionSettings &settings)
{
    ConnectionProfile profile;
    profile.name = name;
    sharedFields(profile) = sharedFields(settings);
    profile.usesPassword = !settings.password.isEmpty();
    return profile;
}

ConnectionProfile ConnectionProfile::fromUrl(const QString &name, const QString &url, QString *error)
{
    return fromSettings(name, ConnectionSettings::fromUrl(url, error));
}

ConnectionSettings ConnectionProfile::toSettings(const QString &password) const
{
    ConnectionSettings settings;
    sharedFields(settings) = sharedFields(*this);
    settings.password = password;
    return settings;
}

QStringList ConnectionProfile::problems() const
{
    QStringList result;
    using Transport = ConnectionSettings::Transport;
    // Only where TLS is on: options kept for a plain connection are not used, so not in the way.
    if (toSettings().usesTls()) {
        if (!tls.certFile.isEmpty() && tls.keyFile.isEmpty())
            result << tr("A client certificate needs its private key file.");
        if (tls.certFile.isEmpty() && !tls.keyFile.isEmpty())
            result << tr("A private key needs its client certificate file.");
    }
    switch (transport) {
    case Transport::Tls:
    case Transport::Tcp:
        if (host.trimmed().isEmpty())
            result << tr("Enter the server's host name or address.");
        if (port == 0)
            result << tr("The port must be a number from 1 to 65535.");
        break;
    case Transport::Unix:
        if (socketPath.trimmed().isEmpty())
            result << tr("Enter the path of the server's unix socket.");
        break;
    case Transport::Sentinel:
        if (sentinels.isEmpty())
            result << tr("Enter at least one sentinel as host:port.");
        if (masterName.trimmed().isEmpty())
            result << tr("Enter the name of the master the sentinels watch.");
        break;
    }
    if (db < 0)
        result << tr("The database must be a whole number, 0 or more.");
    return result;
}

QString ConnectionProfile::formatSentinels(const QList<QPair<QString, quint16>> &sentinels)
{
    QStringList parts;
    for (const auto &sentinel : sentinels) {
        const QString host = sentinel.first.contains(QLatin1Char(':'))
                                 ? QLatin1Char('[') + sentinel.first + QLatin1Char(']')
                                 : sentinel.first;
        parts << host + QLatin1Char(':') + QString::number(sentinel.second);
    }
    return parts.join(QStringLiteral(", "));
}

bool ConnectionProfile::parseSentinels(const QString &text, QList<QPair<QString, quint16>> *sentinels, QString *error)
{
    sentinels->clear();
    // Operators paste lists from configs and docs: commas, spaces and new lines all separate.
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
        QUrl url;
        url.setScheme(QStringLiteral("redis"));
        url.setAuthority(part, QUrl::StrictMode);
        const int port = url.port(26379);
        if (!url.isValid() || url.host().isEmpty() || !url.userInfo().isEmpty() || port <= 0 || port > 65535) {
            *error = tr("\"%1\" is not a sentinel address (host:port, port 1 to 65535).").arg(part);
            sentinels->clear();
            return false;
        }
        sentinels->append({url.host(), quint16(port)});
    }
    error->clear();
    return true;
}

QString ConnectionProfile::transportKey(ConnectionSettings::Transport transport)
{
    switch (transport) {
    case ConnectionSettings::Transport::Tls: return QStringLiteral("tls");
    case ConnectionSettings::Transport::Unix: return QStringLiteral("unix");
    case ConnectionSettings::Transport::Sentinel: return QStringLiteral("sentinel");
    case ConnectionSettings::Transport::Tcp: break;
    }
    return QStringLiteral("tcp");
}

bool ConnectionProfile::transportFromKey(const QString &key, ConnectionSettings::Transport *transport)
{
    for (auto candidate : {ConnectionSettings::Transport::Tcp, ConnectionSettings::Transport::Tls,
                           ConnectionSettings::Transport::Unix, ConnectionSettings::Transport::Sentinel}) {
        if (transportKey(candidate) == key) {
            *transport = candidate;
            return true;
        }
    }
    return false;
}

bool ConnectionProfile::operator==(const ConnectionProfile &other) const
{
    return name == other.name && transport == other.transport && host == other.host && port == other.port
           && socketPath == other.socketPath && sentinels == other.sentinels && masterName == other.masterName
           && db == other.db && user == other.user && usesPassword == other.usesPassword
           && tls.caFile == other.tls.caFile && tls.certFile == other.tls.certFile && tls.keyFile == other.tls.keyFile
           && tls.verifyPeer == other.tls.verifyPeer && tls.serverName == other.tls.serverName
           && tls.sentinelTls == other.tls.sentinelTls && readOnly == other.readOnly
           && connectTimeoutMs == other.connectTimeoutMs && requestTimeoutMs == other.requestTimeoutMs;
}
