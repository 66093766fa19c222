// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectiondialog.h"

#include "connectionform.h"
#include "profilestore.h"
#include "tonestyle.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

ConnectionDialog::ConnectionDialog(ProfileStore *profiles, PasswordStore *passwords, QWidget *parent)
    : QDialog(parent)
    , m_profiles(profiles)
    , m_passwords(passwords)
    , m_profileBox(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_form(new ConnectionForm(this))
    , m_message(new QLabel(this))
    , m_connect(new QPushButton(tr("&Connect"), this))
    , m_save(new QPushButton(tr("&Save Profile"), this))
    , m_delete(new QPushButton(tr("De&lete Profile"), this))
{
    setWindowTitle(tr("Connect to Redis"));
    m_name->setPlaceholderText(tr("a name saves this connection (without its password)"));
    m_name->setClearButtonEnabled(true);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_connect->setDefault(true);
    buildLayout();
    alignLabels();
    fillProfileBox();

    connect(m_profiles, &ProfileStore::profilesChanged, this, &ConnectionDialog::fillProfileBox);
    connect(m_profileBox, &QComboBox::activated, this, &ConnectionDialog::profileChosen);
    connect(m_name, &QLineEdit::textChanged, this, &ConnectionDialog::updateState);
    connect(m_form, &ConnectionForm::changed, this, &ConnectionDialog::updateState);
    connect(m_form->passwordEdit(), &QLineEdit::textEdited, this, [this] { m_passwordTyped = true; });
    connect(m_form->transportBox(), &QComboBox::currentIndexChanged, this, [this] { fitHeight(); });
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (saveProfile())
            setNote(tr("Saved the profile \"%1\".").arg(m_name->text().trimmed()));
    });
    connect(m_delete, &QPushButton::clicked, this, &ConnectionDialog::confirmDelete);

    connect(m_passwords, &PasswordStore::availabilityChanged, this, &ConnectionDialog::updateKeychainState);
    connect(m_passwords, &PasswordStore::passwordRead, this, &ConnectionDialog::passwordArrived);
    connect(m_passwords, &PasswordStore::passwordMissing, this, &ConnectionDialog::passwordNotFound);
    connect(m_passwords, &PasswordStore::failed, this, &ConnectionDialog::keychainFailed);
    updateKeychainState();
    m_passwords->probe();

    selectProfile(m_profiles->lastUsed());
    resize(qMax(sizeHint().width(), 560), height());
    fitHeight();
}

void ConnectionDialog::buildLayout()
{
    auto *top = new QFormLayout;
    top->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    top->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto *profileLabel = new QLabel(tr("P&rofile:"), this);
    profileLabel->setBuddy(m_profileBox);
    auto *nameLabel = new QLabel(tr("&Name:"), this);
    nameLabel->setBuddy(m_name);
    m_labels << profileLabel << nameLabel;
    top->addRow(profileLabel, m_profileBox);
    top->addRow(nameLabel, m_name);

    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    buttons->addButton(m_delete, QDialogButtonBox::ActionRole);
    buttons->addButton(m_connect, QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);

    auto *profileGroup = new QGroupBox(tr("Saved connections"), this);
    profileGroup->setLayout(top);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(profileGroup);
    layout->addWidget(m_form);
    layout->addWidget(m_message);
    layout->addStretch(1);
    layout->addSpacing(4);
    layout->addWidget(buttons);
}

