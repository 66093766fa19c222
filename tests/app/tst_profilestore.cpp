// SPDX-License-Identifier: GPL-3.0-or-later
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
            QStringLiteral("rediss-sentinel://:tls-sentinel-secret@s1:26379,s2:26380/mymaster/2"
                           "?ca=/etc/ca.pem&cert=/c.pem&key=/k.pem&sni=redis.example&verify=0"),
            QStringLiteral("rediss-sentinel://:bare-tls-sentinel-secret@s3:26379/other"),
        };
        const QStringList names = {QStringLiteral("Production (tcp)"), QStringLiteral("staging/tls"),
                                   QStringLiteral("local unix"),       QStringLiteral("ha, sentinel"),
                                   QStringLiteral("ha over tls"),      QStringLiteral("ha over tls, no options")};
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
        QCOMPARE(reopened.names(),
                 (QStringList{QStringLiteral("ha over tls"), QStringLiteral("ha over tls, no options"),
                              QStringLiteral("ha, sentinel"), QStringLiteral("local unix"),
                              QStringLiteral("Production (tcp)"), QStringLiteral("staging/tls")}));
        for (const ConnectionProfile &profile : saved) {
            bool found = false;
            const ConnectionProfile back = reopened.profile(profile.name, &found);
            QVERIFY2(found, qPrintable(profile.name));
            QCOMPARE(back, profile);
            QVERIFY(back.usesPassword);
            // Encrypted where the URL asked for it, with its options: the settings say so too.
            const bool tlsAsked = profile.name.contains(QLatin1String("tls"));
            QCOMPARE(back.toSettings().usesTls(), tlsAsked);
        }
        const ConnectionSettings sentinelTls = reopened.profile(QStringLiteral("ha over tls")).toSettings();
        QCOMPARE(sentinelTls.transport, ConnectionSettings::Transport::Sentinel);
        QVERIFY(sentinelTls.tls.sentinelTls);
        QCOMPARE(sentinelTls.tls.caFile, QStringLiteral("/etc/ca.pem"));
        QCOMPARE(sentinelTls.tls.certFile, QStringLiteral("/c.pem"));
        QCOMPARE(sentinelTls.tls.keyFile, QStringLiteral("/k.pem"));
        QCOMPARE(sentinelTls.tls.serverName, QStringLiteral("redis.example"));
        QVERIFY(!sentinelTls.tls.verifyPeer);
        QCOMPARE(sentinelTls.describe(), QStringLiteral("rediss-sentinel://s1:26379,s2:26380/mymaster/2"));
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
        static const QRegularExpression passwordKey(QStringLiteral("(^|\\\\|/)password="),
                                                    QRegularExpression::CaseInsensitiveOption
                                                        | QRegularExpression::MultilineOption);
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

    // A file written before the switch was saved: a sentinel profile with TLS options had come from
    // a URL that asked for TLS, so it is read as TLS (never plain, which would send the password
    // in clear); one without options stays plain, and a saved switch is taken as it is.
    void olderFileSentinelWithTlsOptionsIsTls()
    {
        const QString file = iniFile(QStringLiteral("older"));
        {
            QSettings settings(file, QSettings::IniFormat);
            settings.beginWriteArray(QStringLiteral("connections/profiles"), 4);
            auto sentinel = [&settings](int index, const QString &name) {
                settings.setArrayIndex(index);
                settings.setValue(QStringLiteral("name"), name);
                settings.setValue(QStringLiteral("transport"), QStringLiteral("sentinel"));
                settings.setValue(QStringLiteral("sentinels"), QStringLiteral("s1:26379"));
                settings.setValue(QStringLiteral("masterName"), QStringLiteral("m"));
                settings.setValue(QStringLiteral("tlsVerifyPeer"), true);
            };
            sentinel(0, QStringLiteral("with ca"));
            settings.setValue(QStringLiteral("tlsCaFile"), QStringLiteral("/etc/ca.pem"));
            sentinel(1, QStringLiteral("no verify"));
            settings.setValue(QStringLiteral("tlsVerifyPeer"), false);
            sentinel(2, QStringLiteral("plain"));
            sentinel(3, QStringLiteral("switched off"));
            settings.setValue(QStringLiteral("tlsCaFile"), QStringLiteral("/etc/ca.pem"));
            settings.setValue(QStringLiteral("tlsSentinel"), false);
            settings.endArray();
        }
        ProfileStore store(file);
        QVERIFY(store.profile(QStringLiteral("with ca")).toSettings().usesTls());
        QVERIFY(store.profile(QStringLiteral("no verify")).toSettings().usesTls());
        QVERIFY(!store.profile(QStringLiteral("plain")).toSettings().usesTls());
        QVERIFY(!store.profile(QStringLiteral("switched off")).toSettings().usesTls());
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
