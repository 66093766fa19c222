// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/connectiondialog.h"
#include "connection/connectionform.h"
#include "connection/filepathedit.h"
#include "connection/profilestore.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {
// A keychain that works, in memory, answering later as real ones do.
class MemoryKeychain final : public PasswordStore
{
public:
    explicit MemoryKeychain(QObject *parent = nullptr)
        : PasswordStore(parent)
    {
        setAvailability(Availability::Available);
    }

    void read(const QString &profile) override
    {
        QTimer::singleShot(0, this, [this, profile] {
            if (m_entries.contains(profile))
                emit passwordRead(profile, m_entries.value(profile));
            else
                emit passwordMissing(profile);
        });
    }
    void write(const QString &profile, const QString &password) override
    {
        m_entries.insert(profile, password);
        QTimer::singleShot(0, this, [this, profile] { emit passwordWritten(profile); });
    }
    void remove(const QString &profile) override
    {
        m_entries.remove(profile);
        QTimer::singleShot(0, this, [this, profile] { emit passwordRemoved(profile); });
    }

    QHash<QString, QString> m_entries;
};

// The settings compared field by field, through the profile that mirrors them, plus the password.
bool sameSettings(const ConnectionSettings &a, const ConnectionSettings &b)
{
    return ConnectionProfile::fromSettings(QString(), a) == ConnectionProfile::fromSettings(QString(), b)
           && a.password == b.password;
}
} // namespace

// ConnectionDialog offscreen: what operators type or paste becomes the settings they connect with;
// bad input says why and keeps Connect disabled; passwords never reach a file.
class TestConnectionDialog final : public QObject
{
    Q_OBJECT

public:
    explicit TestConnectionDialog(const QString &home)
        : m_home(home)
    {}

private:
    QString m_home;
    int m_files = 0;

    QString newIniFile() { return m_home + QStringLiteral("/profiles-%1.ini").arg(++m_files); }

    QStringList filesContaining(const QString &secret) const
    {
        QStringList found;
        QDirIterator it(m_home, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            if (file.open(QIODevice::ReadOnly) && file.readAll().contains(secret.toUtf8()))
                found << file.fileName();
        }
        return found;
    }

    static void screenshot(ConnectionDialog &dialog, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QString file =
            QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/connectiondialog-") + name + QStringLiteral(".png");
        QVERIFY(dialog.grab().save(file));
    }

