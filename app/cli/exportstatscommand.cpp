#include "exportstatscommand.h"

#include "chartexporter.h"
#include "connectionsettings.h"
#include "qlessclient.h"
#include "redisconnection.h"
#include "statschart.h"
#include "statshistory.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace {
// One line, whatever the message held: scripts and logs read stderr line by line.
void printError(const QString &message)
{
    QString line = message.simplified();
    std::fprintf(stderr, "qlessdesk export-stats: %s\n", qUtf8Printable(line));
}

// stderr is the command's answer to whoever runs it: Qt's own chatter (no XDG_RUNTIME_DIR under
// cron, font and platform notes) would bury the one line that matters. QLESSDESK_DEBUG=1 keeps it.
void quietHandler(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::fprintf(stderr, "qlessdesk export-stats: %s\n", qUtf8Printable(message.simplified()));
}

bool parseSize(const QString &text, QSize *size)
{
    static const QRegularExpression pattern(QStringLiteral("^\\s*(\\d{1,6})\\s*[xX\u00d7]\\s*(\\d{1,6})\\s*$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return false;
    *size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    return true;
}

qint64 binTotal(const DurationFigures &figures)
{
    qint64 total = 0;
    for (qint64 c : figures.histogram)
        total += c;
    return total;
}
} // namespace

bool ExportStatsCommand::isRequested(int argc, char *argv[])
{
    return argc > 1 && std::strcmp(argv[1], "export-stats") == 0;
}

bool ExportStatsCommand::parse(const QStringList &arguments, Options *options, QString *error,
                               QString *helpText)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Writes one queue's wait and/or run time histogram of one day (UTC) to a PNG, SVG, PDF or "
           "CSV file. Needs no display. Exits 0 on success; 2 for a wrong command line, 1 when the "
           "export could not be done, with the reason on stderr."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, tr("Shows this help."));
    const QCommandLineOption url(QStringLiteral("url"),
                                 tr("The qless server: redis://[user:password@]host:port/db, rediss://..., "
                                    "unix:///path.sock?db=N or redis-sentinel://... Default: REDIS_URL."),
                                 QStringLiteral("URL"));
    const QCommandLineOption queue(QStringLiteral("queue"), tr("The queue (required)."), QStringLiteral("Q"));
    const QCommandLineOption date(QStringLiteral("date"), tr("The day, UTC (required)."),
                                  QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption kind(QStringLiteral("kind"),
                                  tr("wait, run, or both overlaid (default: both)."),
                                  QStringLiteral("wait|run|both"), QStringLiteral("both"));
    const QSize defaultSize = ChartExporter::defaultSize();
    const QCommandLineOption size(QStringLiteral("size"),
                                  tr("The picture's size in pixels (default: %1x%2; CSV ignores it).")
                                      .arg(defaultSize.width())
                                      .arg(defaultSize.height()),
                                  QStringLiteral("WxH"));
    const QCommandLineOption out(QStringLiteral("out"),
                                 tr("The file to write (required); its extension picks the format: "
                                    ".png, .svg, .pdf or .csv."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     tr("Give up when the server has not answered within this many "
                                        "seconds (default: 15)."),
                                     QStringLiteral("SECONDS"), QStringLiteral("15"));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   tr("The chart's colours: light (default) or dark; CSV ignores it."),
                                   QStringLiteral("light|dark"), QStringLiteral("light"));
    parser.addOptions({help, url, queue, date, kind, size, out, timeout, theme});

    QStringList argv = arguments;
    argv.prepend(QStringLiteral("qlessdesk export-stats"));
    if (!parser.parse(argv)) {
        *error = parser.errorText();
        return false;
    }
    if (parser.isSet(help)) {
        if (helpText)
            *helpText = parser.helpText();
        *error = QString();
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        *error = tr("Unexpected argument \"%1\"; see --help.").arg(parser.positionalArguments().first());
        return false;
    }

    Options o;
    o.url = parser.isSet(url) ? parser.value(url) : qEnvironmentVariable("REDIS_URL");
    if (o.url.isEmpty()) {
        *error = tr("Missing --url (and REDIS_URL is not set).");
        return false;
    }
    o.queue = parser.value(queue);
    if (o.queue.isEmpty()) {
        *error = tr("Missing --queue.");
        return false;
    }
    if (!parser.isSet(date)) {
        *error = tr("Missing --date (YYYY-MM-DD).");
        return false;
    }
    static const QRegularExpression isoDay(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    const QString dateText = parser.value(date);
    o.date = QDate::fromString(dateText, Qt::ISODate);
    if (!isoDay.match(dateText).hasMatch() || !o.date.isValid()) {
        *error = tr("Bad --date \"%1\": expected a day as YYYY-MM-DD.").arg(dateText);
        return false;
    }
    if (o.date > StatsHistory::today()) {
        *error = tr("Bad --date %1: that day (UTC) has not begun yet.").arg(dateText);
        return false;
    }
    const QString kindText = parser.value(kind);
    if (kindText == QLatin1String("wait")) {
        o.kinds = {StatsSeries::Kind::Wait};
    } else if (kindText == QLatin1String("run")) {
        o.kinds = {StatsSeries::Kind::Run};
    } else if (kindText == QLatin1String("both")) {
        o.kinds = {StatsSeries::Kind::Wait, StatsSeries::Kind::Run};
    } else {
        *error = tr("Bad --kind \"%1\": expected wait, run or both.").arg(kindText);
        return false;
    }
    bool numeric = false;
    o.timeoutSeconds = parser.value(timeout).toInt(&numeric);
    if (!numeric || o.timeoutSeconds < 1 || o.timeoutSeconds > 3600) {
        *error = tr("Bad --timeout \"%1\": expected whole seconds from 1 to 3600.").arg(parser.value(timeout));
        return false;
    }
    o.out = parser.value(out);
    if (o.out.isEmpty()) {
        *error = tr("Missing --out FILE (.png, .svg, .pdf or .csv).");
        return false;
    }
    const ChartExporter::Format format = ChartExporter::formatForPath(o.out);
    if (format == ChartExporter::Format::Unknown) {
        *error = tr("Bad --out %1: the file name must end in .png, .svg, .pdf or .csv.").arg(o.out);
        return false;
    }
    o.size = defaultSize;
    if (parser.isSet(size) && !parseSize(parser.value(size), &o.size)) {
        *error = tr("Bad --size \"%1\": expected WIDTHxHEIGHT in pixels, e.g. 1200x700.").arg(parser.value(size));
        return false;
    }
    const QString themeName = parser.value(theme);
    if (themeName != QLatin1String("light") && themeName != QLatin1String("dark")) {
        *error = tr("Bad --theme \"%1\": expected light or dark.").arg(themeName);
        return false;
    }
    o.dark = themeName == QLatin1String("dark");
    if (format != ChartExporter::Format::Csv) {
        const QString problem = ChartExporter::checkSize(o.size, format);
        if (!problem.isEmpty()) {
            *error = tr("Bad --size: %1").arg(problem);
            return false;
        }
    }
    *options = o;
    return true;
}

int ExportStatsCommand::run(int argc, char *argv[])
{
    // A cron job or CI runner has no display; the offscreen platform draws charts all the same.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("QLESSDESK_DEBUG"))
        qInstallMessageHandler(quietHandler);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("qlessdesk"));
    QApplication::setOrganizationName(QStringLiteral("qlessdesk"));
    QApplication::setApplicationVersion(QStringLiteral(QLESSDESK_VERSION));

    QStringList arguments = QApplication::arguments();
    arguments = arguments.mid(2); // the program and the command's name
    Options options;
    QString error;
    QString help;
    if (!parse(arguments, &options, &error, &help)) {
        if (!help.isEmpty()) {
            std::fputs(qUtf8Printable(help), stdout);
            return Success;
        }
        printError(error);
        return Usage;
    }
    return execute(options);
}

