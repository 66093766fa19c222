// SPDX-License-Identifier: GPL-3.0-or-later
#include "rediserror.h"
#include "respreader.h"

#include <QTest>

// Error replies sorted into kinds an operator can act on, Lua noise removed; and the RESP codec.
class TestRedisError final : public QObject
{
    Q_OBJECT

private slots:
    void cleansScriptErrors_data()
    {
        QTest::addColumn<QByteArray>("server");
        QTest::addColumn<QString>("clean");
        QTest::newRow("redis 7, line") << QByteArray(
            "ERR user_script:12: Put(): Arg \"delay\" not a number: abc "
            "script: 0123456789abcdef0123456789abcdef01234567, on @user_script:12.")
                                       << QStringLiteral("Put(): Arg \"delay\" not a number: abc");
        QTest::newRow("redis 7, level 0") << QByteArray("ERR Put(): Arg \"jid\" missing script: "
                                                        "0123456789abcdef0123456789abcdef01234567, on @user_script:1.")
                                          << QStringLiteral("Put(): Arg \"jid\" missing");
        QTest::newRow("redis 6") << QByteArray(
            "ERR Error running script (call to f_0123456789abcdef0123456789abcdef01234567): "
            "@user_script:3: Cancel(): Arg \"jid\" missing")
                                 << QStringLiteral("Cancel(): Arg \"jid\" missing");
    }

    void cleansScriptErrors()
    {
        QFETCH(QByteArray, server);
        QFETCH(QString, clean);
        const RedisError error = RedisError::fromServer(server);
        QCOMPARE(error.kind, RedisError::Kind::ScriptError);
        QCOMPARE(error.message, clean);
        QCOMPARE(error.serverText, server);
    }

    void kinds_data()
    {
        QTest::addColumn<QByteArray>("server");
        QTest::addColumn<int>("kind");
        using K = RedisError::Kind;
        QTest::newRow("wrongpass") << QByteArray("WRONGPASS invalid username-password pair or user is disabled.")
                                   << int(K::WrongPassword);
        QTest::newRow("noauth") << QByteArray("NOAUTH Authentication required.") << int(K::WrongPassword);
        QTest::newRow("noperm") << QByteArray("NOPERM this user has no permissions to run the 'set' command")
                                << int(K::NoPermission);
        QTest::newRow("noperm in script")
            << QByteArray("ERR The user executing the script can't run this command or subcommand script: "
                          "ff967d0ae0e68b4f9e360fa91c54598bc25ad9b6, on @user_script:1.")
            << int(K::NoPermission);
        QTest::newRow("readonly") << QByteArray("READONLY You can't write against a read only replica.")
                                  << int(K::ReadOnlyReplica);
        QTest::newRow("loading") << QByteArray("LOADING Redis is loading the dataset in memory") << int(K::Loading);
        QTest::newRow("busy") << QByteArray(
            "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.")
                              << int(K::Busy);
        QTest::newRow("oom") << QByteArray("OOM command not allowed when used memory > 'maxmemory'.")
                             << int(K::OutOfMemory);
        QTest::newRow("noscript") << QByteArray("NOSCRIPT No matching script. Please use EVAL.") << int(K::NoScript);
        QTest::newRow("other") << QByteArray("WRONGTYPE Operation against a key holding the wrong kind of value")
                               << int(K::ServerError);
    }

    void kinds()
    {
        QFETCH(QByteArray, server);
        QFETCH(int, kind);
        const RedisError error = RedisError::fromServer(server);
        QCOMPARE(int(error.kind), kind);
        QVERIFY(!error.message.isEmpty());
    }

    // A permission refused inside a script may come after the script's first writes (Redis keeps
    // them): only a refusal before the script ran, or our scripts' own check before their first
    // write, says the call certainly did not run. Texts as Redis 7.0 words them.
    void permissionRefusals_data()
    {
        QTest::addColumn<QByteArray>("server");
        QTest::addColumn<bool>("notRun");
        const QByteArray where = " script: ff967d0ae0e68b4f9e360fa91c54598bc25ad9b6, on @user_script:174.";
        QTest::newRow("evalsha refused") << QByteArray(
            "NOPERM this user has no permissions to run the 'evalsha' command")
                                         << true;
        QTest::newRow("publish in script") << QByteArray("ERR The user executing the script can't publish to the "
                                                         "channel mentioned in the command"
                                                         + where)
                                           << false;
        QTest::newRow("write in script") << QByteArray("ERR The user executing the script can't run this command or "
                                                       "subcommand"
                                                       + where)
                                         << false;
        QTest::newRow("key in script") << QByteArray("ERR The user executing the script can't access at least one of "
                                                     "the keys mentioned in the command"
                                                     + where)
                                       << false;
        QTest::newRow("our check first") << QByteArray("ERR user_script:237: Permission(): put refused before changing "
                                                       "anything: this Redis user may not publish to ql:log"
                                                       + where)
                                         << true;
    }

    void permissionRefusals()
    {
        QFETCH(QByteArray, server);
        QFETCH(bool, notRun);
        const RedisError error = RedisError::fromServer(server);
        QCOMPARE(error.kind, RedisError::Kind::NoPermission);
        QCOMPARE(error.certainlyNotRun(), notRun);
        QVERIFY2(error.message.startsWith(QLatin1String("Not permitted for this Redis user (ACL): ")),
                 qPrintable(error.message));
        QVERIFY2(!error.message.contains(QLatin1String("user_script")), qPrintable(error.message));
        QVERIFY2(!error.message.contains(QLatin1String("Permission()")), qPrintable(error.message));
        // Told when the call may have written part of its change.
        QCOMPARE(error.message.contains(QLatin1String("stays written")), !notRun);
    }

    void respRoundTrip()
    {
        QCOMPARE(RespReader::encode({"SET", "k", QByteArray("a\0b", 3)}),
                 QByteArray("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$3\r\na\0b\r\n", 29));
        RespReader reader;
        RedisReply reply;
        const QByteArray stream("*3\r\n$5\r\nhello\r\n:42\r\n*2\r\n$-1\r\n-ERR bad\r\n+OK\r\n");
        // Byte by byte: replies split anywhere still come out whole.
        int replies = 0;
        for (char c : stream) {
            reader.feed(QByteArray(1, c));
            while (reader.next(&reply) == RespReader::Result::Reply) {
                ++replies;
                if (replies == 1) {
                    QCOMPARE(reply.elements.size(), 3);
                    QCOMPARE(reply.elements.at(0).bytes, QByteArray("hello"));
                    QCOMPARE(reply.elements.at(1).integer, 42);
                    QVERIFY(reply.elements.at(2).elements.at(0).isNil());
                    QCOMPARE(reply.elements.at(2).elements.at(1).error.kind, RedisError::Kind::ServerError);
                } else {
                    QCOMPARE(reply.type, RedisReply::Type::Status);
                }
            }
        }
        QCOMPARE(replies, 2);
        reader.feed("?garbage\r\n");
        QCOMPARE(reader.next(&reply), RespReader::Result::Failed);
        QVERIFY(!reader.errorString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRedisError)
#include "tst_rediserror.moc"
