// SPDX-License-Identifier: GPL-3.0-or-later
// qlessdesk-simulator: a live qless pipeline on a Redis (or a Blueque deployment, or both side by
// side: --system), for demos and tests. Deterministic in
// its choices for a given --seed. It changes queues' settings, so it never picks a Redis by
// itself: --url is required (REDIS_URL, which points at a deployment's Redis, is not read), and
// it drives only a database it created (KeyspaceClaim) unless --any-keyspace says otherwise.
#include "bluequesimulator.h"
#include "connectionsettings.h"
#include "pipelinesimulator.h"
#include "redisconnection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <memory>

namespace {
bool readDouble(const QCommandLineParser &parser, const QCommandLineOption &option, double *out)
{
    if (!parser.isSet(option))
        return true;
    bool ok = false;
    const double value = parser.value(option).toDouble(&ok);
    if (!ok || value < 0) {
        std::fprintf(stderr, "qlessdesk-simulator: --%s wants a number >= 0, not '%s'\n",
                     qPrintable(option.names().first()), qPrintable(parser.value(option)));
        return false;
    }
    *out = value;
    return true;
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("qlessdesk-simulator"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QLESSDESK_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Drives a simulated qless pipeline through qlessdesk's scripts, as a "
                       "deployment's workers drive qless."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption url(QStringLiteral("url"),
                                 QStringLiteral("Redis to drive (required; REDIS_URL is not read). An empty database, "
                                                "which it marks as its own, or one it marked before."),
                                 QStringLiteral("URL"));
    const QCommandLineOption anyKeyspace(QStringLiteral("any-keyspace"),
                                         QStringLiteral("Drive a database it did not create (it sets heartbeats and "
                                                        "max-concurrency and pauses stages): never a deployment's."));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."),
                                  QStringLiteral("N"));
    const QCommandLineOption speed(QStringLiteral("speed"),
                                   QStringLiteral("Time factor for rates and durations (default 1)."),
                                   QStringLiteral("X"));
    const QCommandLineOption rate(QStringLiteral("rate"), QStringLiteral("New jobs per second (default 4)."),
                                  QStringLiteral("R"));
    const QCommandLineOption workers(QStringLiteral("workers"), QStringLiteral("Workers per stage (default 3)."),
                                     QStringLiteral("N"));
    const QCommandLineOption failures(QStringLiteral("failure-rate"),
                                      QStringLiteral("Share of jobs failing per stage (default 0.06)."),
                                      QStringLiteral("P"));
    const QCommandLineOption deaths(QStringLiteral("worker-deaths"),
                                    QStringLiteral("Workers dying per hour (default 6)."), QStringLiteral("N"));
    const QCommandLineOption maxJobs(QStringLiteral("max-jobs"),
                                     QStringLiteral("Stop putting jobs after N (default: never)."),
                                     QStringLiteral("N"));
    const QCommandLineOption duration(QStringLiteral("duration"),
                                      QStringLiteral("Quit after S seconds (default: run until stopped)."),
                                      QStringLiteral("S"));
    const QCommandLineOption shape(QStringLiteral("shape"),
                                   QStringLiteral(
                                       "How the clients speak: 'current' (the unified qless.lua, as today's "
                                       "gem and qless-py; default) or '2012' (the seed's per-command scripts)."),
                                   QStringLiteral("SHAPE"));
    const QCommandLineOption system(
        QStringLiteral("system"),
        QStringLiteral("Which job system to play: 'qless' (default), 'blueque' (ustudio/Blueque v1.0.0's layout: "
                       "queues, listeners, a scheduler) or 'both', side by side in one database."),
        QStringLiteral("SYSTEM"));
    parser.addOptions(
        {url, anyKeyspace, seed, speed, rate, workers, failures, deaths, maxJobs, duration, shape, system});
    parser.process(app);

    SimulatorOptions options;
    double seedValue = options.seed, workersValue = options.workersPerStage, maxJobsValue = 0, durationValue = 0;
    if (!readDouble(parser, seed, &seedValue) || !readDouble(parser, speed, &options.speed)
        || !readDouble(parser, rate, &options.jobsPerSecond) || !readDouble(parser, workers, &workersValue)
        || !readDouble(parser, failures, &options.failureRate)
        || !readDouble(parser, deaths, &options.workerDeathsPerHour) || !readDouble(parser, maxJobs, &maxJobsValue)
        || !readDouble(parser, duration, &durationValue))
        return 2;
    options.seed = quint32(seedValue);
    options.workersPerStage = qMax(1, int(workersValue));
    options.maxJobs = qint64(maxJobsValue);
    if (parser.isSet(shape)) {
        const QString value = parser.value(shape);
        if (value == QLatin1String("2012")) {
            options.shape = SimulatorWire::Shape::Seed;
        } else if (value != QLatin1String("current")) {
            std::fprintf(stderr, "qlessdesk-simulator: --shape wants 'current' or '2012', not '%s'\n",
                         qPrintable(value));
            return 2;
        }
    }

    options.anyKeyspace = parser.isSet(anyKeyspace);
    const QString systemName = parser.isSet(system) ? parser.value(system) : QStringLiteral("qless");
    if (systemName != QLatin1String("qless") && systemName != QLatin1String("blueque")
        && systemName != QLatin1String("both")) {
        std::fprintf(stderr, "qlessdesk-simulator: --system wants 'qless', 'blueque' or 'both', not '%s'\n",
                     qPrintable(systemName));
        return 2;
    }
    const bool playsQless = systemName != QLatin1String("blueque");
    const bool playsBlueque = systemName != QLatin1String("qless");

    if (!parser.isSet(url) || parser.value(url).isEmpty()) {
        std::fprintf(stderr, "qlessdesk-simulator: say which Redis to drive with --url (REDIS_URL is not read: it "
                             "usually points at a deployment's Redis)\n");
        return 2;
    }
    QString error;
    const ConnectionSettings settings = ConnectionSettings::fromUrl(parser.value(url), &error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "qlessdesk-simulator: %s\n", qPrintable(error));
        return 2;
    }
    RedisConnection connection(settings);
    // Both systems on one connection: the second claim finds the first's marker (its own database).
    std::unique_ptr<PipelineSimulator> simulator;
    std::unique_ptr<BluequeSimulator> blueque;
    const auto report = [](const QString &message) {
        std::fprintf(stderr, "qlessdesk-simulator: %s\n", qPrintable(message));
    };
    const auto refused = [](const QString &why) {
        std::fprintf(stderr, "qlessdesk-simulator: %s\n", qPrintable(why));
        QCoreApplication::exit(3);
    };
    if (playsQless) {
        simulator = std::make_unique<PipelineSimulator>(&connection, options);
        QObject::connect(simulator.get(), &PipelineSimulator::errorOccurred, &app, report);
        QObject::connect(simulator.get(), &PipelineSimulator::refused, &app, refused);
    }
    if (playsBlueque) {
        blueque = std::make_unique<BluequeSimulator>(&connection, options);
        QObject::connect(blueque.get(), &BluequeSimulator::errorOccurred, &app, report);
        QObject::connect(blueque.get(), &BluequeSimulator::refused, &app, refused);
    }
    QTimer counters;
    QObject::connect(&counters, &QTimer::timeout, &app, [&simulator, &blueque] {
        if (simulator) {
            const auto &c = simulator->counters();
            std::printf("put %lld  popped %lld  completed %lld  failed %lld  retried %lld  worker deaths %lld  timed "
                        "out %lld  pauses %lld  notes %lld  errors %lld\n",
                        c.put, c.popped, c.completed, c.failed, c.retried, c.workerDeaths, c.timedOut, c.pauses,
                        c.notes, c.errors);
        }
        if (blueque) {
            const auto &b = blueque->counters();
            std::printf("blueque: enqueued %lld  scheduled %lld  reserved %lld  completed %lld  failed %lld  died "
                        "running %lld  half dequeues %lld  claimed %lld  scheduler pauses %lld  errors %lld\n",
                        b.enqueued, b.scheduled, b.reserved, b.completed, b.failed, b.diedRunning, b.halfDequeues,
                        b.claimed, b.schedulerPauses, b.errors);
        }
        std::fflush(stdout);
    });
    counters.start(10000);
    if (durationValue > 0)
        QTimer::singleShot(int(durationValue * 1000), &app, &QCoreApplication::quit);
    std::signal(SIGTERM, [](int) { QCoreApplication::quit(); });
    std::signal(SIGINT, [](int) { QCoreApplication::quit(); });
    if (simulator)
        simulator->start();
    if (blueque)
        blueque->start();
    return QCoreApplication::exec();
}
