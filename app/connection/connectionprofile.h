// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

// A saved connection: a name and everything needed to rebuild ConnectionSettings, except the
// password, which lives in the OS keychain (PasswordStore) or only in memory. Keeping the password
// out of this type means nothing that stores a profile can write it to disk by mistake.
struct ConnectionProfile
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfile)

public:
    QString name;
    ConnectionSettings::Transport transport = ConnectionSettings::Transport::Tcp;
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    QString socketPath;
    QList<QPair<QString, quint16>> sentinels;
    QString masterName;
    int db = 0;
    QString user;
    bool usesPassword = false; // whether to look for (or ask for) a password when connecting
    ConnectionSettings::Tls tls;
    bool readOnly = false;
    int connectTimeoutMs = 5000;
    int requestTimeoutMs = 15000;

    // The settings' password is dropped; usesPassword records whether there was one.
    static ConnectionProfile fromSettings(const QString &name, const ConnectionSettings &settings);
    // A URL as ConnectionSettings::fromUrl reads it; `error` empty on success.
    static ConnectionProfile fromUrl(const QString &name, const QString &url, QString *error = nullptr);
    ConnectionSettings toSettings(const QString &password = QString()) const;

    // What is missing or contradictory for this transport, one sentence each; empty when usable.
    QStringList problems() const;

    // "host:port, host:port" and back; parseSentinels returns false (and says why) on a bad entry.
    static QString formatSentinels(const QList<QPair<QString, quint16>> &sentinels);
    static bool parseSentinels(const QString &text, QList<QPair<QString, quint16>> *sentinels, QString *error);

    static QString transportKey(ConnectionSettings::Transport transport);
    static bool transportFromKey(const QString &key, ConnectionSettings::Transport *transport);

    bool operator==(const ConnectionProfile &other) const;
    bool operator!=(const ConnectionProfile &other) const { return !(*this == other); }
};
