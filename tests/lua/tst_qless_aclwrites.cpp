// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "rediserror.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

// Writes that cannot half-happen under a restricted ACL user, on Redis 7's defaults: Redis runs a
// script's writes as they come and keeps them when a later call is refused, so every command of
// the unified qless.lua, called as a user who may not do all it does, either runs whole or is
// refused before its first write (the database exactly as it was), saying so. Users as operators
// make them: `ACL SETUSER ops on >pw ~* +@all` (no &: Redis 7 gives no channels), one without
// writes, one with everything.
class TestQlessAclWrites final : public QObject
{
    Q_OBJECT

    QlessFixture m_q;
    QByteArray m_sha;

    // Jobs in every state a command acts on, each tracked (so tracked-job events are published):
    // waiting (tagged), running (w1 holds it), failed (group g), scheduled, depending; a
    // recurring template.
    void seed()
    {
        const auto put = [this](const QByteArray &jid, const QList<QByteArray> &options = {},
                                const QByteArray &delay = "0") {
            return !m_q.qless("put", 0, QList<QByteArray>{"w0", "q", jid, "K", "{}", delay} + options).isError();
        };
        QVERIFY(put("running") && put("failed"));
        QCOMPARE(m_q.qlessJson("pop", 1, {"q", "w1", "2"}).toArray().size(), 2);
        QVERIFY(!m_q.qless("fail", 1, {"failed", "w1", "g", "boom", "{}"}).isError());
        QVERIFY(put("waiting", {"tags", R"(["t"])"}) && put("scheduled", {}, "1000")
                && put("dep", {"depends", R"(["waiting"])"}));
        QVERIFY(!m_q.qless("recur", 1, {"q", "rec", "K", "{}", "interval", "60", "0"}).isError());
        for (const char *jid : {"waiting", "running", "failed", "scheduled", "dep"})
            QVERIFY(!m_q.qless("track", 1, {"track", jid}).isError());
        QCOMPARE(m_q.qlessJson("get", 1, {"running"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("running"));
    }

    // The command names the unified script dispatches (its `Api['name']` entries).
    QStringList commandNames()
    {
        QFile file(m_q.qlessScriptPath());
        if (!file.open(QIODevice::ReadOnly))
            return {};
        static const QRegularExpression entry(QStringLiteral("^Api\\['([\\w.\\-]+)'\\]\\s*="),
                                              QRegularExpression::MultilineOption);
        QStringList names;
        for (auto it = entry.globalMatch(QString::fromUtf8(file.readAll())); it.hasNext();)
            names << it.next().captured(1);
        return names;
    }

    // Arguments that reach each command's work on the seeded jobs (most commands take a jid
    // first; the others a queue, a worker, a group or an option).
    static QList<QList<QByteArray>> tails()
    {
        return {
            {"running"},
            {"failed"},
            {"waiting"},
            {"running", "w1", "q", "{}"},            // complete
            {"running", "w1", "g2", "boom", "{}"},   // fail
            {"running", "w1", "{}"},                 // heartbeat
            {"q", "w2", "5"},                        // pop
            {"w2", "q2", "running", "K", "{}", "0"}, // put, moving a running job
            {"w2", "q", "new", "K", "{}", "0"},      // put, a new job
            {"running", "q2"},
            {"failed", "q2"},                          // desk.move
            {"running", "q", "w1", "0", "g2", "boom"}, // retry
            {"track", "failed"},
            {"untrack", "running"},
            {"add", "waiting", "t2"},
            {"heartbeat", "10"},                   // config.set
            {"retry", "g", "10", "0", "run:1"},    // desk.failedaction
            {"key1", "desk.move", "failed", "q2"}, // desk.once
            {"q"},
        };
    }

    struct Outcome
    {
        QStringList halfWritten;   // refused after writing
        QStringList refusedInside; // refused by Redis inside the script: the check missed it
        QSet<QString> refusedByCheck;
        QSet<QString> ran;
    };

    // Every command with every tail, as `user`, each on a freshly seeded database.
    Outcome callEverything(const QByteArray &user)
    {
        Outcome outcome;
        SyncRedis restricted;
        if (!restricted.connectUnix(m_q.server().socketPath())) {
            outcome.halfWritten << QStringLiteral("cannot connect");
            return outcome;
        }
        const RedisValue auth = restricted.command({"AUTH", user, "pw"});
        if (auth.isError()) {
            outcome.halfWritten << QString::fromUtf8(auth.bytes);
            return outcome;
        }
        for (const QString &name : commandNames()) {
            for (const QList<QByteArray> &tail : tails()) {
                m_q.flush();
                seed();
                const QList<QByteArray> before = m_q.snapshot();
                const QList<QByteArray> argv = QList<QByteArray>{"EVALSHA", m_sha, "0", name.toUtf8(), "3"} + tail;
                const RedisValue reply = restricted.command(argv);
                const QString call = name + QLatin1Char(' ') + QString::fromUtf8(tail.join(' '));
                if (!reply.isError()) {
                    outcome.ran.insert(name);
                    continue;
                }
                const RedisError error = RedisError::fromServer(reply.bytes);
                if (error.kind == RedisError::Kind::NoPermission && !error.certainlyNotRun())
                    outcome.refusedInside << call + QStringLiteral(": ") + QString::fromUtf8(reply.bytes);
                if (m_q.snapshot() != before)
                    outcome.halfWritten << call + QStringLiteral(": refused after writing: ")
                                               + QString::fromUtf8(reply.bytes);
                if (error.kind == RedisError::Kind::NoPermission && error.certainlyNotRun())
                    outcome.refusedByCheck.insert(name);
            }
        }
        return outcome;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QFile file(m_q.qlessScriptPath());
        QVERIFY2(file.open(QIODevice::ReadOnly), "no unified qless.lua to test");
        m_sha = m_q.command({"SCRIPT", "LOAD", file.readAll()}).bytes;
        QCOMPARE(m_sha.size(), 40);
        const QByteArray version = m_q.command({"INFO", "server"}).bytes;
        if (!version.contains("redis_version:7") && !version.contains("redis_version:8"))
            QSKIP("channel permissions by default and redis.acl_check_cmd need Redis 7");
        m_q.command({"ACL", "SETUSER", "nochannels", "on", ">pw", "~*", "+@all"});
        m_q.command({"ACL", "SETUSER", "reader", "on", ">pw", "~*", "&*", "+@read", "+evalsha"});
        m_q.command({"ACL", "SETUSER", "everything", "on", ">pw", "~*", "&*", "+@all"});
        m_q.command({"ACL", "SETUSER", "qlonly", "on", ">pw", "~ql:*", "&ql:*", "+@all"});
        m_q.command({"ACL", "SETUSER", "noexpiry", "on", ">pw", "~*", "&*", "+@all", "-expire", "-set", "-del"});
    }

    // Every command the scripts call that Redis counts as a write is among those checked first
    // (Qless.write_commands): a write added to lua/lib/ without it would escape the check.
    void everyWriteOfTheScriptsIsChecked()
    {
        QFile file(m_q.qlessScriptPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString source = QString::fromUtf8(file.readAll());
        static const QRegularExpression listed(QStringLiteral("Qless\\.write_commands = \\{([^}]*)\\}"));
        const QString checkedList = listed.match(source).captured(1);
        QVERIFY2(!checkedList.isEmpty(), "no Qless.write_commands in the script");
        static const QRegularExpression called(
            QStringLiteral("(?:redis\\.p?call|call_in_slices|read_typed\\([^,]*,[^,]*,[^,]*)\\(?\\s*'(\\w+)'"));
        QSet<QByteArray> names;
        for (auto it = called.globalMatch(source); it.hasNext();)
            names.insert(it.next().captured(1).toLower().toUtf8());
        QVERIFY2(names.size() > 20, qPrintable(QString::number(names.size())));
        QStringList unchecked;
        for (const QByteArray &name : std::as_const(names)) {
            const RedisValue info = m_q.command({"COMMAND", "INFO", name});
            const RedisValue flags = info.elements.value(0).elements.value(2);
            bool writes = false;
            for (const RedisValue &flag : flags.elements)
                writes = writes || flag.bytes == "write";
            if (writes && !checkedList.contains(QLatin1Char('\'') + QString::fromUtf8(name) + QLatin1Char('\'')))
                unchecked << QString::fromUtf8(name);
        }
        QVERIFY2(unchecked.isEmpty(), qPrintable(unchecked.join(QLatin1Char(' '))));
    }

    // The operator's everyday user on Redis 7: every write is refused whole, before it writes
    // (before, a move out of a failure group left the job failed and out of its group, a put
    // took a job's tags away, then PUBLISH was refused); reads go on.
    void userWithoutChannelsHalfWritesNothing()
    {
        const Outcome outcome = callEverything("nochannels");
        QVERIFY2(outcome.halfWritten.isEmpty(), qPrintable(outcome.halfWritten.join(QLatin1Char('\n'))));
        QVERIFY2(outcome.refusedInside.isEmpty(), qPrintable(outcome.refusedInside.join(QLatin1Char('\n'))));
        for (const char *writer : {"put", "pop", "complete", "fail", "retry", "cancel", "timeout", "track", "desk.move",
                                   "desk.failedaction", "desk.once", "config.set"})
            QVERIFY2(outcome.refusedByCheck.contains(QLatin1String(writer)), writer);
        for (const char *reader : {"get", "config.get", "desk.queues", "desk.get", "desk.failed", "desk.jobs"})
            QVERIFY2(outcome.ran.contains(QLatin1String(reader)), reader);
    }

    // A read-only user: every write refused before it writes, every read answered. But qless's
    // own `workers`, a read to its clients, forgets workers not seen for a day on every call:
    // left unchecked (so that a user without channels may call it), it is refused at that first
    // write, with nothing written before.
    void readOnlyUserHalfWritesNothing()
    {
        const Outcome outcome = callEverything("reader");
        QVERIFY2(outcome.halfWritten.isEmpty(), qPrintable(outcome.halfWritten.join(QLatin1Char('\n'))));
        for (const QString &call : outcome.refusedInside)
            QVERIFY2(call.startsWith(QLatin1String("workers ")), qPrintable(call));
        for (const char *writer : {"put", "priority", "tag", "desk.priority", "pause"})
            QVERIFY2(outcome.refusedByCheck.contains(QLatin1String(writer)), writer);
        for (const char *reader : {"get", "config.get", "desk.queues", "desk.failed", "stats"})
            QVERIFY2(outcome.ran.contains(QLatin1String(reader)), reader);
    }

    // The seed's per-command scripts check the same before their first write.
    void facesHalfWriteNothing()
    {
        m_q.flush();
        seed();
        const QList<QByteArray> before = m_q.snapshot();
        SyncRedis restricted;
        QVERIFY(restricted.connectUnix(m_q.server().socketPath()));
        QVERIFY(!restricted.command({"AUTH", "nochannels", "pw"}).isError());
        // put(1, queue; jid, klass, data, now, delay): the running job moved, its worker told.
        const RedisValue put = restricted.qless(QStringLiteral("put"), {"q2"}, {"running", "K", "{}", "3", "0"});
        QVERIFY2(put.isError(), put.bytes.constData());
        const RedisError error = RedisError::fromServer(put.bytes);
        QCOMPARE(error.kind, RedisError::Kind::NoPermission);
        QVERIFY2(error.certainlyNotRun(), qPrintable(error.message));
        QVERIFY(m_q.snapshot() == before);
        const RedisValue get = restricted.qless(QStringLiteral("get"), {}, {"running"});
        QVERIFY2(!get.isError(), get.bytes.constData());
    }

    // Each command is checked for what its own definitions can write or publish (lua/joiner reads
    // it from their text), not for everything the scripts can: a user refused EXPIRE, SET and DEL
    // (desk.once's receipts, complete's job history trimming) still puts and pops, and what needs
    // them is refused before it writes.
    void userIsCheckedOnlyForWhatTheCommandWrites()
    {
        const Outcome outcome = callEverything("noexpiry");
        QVERIFY2(outcome.halfWritten.isEmpty(), qPrintable(outcome.halfWritten.join(QLatin1Char('\n'))));
        QVERIFY2(outcome.refusedInside.isEmpty(), qPrintable(outcome.refusedInside.join(QLatin1Char('\n'))));
        for (const char *writer : {"put", "pop", "fail", "heartbeat", "retry"})
            QVERIFY2(outcome.ran.contains(QLatin1String(writer))
                         && !outcome.refusedByCheck.contains(QLatin1String(writer)),
                     writer);
        for (const char *writer : {"complete", "desk.once"})
            QVERIFY2(outcome.refusedByCheck.contains(QLatin1String(writer)), writer);
    }

    // A user who may do everything qless does is never refused by the check: one with every
    // key and channel, and one kept to qless's own (~ql:* &ql:*).
    void userWithEverythingIsNeverRefused_data()
    {
        QTest::addColumn<QByteArray>("user");
        QTest::newRow("everything") << QByteArray("everything");
        QTest::newRow("qless's keys and channels") << QByteArray("qlonly");
    }
    void userWithEverythingIsNeverRefused()
    {
        QFETCH(QByteArray, user);
        const Outcome outcome = callEverything(user);
        QVERIFY2(outcome.halfWritten.isEmpty(), qPrintable(outcome.halfWritten.join(QLatin1Char('\n'))));
        QVERIFY(outcome.refusedInside.isEmpty());
        QVERIFY2(outcome.refusedByCheck.isEmpty(),
                 qPrintable(QStringList(outcome.refusedByCheck.values()).join(QLatin1Char(' '))));
        QVERIFY(outcome.ran.contains(QStringLiteral("put")));
    }
};

QTEST_GUILESS_MAIN(TestQlessAclWrites)
#include "tst_qless_aclwrites.moc"
