// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyspaceclaim.h"
#include "pipelinesimulator.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTest>

Q_DECLARE_METATYPE(SimulatorWire::Shape)

// The simulator drives a real Redis through our scripts: jobs flow through every stage, some
// fail into realistic groups, workers register, recurring templates exist, a dead worker's job
// stalls; and the same seed makes the same choices. It drives only a database it created (its
// marker key), or any with --any-keyspace, and takes no Redis from REDIS_URL.
class TestPipelineSimulator final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;

    std::unique_ptr<RedisConnection> connect()
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        return std::make_unique<RedisConnection>(settings);
    }

    static SimulatorOptions fast()
    {
        SimulatorOptions options;
        options.seed = 7;
        options.speed = 20;        // jobs take tens of milliseconds
        options.jobsPerSecond = 2; // x speed = 40 new jobs per second
        options.failureRate = 0.2;
        options.retryRate = 0.05;
        options.workerDeathsPerHour = 0; // deaths on demand only
        options.heartbeatSeconds = 1;
        options.maxJobs = 200;
        return options;
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void init() { m_fixture->flush(); }

    void jobsFlowThroughTheStages_data()
    {
        QTest::addColumn<SimulatorWire::Shape>("shape");
        QTest::newRow("current qless") << SimulatorWire::Shape::Current;
        QTest::newRow("2012 scripts") << SimulatorWire::Shape::Seed;
    }

    void jobsFlowThroughTheStages()
    {
        QFETCH(SimulatorWire::Shape, shape);
        SimulatorOptions options = fast();
        options.shape = shape;
        auto connection = connect();
        PipelineSimulator simulator(connection.get(), options);
        simulator.start();
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().put >= 200, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().completed >= 100, 60000);
        simulator.stop();
        QCOMPARE(simulator.counters().errors, 0);
        const double now = double(QDateTime::currentSecsSinceEpoch());
        const QJsonArray queues = m_fixture->json(QStringLiteral("queues"), {num(now)}).toArray();
        QStringList names;
        for (const QJsonValue &queue : queues)
            names << queue.toObject().value(QStringLiteral("name")).toString();
        for (const QString &stage : fast().stages)
            QVERIFY2(names.contains(stage), qPrintable(stage));
        // Jobs reached the end of the pipeline and were completed there.
        QVERIFY(!m_fixture->call(QStringLiteral("jobs"), {"complete", num(now)}).elements.isEmpty());
        const QJsonObject groups = m_fixture->json(QStringLiteral("failed"), {}).toObject();
        QVERIFY(!groups.isEmpty());
        const QJsonObject page =
            m_fixture->json(QStringLiteral("failed"), {groups.keys().first().toUtf8(), "0", "1"}).toObject();
        const QString message = page.value(QStringLiteral("jobs"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("failure"))
                                    .toObject()
                                    .value(QStringLiteral("message"))
                                    .toString();
        QVERIFY2(message.contains(QStringLiteral("Traceback")), qPrintable(message));
        QVERIFY(m_fixture->json(QStringLiteral("workers"), {num(now)}).toArray().size() >= 5);
        QCOMPARE(m_fixture->command({"EXISTS", "ql:r:sitemap-refresh", "ql:r:daily-digest"}).integer, 2);
        QCOMPARE(m_fixture->call(QStringLiteral("config"), {"get", "parse-heartbeat"}).bytes, QByteArray("1"));
    }

    // What only current qless has, as a deployment's clients and operators use it: notes with data,
    // an operator's timeout (the job's history says so, and its worker lets go without an error),
    // a stage paused and unpaused, max-concurrency, a template's backlog, puts by a named worker.
    void currentQlessControlsAreExercised()
    {
        SimulatorOptions options = fast();
        options.timeoutsPerHour = 180; // about one tick in ten, at this speed
        options.pausesPerHour = 90;    // about one tick in twenty
        options.pauseSeconds = 20;     // one second of wall time at speed 20
        options.noteShare = 0.5;
        auto connection = connect();
        PipelineSimulator simulator(connection.get(), options);
        simulator.start();
        const auto &c = simulator.counters();
        QTRY_VERIFY2_WITH_TIMEOUT(c.completed >= 60 && c.timedOut >= 3 && c.pauses >= 2,
                                  qPrintable(QStringLiteral("completed %1, timed out %2, pauses %3, errors %4")
                                                 .arg(c.completed)
                                                 .arg(c.timedOut)
                                                 .arg(c.pauses)
                                                 .arg(c.errors)),
                                  60000);
        simulator.stop();
        QVERIFY(!awaitReply(*connection, RedisCommand::read({"PING"})).isError());
        QCOMPARE(simulator.counters().errors, 0);
        QVERIFY(simulator.counters().notes > 0);
        const double now = double(QDateTime::currentSecsSinceEpoch());
        bool sawNote = false, sawTimeout = false;
        for (const QByteArray &key : m_fixture->command({"KEYS", "ql:j:*-history"}).strings()) {
            for (const QByteArray &entry : m_fixture->command({"LRANGE", key, "0", "-1"}).strings()) {
                sawNote = sawNote || (entry.contains("\"fetched\"") && entry.contains("\"bytes\""));
                sawTimeout = sawTimeout || entry.contains("\"timed-out\"");
            }
        }
        QVERIFY(sawNote);
        QVERIFY(sawTimeout);
        QCOMPARE(m_fixture->qless("config.get", now, {"index-max-concurrency"}).bytes, QByteArray("2"));
        QCOMPARE(m_fixture->command({"HGET", "ql:r:sitemap-refresh", "backlog"}).bytes, QByteArray("3"));
        // Paused stages, if one is still paused, are only ever stages behind the first.
        for (const QByteArray &queue : m_fixture->command({"SMEMBERS", "ql:paused_queues"}).strings())
            QVERIFY(queue != "ingest");
    }

    void deadWorkerLeavesAStalledJob()
    {
        SimulatorOptions options = fast();
        options.speed = 0.05; // jobs take a minute: workers hold them
        options.jobsPerSecond = 100;
        options.maxJobs = 20;
        auto connection = connect();
        PipelineSimulator simulator(connection.get(), options);
        simulator.start();
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().popped >= 1, 30000);
        QVERIFY(simulator.killOneWorker());
        QCOMPARE(simulator.counters().workerDeaths, 1);
        // The dead worker never heartbeats again: its lock (1 s) runs out and the job stalls.
        QTRY_VERIFY_WITH_TIMEOUT(m_fixture
                                         ->json(QStringLiteral("queues"),
                                                {num(double(QDateTime::currentSecsSinceEpoch()) + 1)})
                                         .toArray()
                                         .at(0)
                                         .toObject()
                                         .value(QStringLiteral("stalled"))
                                         .toInt()
                                     >= 1,
                                 30000);
        simulator.stop();
    }

    // A database with keys and no marker: refused with the reason, and not one write.
    void refusesADatabaseItDidNotCreate()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        m_fixture->put("parse", "someone-elses", now);
        const QList<QByteArray> before = m_fixture->snapshot();
        auto connection = connect();
        PipelineSimulator simulator(connection.get(), fast());
        QSignalSpy refused(&simulator, &PipelineSimulator::refused);
        simulator.start();
        QVERIFY(refused.wait(20000));
        const QString why = refused.first().first().toString();
        QVERIFY2(why.contains(QStringLiteral("did not create")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("--any-keyspace")), qPrintable(why));
        QCOMPARE(simulator.refusal(), why);
        // Anything it had sent would be answered before this.
        QVERIFY(!awaitReply(*connection, RedisCommand::read({"PING"})).isError());
        QCOMPARE(simulator.counters().put, 0);
        QCOMPARE(m_fixture->snapshot(), before);
    }

    // Told otherwise, it drives that database, and leaves no marker there.
    void anyKeyspaceDrivesItUnmarked()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        m_fixture->put("parse", "someone-elses", now);
        SimulatorOptions options = fast();
        options.anyKeyspace = true;
        options.maxJobs = 20;
        auto connection = connect();
        PipelineSimulator simulator(connection.get(), options);
        QSignalSpy refused(&simulator, &PipelineSimulator::refused);
        simulator.start();
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().put >= 20, 30000);
        simulator.stop();
        QVERIFY(!awaitReply(*connection, RedisCommand::read({"PING"})).isError());
        QCOMPARE(refused.size(), 0);
        QCOMPARE(m_fixture->command({"EXISTS", KeyspaceClaim::MarkerKey}).integer, 0);
    }

    // An empty database is marked as the simulator's when it starts; a later run takes it back
    // with everything the first one left there.
    void marksAnEmptyDatabaseAndTakesItBack()
    {
        QCOMPARE(m_fixture->command({"DBSIZE"}).integer, 0);
        SimulatorOptions options = fast();
        options.maxJobs = 10;
        for (int run = 0; run < 2; ++run) {
            auto connection = connect();
            PipelineSimulator simulator(connection.get(), options);
            QSignalSpy refused(&simulator, &PipelineSimulator::refused);
            simulator.start();
            QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().put >= 10, 30000);
            simulator.stop();
            QVERIFY(!awaitReply(*connection, RedisCommand::read({"PING"})).isError());
            QCOMPARE(refused.size(), 0);
            QVERIFY2(m_fixture->command({"GET", KeyspaceClaim::MarkerKey})
                         .bytes.startsWith("created by qlessdesk-simulator"),
                     m_fixture->command({"GET", KeyspaceClaim::MarkerKey}).bytes.constData());
        }
        QVERIFY(m_fixture->command({"DBSIZE"}).integer > 10);
    }

    // The executable: no Redis unless --url names one (REDIS_URL is not read), a refusal is
    // its exit code 3 with the reason, an empty database is driven.
    void theExecutableNeedsAUrlAndRefusesAForeignDatabase()
    {
        const QString url = QStringLiteral("unix://") + m_fixture->server().socketPath();
        const auto run = [&](const QStringList &arguments, QByteArray *errors) {
            QProcess simulator;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("REDIS_URL"), url);
            simulator.setProcessEnvironment(environment);
            simulator.start(QStringLiteral(QLESSDESK_SIMULATOR), arguments);
            if (!simulator.waitForFinished(60000))
                return -1;
            *errors = simulator.readAllStandardError();
            return simulator.exitStatus() == QProcess::NormalExit ? simulator.exitCode() : -1;
        };
        QByteArray errors;
        QCOMPARE(run({QStringLiteral("--duration"), QStringLiteral("1")}, &errors), 2);
        QVERIFY2(errors.contains("--url"), errors.constData());
        QCOMPARE(m_fixture->command({"DBSIZE"}).integer, 0); // REDIS_URL's database untouched

        m_fixture->put("parse", "someone-elses", double(QDateTime::currentSecsSinceEpoch()));
        const QList<QByteArray> before = m_fixture->snapshot();
        QCOMPARE(run({QStringLiteral("--url"), url, QStringLiteral("--duration"), QStringLiteral("5")}, &errors), 3);
        QVERIFY2(errors.contains("did not create"), errors.constData());
        QCOMPARE(m_fixture->snapshot(), before);

        m_fixture->flush();
        QCOMPARE(run({QStringLiteral("--url"), url, QStringLiteral("--duration"), QStringLiteral("1"),
                      QStringLiteral("--max-jobs"), QStringLiteral("3")},
                     &errors),
                 0);
        QCOMPARE(m_fixture->command({"EXISTS", KeyspaceClaim::MarkerKey}).integer, 1);
    }

    void sameSeedSameChoices()
    {
        // The jobs put are named by the seeded generator: two runs, same jids, however the
        // workers' replies interleave.
        QList<QByteArray> runs[2];
        for (QList<QByteArray> &run : runs) {
            m_fixture->flush();
            SimulatorOptions options = fast();
            options.maxJobs = 5;
            options.scheduledShare = 0;
            options.batchShare = 0;
            auto connection = connect();
            PipelineSimulator simulator(connection.get(), options);
            simulator.start();
            QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().put >= 5, 30000);
            simulator.stop();
            // The puts are on their way; the connection answers in order, so a ping after them
            // returns once they have landed.
            QVERIFY(!awaitReply(*connection, RedisCommand::read({"PING"})).isError());
            QList<QByteArray> keys = m_fixture->command({"KEYS", "ql:j:*"}).strings();
            keys.removeIf([](const QByteArray &key) { return key.contains('-'); });
            std::sort(keys.begin(), keys.end());
            run = keys;
        }
        QCOMPARE(runs[0].size(), 5); // --max-jobs holds however many jobs a slow tick owes
        QCOMPARE(runs[0], runs[1]);
    }
};

QTEST_GUILESS_MAIN(TestPipelineSimulator)
#include "tst_pipelinesimulator.moc"
