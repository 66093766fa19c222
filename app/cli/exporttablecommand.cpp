#include "exporttablecommand.h"

#include "connectionsettings.h"
#include "qlessclient.h"
#include "redisconnection.h"
#include "tablecsvexport.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace {
void printError(const QString &message)
{
    std::fprintf(stderr, "qlessdesk export-table: %s\n", qUtf8Printable(message.simplified()));
}

// As export-stats: stderr carries the command's one line, not Qt's chatter (QLESSDESK_DEBUG=1 keeps it).
void quietHandler(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        printError(message);
}

// Which narrowing options a view takes; any other given is a mistake worth saying.
QStringList narrowingsOf(TableExportView::Kind kind)
{
    using Kind = TableExportView::Kind;
    switch (kind) {
    case Kind::Jobs: return {QStringLiteral("queue"), QStringLiteral("state")};
    case Kind::Failed: return {QStringLiteral("group")};
    case Kind::Completed: return {QStringLiteral("queue"), QStringLiteral("class")};
    case Kind::Workers: return {QStringLiteral("worker")};
    case Kind::Tags: return {QStringLiteral("tag")};
    case Kind::Activity: return {QStringLiteral("audit-log")};
    default: return {};
    }
}
} // namespace

bool ExportTableCommand::isRequested(int argc, char *argv[])
{
    return argc > 1 && std::strcmp(argv[1], "export-table") == 0;
}

