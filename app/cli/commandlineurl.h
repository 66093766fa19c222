// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"

#include <QCoreApplication>
#include <QString>

// A server URL as the command line (--url) or REDIS_URL gives it, read alike by the window and the
// headless commands. A password is best kept off the command line, which every user of the
// machine can read (ps, /proc/<pid>/cmdline): REDIS_PASSWORD, or the whole URL in REDIS_URL,
// stays in the user's own environment.
class CommandLineUrl
{
    Q_DECLARE_TR_FUNCTIONS(CommandLineUrl)

public:
    // The settings of `url`, with REDIS_PASSWORD's password when the URL has none. `error` as
    // ConnectionSettings::fromUrl sets it: never with the password.
    static ConnectionSettings read(const QString &url, QString *error);
    // For a URL given as an argument: a warning when it carries a password, else empty.
    static QString passwordWarning(const QString &url);
};
