// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/passwordrequest.h"
#include "connection/passwordstore.h"

#include <QApplication>
#include <QDir>
#include <QInputDialog>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QWidget>

namespace {
// A keychain that works, in memory, answering later as real ones do.
class MemoryKeychain final : public PasswordStore
{
public:
    MemoryKeychain() { setAvailability(Availability::Available); }

    void read(const QString &profile) override
    {
        ++m_reads;
        QTimer::singleShot(0, this, [this, profile] {
            if (m_entries.contains(profile))
                emit passwordRead(profile, m_entries.value(profile));
            else
                emit passwordMissing(profile);
        });
    }
    void write(const QString &profile, const QString &password) override { m_entries.insert(profile, password); }
    void remove(const QString &profile) override { m_entries.remove(profile); }

    QHash<QString, QString> m_entries;
    int m_reads = 0;
};

ConnectionProfile profileNeedingPassword()
{
    ConnectionProfile profile =
        ConnectionProfile::fromUrl(QStringLiteral("prod"), QStringLiteral("redis://ops:pw@redis.example:6380/2"));
    Q_ASSERT(profile.usesPassword);
    return profile;
}
} // namespace

// PasswordRequest: a saved profile becomes settings with a password from memory, the keychain, or
// the operator, who is asked without a nested event loop.
class TestPasswordRequest final : public QObject
{
    Q_OBJECT

private:
    QInputDialog *promptOf(QWidget &window)
    {
        return window.findChild<QInputDialog *>(QStringLiteral("passwordPrompt"));
    }

private slots:
    void noPasswordNeeded()
    {
        MemoryKeychain keychain;
        ConnectionProfile profile =
            ConnectionProfile::fromUrl(QStringLiteral("local"), QStringLiteral("redis://h:1/3"));
        auto *request = new PasswordRequest(&keychain, profile, nullptr);
        QSignalSpy ready(request, &PasswordRequest::ready);
        request->start();
        QCOMPARE(ready.size(), 0); // always answered from the event loop
        QVERIFY(ready.wait());
        const auto settings = ready.at(0).at(0).value<ConnectionSettings>();
        QCOMPARE(settings.describe(), QStringLiteral("redis://h:1/3"));
        QCOMPARE(settings.password, QString());
        QCOMPARE(ready.at(0).at(1).toString(), QStringLiteral("local"));
        QCOMPARE(keychain.m_reads, 0);
    }

    void fromSessionThenKeychain()
    {
        MemoryKeychain keychain;
        keychain.keepForSession(QStringLiteral("prod"), QStringLiteral("from-memory"));
        auto *first = new PasswordRequest(&keychain, profileNeedingPassword(), nullptr);
        QSignalSpy readyFirst(first, &PasswordRequest::ready);
        first->start();
        QVERIFY(readyFirst.wait());
        QCOMPARE(readyFirst.at(0).at(0).value<ConnectionSettings>().password, QStringLiteral("from-memory"));
        QCOMPARE(keychain.m_reads, 0);

        keychain.forgetSession(QStringLiteral("prod"));
        keychain.m_entries.insert(QStringLiteral("prod"), QStringLiteral("from-keychain"));
        auto *second = new PasswordRequest(&keychain, profileNeedingPassword(), nullptr);
        QSignalSpy readySecond(second, &PasswordRequest::ready);
        second->start();
        QVERIFY(readySecond.wait());
        QCOMPARE(readySecond.at(0).at(0).value<ConnectionSettings>().password, QStringLiteral("from-keychain"));
        QCOMPARE(keychain.sessionPassword(QStringLiteral("prod")), QStringLiteral("from-keychain"));
    }