    static QString message(const ConnectionDialog &dialog)
    {
        return dialog.messageLabel()->isVisibleTo(const_cast<ConnectionDialog *>(&dialog))
                   ? dialog.messageLabel()->text()
                   : QString();
    }

private slots:
    void newConnectionIsUsable()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        ConnectionDialog dialog(&profiles, &keychain);
        QVERIFY(dialog.problems().isEmpty());
        QVERIFY(dialog.connectButton()->isEnabled());
        QVERIFY(!dialog.saveButton()->isEnabled()); // no name yet
        QVERIFY(!dialog.deleteButton()->isEnabled());
        QVERIFY(dialog.form()->verifyPeerBox()->isChecked());
        QCOMPARE(dialog.form()->passwordEdit()->echoMode(), QLineEdit::Password);
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.connectButton()->click();
        QCOMPARE(accepted.size(), 1);
        QVERIFY(
            sameSettings(dialog.settings(), ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:6379/0"))));
        QCOMPARE(dialog.profileName(), QString());
        QVERIFY(profiles.names().isEmpty()); // nameless connections are not saved
    }

    void pastedUrlFillsFields()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        ConnectionDialog dialog(&profiles, &keychain);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QApplication::clipboard()->setText(QStringLiteral("redis://ops:p%40ss@redis.example:6380/3?readonly=1"));
        dialog.form()->urlEdit()->setFocus();
        QTest::keySequence(dialog.form()->urlEdit(), QKeySequence::Paste);
        ConnectionForm *form = dialog.form();
        QCOMPARE(form->transport(), ConnectionSettings::Transport::Tcp);
        QCOMPARE(form->hostEdit()->text(), QStringLiteral("redis.example"));
        QCOMPARE(form->portEdit()->text(), QStringLiteral("6380"));
        QCOMPARE(form->dbEdit()->text(), QStringLiteral("3"));
        QCOMPARE(form->userEdit()->text(), QStringLiteral("ops"));
        QCOMPARE(form->password(), QStringLiteral("p@ss"));
        QVERIFY(form->readOnlyBox()->isChecked());
        // The URL stays in view, its password masked as in the password field.
        QCOMPARE(form->urlEdit()->text(), QStringLiteral("redis://ops:******@redis.example:6380/3?readonly=1"));
        QVERIFY(!form->urlEdit()->text().contains(QLatin1String("p%40ss")));
        // Edited further, the masked URL keeps the password.
        QTest::keyClick(form->urlEdit(), Qt::Key_End);
        QTest::keyClick(form->urlEdit(), Qt::Key_Backspace);
        QTest::keyClick(form->urlEdit(), Qt::Key_0);
        QCOMPARE(form->password(), QStringLiteral("p@ss"));
        QVERIFY(!form->readOnlyBox()->isChecked());
        QCOMPARE(form->urlEdit()->text(), QStringLiteral("redis://ops:******@redis.example:6380/3?readonly=0"));
        QVERIFY(!form->urlErrorLabel()->isVisibleTo(&dialog));
        QVERIFY(dialog.connectButton()->isEnabled());

        dialog.setUrl(
            QStringLiteral("rediss://h.example:7000/1?ca=/etc/ca.pem&cert=/c.pem&key=/k.pem&sni=n.example&verify=0"));
        QCOMPARE(form->transport(), ConnectionSettings::Transport::Tls);
        QCOMPARE(form->caFileEdit()->path(), QStringLiteral("/etc/ca.pem"));
        QCOMPARE(form->certFileEdit()->path(), QStringLiteral("/c.pem"));
        QCOMPARE(form->keyFileEdit()->path(), QStringLiteral("/k.pem"));
        QCOMPARE(form->serverNameEdit()->text(), QStringLiteral("n.example"));
        QVERIFY(!form->verifyPeerBox()->isChecked());
        QCOMPARE(form->password(), QString()); // the old URL's password does not linger

        dialog.setUrl(QStringLiteral("redis-sentinel://s1:26379,s2:26380/mymaster/2"));
        QCOMPARE(form->transport(), ConnectionSettings::Transport::Sentinel);
        QCOMPARE(form->sentinelsEdit()->text(), QStringLiteral("s1:26379, s2:26380"));
        QCOMPARE(form->masterNameEdit()->text(), QStringLiteral("mymaster"));
        QCOMPARE(form->dbEdit()->text(), QStringLiteral("2"));
        QVERIFY(!form->sentinelTlsBox()->isChecked());
        QVERIFY(!form->caFileEdit()->isVisibleTo(&dialog));

        dialog.setUrl(QStringLiteral("rediss-sentinel://s1:26379/mymaster?ca=/etc/ca.pem&sni=n.example&verify=0"));
        QCOMPARE(form->transport(), ConnectionSettings::Transport::Sentinel);
        QVERIFY(form->sentinelTlsBox()->isChecked());
        QVERIFY(form->caFileEdit()->isVisibleTo(&dialog));
        QCOMPARE(form->caFileEdit()->path(), QStringLiteral("/etc/ca.pem"));
        QCOMPARE(form->serverNameEdit()->text(), QStringLiteral("n.example"));
        QVERIFY(!form->verifyPeerBox()->isChecked());
        QVERIFY(form->settings().usesTls());
        QVERIFY(!form->hostEdit()->isVisibleTo(&dialog)); // the TLS group without the server's

        dialog.setUrl(QStringLiteral("unix:///run/redis.sock?db=5"));
        QCOMPARE(form->transport(), ConnectionSettings::Transport::Unix);
        QCOMPARE(form->socketPathEdit()->path(), QStringLiteral("/run/redis.sock"));
        QCOMPARE(form->dbEdit()->text(), QStringLiteral("5"));

        dialog.setUrl(QStringLiteral("unix://:a%3Ab@/run/redis.sock"));
        QCOMPARE(form->urlEdit()->text(), QStringLiteral("unix://:******@/run/redis.sock"));
        QCOMPARE(form->password(), QStringLiteral("a:b"));
        dialog.setUrl(QStringLiteral("redis-sentinel://u:pw@s1:26379,s2/m"));
        QCOMPARE(form->urlEdit()->text(), QStringLiteral("redis-sentinel://u:******@s1:26379,s2/m"));
        QCOMPARE(form->userEdit()->text(), QStringLiteral("u"));
        QCOMPARE(form->password(), QStringLiteral("pw"));
    }

