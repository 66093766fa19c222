// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"

#include <QList>
#include <QObject>
#include <QScopedPointer>

class QSettings;

// The saved connection profiles and the one used last, in QSettings (organization and application
// "qlessdesk"). A profile carries no password, so none can reach this file.
class ProfileStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileStore)

public:
    // The user's settings (QSettings("qlessdesk", "qlessdesk")).
    explicit ProfileStore(QObject *parent = nullptr);
    // An INI file of its own, for tests and portable setups.
    explicit ProfileStore(const QString &iniFile, QObject *parent = nullptr);
    ~ProfileStore() override;

    QList<ConnectionProfile> profiles() const; // sorted by name, case-insensitively
    QStringList names() const;
    bool contains(const QString &name) const;
    // The profile by that name; `found` says whether there was one.
    ConnectionProfile profile(const QString &name, bool *found = nullptr) const;

    // Adds or replaces (by name). False, with errorString(), when the name is empty or the file
    // could not be written.
    bool save(const ConnectionProfile &profile);
    bool remove(const QString &name);

    QString lastUsed() const; // empty when none, or when that profile is gone
    void setLastUsed(const QString &name);

    QString errorString() const;
    QString fileName() const;

signals:
    void profilesChanged();

private:
    void load();
    bool write();

    QScopedPointer<QSettings> m_settings;
    QList<ConnectionProfile> m_profiles;
    QString m_error;
};
