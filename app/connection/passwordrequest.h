// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"

#include <QObject>
#include <QPointer>

class PasswordStore;
class QWidget;

// Turns a saved profile into settings with its password, for connecting without the dialog (the
// last used profile at start, a reconnect, a profile picked from a menu). The password comes from
// this session's memory, else the keychain, else the operator is asked: a password prompt opened
// without a nested event loop. What was asked for is kept in memory for the session only.
//
// One use: start(), then exactly one of ready() or cancelled(); the request then deletes itself.
class PasswordRequest final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PasswordRequest)

public:
    // `passwords` must outlive the request; the prompt opens over `promptParent`.
    PasswordRequest(PasswordStore *passwords, const ConnectionProfile &profile, QWidget *promptParent);

    void start();

signals:
    void ready(const ConnectionSettings &settings, const QString &profileName);
    void cancelled(const QString &profileName);

private:
    void passwordFound(const QString &profile, const QString &password);
    void passwordUnknown(const QString &profile);
    void prompt(const QString &why);
    void finish(const QString &password);

    PasswordStore *m_passwords;
    ConnectionProfile m_profile;
    QPointer<QWidget> m_promptParent;
    bool m_done = false;
};
