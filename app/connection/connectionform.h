// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"
#include "passwordstore.h"

#include <QWidget>

class FilePathEdit;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;

// The fields of one connection, grouped by transport (only the chosen transport's groups show;
// the TLS group serves both TLS and Sentinel over TLS),
// with a field that takes a pasted URL and fills the others. Knows nothing about saving: the
// ConnectionDialog around it does that.
class ConnectionForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionForm)

public:
    explicit ConnectionForm(QWidget *parent = nullptr);

    // Fills every field from the profile; the URL and password fields are emptied.
    void setProfile(const ConnectionProfile &profile);
    // The fields as a profile (no name). Only meaningful while problems() is empty.
    ConnectionProfile profile() const;
    ConnectionSettings settings() const; // profile() with the password

    // Fills the fields as ConnectionSettings::fromUrl reads `url` (the password too, which the URL
    // field then shows masked). False, with urlError(), when it cannot be read; the other fields
    // are then left alone.
    bool applyUrl(const QString &url);
    QString urlError() const;

    // Everything that keeps the form from making a connection, one sentence each (a bad URL first).
    QStringList problems() const;

    QString password() const;
    void setPassword(const QString &password);
    void setPasswordPlaceholder(const QString &text);
    bool rememberPassword() const;
    void setRememberPassword(bool remember);
    // The "remember" box is disabled, with the reason as its tooltip, where no keychain works.
    void setKeychainAvailability(PasswordStore::Availability availability, const QString &reason);

    ConnectionSettings::Transport transport() const;
    void setTransport(ConnectionSettings::Transport transport);

    QLineEdit *urlEdit() const;
    QLineEdit *hostEdit() const;
    QLineEdit *portEdit() const;
    QLineEdit *dbEdit() const;
    QLineEdit *userEdit() const;
    QLineEdit *passwordEdit() const;
    QLineEdit *sentinelsEdit() const;
    QLineEdit *masterNameEdit() const;
    QLineEdit *serverNameEdit() const;
    FilePathEdit *caFileEdit() const;
    FilePathEdit *certFileEdit() const;
    FilePathEdit *keyFileEdit() const;
    FilePathEdit *socketPathEdit() const;
    QCheckBox *verifyPeerBox() const;
    QCheckBox *sentinelTlsBox() const;
    QCheckBox *readOnlyBox() const;
    QCheckBox *rememberBox() const;
    QComboBox *transportBox() const;
    QLabel *urlErrorLabel() const;
    // Every label of every group, so that the dialog can give them one width.
    QList<QLabel *> formLabels() const;

signals:
    // Any field changed, by the user or by a pasted URL.
    void changed();

private:
    void buildLayout();
    void showTransportGroups();
    void urlEdited(const QString &text);
    void setUrlError(const QString &error);

    QFormLayout *m_addressForm = nullptr;
    // In the order of the layout (and of Tab): the constructor makes them in this order.
    QLineEdit *m_url;
    QLabel *m_urlError;
    QComboBox *m_transport;
    QGroupBox *m_serverGroup;
    QLineEdit *m_host;
    QLineEdit *m_port;
    QGroupBox *m_unixGroup;
    FilePathEdit *m_socketPath;
    QGroupBox *m_sentinelGroup;
    QLineEdit *m_sentinels;
    QLineEdit *m_masterName;
    QCheckBox *m_sentinelTls; // shows the TLS group on the Sentinel page
    QGroupBox *m_tlsGroup;
    FilePathEdit *m_caFile;
    FilePathEdit *m_certFile;
    FilePathEdit *m_keyFile;
    QLineEdit *m_serverName;
    QCheckBox *m_verifyPeer;
    QGroupBox *m_loginGroup;
    QLineEdit *m_db;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QCheckBox *m_remember;
    QCheckBox *m_readOnly;
    QString m_urlErrorText;
    // Timeouts come from URLs and profiles but have no field; kept so they survive a round trip.
    int m_connectTimeoutMs = 5000;
    int m_requestTimeoutMs = 15000;
    QList<QLabel *> m_labels;
};