    void asksWhenTheKeychainHasNone()
    {
        QWidget window;
        window.show();
        MemoryKeychain keychain;
        auto *request = new PasswordRequest(&keychain, profileNeedingPassword(), &window);
        QSignalSpy ready(request, &PasswordRequest::ready);
        request->start();
        QTRY_VERIFY(promptOf(window));
        QInputDialog *prompt = promptOf(window);
        QVERIFY(prompt->labelText().contains(QLatin1String("holds no password")));
        QVERIFY(prompt->labelText().contains(QLatin1String("redis://ops@redis.example:6380/2")));
        QCOMPARE(prompt->textEchoMode(), QLineEdit::Password);
        prompt->setTextValue(QStringLiteral("typed"));
        QVERIFY(QTest::qWaitForWindowExposed(prompt));
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        QVERIFY(prompt->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/connection-passwordprompt.png")));
        prompt->accept();
        QTRY_COMPARE(ready.size(), 1);
        QCOMPARE(ready.at(0).at(0).value<ConnectionSettings>().password, QStringLiteral("typed"));
        QCOMPARE(keychain.sessionPassword(QStringLiteral("prod")), QStringLiteral("typed"));
        QVERIFY(!keychain.m_entries.contains(QStringLiteral("prod"))); // asked for, not saved
    }

    void noKeychainAsksEachSessionOnce()
    {
        QWidget window;
        window.show();
        PasswordStore keychain; // the real one: no secret service answers here
        auto *request = new PasswordRequest(&keychain, profileNeedingPassword(), &window);
        QSignalSpy ready(request, &PasswordRequest::ready);
        request->start();
        QTRY_VERIFY(promptOf(window));
        QCOMPARE(keychain.availability(), PasswordStore::Availability::Unavailable);
        QVERIFY(!promptOf(window)->labelText().contains(QLatin1String("keychain"))); // the usual case, no alarm
        promptOf(window)->setTextValue(QStringLiteral("typed"));
        promptOf(window)->accept();
        QTRY_COMPARE(ready.size(), 1);
        QCOMPARE(ready.at(0).at(0).value<ConnectionSettings>().password, QStringLiteral("typed"));
        QTRY_VERIFY(!promptOf(window));

        // Asked once per session: the next request is answered from memory.
        auto *again = new PasswordRequest(&keychain, profileNeedingPassword(), &window);
        QSignalSpy readyAgain(again, &PasswordRequest::ready);
        again->start();
        QVERIFY(readyAgain.wait());
        QVERIFY(!promptOf(window));
        QCOMPARE(readyAgain.at(0).at(0).value<ConnectionSettings>().password, QStringLiteral("typed"));
    }

    void cancelled()
    {
        QWidget window;
        window.show();
        PasswordStore keychain;
        auto *request = new PasswordRequest(&keychain, profileNeedingPassword(), &window);
        QSignalSpy ready(request, &PasswordRequest::ready);
        QSignalSpy cancelled(request, &PasswordRequest::cancelled);
        request->start();
        QTRY_VERIFY(promptOf(window));
        promptOf(window)->reject();
        QTRY_COMPARE(cancelled.size(), 1);
        QCOMPARE(cancelled.at(0).at(0).toString(), QStringLiteral("prod"));
        QCOMPARE(ready.size(), 0);
        QVERIFY(!keychain.hasSessionPassword(QStringLiteral("prod")));
    }
};

int main(int argc, char **argv)
{
    // A home of our own and a session bus that cannot exist, so that no keychain answers, as on CI.
    QTemporaryDir home;
    if (!home.isValid())
        qFatal("no temporary directory");
    qputenv("HOME", home.path().toUtf8());
    qputenv("XDG_CONFIG_HOME", (home.path() + QStringLiteral("/config")).toUtf8());
    qputenv("XDG_RUNTIME_DIR", home.path().toUtf8());
    qputenv("DBUS_SESSION_BUS_ADDRESS",
            (QStringLiteral("unix:path=") + home.path() + QStringLiteral("/no-bus")).toUtf8());
    qunsetenv("DISPLAY");
    QApplication app(argc, argv);
    TestPasswordRequest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_passwordrequest.moc"
