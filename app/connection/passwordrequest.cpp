// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordrequest.h"

#include "mnemonictext.h"

#include "passwordstore.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QTimer>

PasswordRequest::PasswordRequest(PasswordStore *passwords, const ConnectionProfile &profile, QWidget *promptParent)
    : QObject(passwords)
    , m_passwords(passwords)
    , m_profile(profile)
    , m_promptParent(promptParent)
{}

void PasswordRequest::start()
{
    const QString name = m_profile.name;
    if (!m_profile.usesPassword || m_passwords->hasSessionPassword(name)) {
        // Answered later all the same, so callers see one order of events whatever the source.
        QTimer::singleShot(0, this, [this, name] { finish(m_passwords->sessionPassword(name)); });
        return;
    }
    if (m_passwords->availability() == PasswordStore::Availability::Unavailable) {
        QTimer::singleShot(0, this, [this] { prompt(QString()); });
        return;
    }
    connect(m_passwords, &PasswordStore::passwordRead, this, &PasswordRequest::passwordFound);
    connect(m_passwords, &PasswordStore::passwordMissing, this, &PasswordRequest::passwordUnknown);
    connect(m_passwords, &PasswordStore::failed, this,
            [this](const QString &profile, PasswordStore::Operation operation, const QString &reason) {
                if (profile != m_profile.name || operation != PasswordStore::Operation::Read)
                    return;
                // No keychain at all is the usual case on such machines, not worth a word.
                prompt(m_passwords->availability() == PasswordStore::Availability::Unavailable
                           ? QString()
                           : tr("The keychain could not be read: %1").arg(reason));
            });
    m_passwords->read(name);
}

void PasswordRequest::passwordFound(const QString &profile, const QString &password)
{
    if (profile != m_profile.name)
        return;
    m_passwords->keepForSession(profile, password);
    finish(password);
}

void PasswordRequest::passwordUnknown(const QString &profile)
{
    if (profile == m_profile.name)
        prompt(tr("The keychain holds no password for this profile."));
}

void PasswordRequest::prompt(const QString &why)
{
    if (m_done)
        return;
    // Only one answer counts, however many keychain replies come in.
    disconnect(m_passwords, nullptr, this, nullptr);
    auto *dialog = new QInputDialog(m_promptParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("passwordPrompt"));
    dialog->setWindowTitle(tr("Password for %1").arg(m_profile.name));
    const QString where = m_profile.toSettings().describe();
    QString label =
        tr("&Password for \"%1\" (%2):").arg(MnemonicText::literal(m_profile.name), MnemonicText::literal(where));
    if (!why.isEmpty())
        label = MnemonicText::literal(why) + QLatin1Char('\n') + label;
    dialog->setLabelText(label);
    dialog->setTextEchoMode(QLineEdit::Password);
    dialog->setOkButtonText(tr("Connect"));
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString &password) {
        m_passwords->keepForSession(m_profile.name, password);
        finish(password);
    });
    connect(dialog, &QInputDialog::rejected, this, [this] {
        if (m_done)
            return;
        m_done = true;
        emit cancelled(m_profile.name);
        deleteLater();
    });
    dialog->open();
}

void PasswordRequest::finish(const QString &password)
{
    if (m_done)
        return;
    m_done = true;
    disconnect(m_passwords, nullptr, this, nullptr);
    emit ready(m_profile.toSettings(password), m_profile.name);
    deleteLater();
}
