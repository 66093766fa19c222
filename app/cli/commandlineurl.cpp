// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandlineurl.h"

ConnectionSettings CommandLineUrl::read(const QString &url, QString *error)
{
    ConnectionSettings settings = ConnectionSettings::fromUrl(url, error);
    settings.takePasswordFromEnvironment();
    return settings;
}

QString CommandLineUrl::passwordWarning(const QString &url)
{
    QString error;
    if (ConnectionSettings::fromUrl(url, &error).password.isEmpty())
        return {};
    // Warned, not refused: on a machine of one's own it is a choice (redis-cli warns alike).
    return tr("warning: the password in --url %1 can be read by every user of this machine (ps); "
              "give it in REDIS_PASSWORD, or the whole URL in REDIS_URL, instead.")
        .arg(ConnectionSettings::withoutPassword(url.trimmed()));
}
