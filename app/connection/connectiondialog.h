// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "passwordstore.h"

#include <QDialog>

class ConnectionForm;
class ProfileStore;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

// Where to connect: a saved profile, or a new connection typed in or pasted as a URL. Named
// connections are saved as profiles (never with the password); the password goes to the keychain
// when the operator asks for that and a keychain works, and is kept in memory for the session.
//
// Open it with open() (or show()); on accepted(), settings() and profileName() say where to go.
// Both stores are the caller's and must outlive the dialog.
class ConnectionDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionDialog)

public:
    ConnectionDialog(ProfileStore *profiles, PasswordStore *passwords, QWidget *parent = nullptr);

    // After accepted(): the settings with the password, and the profile's name (empty when the
    // connection was not given a name and so was not saved).
    ConnectionSettings settings() const;
    QString profileName() const;

    // Shows a saved profile (its password read from the keychain or the session); an empty or
    // unknown name starts a new connection. The last used profile is shown at first.
    void selectProfile(const QString &name);
    // As if the operator pasted it, e.g. from --url.
    void setUrl(const QString &url);

    // What keeps Connect disabled, one sentence each.
    QStringList problems() const;

    ConnectionForm *form() const;
    QComboBox *profileBox() const;
    QLineEdit *nameEdit() const;
    QLabel *messageLabel() const;
    QPushButton *connectButton() const;
    QPushButton *saveButton() const;
    QPushButton *deleteButton() const;

public slots:
    void accept() override;

private:
    void buildLayout();
    void alignLabels();
    void fillProfileBox();
    void profileChosen(int index);
    void updateState();
    void updateKeychainState();
    bool saveProfile();
    void confirmDelete();
    void deleteProfile(const QString &name);
    void passwordArrived(const QString &profile, const QString &password);
    void passwordNotFound(const QString &profile);
    void keychainFailed(const QString &profile, PasswordStore::Operation operation, const QString &reason);
    void setNote(const QString &note);
    void fitHeight();
    QString keychainNotice() const;

    ProfileStore *m_profiles;
    PasswordStore *m_passwords;
    QComboBox *m_profileBox;
    QLineEdit *m_name;
    ConnectionForm *m_form;
    QLabel *m_message;
    QPushButton *m_connect;
    QPushButton *m_save;
    QPushButton *m_delete;
    QList<QLabel *> m_labels;
    QString m_loaded;             // the profile shown, whose password a keychain read may bring
    bool m_passwordTyped = false; // the operator typed a password: a late keychain reply must not replace it
    QString m_note;
    ConnectionSettings m_result;
    QString m_resultName;
};