bool ExportTableCommand::parse(const QStringList &arguments, Options *options, QString *error, QString *helpText)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Writes one of the console's tables, every row of it, to a CSV file (a header row; times in "
           "ISO 8601 UTC). Needs no display. Exits 0 on success; 2 for a wrong command line, 1 when "
           "the export could not be done, with the reason on stderr."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, tr("Shows this help."));
    const QCommandLineOption url(QStringLiteral("url"),
                                 tr("The qless server: redis://[user:password@]host:port/db, rediss://..., "
                                    "unix:///path.sock?db=N or redis-sentinel://... Default: REDIS_URL."),
                                 QStringLiteral("URL"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  tr("The table (required): %1.").arg(TableExportView::viewNames().join(QStringLiteral(", "))),
                                  QStringLiteral("VIEW"));
    const QCommandLineOption queue(QStringLiteral("queue"), tr("jobs: the queue (required); completed: only jobs completed in it."),
                                   QStringLiteral("Q"));
    const QCommandLineOption state(QStringLiteral("state"),
                                   tr("jobs: the state (required): %1.").arg(TableExportView::jobStates().join(QStringLiteral(", "))),
                                   QStringLiteral("S"));
    const QCommandLineOption group(QStringLiteral("group"), tr("failed: that group's jobs instead of the groups."),
                                   QStringLiteral("G"));
    const QCommandLineOption worker(QStringLiteral("worker"), tr("workers: that worker's jobs instead of the workers."),
                                    QStringLiteral("W"));
    const QCommandLineOption tag(QStringLiteral("tag"), tr("tags: that tag's jobs instead of the tags."),
                                 QStringLiteral("T"));
    const QCommandLineOption klass(QStringLiteral("class"),
                                   tr("completed: only jobs whose class contains this text (any case)."),
                                   QStringLiteral("K"));
    const QCommandLineOption auditLog(QStringLiteral("audit-log"),
                                      tr("activity: the log file (default: this user's); needs no server."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption out(QStringLiteral("out"), tr("The CSV file to write (required)."), QStringLiteral("FILE"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     tr("Give up when the server has not answered a request within this many "
                                        "seconds (default: 15)."),
                                     QStringLiteral("SECONDS"), QStringLiteral("15"));
    parser.addOptions({help, url, view, queue, state, group, worker, tag, klass, auditLog, out, timeout});

    QStringList argv = arguments;
    argv.prepend(QStringLiteral("qlessdesk export-table"));
    if (!parser.parse(argv)) {
        *error = parser.errorText();
        return false;
    }
    if (parser.isSet(help)) {
        if (helpText)
            *helpText = parser.helpText();
        error->clear();
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        *error = tr("Unexpected argument \"%1\"; see --help.").arg(parser.positionalArguments().first());
        return false;
    }

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
    for (const QCommandLineOption *option : {&queue, &state, &group, &worker, &tag, &klass, &auditLog}) {
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
    o.view.state = parser.value(state);
    o.view.group = parser.value(group);
    o.view.worker = parser.value(worker);
    o.view.tag = parser.value(tag);
    o.view.klass = parser.value(klass);
    o.view.auditLogPath = parser.value(auditLog);
    const QString problem = o.view.problem();
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    o.url = parser.isSet(url) ? parser.value(url) : qEnvironmentVariable("REDIS_URL");
    if (o.url.isEmpty() && o.view.kind != TableExportView::Kind::Activity) {
        *error = tr("Missing --url (and REDIS_URL is not set).");
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
        *error = tr("Missing --out FILE.csv.");
        return false;
    }
    *options = o;
    return true;
}

int ExportTableCommand::run(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QLESSDESK_DEBUG"))
        qInstallMessageHandler(quietHandler);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("qlessdesk"));
    QCoreApplication::setOrganizationName(QStringLiteral("qlessdesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QLESSDESK_VERSION));

    const QStringList arguments = QCoreApplication::arguments().mid(2); // the program and the command's name
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
    const int code = execute(options, &error);
    if (code != Success)
        printError(error);
    return code;
}

int ExportTableCommand::execute(const Options &options, QString *error)
{
    const QFileInfo target(options.out);
    if (target.isDir()) {
        *error = tr("Cannot write %1: it is a folder.").arg(options.out);
        return Failure;
    }
    const QFileInfo folder(target.absolutePath());
    if (!folder.isDir()) {
        *error = tr("Cannot write %1: the folder %2 does not exist.").arg(options.out, folder.filePath());
        return Failure;
    }

    const bool needsServer = options.view.kind != TableExportView::Kind::Activity;
    ConnectionSettings settings;
    if (needsServer) {
        QString urlError;
        settings = ConnectionSettings::fromUrl(options.url, &urlError);
        if (!urlError.isEmpty()) {
            *error = tr("Bad --url: %1").arg(urlError);
            return Usage;
        }
    }
    // Bounded in time: a command should fail, not wait for a server that is away. Each request has
    // the timeout; the whole export has no limit (a large list takes many requests).
    const int timeoutMs = options.timeoutSeconds * 1000;
    settings.maxReconnectAttempts = 2;
    settings.connectTimeoutMs = qMin(settings.connectTimeoutMs, timeoutMs);
    settings.requestTimeoutMs = timeoutMs;
    settings.readOnly = true; // it only reads
    std::unique_ptr<RedisConnection> connection;
    std::unique_ptr<QlessClient> client;
    if (needsServer) {
        connection = std::make_unique<RedisConnection>(settings);
        client = std::make_unique<QlessClient>(connection.get());
    }

    TableCsvExport csv(client.get(), options.view, options.out);
    QEventLoop loop;
    int exitCode = -1;
    const auto finish = [&](int code, const QString &why) {
        if (exitCode != -1)
            return;
        exitCode = code;
        *error = why;
        loop.quit();
    };
    QObject::connect(&csv, &TableCsvExport::finished, &loop, [&](bool ok, const QString &message) {
        finish(ok ? Success : Failure, message);
    });
    if (connection) {
        QObject::connect(connection.get(), &RedisConnection::stateChanged, &loop, [&](const ConnectionState &state) {
            if (state.phase == ConnectionState::Phase::Failed) {
                // This message first: the "Cancelled." that follows is then ignored.
                finish(Failure, tr("Cannot connect to %1: %2").arg(settings.describe(), state.error.message));
                csv.cancel(); // the partial file goes
            }
        });
    }
    const auto start = [&] {
        QString openError;
        if (!csv.start(&openError))
            finish(Failure, openError);
    };
    if (options.view.kind == TableExportView::Kind::Jobs) {
        // A queue qless does not list would give a header and no row, as an empty one does: a
        // typo in a report script must not pass for "nothing waiting". desk.queues first.
        const QString queue = options.view.queue;
        client->queueCounts(&loop, [&, queue](const QlessReply<QList<QueueCounts>> &reply) {
            if (!reply.ok()) {
                finish(Failure, tr("Cannot read the queues: %1").arg(reply.error.message));
                return;
            }
            QStringList names;
            for (const QueueCounts &counts : reply.value)
                names << counts.name;
            if (!names.contains(queue)) {
                names.sort();
                const QString known = names.isEmpty() ? tr("it has none") : tr("it has %1").arg(names.mid(0, 20).join(QStringLiteral(", "))
                                                                                             + (names.size() > 20 ? tr(", …") : QString()));
                finish(Failure, tr("No queue \"%1\" on %2 (%3).").arg(queue, settings.describe(), known));
                return;
            }
            start();
        });
    } else {
        start();
    }
    if (exitCode == -1)
        loop.exec();
    return exitCode;
}
