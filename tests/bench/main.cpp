// SPDX-License-Identifier: GPL-3.0-or-later
// qlessdesk-bench: our stack against plain hiredis calls of the same scripts, on a private
// redis-server, printed as a table and written as JSON. See docs/BENCHMARKS.md.
#include "bench.h"
#include "callkinds.h"
#include "heapsettings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {
bool isRawProbe(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--probe-memory") == 0 && std::strcmp(argv[i + 1], "raw") == 0)
            return true;
    }
    return false;
}

bool isProbe(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--probe-memory") == 0)
            return true;
    }
    return false;
}
} // namespace

int main(int argc, char **argv)
{
    // As the console runs (app/main.cpp); the raw probes too, so that both sides of a memory
    // figure have the same heap.
    HeapSettings::mergeFreedBlocksAtOnce();
    // The models use Qt Gui; the Activity section shows its page offscreen (Qt Widgets).
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // The raw memory probe must not carry Qt Gui's weight either way; it only needs an app object
    // for the command line.
    std::unique_ptr<QCoreApplication> app;
    if (isRawProbe(argc, argv))
        app = std::make_unique<QCoreApplication>(argc, argv);
    else if (isProbe(argc, argv))
        app = std::make_unique<QGuiApplication>(argc, argv); // as the memory figures were measured
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("qlessdesk-bench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Benchmarks qlessdesk's connection, typed API and models against plain hiredis calls of the same "
        "qless scripts, on a private redis-server. Prints a table; writes the figures as JSON."));
    parser.addHelpOption();
    const BenchOptions defaults;
    const auto option = [&parser](const QString &name, const QString &description, const QString &value) {
        QCommandLineOption o(name, description + QStringLiteral(" Default %1.").arg(value), QStringLiteral("n"), value);
        parser.addOption(o);
        return o;
    };
    const QCommandLineOption quick(
        QStringLiteral("quick"),
        QStringLiteral("Small sizes, in seconds: a check that it all runs. Sizes given as well still apply."));
    parser.addOption(quick);
    const QCommandLineOption out(
        QStringLiteral("out"),
        QStringLiteral("Where to write the JSON. Default %1.").arg(QStringLiteral(QLESSDESK_BENCH_DEFAULT_OUT)),
        QStringLiteral("file"), QStringLiteral(QLESSDESK_BENCH_DEFAULT_OUT));
    parser.addOption(out);
    const QCommandLineOption only(
        QStringLiteral("only"),
        QStringLiteral(
            "Run only these sections: throughput, overview, alerts, group, priority, malformed, activity, clusters, "
            "retry, events, search, blueque, scripts, operator (comma-separated)."),
        QStringLiteral("sections"));
    parser.addOption(only);
    const QCommandLineOption realtime(
        QStringLiteral("realtime"),
        QStringLiteral("Run the bench's redis-server at real-time priority (SCHED_FIFO 1) and lift the kernel's cap on "
                       "real-time threads (/proc/sys/kernel/sched_rt_runtime_us, the whole machine's setting) for the "
                       "run, putting it back after, so that the times Redis logs for a call do not include its waits "
                       "for a core. Needs root. Without it the bench changes nothing outside its own processes."));
    parser.addOption(realtime);
    const QCommandLineOption listKinds(
        QStringLiteral("list-call-kinds"),
        QStringLiteral("Print each command the calls-alone kinds time, and its kind; run nothing."));
    parser.addOption(listKinds);
    const QCommandLineOption referenceScript(
        QStringLiteral("reference-script"),
        QStringLiteral("Another qless.lua (e.g. the qless gem's) the scripts section compares ours with."),
        QStringLiteral("path"));
    parser.addOption(referenceScript);
    const auto queues =
        option(QStringLiteral("queues"), QStringLiteral("Queues in the overview."), QString::number(defaults.queues));
    const auto workers = option(QStringLiteral("workers"), QStringLiteral("Workers in the overview."),
                                QString::number(defaults.workers));
    const auto group = option(QStringLiteral("group"), QStringLiteral("Jobs in the failure group opened."),
                              QString::number(defaults.group));
    const auto smallGroup =
        option(QStringLiteral("small-group"), QStringLiteral("Jobs in the smaller group memory is compared with."),
               QString::number(defaults.smallGroup));
    const auto rows =
        option(QStringLiteral("rows"), QStringLiteral("Rows scrolled through."), QString::number(defaults.rows));
    const auto activity =
        option(QStringLiteral("activity"), QStringLiteral("Records in the audit log the Activity page opens."),
               QString::number(defaults.activity));
    const auto deepRows =
        option(QStringLiteral("deep-rows"), QStringLiteral("Rows scrolled through for memory by depth."),
               QString::number(defaults.deepRows));
    const auto retry = option(QStringLiteral("retry"), QStringLiteral("Failed jobs retried all at once."),
                              QString::number(defaults.retry));
    const auto search =
        option(QStringLiteral("search"), QStringLiteral("Jobs searched through."), QString::number(defaults.search));
    const auto batch =
        option(QStringLiteral("batch"), QStringLiteral("Bulk batch size."), QString::number(defaults.batch));
    const auto ops =
        option(QStringLiteral("ops"), QStringLiteral("Calls per throughput figure."), QString::number(defaults.ops));
    const auto window = option(QStringLiteral("window"), QStringLiteral("Calls in flight at once for throughput."),
                               QString::number(defaults.window));
    const auto repeats = option(QStringLiteral("repeats"), QStringLiteral("Samples of the short figures."),
                                QString::number(defaults.repeats));
    const auto eventsSeconds =
        option(QStringLiteral("events-seconds"), QStringLiteral("Seconds the event stream runs."),
               QString::number(defaults.eventsSeconds));
    const auto eventsRate = option(QStringLiteral("events-rate"), QStringLiteral("Events published a second."),
                                   QString::number(defaults.eventsRate));
    const auto rounds = option(QStringLiteral("rounds"), QStringLiteral("Samples of the long figures."),
                               QString::number(defaults.rounds));
    // Internal: the child process of the memory figures.
    QCommandLineOption probe(QStringLiteral("probe-memory"), QStringLiteral("internal"), QStringLiteral("side"));
    probe.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption socket(QStringLiteral("socket"), QStringLiteral("internal"), QStringLiteral("path"));
    socket.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption probeGroup(QStringLiteral("probe-group"), QStringLiteral("internal"), QStringLiteral("name"));
    probeGroup.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(probe);
    parser.addOption(socket);
    parser.addOption(probeGroup);
    parser.process(*app);

    if (parser.isSet(listKinds)) {
        fputs(CallKinds::listing().constData(), stdout);
        return 0;
    }
    if (parser.isSet(probe)) {
        return Bench::probeMemory(parser.value(probe), parser.value(socket), parser.value(probeGroup),
                                  parser.value(rows).toInt());
    }

    BenchOptions options = parser.isSet(quick) ? BenchOptions::quick() : defaults;
    bool custom = false;
    const auto take = [&](const QCommandLineOption &o, auto *field) {
        if (!parser.isSet(o))
            return true;
        bool ok = false;
        const qint64 value = parser.value(o).toLongLong(&ok);
        if (!ok || value < 1) {
            fprintf(stderr, "qlessdesk-bench: --%s wants a positive number\n", qPrintable(o.names().first()));
            return false;
        }
        *field = decltype(+*field)(value);
        custom = true;
        return true;
    };
    if (!take(queues, &options.queues) || !take(workers, &options.workers) || !take(group, &options.group)
        || !take(smallGroup, &options.smallGroup) || !take(rows, &options.rows) || !take(activity, &options.activity)
        || !take(deepRows, &options.deepRows) || !take(retry, &options.retry) || !take(search, &options.search)
        || !take(batch, &options.batch) || !take(ops, &options.ops) || !take(window, &options.window)
        || !take(repeats, &options.repeats) || !take(rounds, &options.rounds)
        || !take(eventsSeconds, &options.eventsSeconds) || !take(eventsRate, &options.eventsRate))
        return 2;
    if (custom)
        options.mode += QStringLiteral(" (custom sizes)");
    if (options.rows > options.smallGroup) {
        fprintf(stderr, "qlessdesk-bench: --rows must not exceed --small-group\n");
        return 2;
    }
    if (options.deepRows > options.group) {
        fprintf(stderr, "qlessdesk-bench: --deep-rows must not exceed --group\n");
        return 2;
    }
    options.out = parser.value(out);
    options.referenceScript = parser.value(referenceScript);
    options.realtimeRedis = parser.isSet(realtime);
    if (parser.isSet(only)) {
        const QStringList known{QStringLiteral("throughput"), QStringLiteral("overview"), QStringLiteral("alerts"),
                                QStringLiteral("group"),      QStringLiteral("priority"), QStringLiteral("retry"),
                                QStringLiteral("malformed"),  QStringLiteral("activity"), QStringLiteral("clusters"),
                                QStringLiteral("events"),     QStringLiteral("search"),   QStringLiteral("scripts"),
                                QStringLiteral("operator"),   QStringLiteral("blueque")};
        options.only = parser.value(only).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &section : std::as_const(options.only)) {
            if (!known.contains(section)) {
                fprintf(stderr, "qlessdesk-bench: --only takes %s\n", qPrintable(known.join(QStringLiteral(", "))));
                return 2;
            }
        }
        options.mode += QStringLiteral(" (only %1)").arg(options.only.join(QStringLiteral(", ")));
    }

    Bench bench(options);
    return bench.run();
}
