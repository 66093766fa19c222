// SPDX-License-Identifier: GPL-3.0-or-later
#include "exporttablecommand.h"

#include "bluequesession.h"
#include "bluequetableexport.h"
#include "commandlineurl.h"
#include "commandoutcome.h"
#include "connectionsettings.h"
#include "headlesssession.h"
#include "serverreads.h"
#include "sidejobsession.h"
#include "sidejobtableexport.h"
#include "tablecsvexport.h"

#include <QCommandLineParser>

#include <memory>

namespace {
// Which narrowing options a view takes; any other given is a mistake worth saying.
QStringList narrowingsOf(TableExportView::Kind kind)
{
    using Kind = TableExportView::Kind;
    switch (kind) {
    case Kind::Jobs:
    case Kind::BluequeTasks: return {QStringLiteral("queue"), QStringLiteral("state")};
    case Kind::Failed: return {QStringLiteral("group")};
    case Kind::Completed: return {QStringLiteral("queue"), QStringLiteral("class")};
    case Kind::Workers: return {QStringLiteral("worker")};
    case Kind::Tags: return {QStringLiteral("tag")};
    case Kind::Activity: return {QStringLiteral("audit-log")};
    case Kind::SideJobJobs:
        return {QStringLiteral("status"), QStringLiteral("queue"), QStringLiteral("class"),
                QStringLiteral("created-by")};
    default: return {};
    }
}
} // namespace

bool ExportTableCommand::isRequested(int argc, char *argv[])
{
    return isNamed(name(), argc, argv);
}

