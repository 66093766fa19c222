// SPDX-License-Identifier: GPL-3.0-or-later
#include "exporthistorycommand.h"

#include "chartexporter.h"
#include "commandlineurl.h"
#include "connectionsettings.h"
#include "historychart.h"
#include "historycsv.h"
#include "historyfile.h"
#include "historypolicy.h"
#include "historyreader.h"
#include "historyregistry.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSettings>
#include <QTimeZone>

bool ExportHistoryCommand::isRequested(int argc, char *argv[])
{
    return isNamed(name(), argc, argv);
}

bool ExportHistoryCommand::parseTime(const QString &text, qint64 nowMs, qint64 *ms)
{
    const QString t = text.trimmed();
    if (t == QLatin1String("now")) {
        *ms = nowMs;
        return true;
    }
    static const QRegularExpression relative(QStringLiteral("^-(\\d{1,6})([mhd])$"));
    const QRegularExpressionMatch match = relative.match(t);
    if (match.hasMatch()) {
        const qint64 amount = match.captured(1).toLongLong();
        const QChar unit = match.captured(2).at(0);
        const qint64 unitMs = unit == QLatin1Char('m') ? 60000 : unit == QLatin1Char('h') ? 3600000 : 86400000;
        *ms = nowMs - amount * unitMs;
        return true;
    }
    QDateTime moment = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!moment.isValid())
        return false;
    // A time without a zone is read as UTC, the zone the CSV is written in.
    if (moment.timeSpec() == Qt::LocalTime)
        moment.setTimeZone(QTimeZone::utc());
    *ms = moment.toMSecsSinceEpoch();
    return true;
}

