// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportstatscommand.h"

#include "chartexporter.h"
#include "commandlineurl.h"
#include "commandoutcome.h"
#include "connectionsettings.h"
#include "headlesssession.h"
#include "serverreads.h"
#include "statschart.h"
#include "statshistory.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTimer>

namespace {
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
    return isNamed(name(), argc, argv);
}

bool ExportStatsCommand::parse(const QStringList &arguments, Options *options, QString *error, QString *helpText)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Writes one queue's wait and/or run time histogram of one day (UTC) to a PNG, SVG, PDF or "
           "CSV file. Needs no display. Exits 0 on success; 2 for a wrong command line, 1 when the "
           "export could not be done, with the reason on stderr."));
    const QCommandLineOption queue(QStringLiteral("queue"), tr("The queue (required)."), QStringLiteral("Q"));
    const QCommandLineOption date(QStringLiteral("date"), tr("The day, UTC (required)."), QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption kind(QStringLiteral("kind"), tr("wait, run, or both overlaid (default: both)."),
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
    const QCommandLineOption timeout = timeoutOption(tr("Give up when the server has not answered within this many "
                                                        "seconds (default: 15)."));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   tr("The chart's colours: light (default) or dark; CSV ignores it."),
                                   QStringLiteral("light|dark"), QStringLiteral("light"));
    parser.addOptions({helpOption(), urlOption(), queue, date, kind, size, out, timeout, theme});
    if (!readLine(parser, name(), arguments, error, helpText))
        return false;

    Options o;
    if (!readUrl(parser, true, &o.url, error))
        return false;
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
    if (!readTimeout(parser, &o.timeoutSeconds, error))
        return false;
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
    return runCommand<QApplication>(name(), argc, argv, &parse, &execute);
}

int ExportStatsCommand::execute(const Options &options, QString *error)
{
    QString urlError;
    ConnectionSettings settings = CommandLineUrl::read(options.url, &urlError);
    if (!urlError.isEmpty()) {
        *error = tr("Bad --url: %1").arg(urlError);
        return Usage;
    }
    *error = whyNotWritable(options.out);
    if (!error->isEmpty())
        return Failure;

    boundInTime(&settings, options.timeoutSeconds);
    HeadlessSession session(settings);
    ServerReads *reads = session.reads();
    CommandOutcome outcome;
    QObject *context = outcome.context();

    QTimer::singleShot(options.timeoutSeconds * 1000 + 2000, context, [&] {
        outcome.settle(Failure,
                       tr("No answer from %1 within %2 s.").arg(settings.describe()).arg(options.timeoutSeconds));
    });
    failWhenUnreachable(&session, settings, &outcome);

    const auto exportDay = [&](const DayStats &stats) {
        QList<HistogramSeries> series;
        qint64 jobs = 0;
        for (StatsSeries::Kind kind : options.kinds) {
            const DurationFigures &f = StatsSeries::figures(stats, kind);
            jobs += f.count + binTotal(f);
            series << StatsSeries::histogram(stats, kind, StatsSeries::seriesName(kind, options.date, options.queue));
        }
        const QString day = options.date.toString(Qt::ISODate);
        if (jobs == 0) {
            const QString what = options.kinds.size() == 2                          ? tr("wait or run times")
                                 : options.kinds.first() == StatsSeries::Kind::Wait ? tr("wait times")
                                                                                    : tr("run times");
            outcome.settle(Failure, tr("No data: queue \"%1\" has no %2 on %3 (UTC).").arg(options.queue, what, day));
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
            outcome.settle(Failure, problem);
        else
            outcome.settle(Success, QString());
    };

    reads->queueCounts(context, [&](const QlessReply<QList<QueueCounts>> &reply) {
        if (!reply.ok()) {
            // The first request fails with the connection; say so the same way the state does.
            const bool transport = reply.error.kind != RedisError::Kind::ScriptError
                                   && reply.error.kind != RedisError::Kind::BadReply
                                   && reply.error.kind != RedisError::Kind::ServerError;
            outcome.settle(Failure,
                           (transport ? tr("Cannot connect to %1: %2") : tr("Cannot read the queues of %1: %2"))
                               .arg(settings.describe(), reply.error.message));
            return;
        }
        if (!lists(reply.value, options.queue)) {
            outcome.settle(Failure, tr("Unknown queue \"%1\" on %2; %3.")
                                        .arg(options.queue, settings.describe(), queuesItHas(reply.value, 12)));
            return;
        }
        reads->dayStats(
            options.queue, StatsHistory::timestampOf(options.date), context, [&](const QlessReply<DayStats> &stats) {
                if (!stats.ok())
                    outcome.settle(Failure,
                                   tr("Cannot read the stats of \"%1\": %2").arg(options.queue, stats.error.message));
                else
                    exportDay(stats.value);
            });
    });

    return outcome.wait(error);
}