void ConnectionDialog::alignLabels()
{
    // Each group has its own form layout; one label width makes all fields start in one column.
    QList<QLabel *> labels = m_labels + m_form->formLabels();
    int width = 0;
    for (QLabel *label : labels)
        width = qMax(width, label->sizeHint().width());
    for (QLabel *label : labels) {
        label->setMinimumWidth(width);
        label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
}

void ConnectionDialog::fillProfileBox()
{
    const QString shown = m_loaded;
    const QSignalBlocker blocker(m_profileBox);
    m_profileBox->clear();
    m_profileBox->addItem(tr("New connection"), QString());
    for (const QString &name : m_profiles->names())
        m_profileBox->addItem(name, name);
    const int index = m_profileBox->findData(shown);
    m_profileBox->setCurrentIndex(index < 0 ? 0 : index);
    updateState();
}

void ConnectionDialog::profileChosen(int index)
{
    selectProfile(m_profileBox->itemData(index).toString());
}

void ConnectionDialog::selectProfile(const QString &name)
{
    bool found = false;
    const ConnectionProfile profile = m_profiles->profile(name, &found);
    m_loaded = found ? name : QString();
    m_passwordTyped = false;
    m_note.clear();
    {
        const QSignalBlocker blocker(m_profileBox);
        m_profileBox->setCurrentIndex(qMax(0, m_profileBox->findData(m_loaded)));
    }
    m_form->setProfile(found ? profile : ConnectionProfile());
    m_name->setText(m_loaded);
    m_form->setRememberPassword(true);
    m_form->setPasswordPlaceholder(QString());
    if (found && m_passwords->hasSessionPassword(name)) {
        m_form->setPassword(m_passwords->sessionPassword(name));
    } else if (found && profile.usesPassword) {
        if (m_passwords->availability() == PasswordStore::Availability::Unavailable) {
            m_form->setPasswordPlaceholder(tr("enter the password (asked each time: no keychain)"));
        } else {
            m_form->setPasswordPlaceholder(tr("reading the keychain…"));
            m_passwords->read(name);
        }
    }
    updateState();
}

void ConnectionDialog::setUrl(const QString &url)
{
    m_form->applyUrl(url);
}

void ConnectionDialog::passwordArrived(const QString &profile, const QString &password)
{
    if (profile != m_loaded || m_passwordTyped)
        return;
    m_form->setPassword(password);
    m_form->setPasswordPlaceholder(QString());
    m_form->setRememberPassword(true);
}

void ConnectionDialog::passwordNotFound(const QString &profile)
{
    if (profile != m_loaded || m_passwordTyped)
        return;
    m_form->setPasswordPlaceholder(tr("not in the keychain: enter the password"));
}

void ConnectionDialog::keychainFailed(const QString &profile, PasswordStore::Operation operation, const QString &reason)
{
    if (profile != m_loaded && profile != m_name->text().trimmed())
        return;
    switch (operation) {
    case PasswordStore::Operation::Read:
        if (!m_passwordTyped)
            m_form->setPasswordPlaceholder(tr("enter the password (asked each time: no keychain)"));
        // No keychain at all is the usual headless case, which the keychain notice explains.
        if (m_passwords->availability() != PasswordStore::Availability::Unavailable)
            setNote(tr("The password could not be read from the keychain: %1").arg(reason));
        break;
    case PasswordStore::Operation::Write:
        setNote(tr("The password could not be saved in the keychain: %1 It is kept in memory for "
                   "this session only.")
                    .arg(reason));
        break;
    case PasswordStore::Operation::Remove:
        setNote(tr("The password could not be removed from the keychain: %1").arg(reason));
        break;
    }
}

void ConnectionDialog::updateKeychainState()
{
    m_form->setKeychainAvailability(m_passwords->availability(), m_passwords->unavailableReason());
    updateState();
}

QString ConnectionDialog::keychainNotice() const
{
    if (m_passwords->availability() != PasswordStore::Availability::Unavailable)
        return QString();
    return tr("No keychain is available, so passwords are not saved: they are asked for each time "
              "and kept in memory until qlessdesk quits.");
}

QStringList ConnectionDialog::problems() const
{
    return m_form->problems();
}

void ConnectionDialog::setNote(const QString &note)
{
    m_note = note;
    updateState();
}

void ConnectionDialog::updateState()
{
    const QStringList found = problems();
    m_connect->setEnabled(found.isEmpty());
    m_save->setEnabled(found.isEmpty() && !m_name->text().trimmed().isEmpty());
    m_delete->setEnabled(!m_loaded.isEmpty());
    if (!found.isEmpty()) {
        QStringList lines;
        for (const QString &problem : found)
            lines << (found.size() > 1 ? QStringLiteral("• ") + problem : problem);
        ToneStyle::setText(m_message, ToneStyle::Tone::Bad);
        m_message->setText(lines.join(QLatin1Char('\n')));
    } else {
        ToneStyle::setText(m_message, ToneStyle::Tone::Plain);
        m_message->setText(m_note.isEmpty() ? keychainNotice() : m_note);
    }
    m_message->setVisible(!m_message->text().isEmpty());
    fitHeight();
}

void ConnectionDialog::fitHeight()
{
    // Groups come and go with the transport, messages with the input: the height follows them
    // (messages wrap, so it depends on the width), the width stays as the operator left it.
    const int wanted = hasHeightForWidth() ? heightForWidth(width()) : sizeHint().height();
    if (wanted > 0 && wanted != height())
        resize(width(), wanted);
}

bool ConnectionDialog::saveProfile()
{
    const QString name = m_name->text().trimmed();
    if (name.isEmpty() || !problems().isEmpty())
        return false;
    ConnectionProfile profile = m_form->profile();
    profile.name = name;
    if (!m_profiles->save(profile)) {
        setNote(m_profiles->errorString());
        return false;
    }
    m_loaded = name;
    fillProfileBox();
    const QString password = m_form->password();
    const bool keychainUsable = m_passwords->availability() != PasswordStore::Availability::Unavailable;
    if (password.isEmpty()) {
        m_passwords->forgetSession(name);
        if (keychainUsable)
            m_passwords->remove(name);
        return true;
    }
    // In memory for the session either way, so that a reconnect never has to ask again.
    m_passwords->keepForSession(name, password);
    if (m_form->rememberPassword())
        m_passwords->write(name, password);
    else if (keychainUsable)
        m_passwords->remove(name);
    return true;
}

void ConnectionDialog::confirmDelete()
{
    const QString name = m_loaded;
    if (name.isEmpty())
        return;
    auto *box = new QMessageBox(QMessageBox::Question, tr("Delete Profile"),
                                tr("Delete the profile \"%1\" and its saved password?").arg(name),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, name](int result) {
        if (result == QMessageBox::Yes)
            deleteProfile(name);
    });
    box->open();
}