    void badUrlDisablesConnect()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        ConnectionDialog dialog(&profiles, &keychain);
        dialog.form()->hostEdit()->setText(QStringLiteral("kept.example"));
        QTest::keyClicks(dialog.form()->urlEdit(), QStringLiteral("http://x"));
        QVERIFY(!dialog.connectButton()->isEnabled());
        QVERIFY(dialog.form()->urlErrorLabel()->isVisibleTo(&dialog));
        QVERIFY2(dialog.form()->urlErrorLabel()->text().contains(QLatin1String("unknown scheme \"http\"")),
                 qPrintable(dialog.form()->urlErrorLabel()->text()));
        QVERIFY(message(dialog).contains(QLatin1String("URL cannot be used")));
        QCOMPARE(dialog.form()->hostEdit()->text(), QStringLiteral("kept.example")); // left alone
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.accept(); // Enter in a field must not get past the check either
        QCOMPARE(accepted.size(), 0);

        dialog.form()->urlEdit()->selectAll();
        QTest::keyClicks(dialog.form()->urlEdit(), QStringLiteral("redis://h:99999"));
        QVERIFY(!dialog.connectButton()->isEnabled());
        QVERIFY(!dialog.form()->urlError().isEmpty());

        QTest::keyClick(dialog.form()->urlEdit(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(dialog.form()->urlEdit(), Qt::Key_Delete);
        QVERIFY(dialog.form()->urlEdit()->text().isEmpty());
        QVERIFY(dialog.connectButton()->isEnabled());
        QVERIFY(!dialog.form()->urlErrorLabel()->isVisibleTo(&dialog));
    }

    void validationMessages()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        ConnectionDialog dialog(&profiles, &keychain);
        ConnectionForm *form = dialog.form();
        auto expectProblem = [&dialog](const QString &part) {
            QVERIFY(!dialog.connectButton()->isEnabled());
            QVERIFY2(message(dialog).contains(part), qPrintable(message(dialog)));
        };
        auto expectFine = [&dialog] {
            QVERIFY2(dialog.connectButton()->isEnabled(), qPrintable(message(dialog)));
            QVERIFY(message(dialog).isEmpty());
        };

        for (const QString &port : {QStringLiteral("0"), QStringLiteral("65536"), QStringLiteral("63x")}) {
            form->portEdit()->setText(port);
            expectProblem(QStringLiteral("The port must be a number from 1 to 65535."));
        }
        form->portEdit()->setText(QStringLiteral("65535"));
        expectFine();
        form->portEdit()->clear(); // empty means the default
        expectFine();
        QCOMPARE(dialog.form()->settings().port, quint16(6379));

        form->dbEdit()->setText(QStringLiteral("-1"));
        expectProblem(QStringLiteral("The database must be a whole number, 0 or more."));
        form->dbEdit()->setText(QStringLiteral("15"));
        expectFine();

        form->hostEdit()->clear();
        expectProblem(QStringLiteral("Enter the server's host name or address."));
        form->hostEdit()->setText(QStringLiteral("h"));

        form->setTransport(ConnectionSettings::Transport::Tls);
        form->certFileEdit()->setPath(QStringLiteral("/c.pem"));
        expectProblem(QStringLiteral("A client certificate needs its private key file."));
        form->keyFileEdit()->setPath(QStringLiteral("/k.pem"));
        expectFine();

        form->setTransport(ConnectionSettings::Transport::Unix);
        expectProblem(QStringLiteral("Enter the path of the server's unix socket."));
        form->socketPathEdit()->setPath(QStringLiteral("/run/redis.sock"));
        expectFine();

        form->setTransport(ConnectionSettings::Transport::Sentinel);
        expectProblem(QStringLiteral("Enter at least one sentinel as host:port."));
        expectProblem(QStringLiteral("Enter the name of the master the sentinels watch."));
        QVERIFY(message(dialog).startsWith(QStringLiteral("• "))); // several problems, one per line
        form->sentinelsEdit()->setText(QStringLiteral("s1:26379, s2:0"));
        expectProblem(QStringLiteral("\"s2:0\" is not a sentinel address"));
        QVERIFY(!message(dialog).contains(QLatin1String("at least one")));
        form->sentinelsEdit()->setText(QStringLiteral("s1:26379, s2"));
        form->masterNameEdit()->setText(QStringLiteral("mymaster"));
        expectFine();
        const QList<QPair<QString, quint16>> expected = {{QStringLiteral("s1"), 26379}, {QStringLiteral("s2"), 26379}};
        QCOMPARE(dialog.form()->settings().sentinels, expected);
    }