bool ExportTableCommand::parse(const QStringList &arguments, Options *options, QString *error, QString *helpText)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Writes one of the console's tables, every row of it, to a CSV file (a header row; times in "
           "ISO 8601 UTC). Needs no display. Exits 0 on success; 2 for a wrong command line, 1 when "
           "the export could not be done, with the reason on stderr."));
    const QCommandLineOption view(
        QStringLiteral("view"),
        tr("The table (required): %1.").arg(TableExportView::viewNames().join(QStringLiteral(", "))),
        QStringLiteral("VIEW"));
    const QCommandLineOption queue(
        QStringLiteral("queue"),
        tr("jobs, blueque-tasks: the queue (required); completed: only jobs completed in it; "
           "sidejob-jobs: only its jobs."),
        QStringLiteral("Q"));
    const QCommandLineOption state(QStringLiteral("state"),
                                   tr("jobs: the state (required): %1. blueque-tasks: the state (required): %2.")
                                       .arg(TableExportView::jobStates().join(QStringLiteral(", ")),
                                            TableExportView::bluequeStates().join(QStringLiteral(", "))),
                                   QStringLiteral("S"));
    const QCommandLineOption status(QStringLiteral("status"),
                                    tr("sidejob-jobs: only jobs in this status: %1.")
                                        .arg(TableExportView::sideJobStatuses().join(QStringLiteral(", "))),
                                    QStringLiteral("S"));
    const QCommandLineOption group(QStringLiteral("group"), tr("failed: that group's jobs instead of the groups."),
                                   QStringLiteral("G"));
    const QCommandLineOption worker(QStringLiteral("worker"), tr("workers: that worker's jobs instead of the workers."),
                                    QStringLiteral("W"));
    const QCommandLineOption tag(QStringLiteral("tag"), tr("tags: that tag's jobs instead of the tags."),
                                 QStringLiteral("T"));
    const QCommandLineOption klass(
        QStringLiteral("class"),
        tr("completed: only jobs whose class contains this text (any case); sidejob-jobs: only jobs of "
           "this class (exact)."),
        QStringLiteral("K"));
    const QCommandLineOption createdBy(QStringLiteral("created-by"),
                                       tr("sidejob-jobs: only jobs whose created_by contains this text."),
                                       QStringLiteral("TEXT"));
    const QCommandLineOption auditLog(QStringLiteral("audit-log"),
                                      tr("activity: the log file (default: this user's); needs no server."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption out(QStringLiteral("out"), tr("The CSV file to write (required)."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption timeout = timeoutOption(tr("Give up when the server has not answered a request within "
                                                        "this many seconds (default: 15)."));
    parser.addOptions({helpOption(), urlOption(), view, queue, state, status, group, worker, tag, klass, createdBy,
                       auditLog, out, timeout});
    if (!readLine(parser, name(), arguments, error, helpText))
        return false;

    Options o;
    if (!parser.isSet(view)) {
        *error = tr("Missing --view: one of %1.").arg(TableExportView::viewNames().join(QStringLiteral(", ")));
        return false;
    }
    if (!TableExportView::kindOf(parser.value(view), &o.view.kind)) {
        *error = tr("Unknown --view \"%1\": expected one of %2.")
                     .arg(parser.value(view), TableExportView::viewNames().join(QStringLiteral(", ")));
        return false;
    }
    const QStringList allowed = narrowingsOf(o.view.kind);
    for (const QCommandLineOption *option :
         {&queue, &state, &status, &group, &worker, &tag, &klass, &createdBy, &auditLog}) {
        const QString optionName = option->names().constFirst();
        if (parser.isSet(*option) && !allowed.contains(optionName)) {
            *error = tr("--%1 does not apply to --view %2.").arg(optionName, parser.value(view));
            return false;
        }
        if (parser.isSet(*option) && parser.value(*option).isEmpty()) {
            *error = tr("--%1 is empty.").arg(optionName);
            return false;
        }
    }
    o.view.queue = parser.value(queue);
    // SideJob calls its states statuses; the view keeps either in `state`.
    o.view.state = parser.isSet(status) ? parser.value(status) : parser.value(state);
    o.view.group = parser.value(group);
    o.view.worker = parser.value(worker);
    o.view.tag = parser.value(tag);
    o.view.klass = parser.value(klass);
    o.view.creator = parser.value(createdBy);
    o.view.auditLogPath = parser.value(auditLog);
    const QString problem = o.view.problem();
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    if (!readUrl(parser, o.view.kind != TableExportView::Kind::Activity, &o.url, error)
        || !readTimeout(parser, &o.timeoutSeconds, error))
        return false;
    o.out = parser.value(out);
    if (o.out.isEmpty()) {
        *error = tr("Missing --out FILE.csv.");
        return false;
    }
    *options = o;
    return true;
}

int ExportTableCommand::run(int argc, char *argv[])
{
    return runCommand<QCoreApplication>(name(), argc, argv, &parse, &execute);
}

int ExportTableCommand::execute(const Options &options, QString *error)
{
    *error = whyNotWritable(options.out);
    if (!error->isEmpty())
        return Failure;

    const bool needsServer = options.view.kind != TableExportView::Kind::Activity;
    ConnectionSettings settings;
    if (needsServer) {
        QString urlError;
        settings = CommandLineUrl::read(options.url, &urlError);
        if (!urlError.isEmpty()) {
            *error = tr("Bad --url: %1").arg(urlError);
            return Usage;
        }
    }
    // Each request has the timeout; the whole export has none (a large list takes many requests).
    boundInTime(&settings, options.timeoutSeconds);
    std::unique_ptr<HeadlessSession> session;
    if (needsServer)
        session = std::make_unique<HeadlessSession>(settings);

    // Blueque's views read through its own session over the same connection.
    std::unique_ptr<BluequeSession> blueque;
    if (options.view.isBlueque())
        blueque = std::make_unique<BluequeSession>(session->connection());
    // SideJob's likewise.
    std::unique_ptr<SideJobSession> sidejob;
    if (options.view.isSideJob())
        sidejob = std::make_unique<SideJobSession>(session->connection());
    const auto csv =
        blueque   ? std::make_unique<TableCsvExport>(new BluequeTableExport(blueque.get(), options.view), options.out)
        : sidejob ? std::make_unique<TableCsvExport>(new SideJobTableExport(sidejob.get(), options.view), options.out)
                  : std::make_unique<TableCsvExport>(session ? session->client() : nullptr, options.view, options.out);
    CommandOutcome outcome;
    QObject::connect(csv.get(), &TableCsvExport::finished, outcome.context(),
                     [&outcome](bool ok, const QString &message) { outcome.settle(ok ? Success : Failure, message); });
    // Its message first: the "Cancelled." that follows is then ignored, and the partial file goes.
    if (session)
        failWhenUnreachable(session.get(), settings, &outcome, [&csv] { csv->cancel(); });
    const auto start = [&] {
        QString openError;
        if (!csv->start(&openError))
            outcome.settle(Failure, openError);
    };
    if (options.view.kind == TableExportView::Kind::Jobs) {
        // A queue qless does not list would give a header and no row, as an empty one does: a
        // typo in a report script must not pass for "nothing waiting". desk.queues first.
        const QString queue = options.view.queue;
        session->reads()->queueCounts(outcome.context(), [&, queue](const QlessReply<QList<QueueCounts>> &reply) {
            if (!reply.ok())
                outcome.settle(Failure, tr("Cannot read the queues: %1").arg(reply.error.message));
            else if (!lists(reply.value, queue))
                outcome.settle(Failure, tr("No queue \"%1\" on %2 (%3).")
                                            .arg(queue, settings.describe(), queuesItHas(reply.value, 20)));
            else
                start();
        });
    } else {
        start();
    }
    return outcome.wait(error);
}