bool ExportHistoryCommand::parse(const QStringList &arguments, qint64 nowMs, Options *options, QString *error,
                                 QString *helpText)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Writes a qless server's recorded history (queue counts and job events per minute, as `qlessdesk "
           "record` or a window recorded them) to a CSV file, one row per queue and minute. Reads only the "
           "history file: it does not connect to the server. Exits 0 on success; 2 for a wrong command line, "
           "1 when there is no history for that server or the range holds nothing, with the reason on stderr."));
    const QCommandLineOption queue(QStringLiteral("queue"), tr("Only this queue (default: every queue)."),
                                   QStringLiteral("Q"));
    const QCommandLineOption from(QStringLiteral("from"),
                                  tr("Start: ISO 8601 (UTC unless a zone is given) or relative, e.g. -24h, -7d, "
                                     "-90m (default: -24h)."),
                                  QStringLiteral("T"), QStringLiteral("-24h"));
    const QCommandLineOption to(QStringLiteral("to"), tr("End, as --from (default: now)."), QStringLiteral("T"),
                                QStringLiteral("now"));
    const QCommandLineOption database(QStringLiteral("database"),
                                      tr("The history file (default: the server's, the one `qlessdesk record` "
                                         "and the window write)."),
                                      QStringLiteral("PATH"));
    const QCommandLineOption out(QStringLiteral("out"),
                                 tr("The file to write (required); its extension picks the format: .csv, or the "
                                    "chart as .png, .svg or .pdf."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption kind(QStringLiteral("kind"),
                                  tr("What a picture shows: throughput (default), backlog or failures; CSV has "
                                     "them all."),
                                  QStringLiteral("throughput|backlog|failures"), QStringLiteral("throughput"));
    parser.addOptions({helpOption(), urlOption(), queue, from, to, database, out, kind});
    if (!readLine(parser, name(), arguments, error, helpText))
        return false;
    Options o;
    o.database = parser.value(database);
    // The URL names the file; with --database it only labels the export.
    if (!readUrl(parser, o.database.isEmpty(), &o.url, error))
        return false;
    o.queue = parser.value(queue);
    if (!parseTime(parser.value(from), nowMs, &o.fromMs)) {
        *error = tr("Bad --from \"%1\": expected ISO 8601 (2026-11-28T09:00:00Z) or relative (-24h, -7d, -90m).")
                     .arg(parser.value(from));
        return false;
    }
    if (!parseTime(parser.value(to), nowMs, &o.toMs)) {
        *error = tr("Bad --to \"%1\": expected ISO 8601 (2026-11-28T09:00:00Z), relative (-1h) or now.")
                     .arg(parser.value(to));
        return false;
    }
    if (o.fromMs >= o.toMs) {
        *error = tr("Bad range: --from (%1) is not before --to (%2).")
                     .arg(QDateTime::fromMSecsSinceEpoch(o.fromMs, QTimeZone::utc()).toString(Qt::ISODate),
                          QDateTime::fromMSecsSinceEpoch(o.toMs, QTimeZone::utc()).toString(Qt::ISODate));
        return false;
    }
    o.out = parser.value(out);
    if (o.out.isEmpty()) {
        *error = tr("Missing --out FILE.csv.");
        return false;
    }
    if (ChartExporter::formatForPath(o.out) == ChartExporter::Format::Unknown) {
        *error = tr("Bad --out %1: the file name must end in .csv, .png, .svg or .pdf.").arg(o.out);
        return false;
    }
    const QStringList kinds{QStringLiteral("throughput"), QStringLiteral("backlog"), QStringLiteral("failures")};
    o.kind = int(kinds.indexOf(parser.value(kind)));
    if (o.kind < 0) {
        *error = tr("Bad --kind \"%1\": expected throughput, backlog or failures.").arg(parser.value(kind));
        return false;
    }
    *options = o;
    return true;
}

int ExportHistoryCommand::run(int argc, char *argv[])
{
    // A cron job has no display; the offscreen platform draws the chart all the same.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    quietQtMessages(name());
    QApplication app(argc, argv);
    nameApplication();
    Options options;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const auto parseInto = [&options, now](const QStringList &arguments, QString *error, QString *help) {
        return parse(arguments, now, &options, error, help);
    };
    return readAndExecute(name(), parseInto, [&options](QString *error) { return execute(options, error); });
}

int ExportHistoryCommand::execute(const Options &options, QString *error)
{
    QString path = options.database;
    QString server = path;
    if (!options.url.isEmpty()) {
        QString urlError;
        const ConnectionSettings settings = CommandLineUrl::read(options.url, &urlError);
        if (!urlError.isEmpty()) {
            *error = tr("Bad --url: %1").arg(urlError);
            return Usage;
        }
        server = settings.describe();
        if (path.isEmpty())
            path = HistoryRegistry::fileFor(settings);
    }
    if (!QFileInfo(path).isFile()) {
        *error = tr("No history for %1: %2 does not exist (record it with `qlessdesk record --url URL` or a "
                    "window open on that server).")
                     .arg(server, path);
        return Failure;
    }
    *error = whyNotWritable(options.out);
    if (!error->isEmpty())
        return Failure;

    QSettings userSettings;
    const HistoryPolicy policy = HistoryPolicy::fromSettings(userSettings);
    HistoryFile file(path, QStringLiteral("export-history"), policy.busyTimeoutMs);
    QStringList problems;
    if (file.open(false, &problems) == HistoryFile::State::Unavailable) {
        *error =
            problems.isEmpty() ? tr("Cannot read the history file %1.").arg(path) : problems.join(QLatin1Char(' '));
        return Failure;
    }
    const auto utc = [](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(Qt::ISODate);
    };
    const QString emptyRange = options.queue.isEmpty()
                                   ? tr("Empty range: nothing was recorded for %1 between %2 and %3.")
                                         .arg(server, utc(options.fromMs), utc(options.toMs))
                                   : tr("Empty range: nothing was recorded for queue \"%1\" of %2 between %3 and %4.")
                                         .arg(options.queue, server, utc(options.fromMs), utc(options.toMs));
    if (ChartExporter::formatForPath(options.out) != ChartExporter::Format::Csv) {
        // The page's chart: one queue, or every queue summed, at the resolution the range needs.
        const HistoryRead read =
            HistoryReader::read(file.db(), {options.queue, options.fromMs, options.toMs, 0}, policy.coarseMinutes);
        file.close();
        if (!read.error.isEmpty()) {
            *error = tr("Cannot read the history file %1: %2").arg(path, read.error);
            return Failure;
        }
        if (read.points.isEmpty()) {
            *error = emptyRange;
            return Failure;
        }
        HistoryChart chart;
        const auto kind = HistoryChart::Kind(options.kind);
        const QStringList kindTitles{tr("Throughput"), tr("Backlog"), tr("Failures")};
        chart.show(read, kind, options.fromMs, options.toMs, options.queue,
                   tr("%1 · %2 · %3 to %4 (UTC)")
                       .arg(kindTitles.value(options.kind), options.queue.isEmpty() ? tr("all queues") : options.queue,
                            utc(options.fromMs), utc(options.toMs)));
        return ChartExporter::exportToFile(chart, options.out, ChartExporter::defaultSize(), error) ? Success : Failure;
    }
    QStringList queues;
    if (!options.queue.isEmpty()) {
        queues << options.queue;
    } else if (!HistoryReader::queueNames(file.db(), &queues, error)) {
        *error = tr("Cannot read the history file %1: %2").arg(path, *error);
        return Failure;
    }
    QList<HistoryCsv::QueueRead> reads;
    qint64 rows = 0;
    for (const QString &queue : std::as_const(queues)) {
        const HistoryRead read =
            HistoryReader::read(file.db(), {queue, options.fromMs, options.toMs, 1}, policy.coarseMinutes);
        if (!read.error.isEmpty()) {
            *error = tr("Cannot read the history file %1: %2").arg(path, read.error);
            return Failure;
        }
        rows += read.points.size();
        reads << HistoryCsv::QueueRead{queue, read.points};
    }
    file.close();
    if (rows == 0) {
        *error = emptyRange;
        return Failure;
    }
    QSaveFile out(options.out);
    if (!out.open(QIODevice::WriteOnly) || out.write(HistoryCsv::document(reads)) < 0 || !out.commit()) {
        *error = tr("Cannot write %1: %2").arg(options.out, out.errorString());
        return Failure;
    }
    return Success;
}