void ConnectionDialog::deleteProfile(const QString &name)
{
    if (!m_profiles->remove(name)) {
        setNote(m_profiles->errorString());
        return;
    }
    m_passwords->forgetSession(name);
    if (m_passwords->availability() != PasswordStore::Availability::Unavailable)
        m_passwords->remove(name);
    selectProfile(QString());
    setNote(tr("Deleted the profile \"%1\".").arg(name));
}

void ConnectionDialog::accept()
{
    if (!problems().isEmpty())
        return;
    const QString name = m_name->text().trimmed();
    if (!name.isEmpty()) {
        if (!saveProfile())
            return;
        m_profiles->setLastUsed(name);
    }
    m_result = m_form->settings();
    m_resultName = name;
    QDialog::accept();
}

ConnectionSettings ConnectionDialog::settings() const
{
    return m_result;
}
QString ConnectionDialog::profileName() const
{
    return m_resultName;
}
ConnectionForm *ConnectionDialog::form() const
{
    return m_form;
}
QComboBox *ConnectionDialog::profileBox() const
{
    return m_profileBox;
}
QLineEdit *ConnectionDialog::nameEdit() const
{
    return m_name;
}
QLabel *ConnectionDialog::messageLabel() const
{
    return m_message;
}
QPushButton *ConnectionDialog::connectButton() const
{
    return m_connect;
}
QPushButton *ConnectionDialog::saveButton() const
{
    return m_save;
}
QPushButton *ConnectionDialog::deleteButton() const
{
    return m_delete;
}
