// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

// BulkRunner when the server turns against it halfway, on both paths (a failure group's
// server-side batches, and one call per job of a selection): maxmemory reached (OOM on writes),
// the console's connection killed (CLIENT KILL) while steps are in flight, the script cache
// flushed, the server paused for 10 s past the request timeout, and the run's ACL user losing its
// write permission. Each time the jobs are counted before and after, per queue: none
// lost, none done twice, and the summary says exactly what happened.
class TestBulkRunnerFaults final : public QObject
{
    Q_OBJECT

    QlessFixture m_fixture;
    std::unique_ptr<QlessSession> m_session;
    QTemporaryDir m_dir;
    std::shared_ptr<AuditLog> m_audit;

    std::unique_ptr<QlessSession> openSession(const QString &user = {}, const QString &password = {},
                                              int requestTimeoutMs = 15000)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture.server().socketPath();
        settings.user = user;
        settings.password = password;
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 300;
        settings.requestTimeoutMs = requestTimeoutMs;
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(m_audit);
        return session;
    }

    // `count` jobs failed into `group`, put into the queues in turn; returns jid -> queue.
    QMap<QByteArray, QByteArray> failJobs(const QByteArray &group, int count, const QList<QByteArray> &queues)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 600;
        QMap<QByteArray, QByteArray> queueOf;
        for (int i = 0; i < count; ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            const QByteArray queue = queues.at(i % queues.size());
            m_fixture.put(queue, jid, now + i * 0.001);
            queueOf.insert(jid, queue);
        }
        for (const QByteArray &queue : queues) {
            while (!m_fixture.pop(queue, "w1", 500, now + 1).isEmpty()) {
            }
        }
        for (auto it = queueOf.cbegin(); it != queueOf.cend(); ++it)
            m_fixture.call(QStringLiteral("fail"), {it.key(), "w1", group, "boom", num(now + 2)});
        return queueOf;
    }

    QSet<QByteArray> members(const QList<QByteArray> &argv)
    {
        QSet<QByteArray> found;
        for (const RedisValue &value : m_fixture.command(argv).elements)
            found.insert(value.bytes);
        return found;
    }

    // Every job is in exactly one place: waiting in its own queue (retried) or still failed in
    // the group, never both, never neither, and retried at most once (one put after the failure).
    // Returns how many were retried.
    int checkEachJobOnce(const QMap<QByteArray, QByteArray> &queueOf)
    {
        const QSet<QByteArray> q1 = members({"ZRANGE", "ql:q:q1-work", "0", "-1"});
        const QSet<QByteArray> q2 = members({"ZRANGE", "ql:q:q2-work", "0", "-1"});
        const QSet<QByteArray> failed = members({"LRANGE", "ql:f:boom", "0", "-1"});
        int retried = 0;
        for (auto it = queueOf.cbegin(); it != queueOf.cend(); ++it) {
            const bool waiting = (it.value() == "q1" ? q1 : q2).contains(it.key());
            const bool stillFailed = failed.contains(it.key());
            if (waiting == stillFailed) {
                qWarning("%s is %s", it.key().constData(), waiting ? "both retried and failed" : "lost");
                return -1;
            }
            const QByteArray state = m_fixture.command({"HGET", "ql:j:" + it.key(), "state"}).bytes;
            if (state != (waiting ? QByteArray("waiting") : QByteArray("failed"))) {
                qWarning("%s: state %s", it.key().constData(), state.constData());
                return -1;
            }
            int puts = 0;
            for (const RedisValue &entry :
                 m_fixture.command({"LRANGE", "ql:j:" + it.key() + "-history", "0", "-1"}).elements)
                puts += entry.bytes.contains("\"put\"") ? 1 : 0;
            if (puts != (waiting ? 2 : 1)) { // the first put, and the retry's
                qWarning("%s: %d puts in its history", it.key().constData(), puts);
                return -1;
            }
            retried += waiting ? 1 : 0;
        }
        if (q1.size() + q2.size() != retried || failed.size() != queueOf.size() - retried)
            return -1; // a job the test did not make
        return retried;
    }

    int priorityCount(const QList<QByteArray> &jids, const QByteArray &priority)
    {
        int found = 0;
        for (const QByteArray &jid : jids)
            found += m_fixture.command({"HGET", "ql:j:" + jid, "priority"}).bytes == priority ? 1 : 0;
        return found;
    }

    BulkTarget targetOf(bool wholeGroup, const QMap<QByteArray, QByteArray> &queueOf, int count)
    {
        return wholeGroup ? BulkTarget::ofFailureGroup(QStringLiteral("boom"), count)
                          : BulkTarget::ofJids(queueOf.keys());
    }

    bool openReadySession(const QString &user = {}, const QString &password = {}, int requestTimeoutMs = 15000)
    {
        m_session = openSession(user, password, requestTimeoutMs);
        return QTest::qWaitFor([this] { return m_session->state().phase == ConnectionState::Phase::Ready; }, 20000);
    }

    // Runs `fault` once, at the first progress report with `at` or more jobs processed.
    void onceProcessed(BulkRunner &runner, qint64 at, std::function<void()> fault)
    {
        auto fired = std::make_shared<bool>(false);
        connect(&runner, &BulkRunner::progressed, this, [&runner, at, fault, fired] {
            if (!*fired && runner.processed() >= at) {
                *fired = true;
                fault();
            }
        });
    }

    static bool wentThroughPause(const QSignalSpy &phases)
    {
        for (const QList<QVariant> &args : phases) {
            if (args.at(0).value<BulkRunner::Phase>() == BulkRunner::Phase::Paused)
                return true;
        }
        return false;
    }

    static bool runToEnd(BulkRunner &runner, int timeoutMs = 60000)
    {
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        return finished.count() > 0 || finished.wait(timeoutMs);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init()
    {
        m_fixture.command({"CONFIG", "SET", "maxmemory", "0"});
        m_fixture.command({"ACL", "DELUSER", "operator"});
        m_fixture.flush();
        m_audit = std::make_shared<AuditLog>(
            m_dir.filePath(QStringLiteral("audit-%1.jsonl")).arg(QString::fromLatin1(QTest::currentTestFunction())));
    }
    void cleanup()
    {
        m_session.reset();
        m_fixture.command({"CONFIG", "SET", "maxmemory", "0"});
    }

    void paths_data()
    {
        QTest::addColumn<bool>("wholeGroup");
        QTest::newRow("failure group") << true;
        QTest::newRow("selection") << false;
    }

    // maxmemory reached halfway (noeviction, the default policy): a write that may grow memory
    // is refused with OOM. Changing priorities is such a write (its first write is an HSET), so
    // every step from there is refused alike: the run stops at once with the reason, not with a
    // refusal per job; once memory is raised, a second run does the rest.
    void outOfMemoryHalfwayStopsTheRunThenTheRestIsDone()
    {
        const int count = 1200;
        const double now = double(QDateTime::currentSecsSinceEpoch());
        QList<QByteArray> jids;
        for (int i = 0; i < count; ++i) {
            jids << "p" + QByteArray::number(i);
            m_fixture.put("q1", jids.last(), now - 60 + i * 0.001);
        }
        QVERIFY(openReadySession());

        BulkRunner runner(m_session.get(), JobAction::setPriority(7), BulkTarget::ofJids(jids));
        runner.setBatchSize(100);
        bool full = false;
        onceProcessed(runner, count / 3, [&] {
            full = true;
            QCOMPARE(m_fixture.command({"CONFIG", "SET", "maxmemory", "1"}).bytes, QByteArray("OK"));
        });
        QVERIFY(runToEnd(runner));
        QVERIFY(full);
        const BulkSummary first = runner.summary();
        QVERIFY2(first.stoppedBecause.contains(QLatin1String("out of memory")), qPrintable(first.text()));
        QVERIFY2(first.done >= count / 3 && first.done < count, qPrintable(first.text()));
        QVERIFY2(first.failedCount() == 0, qPrintable(first.text())); // not one refusal per job
        QCOMPARE(first.done + first.notAttempted(), qint64(count));
        QCOMPARE(first.outcome(), QStringLiteral("partial"));
        QCOMPARE(priorityCount(jids, "7"), int(first.done));

        // Reads go on while writes are refused: the console keeps showing the server.
        const RedisReply read =
            awaitReply(*m_session->connection(), RedisCommand::readScript(QStringLiteral("get"), {}, {jids.first()}));
        QVERIFY2(!read.isError(), qPrintable(read.error.message));
        const RedisReply write = awaitReply(*m_session->connection(), RedisCommand::write({"SET", "k", "v"}));
        QCOMPARE(write.error.kind, RedisError::Kind::OutOfMemory);
        QVERIFY2(write.error.message.contains(QLatin1String("maxmemory")), qPrintable(write.error.message));

        QCOMPARE(m_fixture.command({"CONFIG", "SET", "maxmemory", "0"}).bytes, QByteArray("OK"));
        BulkRunner again(m_session.get(), JobAction::setPriority(7), BulkTarget::ofJids(jids));
        again.setBatchSize(100);
        QVERIFY(runToEnd(again));
        QVERIFY2(again.summary().done == count, qPrintable(again.summary().text()));
        QCOMPARE(priorityCount(jids, "7"), count);
        QCOMPARE(int(m_fixture.command({"ZCARD", "ql:q:q1-work"}).integer), count);
    }

    // The same full server and qless's retry, on both paths: Redis refuses a script only at a
    // first write that may grow memory, and a retry's first write takes the job off the failed
    // list, so the retries go through. Nothing half-done either way: each job retried once.
    void outOfMemoryHalfwayLetsRetriesThroughEachOnce_data() { paths_data(); }
    void outOfMemoryHalfwayLetsRetriesThroughEachOnce()
    {
        QFETCH(bool, wholeGroup);
        const int count = 1200;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        QVERIFY(openReadySession());
        BulkRunner runner(m_session.get(), JobAction::retry(), targetOf(wholeGroup, queueOf, count));
        runner.setBatchSize(100);
        bool full = false;
        onceProcessed(runner, count / 3, [&] {
            full = true;
            QCOMPARE(m_fixture.command({"CONFIG", "SET", "maxmemory", "1"}).bytes, QByteArray("OK"));
        });
        QVERIFY(runToEnd(runner));
        QVERIFY(full);
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.done + summary.notAttempted() + summary.failedCount(), qint64(count));
        QCOMPARE(checkEachJobOnce(queueOf), int(summary.done));
        QVERIFY2(summary.done == count, qPrintable(summary.text()));
    }

    // The console's connection killed by an operator or a proxy (CLIENT KILL TYPE normal) three
    // times while steps are in flight: the run pauses, reconnects, asks again under the same
    // receipts, and ends with every job retried exactly once.
    void connectionKilledDuringTheRunLosesAndDoublesNothing_data() { paths_data(); }
    void connectionKilledDuringTheRunLosesAndDoublesNothing()
    {
        QFETCH(bool, wholeGroup);
        const int count = 2000;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        QVERIFY(openReadySession());

        BulkRunner runner(m_session.get(), JobAction::retry(), targetOf(wholeGroup, queueOf, count));
        runner.setBatchSize(50);
        int kills = 0;
        qint64 killedClients = 0;
        QSignalSpy phases(&runner, &BulkRunner::phaseChanged);
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (kills < 3 && runner.phase() == BulkRunner::Phase::Running
                && runner.processed() >= (kills + 1) * count / 4) {
                ++kills;
                // The next batch is on its way when the kill lands (the fixture's own
                // connection is spared: SKIPME yes).
                QTimer::singleShot(0, this, [&] {
                    killedClients += m_fixture.command({"CLIENT", "KILL", "TYPE", "normal"}).integer;
                });
            }
        });
        QVERIFY(runToEnd(runner, 120000));
        QCOMPARE(kills, 3);
        QVERIFY(killedClients >= 3);
        QVERIFY(wentThroughPause(phases));
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == count, qPrintable(summary.text()));
        QCOMPARE(summary.processed(), qint64(count));
        QCOMPARE(summary.outcome(), QStringLiteral("done"));
        QCOMPARE(checkEachJobOnce(queueOf), count);
        QCOMPARE(m_fixture.command({"EXISTS", "ql:f:boom"}).integer, 0);
    }

    // The script cache flushed (SCRIPT FLUSH, as a failover to a fresh replica does) between
    // two batches: the next steps get NOSCRIPT, the script is loaded again and they are sent
    // again; each job retried once.
    void scriptFlushedDuringTheRunLosesAndDoublesNothing_data() { paths_data(); }
    void scriptFlushedDuringTheRunLosesAndDoublesNothing()
    {
        QFETCH(bool, wholeGroup);
        const int count = 1500;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        QVERIFY(openReadySession());
        BulkRunner runner(m_session.get(), JobAction::retry(), targetOf(wholeGroup, queueOf, count));
        runner.setBatchSize(100);
        int flushes = 0;
        for (const qint64 at : {count / 3, 2 * count / 3}) {
            onceProcessed(runner, at, [&] {
                ++flushes;
                QCOMPARE(m_fixture.command({"SCRIPT", "FLUSH"}).bytes, QByteArray("OK"));
            });
        }
        QVERIFY(runToEnd(runner));
        QCOMPARE(flushes, 2);
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == count, qPrintable(summary.text()));
        QCOMPARE(summary.outcome(), QStringLiteral("done"));
        QCOMPARE(checkEachJobOnce(queueOf), count);
    }

    // The server paused for 10 s (CLIENT PAUSE ALL, as a failover or an operator does) with a
    // batch in flight and a 2 s request timeout: the steps time out, the connection is taken as
    // dead and opened again, the run pauses and then asks again under the same receipts. No
    // hang past the pause, each job retried once.
    void serverPausedTenSecondsMidRunLosesAndDoublesNothing_data() { paths_data(); }
    void serverPausedTenSecondsMidRunLosesAndDoublesNothing()
    {
        QFETCH(bool, wholeGroup);
        const int count = 600;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        QVERIFY(openReadySession({}, {}, 2000));
        BulkRunner runner(m_session.get(), JobAction::retry(), targetOf(wholeGroup, queueOf, count));
        runner.setBatchSize(50);
        bool paused = false;
        QElapsedTimer clock;
        onceProcessed(runner, count / 3, [&] {
            paused = true;
            clock.start();
            QCOMPARE(m_fixture.command({"CLIENT", "PAUSE", "10000", "ALL"}).bytes, QByteArray("OK"));
        });
        QSignalSpy phases(&runner, &BulkRunner::phaseChanged);
        QVERIFY(runToEnd(runner, 60000));
        QVERIFY(paused);
        // Not before the pause ended (nothing can run during it), and not long after.
        QVERIFY2(clock.elapsed() >= 9000 && clock.elapsed() < 30000, QByteArray::number(clock.elapsed()).constData());
        QVERIFY(wentThroughPause(phases));
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == count, qPrintable(summary.text()));
        QCOMPARE(checkEachJobOnce(queueOf), count);
    }

    // The run's ACL user loses its write permission halfway (an administrator tightens the
    // ACL): the next write inside the script is refused with NOPERM. That is final, so the run
    // ends at once with the reason, and what was not done is left as it was.
    void permissionRevokedHalfwayEndsTheRunWithTheReason_data() { paths_data(); }
    void permissionRevokedHalfwayEndsTheRunWithTheReason()
    {
        QFETCH(bool, wholeGroup);
        const int count = 900;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        QCOMPARE(m_fixture.command({"ACL", "SETUSER", "operator", "on", ">oppw", "~*", "&*", "+@all"}).bytes,
                 QByteArray("OK"));
        QVERIFY(openReadySession(QStringLiteral("operator"), QStringLiteral("oppw")));

        BulkRunner runner(m_session.get(), JobAction::retry(), targetOf(wholeGroup, queueOf, count));
        runner.setBatchSize(100);
        bool revoked = false;
        onceProcessed(runner, count / 3, [&] {
            revoked = true;
            QCOMPARE(m_fixture.command({"ACL", "SETUSER", "operator", "-@write"}).bytes, QByteArray("OK"));
        });
        QVERIFY(runToEnd(runner));
        QVERIFY(revoked);
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("ACL")), qPrintable(summary.text()));
        QCOMPARE(summary.outcome(), QStringLiteral("partial"));
        QVERIFY2(summary.done >= count / 3 && summary.done < count, qPrintable(summary.text()));
        QVERIFY2(summary.failedCount() == 0, qPrintable(summary.text()));
        QCOMPARE(summary.done + summary.notAttempted(), qint64(count));
        QCOMPARE(checkEachJobOnce(queueOf), int(summary.done));
        QCOMPARE(m_audit->records().first().outcome, QStringLiteral("partial"));
    }
};

QTEST_GUILESS_MAIN(TestBulkRunnerFaults)
#include "tst_bulkrunnerfaults.moc"
