#include "connection/profilestore.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

// ProfileStore: profiles survive a restart (a new store on the same file), with no password in it.
class TestProfileStore final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString iniFile(const QString &name) const { return m_dir.filePath(name + QStringLiteral(".ini")); }

    static QList<ConnectionProfile> everyTransport()
    {
        QList<ConnectionProfile> result;
        const QStringList urls = {
            QStringLiteral("redis://ops:tcp-secret@redis.example:6380/3?readonly=1"),
            QStringLiteral("rediss://tls-user:tls-secret@h.example:7000/1?ca=/etc/ca%20dir/ca.pem"
                           "&cert=/c.pem&key=/k.pem&sni=name.example&verify=0&timeout=900"),
            QStringLiteral("unix://:unix-secret@/run/redis/redis.sock?db=2"),
            QStringLiteral("redis-sentinel://:sentinel-secret@s1:26379,s2:26380,[::1]:26381/mymaster/4"),
        };
        const QStringList names = {QStringLiteral("Production (tcp)"), QStringLiteral("staging/tls"),
                                   QStringLiteral("local unix"), QStringLiteral("ha, sentinel")};
        for (int i = 0; i < urls.size(); ++i) {
            QString error;
            result << ConnectionProfile::fromUrl(names.at(i), urls.at(i), &error);
            if (!error.isEmpty())
                qFatal("bad test URL %s: %s", qPrintable(urls.at(i)), qPrintable(error));
        }
        return result;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
    }

    void roundTripEveryTransport()
    {
        const QString file = iniFile(QStringLiteral("roundtrip"));
        const QList<ConnectionProfile> saved = everyTransport();
        {
            ProfileStore store(file);
            QSignalSpy changed(&store, &ProfileStore::profilesChanged);
            for (const ConnectionProfile &profile : saved)
                QVERIFY2(store.save(profile), qPrintable(store.errorString()));
            QCOMPARE(changed.size(), saved.size());
            store.setLastUsed(QStringLiteral("staging/tls"));
        }
        ProfileStore reopened(file);
        QCOMPARE(reopened.names(), (QStringList{QStringLiteral("ha, sentinel"), QStringLiteral("local unix"),
                                                 QStringLiteral("Production (tcp)"), QStringLiteral("staging/tls")}));
        for (const ConnectionProfile &profile : saved) {
            bool found = false;
            const ConnectionProfile back = reopened.profile(profile.name, &found);
            QVERIFY2(found, qPrintable(profile.name));
            QCOMPARE(back, profile);
            QVERIFY(back.usesPassword);
        }
        QCOMPARE(reopened.lastUsed(), QStringLiteral("staging/tls"));
        bool found = true;
        reopened.profile(QStringLiteral("nope"), &found);
        QVERIFY(!found);
    }

    void noPasswordInTheFile()
    {
        const QString file = iniFile(QStringLiteral("nopassword"));
        {
            ProfileStore store(file);
            for (const ConnectionProfile &profile : everyTransport())
                QVERIFY(store.save(profile));
        }
        QFile ini(file);
        QVERIFY(ini.open(QIODevice::ReadOnly));
        const QByteArray content = ini.readAll();
        QVERIFY(content.contains("redis.example")); // the file is the one written
        QVERIFY(!content.contains("secret"));
        // No key named password at all (usesPassword, a flag, is fine).
        static const QRegularExpression passwordKey(
            QStringLiteral("(^|\\\\|/)password="),
            QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
        QVERIFY(!QString::fromUtf8(content).contains(passwordKey));
        QVERIFY(content.contains("usesPassword=true"));
    }

    void replaceRemoveAndLastUsed()
    {
        const QString file = iniFile(QStringLiteral("replace"));
        ProfileStore store(file);
        ConnectionProfile profile;
        profile.name = QStringLiteral("a");
        QVERIFY(store.save(profile));
        profile.port = 7001;
        QVERIFY(store.save(profile));
        QCOMPARE(store.names(), QStringList{QStringLiteral("a")});
        QCOMPARE(store.profile(QStringLiteral("a")).port, quint16(7001));
        store.setLastUsed(QStringLiteral("a"));
        QCOMPARE(store.lastUsed(), QStringLiteral("a"));

        QSignalSpy changed(&store, &ProfileStore::profilesChanged);
        QVERIFY(store.remove(QStringLiteral("a")));
        QCOMPARE(changed.size(), 1);
        QVERIFY(store.names().isEmpty());
        QCOMPARE(store.lastUsed(), QString()); // a deleted profile is not offered again
        QVERIFY(store.remove(QStringLiteral("never there")));

        ConnectionProfile unnamed;
        QVERIFY(!store.save(unnamed));
        QVERIFY(!store.errorString().isEmpty());
        QVERIFY(ProfileStore(file).names().isEmpty());
    }

    void toleratesHandEditedFile()
    {
        const QString file = iniFile(QStringLiteral("edited"));
        {
            QSettings settings(file, QSettings::IniFormat);
            settings.beginWriteArray(QStringLiteral("connections/profiles"), 3);
            settings.setArrayIndex(0);
            settings.setValue(QStringLiteral("name"), QStringLiteral("odd"));
            settings.setValue(QStringLiteral("transport"), QStringLiteral("carrier-pigeon"));
            settings.setValue(QStringLiteral("port"), QStringLiteral("lots"));
            settings.setValue(QStringLiteral("db"), -4);
            settings.setArrayIndex(1);
            settings.setValue(QStringLiteral("host"), QStringLiteral("nameless"));
            settings.setArrayIndex(2);
            settings.setValue(QStringLiteral("name"), QStringLiteral("odd")); // a duplicate
            settings.endArray();
        }
        ProfileStore store(file);
        QCOMPARE(store.names(), QStringList{QStringLiteral("odd")});
        const ConnectionProfile odd = store.profile(QStringLiteral("odd"));
        QCOMPARE(odd.transport, ConnectionSettings::Transport::Tcp);
        QCOMPARE(odd.port, quint16(6379));
        QCOMPARE(odd.db, 0);
    }

    void defaultLocationIsQlessdesk()
    {
        // Test mode keeps this away from the real user's settings.
        ProfileStore store;
        QVERIFY2(store.fileName().contains(QLatin1String("qlessdesk")), qPrintable(store.fileName()));
    }
};

QTEST_GUILESS_MAIN(TestProfileStore)
#include "tst_profilestore.moc"