    void resultMatchesFromUrl_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("tcp") << QStringLiteral("redis://ops:s3cret@redis.example:6380/3?readonly=1&timeout=900");
        QTest::newRow("tls") << QStringLiteral(
            "rediss://:pw@h.example:7000/1?ca=/etc/ca.pem&cert=/c.pem&key=/k.pem&sni=n.example&verify=0");
        QTest::newRow("unix") << QStringLiteral("unix:///run/redis/redis.sock?db=2&connect_timeout=1500");
        QTest::newRow("sentinel") << QStringLiteral("redis-sentinel://u:pw@s1:26379,[::1]:26380/mymaster/4");
        QTest::newRow("sentinel over tls") << QStringLiteral("rediss-sentinel://u:pw@s1:26379,s2/mymaster/4?ca=/etc/"
                                                             "ca.pem&cert=/c.pem&key=/k.pem&sni=n.example&verify=0");
        QTest::newRow("sentinel over tls, no options") << QStringLiteral("rediss-sentinel://:pw@s1:26379/mymaster");
    }

    void resultMatchesFromUrl()
    {
        QFETCH(QString, url);
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        {
            ConnectionDialog dialog(&profiles, &keychain);
            dialog.setUrl(url);
            dialog.nameEdit()->setText(QStringLiteral("saved"));
            QSignalSpy accepted(&dialog, &QDialog::accepted);
            dialog.connectButton()->click();
            QCOMPARE(accepted.size(), 1);
            QVERIFY(sameSettings(dialog.settings(), ConnectionSettings::fromUrl(url)));
            QCOMPARE(dialog.settings().usesTls(), ConnectionSettings::fromUrl(url).usesTls());
            QCOMPARE(dialog.profileName(), QStringLiteral("saved"));
        }
        QCOMPARE(profiles.lastUsed(), QStringLiteral("saved"));
        QCOMPARE(
            profiles.profile(QStringLiteral("saved")).toSettings(ConnectionSettings::fromUrl(url).password).describe(),
            ConnectionSettings::fromUrl(url).describe());

        // Opened again, the dialog shows the last used profile and yields the same settings.
        ConnectionDialog again(&profiles, &keychain);
        QCOMPARE(again.profileBox()->currentText(), QStringLiteral("saved"));
        QCOMPARE(again.nameEdit()->text(), QStringLiteral("saved"));
        const QString password = ConnectionSettings::fromUrl(url).password;
        QTRY_COMPARE(again.form()->password(), password);
        again.connectButton()->click();
        QVERIFY(sameSettings(again.settings(), ConnectionSettings::fromUrl(url)));
        QCOMPARE(again.settings().usesTls(), ConnectionSettings::fromUrl(url).usesTls());
    }

    // The Sentinel page's TLS switch shows the TLS page's own group below it (the same fields,
    // not a copy); what is filled there is checked, saved with the profile and connected with.
    void sentinelPageTakesTls()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        ConnectionDialog dialog(&profiles, &keychain);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        ConnectionForm *form = dialog.form();
        form->setTransport(ConnectionSettings::Transport::Sentinel);
        form->sentinelsEdit()->setText(QStringLiteral("s1:26379, s2:26380"));
        form->masterNameEdit()->setText(QStringLiteral("mymaster"));
        QVERIFY(form->sentinelTlsBox()->isVisible());
        QVERIFY(!form->sentinelTlsBox()->isChecked());
        QVERIFY(!form->caFileEdit()->isVisible());
        QVERIFY(!dialog.form()->settings().usesTls());

        const int heightBefore = dialog.height();
        form->sentinelTlsBox()->click();
        QVERIFY(form->caFileEdit()->isVisible());
        QVERIFY(form->serverNameEdit()->isVisible());
        QVERIFY(form->verifyPeerBox()->isVisible());
        QVERIFY(!form->hostEdit()->isVisible());
        QVERIFY2(dialog.height() > heightBefore, "the dialog grows to show the TLS fields");
        // The fields follow the switch, top to bottom, as Tab goes.
        const int box = form->sentinelTlsBox()->mapTo(&dialog, QPoint()).y();
        QVERIFY(form->caFileEdit()->mapTo(&dialog, QPoint()).y() > box);
        QVERIFY(form->dbEdit()->mapTo(&dialog, QPoint()).y() > form->verifyPeerBox()->mapTo(&dialog, QPoint()).y());
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        form->sentinelTlsBox()->setFocus();
        QTest::keyClick(form->sentinelTlsBox(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), form->caFileEdit()->lineEdit());
        form->certFileEdit()->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab); // its Browse… button
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), form->keyFileEdit()->lineEdit());
        form->serverNameEdit()->setFocus();
        QTest::keyClick(form->serverNameEdit(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), form->verifyPeerBox());
        QTest::keyClick(form->verifyPeerBox(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), form->dbEdit());

        form->certFileEdit()->setPath(QStringLiteral("/c.pem"));
        QVERIFY(!dialog.connectButton()->isEnabled());
        QVERIFY2(message(dialog).contains(QLatin1String("A client certificate needs its private key file.")),
                 qPrintable(message(dialog)));
        form->keyFileEdit()->setPath(QStringLiteral("/k.pem"));
        form->caFileEdit()->setPath(QStringLiteral("/etc/ca.pem"));
        form->serverNameEdit()->setText(QStringLiteral("redis.example"));
        QVERIFY2(dialog.connectButton()->isEnabled(), qPrintable(message(dialog)));

        dialog.nameEdit()->setText(QStringLiteral("ha over tls"));
        form->passwordEdit()->setText(QStringLiteral("pw"));
        dialog.connectButton()->click();
        const ConnectionSettings expected =
            ConnectionSettings::fromUrl(QStringLiteral("rediss-sentinel://:pw@s1:26379,s2:26380/mymaster?ca=/etc/"
                                                       "ca.pem&cert=/c.pem&key=/k.pem&sni=redis.example"));
        QVERIFY(sameSettings(dialog.settings(), expected));
        QVERIFY(dialog.settings().usesTls());

        // Saved and opened again: still over TLS, the switch on and its fields shown.
        ProfileStore reread(profiles.fileName());
        QVERIFY(reread.profile(QStringLiteral("ha over tls")).toSettings().usesTls());
        ConnectionDialog again(&reread, &keychain);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.nameEdit()->text(), QStringLiteral("ha over tls"));
        QVERIFY(again.form()->sentinelTlsBox()->isChecked());
        QVERIFY(again.form()->caFileEdit()->isVisible());
        QCOMPARE(again.form()->keyFileEdit()->path(), QStringLiteral("/k.pem"));

        // Switched off: plain, and the hidden options no longer stand in the way.
        again.form()->keyFileEdit()->setPath(QString());
        QVERIFY(!again.connectButton()->isEnabled());
        again.form()->sentinelTlsBox()->click();
        QVERIFY(!again.form()->caFileEdit()->isVisible());
        QVERIFY2(again.connectButton()->isEnabled(), qPrintable(message(again)));
        QVERIFY(!again.form()->settings().usesTls());
        // The switch belongs to the Sentinel page: on the TLS page it changes nothing.
        again.form()->sentinelTlsBox()->click();
        again.form()->setTransport(ConnectionSettings::Transport::Tcp);
        QVERIFY(!again.form()->caFileEdit()->isVisible());
        QVERIFY(!again.form()->sentinelTlsBox()->isVisible());
        QVERIFY(!again.form()->settings().usesTls());
    }

    void keychainRemembersAndForgets()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        {
            ConnectionDialog dialog(&profiles, &keychain);
            QVERIFY(dialog.form()->rememberBox()->isEnabled());
            dialog.nameEdit()->setText(QStringLiteral("prod"));
            dialog.form()->passwordEdit()->setText(QStringLiteral("kc-secret"));
            QVERIFY(dialog.saveButton()->isEnabled());
            dialog.saveButton()->click();
            QCOMPARE(keychain.m_entries.value(QStringLiteral("prod")), QStringLiteral("kc-secret"));
            QVERIFY(message(dialog).contains(QLatin1String("Saved the profile \"prod\"")));
            QCOMPARE(dialog.profileBox()->currentText(), QStringLiteral("prod"));
            QVERIFY(dialog.deleteButton()->isEnabled());
        }
        QVERIFY(filesContaining(QStringLiteral("kc-secret")).isEmpty());

        // A new session: nothing in memory, the password comes from the keychain.
        keychain.forgetSession(QStringLiteral("prod"));
        ConnectionDialog dialog(&profiles, &keychain);
        QCOMPARE(dialog.nameEdit()->text(), QString()); // saved, not used: not the last used
        dialog.profileBox()->setCurrentIndex(dialog.profileBox()->findText(QStringLiteral("prod")));
        emit dialog.profileBox()->activated(dialog.profileBox()->currentIndex());
        QCOMPARE(dialog.nameEdit()->text(), QStringLiteral("prod"));
        QCOMPARE(dialog.form()->password(), QString());
        QCOMPARE(dialog.form()->passwordEdit()->placeholderText(), QStringLiteral("reading the keychain…"));
        QTRY_COMPARE(dialog.form()->password(), QStringLiteral("kc-secret"));

        // Unticked, the keychain entry goes; the profile still knows a password is needed.
        dialog.form()->rememberBox()->setChecked(false);
        dialog.saveButton()->click();
        QTRY_VERIFY(!keychain.m_entries.contains(QStringLiteral("prod")));
        QVERIFY(profiles.profile(QStringLiteral("prod")).usesPassword);

        // Deleting asks first, then removes profile, keychain entry and session memory.
        keychain.write(QStringLiteral("prod"), QStringLiteral("kc-secret"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.deleteButton()->click();
        auto *box = dialog.findChild<QMessageBox *>();
        QVERIFY(box);
        QVERIFY(box->text().contains(QLatin1String("\"prod\"")));
        box->button(QMessageBox::Yes)->click();
        QTRY_VERIFY(!keychain.m_entries.contains(QStringLiteral("prod")));
        QVERIFY(!profiles.contains(QStringLiteral("prod")));
        QVERIFY(!keychain.hasSessionPassword(QStringLiteral("prod")));
        QCOMPARE(dialog.profileBox()->currentIndex(), 0);
        QVERIFY(dialog.nameEdit()->text().isEmpty());
    }

    void keychainUnavailableFallsBackToAsking()
    {
        const QString secret = QStringLiteral("fallback-s3cret");
        ProfileStore profiles(newIniFile());
        {
            PasswordStore keychain; // the real one: no secret service answers here
            ConnectionDialog dialog(&profiles, &keychain);
            QTRY_COMPARE(keychain.availability(), PasswordStore::Availability::Unavailable);
            QCheckBox *remember = dialog.form()->rememberBox();
            QVERIFY(!remember->isEnabled());
            QVERIFY(!remember->isChecked());
            QVERIFY2(remember->toolTip().contains(QLatin1String("asked for each time")),
                     qPrintable(remember->toolTip()));
            QVERIFY(remember->toolTip().contains(keychain.unavailableReason()));

            dialog.nameEdit()->setText(QStringLiteral("prod"));
            dialog.form()->passwordEdit()->setText(secret);
            dialog.connectButton()->click();
            QCOMPARE(dialog.settings().password, secret);
            QVERIFY(profiles.profile(QStringLiteral("prod")).usesPassword);
            QCOMPARE(keychain.sessionPassword(QStringLiteral("prod")), secret);

            // The same session: the password is offered from memory.
            ConnectionDialog again(&profiles, &keychain);
            QCOMPARE(again.form()->password(), secret);
        }
        QVERIFY2(filesContaining(secret).isEmpty(), qPrintable(filesContaining(secret).join(QLatin1Char(' '))));

        // A new session: the password is asked for again, and the field says so.
        PasswordStore fresh;
        QSignalSpy availability(&fresh, &PasswordStore::availabilityChanged);
        ConnectionDialog dialog(&profiles, &fresh);
        QVERIFY(availability.wait());
        QCOMPARE(dialog.nameEdit()->text(), QStringLiteral("prod"));
        QTRY_VERIFY(dialog.form()->passwordEdit()->placeholderText().startsWith(QLatin1String("enter the password")));
        QCOMPARE(dialog.form()->password(), QString());
        QVERIFY2(message(dialog).startsWith(QLatin1String("No keychain is available")), qPrintable(message(dialog)));
        QVERIFY(dialog.connectButton()->isEnabled()); // a notice, not a problem
        screenshot(dialog, QStringLiteral("no-keychain"));
    }

    void screenshots()
    {
        ProfileStore profiles(newIniFile());
        MemoryKeychain keychain;
        for (const QString &name : {QStringLiteral("local"), QStringLiteral("production"), QStringLiteral("staging")}) {
            ConnectionProfile profile;
            profile.name = name;
            QVERIFY(profiles.save(profile));
        }
        ConnectionDialog dialog(&profiles, &keychain);
        dialog.selectProfile(QStringLiteral("production"));
        dialog.setUrl(QStringLiteral("redis://ops:secret@redis-prod.internal.example.com:6380/2"));
        screenshot(dialog, QStringLiteral("tcp"));

        dialog.selectProfile(QString());
        dialog.nameEdit()->setText(QStringLiteral("production (TLS)"));
        dialog.setUrl(QStringLiteral("rediss://ops:secret@redis-prod.internal.example.com:6380/0"
                                     "?ca=/etc/qlessdesk/tls/ca.pem&cert=/etc/qlessdesk/tls/client.pem"
                                     "&key=/etc/qlessdesk/tls/client.key&sni=redis.example.com"));
        dialog.form()->urlEdit()->clear();
        screenshot(dialog, QStringLiteral("tls"));

        dialog.selectProfile(QString());
        dialog.nameEdit()->setText(QStringLiteral("ha cluster"));
        dialog.setUrl(QStringLiteral(
            "redis-sentinel://:secret@10.0.0.11:26379,10.0.0.12:26379,10.0.0.13:26379/mymaster/1?readonly=1"));
        screenshot(dialog, QStringLiteral("sentinel"));

        dialog.selectProfile(QString());
        dialog.nameEdit()->setText(QStringLiteral("ha cluster (TLS)"));
        dialog.setUrl(
            QStringLiteral("rediss-sentinel://:secret@10.0.0.11:26379,10.0.0.12:26379,10.0.0.13:26379/mymaster/1"
                           "?ca=/etc/qlessdesk/tls/ca.pem&cert=/etc/qlessdesk/tls/client.pem"
                           "&key=/etc/qlessdesk/tls/client.key&sni=redis.example.com"));
        dialog.form()->urlEdit()->clear();
        screenshot(dialog, QStringLiteral("sentinel-tls"));

        dialog.selectProfile(QString());
        dialog.form()->setTransport(ConnectionSettings::Transport::Unix);
        dialog.form()->socketPathEdit()->setPath(QStringLiteral("/run/redis/redis-server.sock"));
        screenshot(dialog, QStringLiteral("unix"));

        dialog.selectProfile(QString());
        dialog.form()->portEdit()->setText(QStringLiteral("70000"));
        dialog.form()->dbEdit()->setText(QStringLiteral("x"));
        dialog.form()->urlEdit()->setText(QStringLiteral("redis://h:6379/notanumber"));
        dialog.setUrl(QStringLiteral("redis://h:6379/notanumber"));
        QVERIFY(!dialog.connectButton()->isEnabled());
        screenshot(dialog, QStringLiteral("error"));
    }
};

int main(int argc, char **argv)
{
    // A home of our own (every file written can be searched for passwords) and a session bus that
    // cannot exist, so that no keychain answers, as on CI.
    QTemporaryDir home;
    if (!home.isValid())
        qFatal("no temporary directory");
    qputenv("HOME", home.path().toUtf8());
    qputenv("XDG_CONFIG_HOME", (home.path() + QStringLiteral("/config")).toUtf8());
    qputenv("XDG_DATA_HOME", (home.path() + QStringLiteral("/data")).toUtf8());
    qputenv("XDG_CACHE_HOME", (home.path() + QStringLiteral("/cache")).toUtf8());
    qputenv("DBUS_SESSION_BUS_ADDRESS",
            (QStringLiteral("unix:path=") + home.path() + QStringLiteral("/no-bus")).toUtf8());
    qputenv("XDG_RUNTIME_DIR", home.path().toUtf8());
    qunsetenv("DISPLAY");
    QApplication app(argc, argv);
    app.setOrganizationName(QStringLiteral("qlessdesk"));
    app.setApplicationName(QStringLiteral("qlessdesk"));
    TestConnectionDialog test(home.path());
    return QTest::qExec(&test, argc, argv);
}

#include "tst_connectiondialog.moc"
