// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/passwordstore.h"
#include "connection/profilestore.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

// PasswordStore where no keychain works (no D-Bus secret service, as on CI): storing fails at once
// with a reason, the store says it is unavailable, and the password ends up on no disk.
class TestPasswordStore final : public QObject
{
    Q_OBJECT

public:
    explicit TestPasswordStore(const QString &home)
        : m_home(home)
    {}

private:
    QString m_home;
    const QString m_secret = QStringLiteral("Sup3r-s3cret-passw0rd");

    // Every file under the test's home holding the secret, as UTF-8 or UTF-16.
    QStringList filesWithSecret() const
    {
        QStringList found;
        QDirIterator it(m_home, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const QByteArray content = file.readAll();
            const QByteArray utf16(reinterpret_cast<const char *>(m_secret.utf16()), m_secret.size() * 2);
            if (content.contains(m_secret.toUtf8()) || content.contains(utf16))
                found << file.fileName();
        }
        return found;
    }

private slots:
    void writeFailsCleanlyWithoutKeychain()
    {
        PasswordStore store;
        QCOMPARE(store.availability(), PasswordStore::Availability::Unknown);
        QSignalSpy failed(&store, &PasswordStore::failed);
        QSignalSpy written(&store, &PasswordStore::passwordWritten);
        QSignalSpy availability(&store, &PasswordStore::availabilityChanged);
        store.write(QStringLiteral("prod"), m_secret);
        // Asynchronous: nothing is reported before the event loop runs.
        QCOMPARE(failed.size(), 0);
        QVERIFY(failed.wait());
        QCOMPARE(written.size(), 0);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("prod"));
        QCOMPARE(failed.at(0).at(1).value<PasswordStore::Operation>(), PasswordStore::Operation::Write);
        const QString reason = failed.at(0).at(2).toString();
        QVERIFY2(reason.startsWith(QLatin1String("No keychain is available: ")), qPrintable(reason));
        QVERIFY(reason.size() > int(qstrlen("No keychain is available: ")));
        QVERIFY(!reason.contains(m_secret));
        qInfo("the keychain said: %s", qPrintable(reason));
        QCOMPARE(store.availability(), PasswordStore::Availability::Unavailable);
        QVERIFY(!store.unavailableReason().isEmpty());
        QCOMPARE(availability.size(), 1);
        QVERIFY2(filesWithSecret().isEmpty(), qPrintable(filesWithSecret().join(QLatin1Char(' '))));
    }

    void readAndRemoveFailCleanly()
    {
        PasswordStore store;
        QSignalSpy failed(&store, &PasswordStore::failed);
        QSignalSpy read(&store, &PasswordStore::passwordRead);
        store.read(QStringLiteral("prod"));
        QVERIFY(failed.wait());
        QCOMPARE(failed.at(0).at(1).value<PasswordStore::Operation>(), PasswordStore::Operation::Read);
        QCOMPARE(read.size(), 0);
        store.remove(QStringLiteral("prod"));
        QVERIFY(failed.wait());
        QCOMPARE(failed.at(1).at(1).value<PasswordStore::Operation>(), PasswordStore::Operation::Remove);
        QCOMPARE(store.availability(), PasswordStore::Availability::Unavailable);
    }

    void probeFindsNoKeychain()
    {
        PasswordStore store;
        QSignalSpy availability(&store, &PasswordStore::availabilityChanged);
        store.probe();
        store.probe(); // a second probe while one runs starts nothing more
        QVERIFY(availability.wait());
        QCOMPARE(availability.size(), 1);
        QCOMPARE(store.availability(), PasswordStore::Availability::Unavailable);
    }

    void sessionMemoryOnly()
    {
        PasswordStore store;
        QVERIFY(!store.hasSessionPassword(QStringLiteral("prod")));
        store.keepForSession(QStringLiteral("prod"), m_secret);
        QVERIFY(store.hasSessionPassword(QStringLiteral("prod")));
        QCOMPARE(store.sessionPassword(QStringLiteral("prod")), m_secret);
        // Saving the profile alongside, as the dialog does, still leaves no password on disk.
        ProfileStore profiles;
        ConnectionProfile profile =
            ConnectionProfile::fromUrl(QStringLiteral("prod"),
                                       QStringLiteral("redis://:") + m_secret + QStringLiteral("@h:6379"));
        QVERIFY(profile.usesPassword);
        QVERIFY(profiles.save(profile));
        QVERIFY2(profiles.fileName().startsWith(m_home), qPrintable(profiles.fileName()));
        QVERIFY(QFile::exists(profiles.fileName()));
        QVERIFY2(filesWithSecret().isEmpty(), qPrintable(filesWithSecret().join(QLatin1Char(' '))));
        store.forgetSession(QStringLiteral("prod"));
        QVERIFY(!store.hasSessionPassword(QStringLiteral("prod")));
    }
};

int main(int argc, char **argv)
{
    // Before anything reads them: a home of our own (so every file written can be searched), and a
    // session bus that cannot exist, so that no keychain answers here, as on CI.
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
    QCoreApplication app(argc, argv);
    app.setOrganizationName(QStringLiteral("qlessdesk"));
    app.setApplicationName(QStringLiteral("qlessdesk"));
    TestPasswordStore test(home.path());
    return QTest::qExec(&test, argc, argv);
}

#include "tst_passwordstore.moc"
