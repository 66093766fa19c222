// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionform.h"

#include "filepathedit.h"
#include "tonestyle.h"
#include "urlpasswordmask.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include <limits>

namespace {
using Transport = ConnectionSettings::Transport;

// Empty means the default; anything else must be a whole number in range, or `invalid`.
int parseNumber(const QString &text, int fallback, int low, int high, int invalid)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return fallback;
    bool ok = false;
    const int value = trimmed.toInt(&ok);
    return ok && value >= low && value <= high ? value : invalid;
}

QFormLayout *newFormLayout()
{
    auto *layout = new QFormLayout;
    // The same look on every platform style: labels right-aligned beside fields that grow.
    layout->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->setRowWrapPolicy(QFormLayout::DontWrapRows);
    return layout;
}
} // namespace

// The widgets are made in the order they are laid out, which is the order Tab follows (the header
// declares them so). setTabOrder cannot mend it afterwards: it ignores a FilePathEdit, which
// takes no focus itself.
ConnectionForm::ConnectionForm(QWidget *parent)
    : QWidget(parent)
    , m_url(new QLineEdit(this))
    , m_urlError(new QLabel(this))
    , m_transport(new QComboBox(this))
    , m_serverGroup(new QGroupBox(tr("Server"), this))
    , m_host(new QLineEdit(this))
    , m_port(new QLineEdit(this))
    , m_unixGroup(new QGroupBox(tr("Unix socket"), this))
    , m_socketPath(new FilePathEdit(tr("Choose the server's unix socket"), tr("Sockets (*.sock)"), this))
    , m_sentinelGroup(new QGroupBox(tr("Sentinel"), this))
    , m_sentinels(new QLineEdit(this))
    , m_masterName(new QLineEdit(this))
    , m_sentinelTls(new QCheckBox(tr("Use &TLS to reach the sentinels and the master"), this))
    , m_tlsGroup(new QGroupBox(tr("TLS"), this))
    , m_caFile(new FilePathEdit(tr("Choose the CA certificate"), tr("Certificates (*.pem *.crt *.cer)"), this))
    , m_certFile(new FilePathEdit(tr("Choose the client certificate"), tr("Certificates (*.pem *.crt *.cer)"), this))
    , m_keyFile(
          new FilePathEdit(tr("Choose the client certificate's private key"), tr("Private keys (*.pem *.key)"), this))
    , m_serverName(new QLineEdit(this))
    , m_verifyPeer(new QCheckBox(tr("Verify the server's certificate"), this))
    , m_loginGroup(new QGroupBox(tr("Login"), this))
    , m_db(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_remember(new QCheckBox(tr("Remember the password in the keychain"), this))
    , m_readOnly(new QCheckBox(tr("Read-only: refuse every command that changes data"), this))
{
    m_transport->addItem(tr("TCP"), int(Transport::Tcp));
    m_transport->addItem(tr("TLS"), int(Transport::Tls));
    m_transport->addItem(tr("Unix socket"), int(Transport::Unix));
    m_transport->addItem(tr("Sentinel"), int(Transport::Sentinel));

    m_url->setPlaceholderText(tr("redis://, rediss://, unix://, redis-sentinel://, rediss-sentinel://"));
    m_url->setClearButtonEnabled(true);
    m_urlError->setWordWrap(true);
    m_urlError->setTextFormat(Qt::PlainText);
    ToneStyle::setText(m_urlError, ToneStyle::Tone::Bad);
    m_host->setPlaceholderText(tr("host name or address"));
    m_port->setPlaceholderText(QStringLiteral("6379"));
    m_port->setMaxLength(5);
    m_port->setFixedWidth(m_port->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 16);
    m_caFile->setPlaceholderText(tr("the system's certificate authorities"));
    m_certFile->setPlaceholderText(tr("none"));
    m_keyFile->setPlaceholderText(tr("none"));
    m_verifyPeer->setChecked(true);
    m_serverName->setPlaceholderText(tr("the host name"));
    m_socketPath->setPlaceholderText(QStringLiteral("/run/redis/redis-server.sock"));
    m_sentinels->setPlaceholderText(tr("host:26379, host:26379, …"));
    m_masterName->setPlaceholderText(QStringLiteral("mymaster"));
    m_sentinelTls->setToolTip(tr("As rediss-sentinel:// does: the sentinels and the master they name are "
                                 "reached over TLS, with the TLS options below for all of them."));
    m_db->setPlaceholderText(QStringLiteral("0"));
    m_user->setPlaceholderText(tr("default"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("none"));
    m_readOnly->setToolTip(tr("Watch only: qlessdesk refuses every action that would change the "
                              "queues, before it reaches Redis."));

    buildLayout();
    setProfile(ConnectionProfile());

    connect(m_url, &QLineEdit::textEdited, this, &ConnectionForm::urlEdited);
    connect(m_transport, &QComboBox::currentIndexChanged, this, [this] {
        showTransportGroups();
        emit changed();
    });
    for (QLineEdit *edit : {m_host, m_port, m_serverName, m_sentinels, m_masterName, m_db, m_user, m_password})
        connect(edit, &QLineEdit::textChanged, this, &ConnectionForm::changed);
    for (FilePathEdit *edit : {m_caFile, m_certFile, m_keyFile, m_socketPath})
        connect(edit, &FilePathEdit::pathChanged, this, &ConnectionForm::changed);
    for (QCheckBox *box : {m_verifyPeer, m_remember, m_readOnly})
        connect(box, &QCheckBox::toggled, this, &ConnectionForm::changed);
    connect(m_sentinelTls, &QCheckBox::toggled, this, [this] {
        showTransportGroups();
        emit changed();
    });
}

void ConnectionForm::buildLayout()
{
    auto addRow = [this](QFormLayout *form, const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        // A screen reader names a control by a label beside it in its own parent; a path's line
        // edit sits inside its FilePathEdit, so it is given the label's words itself.
        if (auto *path = qobject_cast<FilePathEdit *>(field))
            path->lineEdit()->setAccessibleName(
                QString(text).remove(QLatin1Char('&')).remove(QLatin1Char(':')).trimmed());
        m_labels << label;
        form->addRow(label, field);
    };
    auto addWideRow = [this](QFormLayout *form, QWidget *field) {
        // An empty label keeps check boxes in the field column, under the fields above them.
        auto *label = new QLabel(this);
        m_labels << label;
        form->addRow(label, field);
    };

    auto *top = newFormLayout();
    m_addressForm = top;
    addRow(top, tr("&URL:"), m_url);
    addWideRow(top, m_urlError);
    addRow(top, tr("Conn&ect via:"), m_transport);

    auto *server = newFormLayout();
    // Host and port side by side, as operators write them.
    auto *hostRow = new QHBoxLayout;
    hostRow->addWidget(m_host, 1);
    auto *portLabel = new QLabel(tr("&Port:"), this);
    portLabel->setBuddy(m_port);
    hostRow->addWidget(portLabel);
    hostRow->addWidget(m_port);
    auto *hostLabel = new QLabel(tr("&Host:"), this);
    hostLabel->setBuddy(m_host);
    m_labels << hostLabel;
    server->addRow(hostLabel, hostRow);
    m_serverGroup->setLayout(server);

    auto *tls = newFormLayout();
    addRow(tls, tr("C&A certificate:"), m_caFile);
    addRow(tls, tr("Client &certificate:"), m_certFile);
    addRow(tls, tr("Private &key:"), m_keyFile);
    addRow(tls, tr("Server &name (SNI):"), m_serverName);
    addWideRow(tls, m_verifyPeer);
    m_tlsGroup->setLayout(tls);

    auto *unixForm = newFormLayout();
    addRow(unixForm, tr("&Socket path:"), m_socketPath);
    m_unixGroup->setLayout(unixForm);

    auto *sentinel = newFormLayout();
    addRow(sentinel, tr("Se&ntinels:"), m_sentinels);
    addRow(sentinel, tr("&Master name:"), m_masterName);
    addWideRow(sentinel, m_sentinelTls);
    m_sentinelGroup->setLayout(sentinel);

    auto *login = newFormLayout();
    addRow(login, tr("&Database:"), m_db);
    addRow(login, tr("U&ser:"), m_user);
    addRow(login, tr("Pass&word:"), m_password);
    addWideRow(login, m_remember);
    addWideRow(login, m_readOnly);
    m_loginGroup->setLayout(login);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // Every row sits in a group, so that all fields start in one column (groups indent their rows).
    auto *address = new QGroupBox(tr("Address"), this);
    address->setLayout(top);
    layout->addWidget(address);
    // TLS after the server's group and after the Sentinel group: one group, below either.
    for (QGroupBox *group : {m_serverGroup, m_unixGroup, m_sentinelGroup, m_tlsGroup, m_loginGroup})
        layout->addWidget(group);
}

void ConnectionForm::showTransportGroups()
{
    const Transport chosen = transport();
    m_serverGroup->setVisible(chosen == Transport::Tcp || chosen == Transport::Tls);
    m_tlsGroup->setVisible(chosen == Transport::Tls || (chosen == Transport::Sentinel && m_sentinelTls->isChecked()));
    m_unixGroup->setVisible(chosen == Transport::Unix);
    m_sentinelGroup->setVisible(chosen == Transport::Sentinel);
}

ConnectionSettings::Transport ConnectionForm::transport() const
{
    return Transport(m_transport->currentData().toInt());
}

void ConnectionForm::setTransport(ConnectionSettings::Transport transport)
{
    m_transport->setCurrentIndex(m_transport->findData(int(transport)));
    showTransportGroups();
}

void ConnectionForm::setProfile(const ConnectionProfile &profile)
{
    setTransport(profile.transport);
    m_host->setText(profile.host);
    m_port->setText(QString::number(profile.port));
    m_caFile->setPath(profile.tls.caFile);
    m_certFile->setPath(profile.tls.certFile);
    m_keyFile->setPath(profile.tls.keyFile);
    m_verifyPeer->setChecked(profile.tls.verifyPeer);
    m_serverName->setText(profile.tls.serverName);
    m_socketPath->setPath(profile.socketPath);
    m_sentinels->setText(ConnectionProfile::formatSentinels(profile.sentinels));
    m_masterName->setText(profile.masterName);
    m_sentinelTls->setChecked(profile.tls.sentinelTls);
    m_db->setText(profile.db ? QString::number(profile.db) : QString());
    m_user->setText(profile.user);
    m_readOnly->setChecked(profile.readOnly);
    m_connectTimeoutMs = profile.connectTimeoutMs;
    m_requestTimeoutMs = profile.requestTimeoutMs;
    m_password->clear();
    m_url->clear();
    setUrlError(QString());
}

ConnectionProfile ConnectionForm::profile() const
{
    ConnectionProfile profile;
    profile.transport = transport();
    profile.host = m_host->text().trimmed();
    profile.port = quint16(parseNumber(m_port->text(), 6379, 1, 65535, 0));
    profile.tls.caFile = m_caFile->path();
    profile.tls.certFile = m_certFile->path();
    profile.tls.keyFile = m_keyFile->path();
    profile.tls.verifyPeer = m_verifyPeer->isChecked();
    profile.tls.serverName = m_serverName->text().trimmed();
    profile.socketPath = m_socketPath->path();
    QString ignored;
    ConnectionProfile::parseSentinels(m_sentinels->text(), &profile.sentinels, &ignored);
    profile.masterName = m_masterName->text().trimmed();
    profile.tls.sentinelTls = profile.transport == Transport::Sentinel && m_sentinelTls->isChecked();
    profile.db = parseNumber(m_db->text(), 0, 0, std::numeric_limits<int>::max(), -1);
    profile.user = m_user->text().trimmed();
    profile.usesPassword = !m_password->text().isEmpty();
    profile.readOnly = m_readOnly->isChecked();
    profile.connectTimeoutMs = m_connectTimeoutMs;
    profile.requestTimeoutMs = m_requestTimeoutMs;
    return profile;
}

ConnectionSettings ConnectionForm::settings() const
{
    return profile().toSettings(m_password->text());
}

QStringList ConnectionForm::problems() const
{
    QStringList result;
    if (!m_urlErrorText.isEmpty())
        result << tr("The URL cannot be used: fix it or clear it.");
    const ConnectionProfile current = profile();
    QString sentinelError;
    QList<QPair<QString, quint16>> ignored;
    const bool sentinelsRead = ConnectionProfile::parseSentinels(m_sentinels->text(), &ignored, &sentinelError);
    for (const QString &problem : current.problems()) {
        // A list that cannot be read says so itself; "enter at least one" would mislead.
        if (!sentinelsRead && current.sentinels.isEmpty()
            && problem == ConnectionProfile::tr("Enter at least one sentinel as host:port."))
            continue;
        result << problem;
    }
    if (current.transport == Transport::Sentinel && !sentinelsRead)
        result << sentinelError;
    return result;
}

bool ConnectionForm::applyUrl(const QString &url)
{
    m_url->setText(url);
    urlEdited(url);
    return m_urlErrorText.isEmpty();
}

void ConnectionForm::urlEdited(const QString &text)
{
    if (text.trimmed().isEmpty()) {
        setUrlError(QString());
        emit changed();
        return;
    }
    QString error;
    const ConnectionSettings parsed = ConnectionSettings::fromUrl(text, &error);
    if (!error.isEmpty()) {
        setUrlError(error);
        emit changed();
        return;
    }
    setUrlError(QString());
    QString password = parsed.password;
    // A URL shown with its password masked comes back with the mask: the password is in its field.
    if (password == UrlPasswordMask::mask())
        password = m_password->text();
    setProfile(ConnectionProfile::fromSettings(QString(), parsed));
    // setProfile empties the URL field; the operator should still see what was pasted, but not
    // the password in clear (it is masked in its own field too).
    m_url->setText(UrlPasswordMask::applied(text));
    m_password->setText(password);
    emit changed();
}

void ConnectionForm::setUrlError(const QString &error)
{
    m_urlErrorText = error;
    m_urlError->setText(error.isEmpty() ? QString() : tr("This URL cannot be read: %1.").arg(error));
    // The whole row goes, not just the text: an empty row would still leave a gap.
    m_addressForm->setRowVisible(m_urlError, !error.isEmpty());
}

QString ConnectionForm::urlError() const
{
    return m_urlErrorText;
}

QString ConnectionForm::password() const
{
    return m_password->text();
}

void ConnectionForm::setPassword(const QString &password)
{
    m_password->setText(password);
}

void ConnectionForm::setPasswordPlaceholder(const QString &text)
{
    m_password->setPlaceholderText(text.isEmpty() ? tr("none") : text);
}

bool ConnectionForm::rememberPassword() const
{
    return m_remember->isEnabled() && m_remember->isChecked();
}

void ConnectionForm::setRememberPassword(bool remember)
{
    m_remember->setChecked(remember);
}

void ConnectionForm::setKeychainAvailability(PasswordStore::Availability availability, const QString &reason)
{
    const bool usable = availability != PasswordStore::Availability::Unavailable;
    m_remember->setEnabled(usable);
    if (!usable)
        m_remember->setChecked(false);
    m_remember->setToolTip(usable ? tr("Keep the password in the system keychain, so that it is not asked for again.")
                                  : tr("No keychain is available on this system (%1). The password is asked for each "
                                       "time and kept in memory for this session only, never written to disk.")
                                        .arg(reason));
}

QLineEdit *ConnectionForm::urlEdit() const
{
    return m_url;
}
QLineEdit *ConnectionForm::hostEdit() const
{
    return m_host;
}
QLineEdit *ConnectionForm::portEdit() const
{
    return m_port;
}
QLineEdit *ConnectionForm::dbEdit() const
{
    return m_db;
}
QLineEdit *ConnectionForm::userEdit() const
{
    return m_user;
}
QLineEdit *ConnectionForm::passwordEdit() const
{
    return m_password;
}
QLineEdit *ConnectionForm::sentinelsEdit() const
{
    return m_sentinels;
}
QLineEdit *ConnectionForm::masterNameEdit() const
{
    return m_masterName;
}
QLineEdit *ConnectionForm::serverNameEdit() const
{
    return m_serverName;
}
FilePathEdit *ConnectionForm::caFileEdit() const
{
    return m_caFile;
}
FilePathEdit *ConnectionForm::certFileEdit() const
{
    return m_certFile;
}
FilePathEdit *ConnectionForm::keyFileEdit() const
{
    return m_keyFile;
}
FilePathEdit *ConnectionForm::socketPathEdit() const
{
    return m_socketPath;
}
QCheckBox *ConnectionForm::verifyPeerBox() const
{
    return m_verifyPeer;
}
QCheckBox *ConnectionForm::sentinelTlsBox() const
{
    return m_sentinelTls;
}
QCheckBox *ConnectionForm::readOnlyBox() const
{
    return m_readOnly;
}
QCheckBox *ConnectionForm::rememberBox() const
{
    return m_remember;
}
QComboBox *ConnectionForm::transportBox() const
{
    return m_transport;
}
QLabel *ConnectionForm::urlErrorLabel() const
{
    return m_urlError;
}
QList<QLabel *> ConnectionForm::formLabels() const
{
    return m_labels;
}
