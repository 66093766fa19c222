// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// The controls current qless has beyond the 2012 API, through QlessClient on a real server:
// pause and unpause, time out, log notes, deregister workers, forget empty queues, length, a
// recurring template's backlog. Data is seeded through qless.lua, as a deployment's workers do.
class TestQlessControls final : public QObject
{
    Q_OBJECT

    QlessClientTestBase m_base;
    static constexpr double T = 1763683200;

    template<typename T, typename Call>
    QlessReply<T> await(Call call)
    {
        QObject context;
        std::optional<QlessReply<T>> out;
        call(&context, [&out](const QlessReply<T> &reply) { out = reply; });
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000)) {
            QlessReply<T> timeout;
            timeout.error = RedisError::make(RedisError::Kind::Timeout, QStringLiteral("test: no reply"));
            return timeout;
        }
        return *out;
    }
    QlessFixture &q() { return m_base.fixture(); }
    QlessClient *client() { return m_base.client(); }
    void qless(const QByteArray &command, double now, const QList<QByteArray> &args)
    {
        const RedisValue reply = q().qless(command, now, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }
    void put(const QByteArray &queue, const QByteArray &jid, double at = T)
    {
        qless("put", at, {"w", queue, jid, "K", "{}", "0"});
    }
    QByteArray field(const QByteArray &jid, const QByteArray &name)
    {
        return q().command({"HGET", "ql:j:" + jid, name}).bytes;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
    }
    void init() { q().flush(); }
    void cleanupTestCase() { m_base.stopQless(); }

    void pauseAndUnpause()
    {
        put("a", "j");
        const QStringList both{QStringLiteral("a"), QStringLiteral("b")};
        QVERIFY(await<bool>([&](QObject *c, auto done) { client()->writes().pauseQueues(both, c, done); }).ok());
        QCOMPARE(q().command({"SCARD", "ql:paused_queues"}).integer, 2);
        // A paused queue hands out nothing, as qless's own pop says.
        QCOMPARE(q().qlessJson("pop", T + 1, {"a", "w1", "1"}).toArray().size(), 0);
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    client()->writes().unpauseQueues({QStringLiteral("a")}, c, done);
                }).ok());
        QCOMPARE(q().command({"SMEMBERS", "ql:paused_queues"}).elements.size(), 1);
        QCOMPARE(q().qlessJson("pop", T + 2, {"a", "w1", "1"}).toArray().size(), 1);
    }

    void timeoutTellsTheWorkerAndSkipsWhatIsNotRunning()
    {
        put("a", "run");
        put("a", "wait", T + 0.5); // later: the first pop takes "run"
        qless("pop", T + 1, {"a", "w1", "1"});
        QCOMPARE(field("run", "state"), QByteArray("running"));
        const auto timedOut = await<bool>([&](QObject *c, auto done) { client()->writes().timeout("run", c, done); });
        QVERIFY2(timedOut.ok(), qPrintable(timedOut.error.message));
        QVERIFY(timedOut.value);
        QCOMPARE(field("run", "state"), QByteArray("stalled"));
        QCOMPARE(q().command({"ZSCORE", "ql:q:a-work", "run"}).bytes, QByteArray("inf"));
        // Not running (waiting, or already timed out, or gone): false, nothing changed.
        const QList<QByteArray> before = q().snapshot();
        for (const QByteArray &jid : {QByteArray("wait"), QByteArray("run"), QByteArray("gone")}) {
            const auto again = await<bool>([&](QObject *c, auto done) { client()->writes().timeout(jid, c, done); });
            QVERIFY2(again.ok(), qPrintable(again.error.message));
            QVERIFY(!again.value);
        }
        QCOMPARE(q().snapshot(), before);
        // The timed-out job is what the next pop hands out.
        QCOMPARE(q().qlessJson("pop", T + 2, {"a", "w2", "1"})
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("jid"))
                     .toString(),
                 QStringLiteral("run"));
    }

    void notesGoIntoTheHistory()
    {
        put("a", "j");
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    client()->writes().addNote("j", QStringLiteral("checked by ops"), QStringLiteral("{\"ticket\":42}"),
                                               c, done);
                }).ok());
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    client()->writes().addNote("j", QStringLiteral("plain"), QString(), c, done);
                }).ok());
        const auto job =
            await<std::optional<Job>>([&](QObject *c, auto done) { client()->jobReads().job("j", c, done); });
        QVERIFY(job.value);
        QCOMPARE(job.value->history.size(), 3);
        QCOMPARE(job.value->history.at(1).what, QStringLiteral("checked by ops"));
        QCOMPARE(job.value->history.at(1).extra.value(QLatin1String("ticket")).toInt(), 42);
        QCOMPARE(job.value->history.at(2).what, QStringLiteral("plain"));
        // A gone job and data that is not JSON are errors that say so.
        const auto gone = await<bool>([&](QObject *c, auto done) {
            client()->writes().addNote("gone", QStringLiteral("x"), QString(), c, done);
        });
        QVERIFY(gone.error.message.contains(QStringLiteral("does not exist")));
        const auto bad = await<bool>([&](QObject *c, auto done) {
            client()->writes().addNote("j", QStringLiteral("x"), QStringLiteral("{nope"), c, done);
        });
        QVERIFY(bad.error.message.contains(QStringLiteral("not JSON")));
    }

    void deregisterAndForget()
    {
        put("busy", "j");
        qless("pop", T + 1, {"busy", "w1", "1"});
        qless("pop", T + 1, {"idle", "w2", "1"});
        q().command({"ZADD", "ql:queues", QByteArray::number(T), "idle"});
        q().command({"ZADD", "ql:queues", QByteArray::number(T), "templates"});
        qless("recur", T, {"templates", "tpl", "K", "{}", "interval", "60", "0"});
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    client()->writes().deregisterWorkers({QStringLiteral("w2"), QStringLiteral("nobody")}, c, done);
                }).ok());
        QCOMPARE(q().command({"ZSCORE", "ql:workers", "w2"}).isNil(), true);
        QCOMPARE(q().command({"ZSCORE", "ql:workers", "w1"}).isNil(), false);

        const auto forgotten = await<QStringList>([&](QObject *c, auto done) {
            client()->writes().forgetQueues({QStringLiteral("busy"), QStringLiteral("idle"),
                                             QStringLiteral("templates")},
                                            c, done);
        });
        QVERIFY2(forgotten.ok(), qPrintable(forgotten.error.message));
        QCOMPARE(forgotten.value, QStringList{QStringLiteral("idle")}); // busy holds a job, templates a template
        QVERIFY(q().command({"ZSCORE", "ql:queues", "idle"}).isNil());
        QVERIFY(!q().command({"ZSCORE", "ql:queues", "busy"}).isNil());
        QCOMPARE(await<qint64>([&](QObject *c, auto done) {
                     client()->queueReads().queueLength(QStringLiteral("busy"), c, done);
                 }).value,
                 1);
    }

    void recurringBacklogIsEdited()
    {
        qless("recur", T, {"a", "tpl", "K", "{}", "interval", "60", "0"});
        RecurringUpdate update;
        update.backlog = 5;
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    client()->writes().updateRecurring("tpl", update, c, done);
                }).value);
        const auto got = await<std::optional<RecurringJob>>(
            [&](QObject *c, auto done) { client()->jobReads().recurringJob("tpl", c, done); });
        QCOMPARE(got.value->backlog, 5.0);
    }
};

QTEST_GUILESS_MAIN(TestQlessControls)
#include "tst_qlesscontrols.moc"
