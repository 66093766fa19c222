// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "scriptlibrary.h"

#include <QTest>

// The embedded scripts: all 23 per-command faces and the unified qless.lua present, each a whole
// script Redis accepts as it is, named by the SHA1 Redis itself computes.
class TestScriptLibrary final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void everyCommandIsEmbedded()
    {
        const QStringList expected{
            QStringLiteral("cancel"),       QStringLiteral("complete"), QStringLiteral("config"),
            QStringLiteral("depends"),      QStringLiteral("fail"),     QStringLiteral("failed"),
            QStringLiteral("failedaction"), QStringLiteral("get"),      QStringLiteral("heartbeat"),
            QStringLiteral("jobs"),         QStringLiteral("move"),     QStringLiteral("peek"),
            QStringLiteral("pop"),          QStringLiteral("priority"), QStringLiteral("put"),
            QStringLiteral("qless"),        QStringLiteral("queues"),   QStringLiteral("recur"),
            QStringLiteral("retry"),        QStringLiteral("stats"),    QStringLiteral("tag"),
            QStringLiteral("track"),        QStringLiteral("unfail"),   QStringLiteral("workers")};
        QCOMPARE(ScriptLibrary::instance().names(), expected);
        QVERIFY(!ScriptLibrary::instance().find(QStringLiteral("nosuch")));
    }

    void scriptLoadAcceptsEachAsIs()
    {
        for (const QString &name : ScriptLibrary::instance().names()) {
            const LuaScript *script = ScriptLibrary::instance().find(name);
            QVERIFY(script);
            QVERIFY2(script->source.contains("local Qless = {}"), qPrintable(name));
            const RedisValue reply = m_fixture.command({"SCRIPT", "LOAD", script->source});
            QVERIFY2(!reply.isError(), reply.bytes.constData());
            QCOMPARE(reply.bytes, script->sha1);
        }
    }

    void evalshaFindsLoadedScript()
    {
        m_fixture.command({"SCRIPT", "FLUSH"});
        // SyncRedis::qless loads on NOSCRIPT: the call works on an empty script cache.
        const RedisValue reply = m_fixture.call(QStringLiteral("config"), {"get", "heartbeat"});
        QCOMPARE(reply.bytes, QByteArray("60"));
        const LuaScript *config = ScriptLibrary::instance().find(QStringLiteral("config"));
        const RedisValue exists = m_fixture.command({"SCRIPT", "EXISTS", config->sha1});
        QCOMPARE(exists.elements.value(0).integer, 1);
    }

private:
    QlessFixture m_fixture;
};

QTEST_GUILESS_MAIN(TestScriptLibrary)
#include "tst_scriptlibrary.moc"
