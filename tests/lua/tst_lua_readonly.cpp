// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// Watching changes nothing: on a database holding every kind of qless data, every read the GUI
// uses leaves DEBUG DIGEST (and every key's dump and expiry) exactly as it was.
class TestLuaReadOnly final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless{[] {
        RedisServer::Options options;
        options.debugCommand = true;
        return options;
    }()};

    QByteArray digest() { return m_qless.command({"DEBUG", "DIGEST"}).bytes; }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
        // Jobs in every state, across queues, with stalled locks, due scheduled jobs, due
        // recurring templates, failures, tags, tracking, dependencies, stats and config.
        m_qless.call(QStringLiteral("config"), {"set", "heartbeat", "30"});
        for (int i = 0; i < 20; ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            m_qless.put(i % 2 ? "a" : "b", jid, T + i, {"tags", "[\"t" + QByteArray::number(i % 3) + "\"]"},
                        i % 5 == 0 ? 40 : 0);
        }
        m_qless.pop("a", "w1", 3, T + 20);
        m_qless.pop("b", "w2", 2, T + 20);
        m_qless.call(QStringLiteral("heartbeat"), {"j1", "w1", num(T + 200)});
        m_qless.call(QStringLiteral("complete"), {"j3", "w1", "a", num(T + 25), "{}"});
        m_qless.call(QStringLiteral("fail"), {"j2", "w2", "boom", "trace", num(T + 26)});
        m_qless.put("a", "dep", T + 30, {"depends", "[\"j7\"]"});
        m_qless.call(QStringLiteral("track"), {"track", "j1", num(T)});
        m_qless.call(QStringLiteral("track"), {"track", "j3", num(T)});
        m_qless.command({"ZADD", "ql:tracked", "1", "expired-jid"});
        m_qless.call(QStringLiteral("recur"), {"on", "a", "tpl", "K", "{}", num(T), "interval", "10", "0"});
        m_qless.command({"ZADD", "ql:workers", num(T - 100000), "ancient"});
        m_qless.command({"SADD", "ql:paused_queues", "b"});
    }

    void everyReadLeavesDatabaseAsItWas()
    {
        const double now = T + 300; // locks of w2 stalled, scheduled jobs due, template due
        const QByteArray digestBefore = digest();
        const QList<QByteArray> before = m_qless.snapshot();
        QVERIFY(!digestBefore.isEmpty());

        const QList<QPair<QString, QList<QByteArray>>> reads{
            {QStringLiteral("queues"), {num(now)}},
            {QStringLiteral("queues"), {num(now), "a"}},
            {QStringLiteral("get"), {"j1"}},
            {QStringLiteral("get"), {"nosuch"}},
            {QStringLiteral("jobs"), {"waiting", num(now), "a", "0", "100"}},
            {QStringLiteral("jobs"), {"running", num(now), "a"}},
            {QStringLiteral("jobs"), {"stalled", num(now), "b"}},
            {QStringLiteral("jobs"), {"scheduled", num(T), "a"}},
            {QStringLiteral("jobs"), {"depends", num(now), "a"}},
            {QStringLiteral("jobs"), {"recurring", num(now), "a"}},
            {QStringLiteral("jobs"), {"complete", num(now)}},
            {QStringLiteral("failed"), {}},
            {QStringLiteral("failed"), {"boom", "0", "10"}},
            {QStringLiteral("tag"), {"get", "t1", "0", "10"}},
            {QStringLiteral("tag"), {"top"}},
            {QStringLiteral("track"), {}},
            {QStringLiteral("workers"), {num(now)}},
            {QStringLiteral("workers"), {num(now), "w1"}},
            {QStringLiteral("stats"), {"a", num(now)}},
            {QStringLiteral("config"), {"get"}},
            {QStringLiteral("config"), {"get", "heartbeat"}},
            {QStringLiteral("recur"), {"get", "tpl"}},
        };
        for (const auto &[script, args] : reads) {
            const RedisValue reply = m_qless.call(script, args, {});
            QVERIFY2(!reply.isError(), qPrintable(script + QStringLiteral(": ") + QString::fromUtf8(reply.bytes)));
            QVERIFY2(digest() == digestBefore, qPrintable(script + QStringLiteral(" changed the database")));
        }
        const RedisValue peek = m_qless.call(QStringLiteral("peek"), {"100", num(now)}, {"a"});
        QVERIFY(!peek.isError());
        QVERIFY(!peek.elements.isEmpty());
        QCOMPARE(digest(), digestBefore);
        QCOMPARE(m_qless.snapshot(), before);
    }

    void popDoesChangeIt()
    {
        // The control: the digest does see a mutation.
        const QByteArray before = digest();
        m_qless.pop("a", "w3", 1, T + 300);
        QVERIFY(digest() != before);
    }
};

QTEST_GUILESS_MAIN(TestLuaReadOnly)
#include "tst_lua_readonly.moc"
