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
        QTest::newRow("redis 7, line") << QByteArray("ERR user_script:12: Put(): Arg \"delay\" not a number: abc "
                                                     "script: 0123456789abcdef0123456789abcdef01234567, on @user_script:12.")
                                       << QStringLiteral("Put(): Arg \"delay\" not a number: abc");
        QTest::newRow("redis 7, level 0") << QByteArray("ERR Put(): Arg \"jid\" missing script: "
                                                        "0123456789abcdef0123456789abcdef01234567, on @user_script:1.")
                                          << QStringLiteral("Put(): Arg \"jid\" missing");
        QTest::newRow("redis 6") << QByteArray("ERR Error running script (call to f_0123456789abcdef0123456789abcdef01234567): "
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
        QTest::newRow("wrongpass") << QByteArray("WRONGPASS invalid username-password pair or user is disabled.") << int(K::WrongPassword);
        QTest::newRow("noauth") << QByteArray("NOAUTH Authentication required.") << int(K::WrongPassword);
        QTest::newRow("noperm") << QByteArray("NOPERM this user has no permissions to run the 'set' command") << int(K::NoPermission);
        QTest::newRow("noperm in script") << QByteArray("ERR The user executing the script can't run this command or subcommand script: "
                                                        "ff967d0ae0e68b4f9e360fa91c54598bc25ad9b6, on @user_script:1.") << int(K::NoPermission);
        QTest::newRow("readonly") << QByteArray("READONLY You can't write against a read only replica.") << int(K::ReadOnlyReplica);
        QTest::newRow("loading") << QByteArray("LOADING Redis is loading the dataset in memory") << int(K::Loading);
        QTest::newRow("busy") << QByteArray("BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.") << int(K::Busy);
        QTest::newRow("oom") << QByteArray("OOM command not allowed when used memory > 'maxmemory'.") << int(K::OutOfMemory);
        QTest::newRow("noscript") << QByteArray("NOSCRIPT No matching script. Please use EVAL.") << int(K::NoScript);
        QTest::newRow("other") << QByteArray("WRONGTYPE Operation against a key holding the wrong kind of value") << int(K::ServerError);
    }

    void kinds()
    {
        QFETCH(QByteArray, server);
        QFETCH(int, kind);
        const RedisError error = RedisError::fromServer(server);
        QCOMPARE(int(error.kind), kind);
        QVERIFY(!error.message.isEmpty());
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
