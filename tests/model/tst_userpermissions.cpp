// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// What a session learns at connect about its Redis user (qless.lua's desk.permissions), on a real
// Redis 7 with users as operators make them: one without channels (Redis 7's default), a
// read-only one, one that may not run scripts, one that may do everything (nothing to say).
class TestUserPermissions final : public QObject
{
    Q_OBJECT

    QlessFixture m_fixture;

    std::unique_ptr<QlessSession> openSession(const QByteArray &user)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture.server().socketPath();
        settings.user = QString::fromUtf8(user);
        settings.password = QStringLiteral("pw");
        return std::make_unique<QlessSession>(settings);
    }

    // The session's answer once it has one.
    UserPermissions learned(QlessSession *session)
    {
        const bool answered =
            QTest::qWaitFor([session] { return session->permissions().status != UserPermissions::Status::NotAsked; },
                            20000);
        if (!answered)
            qWarning("no answer about the user's permissions");
        return session->permissions();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
        const QByteArray version = m_fixture.command({"INFO", "server"}).bytes;
        if (!version.contains("redis_version:7") && !version.contains("redis_version:8"))
            QSKIP("channel permissions by default and redis.acl_check_cmd need Redis 7");
        m_fixture.command({"ACL", "SETUSER", "everything", "on", ">pw", "~*", "&*", "+@all"});
        m_fixture.command({"ACL", "SETUSER", "nochannels", "on", ">pw", "~*", "+@all"});
        m_fixture.command({"ACL", "SETUSER", "reader", "on", ">pw", "~*", "&*", "+@read", "+evalsha", "+script|load",
                           "+ping", "+time", "+info", "+client"});
        m_fixture.command({"ACL", "SETUSER", "noscripts", "on", ">pw", "~*", "&*", "+@all", "-evalsha", "-script"});
    }

    void userWithEverythingHearsNothingNew()
    {
        auto session = openSession("everything");
        QSignalSpy changed(session.get(), &QlessSession::permissionsChanged);
        const UserPermissions p = learned(session.get());
        QCOMPARE(p.status, UserPermissions::Status::Full);
        QVERIFY(!p.writesRefused());
        QVERIFY(p.explanation().isEmpty());
        QCOMPARE(changed.size(), 1);
    }

    // Redis 7's default for a new user: every write of qless publishes, so every write is refused.
    void userWithoutChannelsIsToldEveryWriteIsRefused()
    {
        auto session = openSession("nochannels");
        const UserPermissions p = learned(session.get());
        QCOMPARE(p.status, UserPermissions::Status::Limited);
        QVERIFY(p.writesRefused());
        QVERIFY(p.refusedWrites.isEmpty());
        QVERIFY2(p.refusedChannels.contains(QStringLiteral("ql:log")),
                 qPrintable(p.refusedChannels.join(QLatin1Char(' '))));
        QVERIFY2(p.explanation().contains(QStringLiteral("&ql:*")), qPrintable(p.explanation()));
        QVERIFY(p.explanation().contains(QStringLiteral("publish")));
    }

    void readOnlyUserIsToldItMayOnlyRead()
    {
        auto session = openSession("reader");
        const UserPermissions p = learned(session.get());
        QCOMPARE(p.status, UserPermissions::Status::Limited);
        QVERIFY(p.writesRefused());
        QVERIFY2(p.refusedWrites.contains(QStringLiteral("HSET")), qPrintable(p.refusedWrites.join(QLatin1Char(' '))));
        QVERIFY2(p.explanation().contains(QStringLiteral("may only read")), qPrintable(p.explanation()));
    }

    // A read-only user made the usual way (+@read) lacks TIME, which the reads that stop on a
    // clock call (the failure-group list, stats sums, search): told, with the grant.
    void userWithoutTimeIsToldWhichReadsFail_data()
    {
        QTest::addColumn<QByteArray>("user");
        QTest::addColumn<bool>("writes");
        QTest::newRow("+@read") << QByteArray("readnotime") << false;
        QTest::newRow("+@all -time") << QByteArray("allbuttime") << true;
    }
    void userWithoutTimeIsToldWhichReadsFail()
    {
        QFETCH(QByteArray, user);
        QFETCH(bool, writes);
        m_fixture.command({"ACL", "SETUSER", "readnotime", "on", ">pw", "~*", "&*", "+@read", "+@connection",
                           "+evalsha", "+script|load", "+info"});
        m_fixture.command({"ACL", "SETUSER", "allbuttime", "on", ">pw", "~*", "&*", "+@all", "-time"});
        auto session = openSession(user);
        const UserPermissions p = learned(session.get());
        QCOMPARE(p.status, UserPermissions::Status::Limited);
        QCOMPARE(p.refusedReads, QStringList{QStringLiteral("TIME")});
        QCOMPARE(p.writesRefused(), !writes);
        QVERIFY2(p.explanation().contains(QStringLiteral("Give it +time.")), qPrintable(p.explanation()));
    }

    // Every command the scripts call that Redis does not count as a write is among the reads
    // desk.permissions asks about (Qless.desk_read_commands): a read added to lua/lib/ without it
    // would fail for a user who lacks it with nothing said at connect.
    void everyReadOfTheScriptsIsAsked()
    {
        QFile file(m_fixture.qlessScriptPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString source = QString::fromUtf8(file.readAll());
        static const QRegularExpression listed(QStringLiteral("Qless\\.desk_read_commands = \\{([^}]*)\\}"));
        const QString askedList = listed.match(source).captured(1);
        QVERIFY2(!askedList.isEmpty(), "no Qless.desk_read_commands in the script");
        static const QRegularExpression called(
            QStringLiteral("(?:redis\\.p?call|call_in_slices|read_typed\\([^,]*,[^,]*,[^,]*)\\(?\\s*'(\\w+)'"));
        QSet<QByteArray> names;
        for (auto it = called.globalMatch(source); it.hasNext();)
            names.insert(it.next().captured(1).toLower().toUtf8());
        QVERIFY2(names.size() > 20, qPrintable(QString::number(names.size())));
        QStringList unasked;
        for (const QByteArray &name : std::as_const(names)) {
            const RedisValue info = m_fixture.command({"COMMAND", "INFO", name});
            const RedisValue command = info.elements.value(0);
            if (command.elements.isEmpty())
                continue; // not a command: a type name read_typed's pattern caught
            bool writes = false;
            for (const RedisValue &flag : command.elements.value(2).elements)
                writes = writes || flag.bytes == "write";
            if (!writes && name != "publish"
                && !askedList.contains(QLatin1Char('\'') + QString::fromUtf8(name) + QLatin1Char('\'')))
                unasked << QString::fromUtf8(name);
        }
        QVERIFY2(unasked.isEmpty(), qPrintable(unasked.join(QLatin1Char(' '))));
    }

    // No EVALSHA: nothing works, and the server's reason is kept to be shown once.
    void userWithoutScriptsIsToldNothingWorks()
    {
        auto session = openSession("noscripts");
        const UserPermissions p = learned(session.get());
        QCOMPARE(p.status, UserPermissions::Status::NoScripts);
        QVERIFY(p.writesRefused());
        QVERIFY2(p.scriptRefusal.contains(QStringLiteral("evalsha"), Qt::CaseInsensitive), qPrintable(p.scriptRefusal));
        QVERIFY2(p.explanation().contains(QStringLiteral("+evalsha")), qPrintable(p.explanation()));
    }

    // EVALSHA allowed but not SCRIPT LOAD, and the script not loaded: the load's refusal is the answer.
    void userWhoMayNotLoadTheScriptIsToldWhy()
    {
        m_fixture.command({"ACL", "SETUSER", "noload", "on", ">pw", "~*", "&*", "+@all", "-script"});
        m_fixture.command({"SCRIPT", "FLUSH"});
        auto session = openSession("noload");
        const UserPermissions p = learned(session.get());
        QCOMPARE(p.status, UserPermissions::Status::NoScripts);
        QVERIFY2(p.scriptRefusal.contains(QStringLiteral("script|load")), qPrintable(p.scriptRefusal));
    }

    // Asked again after a reconnect: a user granted the channels meanwhile hears the change.
    void askedAgainAfterReconnect()
    {
        m_fixture.command({"ACL", "SETUSER", "later", "on", ">pw", "~*", "resetchannels", "+@all"});
        auto session = openSession("later");
        QCOMPARE(learned(session.get()).status, UserPermissions::Status::Limited);
        m_fixture.command({"ACL", "SETUSER", "later", "&*"});
        QSignalSpy changed(session.get(), &QlessSession::permissionsChanged);
        session->connection()->reconnect();
        QVERIFY(changed.wait(20000));
        QCOMPARE(session->permissions().status, UserPermissions::Status::Full);
    }
};

QTEST_GUILESS_MAIN(TestUserPermissions)
#include "tst_userpermissions.moc"
