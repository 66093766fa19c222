// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilestore.h"

#include <QSettings>

#include <algorithm>
#include <limits>

namespace {
const QString profilesKey = QStringLiteral("connections/profiles");
const QString lastUsedKey = QStringLiteral("connections/lastUsed");

void writeProfile(QSettings &settings, const ConnectionProfile &profile)
{
    settings.setValue(QStringLiteral("name"), profile.name);
    settings.setValue(QStringLiteral("transport"), ConnectionProfile::transportKey(profile.transport));
    settings.setValue(QStringLiteral("host"), profile.host);
    settings.setValue(QStringLiteral("port"), int(profile.port));
    settings.setValue(QStringLiteral("socketPath"), profile.socketPath);
    settings.setValue(QStringLiteral("sentinels"), ConnectionProfile::formatSentinels(profile.sentinels));
    settings.setValue(QStringLiteral("masterName"), profile.masterName);
    settings.setValue(QStringLiteral("db"), profile.db);
    settings.setValue(QStringLiteral("user"), profile.user);
    settings.setValue(QStringLiteral("usesPassword"), profile.usesPassword);
    settings.setValue(QStringLiteral("tlsCaFile"), profile.tls.caFile);
    settings.setValue(QStringLiteral("tlsCertFile"), profile.tls.certFile);
    settings.setValue(QStringLiteral("tlsKeyFile"), profile.tls.keyFile);
    settings.setValue(QStringLiteral("tlsVerifyPeer"), profile.tls.verifyPeer);
    settings.setValue(QStringLiteral("tlsServerName"), profile.tls.serverName);
    settings.setValue(QStringLiteral("tlsSentinel"), profile.tls.sentinelTls);
    settings.setValue(QStringLiteral("readOnly"), profile.readOnly);
    settings.setValue(QStringLiteral("connectTimeoutMs"), profile.connectTimeoutMs);
    settings.setValue(QStringLiteral("requestTimeoutMs"), profile.requestTimeoutMs);
}

// A file written before a sentinel profile's TLS switch was saved: TLS options on such a profile
// came from a URL that asked for TLS (rediss-sentinel://, or a redis-sentinel:// with TLS options,
// which were then ignored). Taken as plain, the password would go in clear where the operator
// asked for TLS; a wrong guess the other way fails to connect and says so.
bool sentinelTlsOfOlderFile(const ConnectionProfile &profile)
{
    const ConnectionSettings::Tls defaults;
    return profile.transport == ConnectionSettings::Transport::Sentinel
           && (profile.tls.caFile != defaults.caFile || profile.tls.certFile != defaults.certFile
               || profile.tls.keyFile != defaults.keyFile || profile.tls.verifyPeer != defaults.verifyPeer
               || profile.tls.serverName != defaults.serverName);
}

// Tolerant: a hand-edited or older file loses only the values it spoils, never the profile.
ConnectionProfile readProfile(const QSettings &settings)
{
    ConnectionProfile profile;
    auto text = [&settings](const QString &key, const QString &fallback = QString()) {
        return settings.value(key, fallback).toString();
    };
    auto number = [&settings](const QString &key, int fallback, int low, int high) {
        bool ok = false;
        const int value = settings.value(key).toInt(&ok);
        return ok && value >= low && value <= high ? value : fallback;
    };
    profile.name = text(QStringLiteral("name"));
    ConnectionProfile::transportFromKey(text(QStringLiteral("transport")), &profile.transport);
    profile.host = text(QStringLiteral("host"), profile.host);
    profile.port = quint16(number(QStringLiteral("port"), profile.port, 1, 65535));
    profile.socketPath = text(QStringLiteral("socketPath"));
    QString ignored;
    ConnectionProfile::parseSentinels(text(QStringLiteral("sentinels")), &profile.sentinels, &ignored);
    profile.masterName = text(QStringLiteral("masterName"));
    profile.db = number(QStringLiteral("db"), 0, 0, std::numeric_limits<int>::max());
    profile.user = text(QStringLiteral("user"));
    profile.usesPassword = settings.value(QStringLiteral("usesPassword"), false).toBool();
    profile.tls.caFile = text(QStringLiteral("tlsCaFile"));
    profile.tls.certFile = text(QStringLiteral("tlsCertFile"));
    profile.tls.keyFile = text(QStringLiteral("tlsKeyFile"));
    profile.tls.verifyPeer = settings.value(QStringLiteral("tlsVerifyPeer"), true).toBool();
    profile.tls.serverName = text(QStringLiteral("tlsServerName"));
    profile.tls.sentinelTls = settings.contains(QStringLiteral("tlsSentinel"))
                                  ? settings.value(QStringLiteral("tlsSentinel"), false).toBool()
                                  : sentinelTlsOfOlderFile(profile);
    profile.readOnly = settings.value(QStringLiteral("readOnly"), false).toBool();
    const int maxTimeout = std::numeric_limits<int>::max();
    profile.connectTimeoutMs = number(QStringLiteral("connectTimeoutMs"), profile.connectTimeoutMs, 0, maxTimeout);
    profile.requestTimeoutMs = number(QStringLiteral("requestTimeoutMs"), profile.requestTimeoutMs, 0, maxTimeout);
    return profile;
}

bool byName(const ConnectionProfile &a, const ConnectionProfile &b)
{
    return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
}
} // namespace

