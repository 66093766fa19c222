// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

// The unified qless.lua runs, per call, only the library definitions the build computed for the
// command called (lua/joiner). Its safety net, loading every definition on a field the computation
// missed, would hide a wrong list; this test runs every Api command, alone and inside desk.once,
// against the strict build (no safety net: a missed field is an error) and fails on any such
// error. The other tst_qless_* tests also run against it, as their *_strict variants.
class TestQlessLazyLoad final : public QObject
{
    Q_OBJECT

private:
    struct Call
    {
        QByteArray command;
        QList<QByteArray> args;
    };

    QlessFixture m_q;
    static constexpr double kNow = 1000;

    RedisValue lua(const QByteArray &command, const QList<QByteArray> &args) { return m_q.qless(command, kNow, args); }

    // Jobs in every state: a waiting, b running (worker w), c failed (group g), d scheduled,
    // e depending on a, f complete; a recurring template r; a tagged and tracked.
    void seed()
    {
        m_q.flush();
        const QList<Call> steps = {
            {"put", {"w", "q", "a", "K", "{}", "0"}},
            {"put", {"w", "q", "b", "K", "{}", "0", "priority", "10"}},
            {"put", {"w", "q", "c", "K", "{}", "0", "priority", "9"}},
            {"put", {"w", "q", "f", "K", "{}", "0", "priority", "8"}},
            {"pop", {"q", "w", "3"}},
            {"fail", {"c", "w", "g", "boom\nat line 1", "{}"}},
            {"complete", {"f", "w", "q", "{}"}},
            {"put", {"w", "q", "d", "K", "{}", "500"}},
            {"put", {"w", "q", "e", "K", "{}", "0", "depends", "[\"a\"]"}},
            {"recur", {"q", "r", "K", "{}", "interval", "60", "3600"}},
            {"tag", {"add", "a", "t"}},
            {"track", {"track", "a"}},
        };
        for (const Call &step : steps) {
            const RedisValue reply = lua(step.command, step.args);
            QVERIFY2(!reply.isError(), QByteArray(step.command + ": " + reply.bytes).constData());
        }
    }

