// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordstore.h"

#include <qt6keychain/keychain.h>

namespace {
// Looked up, never written: its absence proves the keychain answers.
const QString probeKey = QStringLiteral("qlessdesk-keychain-probe");

// Errors that say no keychain can be used at all (rather than: this entry, this time).
bool meansUnavailable(QKeychain::Error error)
{
    return error == QKeychain::NoBackendAvailable || error == QKeychain::NotImplemented
           || error == QKeychain::OtherError;
}
} // namespace

PasswordStore::PasswordStore(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<PasswordStore::Availability>();
    qRegisterMetaType<PasswordStore::Operation>();
}

PasswordStore::~PasswordStore() = default;

QString PasswordStore::serviceName()
{
    return QStringLiteral("qlessdesk");
}

PasswordStore::Availability PasswordStore::availability() const
{
    return m_availability;
}

QString PasswordStore::unavailableReason() const
{
    return m_availability == Availability::Unavailable ? m_reason : QString();
}

void PasswordStore::setAvailability(Availability availability, const QString &reason)
{
    if (availability == m_availability && reason == m_reason)
        return;
    m_availability = availability;
    m_reason = reason;
    emit availabilityChanged(availability);
}

void PasswordStore::probe()
{
    if (m_availability != Availability::Unknown || m_probing)
        return;
    m_probing = true;
    auto *job = new QKeychain::ReadPasswordJob(serviceName(), this);
    job->setKey(probeKey);
    connect(job, &QKeychain::Job::finished, this, &PasswordStore::finishProbe);
    job->start();
}

void PasswordStore::finishProbe(QKeychain::Job *job)
{
    m_probing = false;
    const QKeychain::Error error = job->error();
    if (error == QKeychain::NoError || error == QKeychain::EntryNotFound)
        setAvailability(Availability::Available);
    else if (meansUnavailable(error))
        setAvailability(Availability::Unavailable, job->errorString());
}

void PasswordStore::read(const QString &profile)
{
    auto *job = new QKeychain::ReadPasswordJob(serviceName(), this);
    job->setKey(profile);
    connect(job, &QKeychain::Job::finished, this,
            [this, profile](QKeychain::Job *done) { finishJob(done, Operation::Read, profile); });
    job->start();
}

void PasswordStore::write(const QString &profile, const QString &password)
{
    // Never the insecure fallback: it would put the password into a settings file in plain text.
    auto *job = new QKeychain::WritePasswordJob(serviceName(), this);
    job->setInsecureFallback(false);
    job->setKey(profile);
    job->setTextData(password);
    connect(job, &QKeychain::Job::finished, this,
            [this, profile](QKeychain::Job *done) { finishJob(done, Operation::Write, profile); });
    job->start();
}

void PasswordStore::remove(const QString &profile)
{
    auto *job = new QKeychain::DeletePasswordJob(serviceName(), this);
    job->setInsecureFallback(false);
    job->setKey(profile);
    connect(job, &QKeychain::Job::finished, this,
            [this, profile](QKeychain::Job *done) { finishJob(done, Operation::Remove, profile); });
    job->start();
}

void PasswordStore::finishJob(QKeychain::Job *job, Operation operation, const QString &profile)
{
    const QKeychain::Error error = job->error();
    if (error == QKeychain::NoError || error == QKeychain::EntryNotFound)
        setAvailability(Availability::Available);
    else if (meansUnavailable(error))
        setAvailability(Availability::Unavailable, job->errorString());

    if (error == QKeychain::NoError) {
        switch (operation) {
        case Operation::Read:
            emit passwordRead(profile, static_cast<QKeychain::ReadPasswordJob *>(job)->textData());
            return;
        case Operation::Write: emit passwordWritten(profile); return;
        case Operation::Remove: emit passwordRemoved(profile); return;
        }
    }
    if (error == QKeychain::EntryNotFound) {
        // Nothing to read is a normal answer; nothing to remove is what removing wanted.
        if (operation == Operation::Remove)
            emit passwordRemoved(profile);
        else
            emit passwordMissing(profile);
        return;
    }
    QString reason;
    switch (error) {
    case QKeychain::AccessDeniedByUser: reason = tr("The keychain was not unlocked."); break;
    case QKeychain::AccessDenied: reason = tr("The keychain refused access: %1").arg(job->errorString()); break;
    case QKeychain::CouldNotDeleteEntry:
        reason = tr("The keychain could not delete the password: %1").arg(job->errorString());
        break;
    default: reason = tr("No keychain is available: %1").arg(job->errorString()); break;
    }
    emit failed(profile, operation, reason);
}

void PasswordStore::keepForSession(const QString &profile, const QString &password)
{
    m_session.insert(profile, password);
}

bool PasswordStore::hasSessionPassword(const QString &profile) const
{
    return m_session.contains(profile);
}

QString PasswordStore::sessionPassword(const QString &profile) const
{
    return m_session.value(profile);
}

void PasswordStore::forgetSession(const QString &profile)
{
    m_session.remove(profile);
}