ProfileStore::ProfileStore(QObject *parent)
    : QObject(parent)
    , m_settings(new QSettings(QStringLiteral("qlessdesk"), QStringLiteral("qlessdesk")))
{
    load();
}

ProfileStore::ProfileStore(const QString &iniFile, QObject *parent)
    : QObject(parent)
    , m_settings(new QSettings(iniFile, QSettings::IniFormat))
{
    load();
}

ProfileStore::~ProfileStore() = default;

void ProfileStore::load()
{
    m_profiles.clear();
    const int count = m_settings->beginReadArray(profilesKey);
    for (int i = 0; i < count; ++i) {
        m_settings->setArrayIndex(i);
        ConnectionProfile profile = readProfile(*m_settings);
        if (!profile.name.isEmpty() && !contains(profile.name))
            m_profiles.append(profile);
    }
    m_settings->endArray();
    std::sort(m_profiles.begin(), m_profiles.end(), byName);
}

bool ProfileStore::write()
{
    // The whole array each time: QSettings arrays cannot drop an element in the middle.
    m_settings->remove(profilesKey);
    m_settings->beginWriteArray(profilesKey, int(m_profiles.size()));
    for (int i = 0; i < m_profiles.size(); ++i) {
        m_settings->setArrayIndex(i);
        writeProfile(*m_settings, m_profiles.at(i));
    }
    m_settings->endArray();
    m_settings->sync();
    if (m_settings->status() != QSettings::NoError) {
        m_error = tr("Could not write the connection profiles to %1.").arg(m_settings->fileName());
        return false;
    }
    m_error.clear();
    return true;
}

QList<ConnectionProfile> ProfileStore::profiles() const
{
    return m_profiles;
}

QStringList ProfileStore::names() const
{
    QStringList result;
    for (const ConnectionProfile &profile : m_profiles)
        result << profile.name;
    return result;
}

bool ProfileStore::contains(const QString &name) const
{
    return std::any_of(m_profiles.cbegin(), m_profiles.cend(),
                       [&name](const ConnectionProfile &profile) { return profile.name == name; });
}

ConnectionProfile ProfileStore::profile(const QString &name, bool *found) const
{
    for (const ConnectionProfile &profile : m_profiles) {
        if (profile.name == name) {
            if (found)
                *found = true;
            return profile;
        }
    }
    if (found)
        *found = false;
    return ConnectionProfile();
}

bool ProfileStore::save(const ConnectionProfile &profile)
{
    if (profile.name.trimmed().isEmpty()) {
        m_error = tr("A profile needs a name.");
        return false;
    }
    auto it = std::find_if(m_profiles.begin(), m_profiles.end(),
                           [&profile](const ConnectionProfile &p) { return p.name == profile.name; });
    if (it != m_profiles.end())
        *it = profile;
    else
        m_profiles.append(profile);
    std::sort(m_profiles.begin(), m_profiles.end(), byName);
    const bool ok = write();
    emit profilesChanged();
    return ok;
}

bool ProfileStore::remove(const QString &name)
{
    const auto removed = m_profiles.removeIf([&name](const ConnectionProfile &p) { return p.name == name; });
    if (!removed)
        return true;
    if (lastUsed() == name)
        m_settings->remove(lastUsedKey);
    const bool ok = write();
    emit profilesChanged();
    return ok;
}

QString ProfileStore::lastUsed() const
{
    const QString name = m_settings->value(lastUsedKey).toString();
    return contains(name) ? name : QString();
}

void ProfileStore::setLastUsed(const QString &name)
{
    m_settings->setValue(lastUsedKey, name);
    m_settings->sync();
}

QString ProfileStore::errorString() const
{
    return m_error;
}

QString ProfileStore::fileName() const
{
    return m_settings->fileName();
}