    // At least one call of every Api command, each from the seeded state, with arguments that
    // take it through its work (not only its argument checks).
    static QList<Call> calls()
    {
        return {
            {"get", {"a"}},
            {"multiget", {"a", "b"}},
            {"config.get", {}},
            {"config.get", {"heartbeat"}},
            {"config.set", {"heartbeat", "30"}},
            {"config.unset", {"heartbeat"}},
            {"queues", {}},
            {"queues", {"q"}},
            {"complete", {"b", "w", "q", "{}"}},
            {"complete", {"b", "w", "q", "{}", "next", "q2", "delay", "10"}},
            {"failed", {}},
            {"failed", {"g", "0", "10"}},
            {"fail", {"b", "w", "g2", "why", "{}"}},
            {"jobs", {"running", "q"}},
            {"jobs", {"complete"}},
            {"retry", {"b", "q", "w", "0"}},
            {"depends", {"e", "off", "a"}},
            {"depends", {"e", "on", "b"}},
            {"heartbeat", {"b", "w", "{}"}},
            {"workers", {}},
            {"workers", {"w"}},
            {"track", {}},
            {"track", {"untrack", "a"}},
            {"tag", {"add", "a", "t2"}},
            {"tag", {"get", "t"}},
            {"tag", {"top"}},
            {"stats", {"q", "1000"}},
            {"priority", {"a", "5"}},
            {"log", {"a", "note", "{\"x\":1}"}},
            {"peek", {"q", "10"}},
            {"pop", {"q", "w2", "10"}},
            {"pause", {"q"}},
            {"unpause", {"q"}},
            {"cancel", {"d"}},
            {"timeout", {"b"}},
            {"put", {"w", "q", "z", "K", "{}", "0", "tags", "[\"t\"]"}},
            {"requeue", {"w", "q2", "a", "K", "{}", "0"}},
            {"unfail", {"q", "g", "10"}},
            {"recur", {"q", "r2", "K", "{}", "interval", "60", "0"}},
            {"unrecur", {"r"}},
            {"recur.get", {"r"}},
            {"recur.update", {"r", "priority", "3"}},
            {"recur.tag", {"r", "x"}},
            {"recur.untag", {"r", "x"}},
            {"length", {"q"}},
            {"worker.deregister", {"w"}},
            {"queue.forget", {"nothing"}},
            {"desk.queues", {}},
            {"desk.queues", {"q"}},
            {"desk.queuepage", {"0", "10"}},
            {"desk.waitingsince", {"q"}},
            {"desk.statssum", {"1000", "q"}},
            {"desk.jobs", {"waiting", "q"}},
            {"desk.jobs", {"complete"}},
            {"desk.get", {"c"}},
            {"desk.multiget", {"a", "b"}},
            {"desk.states", {"a", "c"}},
            {"desk.summaries", {"a", "c"}},
            {"desk.peek", {"q"}},
            {"desk.workers", {}},
            {"desk.workers", {"w"}},
            {"desk.workerpage", {}},
            {"desk.failed", {}},
            {"desk.failed", {"g", "0", "10", "summaries"}},
            {"desk.failuresigs", {"g", "0", "10"}},
            {"desk.failuregroups", {"0"}},
            {"desk.failurecounts", {"0"}},
            {"desk.failurenewest", {"g"}},
            {"desk.tracked", {}},
            {"desk.tracked", {"0", "10", "summaries"}},
            {"desk.trackedstates", {}},
            {"desk.tags", {}},
            {"desk.scan", {"waiting", "q", "10"}},
            {"desk.scan", {"running", "q", "10"}},
            {"desk.scan", {"failed", "g", "10"}},
            {"desk.scan", {"complete", "", "10"}},
            {"desk.scan", {"tag", "t", "10"}},
            {"desk.completed", {"10"}},
            {"desk.completed", {"10", "queue", "q", "klass", "k"}},
            {"desk.search", {"0", "100"}},
            {"desk.search", {"0", "100", "state", "failed", "with", "message"}},
            {"desk.search", {"0", "100", "tag", "t", "klass", "K", "data", "{"}},
            {"desk.permissions", {}},
            {"desk.move", {"a", "q2"}},
            {"desk.failedaction", {"retry", "g", "10", "0", "k1"}},
            {"desk.failedaction", {"move", "g", "10", "0", "k2", "q3"}},
            {"desk.failedaction", {"cancel", "g", "10", "0", "k3"}},
            {"desk.cancel", {"d"}},
            {"desk.cancel", {"b", "running"}},
            {"desk.release", {"run", "end", "kept", "g", "run:k"}},
            {"desk.track", {"c"}},
            {"desk.untrack", {"a"}},
            {"desk.tag", {"add", "a", "t3"}},
            {"desk.priority", {"a", "3"}},
            {"desk.depends.off", {"e", "all"}},
            {"desk.recur.get", {"r"}},
            {"desk.recur.update", {"r", "priority", "2"}},
            {"desk.timeout", {"b"}},
            {"desk.queue.forget", {"nothing"}},
            {"desk.unrecur", {"r"}},
            {"desk.once", {"once-key", "desk.get", "a"}},
        };
    }

    // The Api entries lua/qless.lua defines.
    static QSet<QByteArray> apiCommands()
    {
        QFile face(QStringLiteral(QLESSDESK_QLESS_FACE));
        if (!face.open(QIODevice::ReadOnly))
            return {};
        QSet<QByteArray> names;
        static const QRegularExpression entry(QStringLiteral("^Api\\['([^']+)'\\]"),
                                              QRegularExpression::MultilineOption);
        auto it = entry.globalMatch(QString::fromUtf8(face.readAll()));
        while (it.hasNext())
            names.insert(it.next().captured(1).toUtf8());
        return names;
    }