int ExportStatsCommand::execute(const Options &options)
{
    QString error;
    ConnectionSettings settings = ConnectionSettings::fromUrl(options.url, &error);
    if (!error.isEmpty()) {
        printError(tr("Bad --url: %1").arg(error));
        return Usage;
    }

    // Fail before connecting when the file cannot be written anyway.
    const QFileInfo target(options.out);
    if (target.isDir()) {
        printError(tr("Cannot write %1: it is a folder.").arg(options.out));
        return Failure;
    }
    const QFileInfo folder(target.absolutePath());
    if (!folder.isDir()) {
        printError(tr("Cannot write %1: the folder %2 does not exist.").arg(options.out, folder.filePath()));
        return Failure;
    }
    if (!folder.isWritable()) {
        printError(tr("Cannot write %1: the folder %2 is not writable.").arg(options.out, folder.filePath()));
        return Failure;
    }

    // Two attempts (a server restarting gets a second chance), bounded in time: a command should
    // fail, not wait for a server that is away.
    const int timeoutMs = options.timeoutSeconds * 1000;
    settings.maxReconnectAttempts = 2;
    settings.connectTimeoutMs = qMin(settings.connectTimeoutMs, timeoutMs);
    settings.requestTimeoutMs = timeoutMs;
    settings.readOnly = true; // it only reads
    RedisConnection connection(settings);
    QlessClient client(&connection);
    QObject context;

    int exitCode = -1;
    QString message;
    const auto finish = [&exitCode, &message](int code, const QString &why) {
        if (exitCode != -1)
            return;
        exitCode = code;
        message = why;
        QCoreApplication::exit(code);
    };

    QTimer::singleShot(timeoutMs + 2000, &context, [&] {
        finish(Failure, tr("No answer from %1 within %2 s.").arg(settings.describe()).arg(options.timeoutSeconds));
    });
    QObject::connect(&connection, &RedisConnection::stateChanged, &context, [&](const ConnectionState &state) {
        if (state.phase == ConnectionState::Phase::Failed)
            finish(Failure, tr("Cannot connect to %1: %2").arg(settings.describe(), state.error.message));
    });

    const auto exportDay = [&](const DayStats &stats) {
        QList<HistogramSeries> series;
        qint64 jobs = 0;
        for (StatsSeries::Kind kind : options.kinds) {
            const DurationFigures &f = StatsSeries::figures(stats, kind);
            jobs += f.count + binTotal(f);
            series << StatsSeries::histogram(stats, kind,
                                             StatsSeries::seriesName(kind, options.date, options.queue));
        }
        const QString day = options.date.toString(Qt::ISODate);
        if (jobs == 0) {
            const QString what = options.kinds.size() == 2 ? tr("wait or run times")
                                 : options.kinds.first() == StatsSeries::Kind::Wait ? tr("wait times")
                                                                                     : tr("run times");
            finish(Failure, tr("No data: queue \"%1\" has no %2 on %3 (UTC).").arg(options.queue, what, day));
            return;
        }
        StatsChart chart;
        chart.setTitle(options.kinds.size() == 2
                           ? tr("Wait and run times · %1 · %2").arg(options.queue, day)
                           : tr("%1 · %2 · %3").arg(StatsSeries::kindTitle(options.kinds.first()), options.queue, day));
        chart.setHistograms(series);
        QString problem;
        if (!ChartExporter::exportToFile(chart, options.out, options.size, &problem,
                                         options.dark ? ChartTheme::dark() : ChartTheme::light()))
            finish(Failure, problem);
        else
            finish(Success, QString());
    };

    client.queueCounts(&context, [&](const QlessReply<QList<QueueCounts>> &reply) {
        if (!reply.ok()) {
            // The first request fails with the connection; say so the same way the state does.
            const bool transport = reply.error.kind != RedisError::Kind::ScriptError
                && reply.error.kind != RedisError::Kind::BadReply && reply.error.kind != RedisError::Kind::ServerError;
            finish(Failure, (transport ? tr("Cannot connect to %1: %2") : tr("Cannot read the queues of %1: %2"))
                                .arg(settings.describe(), reply.error.message));
            return;
        }
        QStringList names;
        for (const QueueCounts &q : reply.value)
            names << q.name;
        if (!names.contains(options.queue)) {
            names.sort();
            // A server may hold hundreds of queues; a dozen tell a typo from the wrong server.
            if (names.size() > 12)
                names = names.mid(0, 12) << tr("… (%1 in all)").arg(reply.value.size());
            const QString known = names.isEmpty() ? tr("it has none") : tr("it has %1").arg(names.join(QStringLiteral(", ")));
            finish(Failure, tr("Unknown queue \"%1\" on %2; %3.").arg(options.queue, settings.describe(), known));
            return;
        }
        client.stats(options.queue, StatsHistory::timestampOf(options.date), &context,
                     [&](const QlessReply<DayStats> &stats) {
            if (!stats.ok())
                finish(Failure, tr("Cannot read the stats of \"%1\": %2").arg(options.queue, stats.error.message));
            else
                exportDay(stats.value);
        });
    });

    QCoreApplication::exec();
    if (exitCode != Success)
        printError(message);
    return exitCode;
}
