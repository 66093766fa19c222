// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

namespace QKeychain {
class Job;
}

// Passwords of connection profiles in the OS keychain (QtKeychain, service "qlessdesk", key = the
// profile name), never in a file. Every call returns at once; results arrive as signals, because
// keychains answer over D-Bus and may even ask the user to unlock them.
//
// Where no keychain works (no secret service, as on headless machines), jobs fail and availability()
// turns Unavailable with a reason. The caller then asks for the password and keeps it here with
// keepForSession(): in this process's memory only, gone when the program ends.
class PasswordStore : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PasswordStore)

public:
    enum class Availability { Unknown, Available, Unavailable };
    Q_ENUM(Availability)
    enum class Operation { Read, Write, Remove };
    Q_ENUM(Operation)

    explicit PasswordStore(QObject *parent = nullptr);
    ~PasswordStore() override;

    Availability availability() const;
    QString unavailableReason() const; // why the keychain cannot be used; empty unless Unavailable

    // Finds out whether a keychain answers (by looking up an entry that is never written);
    // ends in availabilityChanged. Does nothing unless availability() is Unknown.
    void probe();

    // Each ends in exactly one signal for that profile: passwordRead, passwordMissing or failed;
    // passwordWritten or failed; passwordRemoved or failed.
    virtual void read(const QString &profile);
    virtual void write(const QString &profile, const QString &password);
    virtual void remove(const QString &profile);

    // Memory for this session only, for when the keychain is unavailable or the user chose not to
    // save the password.
    void keepForSession(const QString &profile, const QString &password);
    bool hasSessionPassword(const QString &profile) const;
    QString sessionPassword(const QString &profile) const;
    void forgetSession(const QString &profile);

    static QString serviceName();

signals:
    void availabilityChanged(PasswordStore::Availability availability);
    void passwordRead(const QString &profile, const QString &password);
    void passwordMissing(const QString &profile);
    void passwordWritten(const QString &profile);
    void passwordRemoved(const QString &profile);
    void failed(const QString &profile, PasswordStore::Operation operation, const QString &reason);

protected:
    // For stores that are not QtKeychain (tests): records what the last job learned.
    void setAvailability(Availability availability, const QString &reason = QString());

private:
    void finishJob(QKeychain::Job *job, Operation operation, const QString &profile);
    void finishProbe(QKeychain::Job *job);

    Availability m_availability = Availability::Unknown;
    QString m_reason;
    bool m_probing = false;
    QHash<QString, QString> m_session;
};