    void verifyRuns(const QByteArray &command, const QList<QByteArray> &args)
    {
        seed();
        const RedisValue reply = lua(command, args);
        const QByteArray call = command + " " + args.join(' ');
        QVERIFY2(!reply.isError(), QByteArray(call + ": " + reply.bytes).constData());
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(QStringLiteral(QLESSDESK_STRICT_QLESS_LUA)), QLESSDESK_STRICT_QLESS_LUA);
        qputenv("QLESSDESK_QLESS_LUA", QLESSDESK_STRICT_QLESS_LUA);
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QCOMPARE(m_q.qlessScriptPath(), QStringLiteral(QLESSDESK_STRICT_QLESS_LUA));
    }

    void everyCommandIsCalled()
    {
        QSet<QByteArray> called;
        for (const Call &call : calls())
            called.insert(call.command);
        const QSet<QByteArray> api = apiCommands();
        QVERIFY(api.size() > 70);
        QCOMPARE(QSet<QByteArray>(api).subtract(called), QSet<QByteArray>());
    }

    void everyCommandRunsOnItsComputedDefinitions_data()
    {
        QTest::addColumn<QByteArray>("command");
        QTest::addColumn<QList<QByteArray>>("args");
        for (const Call &call : calls())
            QTest::newRow(QByteArray(call.command + ' ' + call.args.join(' ')).constData())
                << call.command << call.args;
    }
    void everyCommandRunsOnItsComputedDefinitions()
    {
        QFETCH(QByteArray, command);
        QFETCH(QList<QByteArray>, args);
        verifyRuns(command, args);
    }

    // desk.once defines and loads, besides its own, what the command it runs needs.
    void everyCommandRunsInsideDeskOnce_data() { everyCommandRunsOnItsComputedDefinitions_data(); }
    void everyCommandRunsInsideDeskOnce()
    {
        QFETCH(QByteArray, command);
        QFETCH(QList<QByteArray>, args);
        if (command == "desk.once")
            QSKIP("desk.once does not run itself");
        verifyRuns("desk.once", QList<QByteArray>{"key", command} + args);
    }

    // The shipped script with put's computed list emptied (no file, no definition): put still
    // runs whole, through the safety net that loads every definition on the first field missed,
    // and the strict build with the same list refuses it (what the tests above rely on).
    void safetyNetRunsWhatTheListMissed()
    {
        const auto emptied = [](const char *path) {
            QFile file(QString::fromUtf8(path));
            if (!file.open(QIODevice::ReadOnly))
                return QByteArray();
            QString text = QString::fromUtf8(file.readAll());
            static const QRegularExpression putNeeds(
                QStringLiteral("(if command == 'put' then return )'[^']*',\\s*\\{[^}]*\\}"));
            if (!putNeeds.match(text).hasMatch())
                return QByteArray();
            return text.replace(putNeeds, QStringLiteral("\\1'', {}")).toUtf8();
        };
        const QByteArray shipped = emptied(QLESSDESK_SHIPPED_QLESS_LUA);
        const QByteArray strict = emptied(QLESSDESK_STRICT_QLESS_LUA);
        QVERIFY(!shipped.isEmpty() && !strict.isEmpty());
        m_q.flush();
        const RedisValue put = m_q.command({"EVAL", shipped, "0", "put", "1000", "w", "q", "net", "K", "{}", "0"});
        QCOMPARE(put.bytes, QByteArray("net"));
        QCOMPARE(lua("get", {"net"}).isError(), false);
        QCOMPARE(m_q.qlessJson("get", kNow, {"net"}).toObject().value(QStringLiteral("queue")).toString(),
                 QStringLiteral("q"));
        const RedisValue refused = m_q.command({"EVAL", strict, "0", "put", "1000", "w", "q", "net2", "K", "{}", "0"});
        QLESS_VERIFY_REFUSED(refused, "(strict build)");
    }
};

QTEST_GUILESS_MAIN(TestQlessLazyLoad)
#include "tst_qless_lazyload.moc"
