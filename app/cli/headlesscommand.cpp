// SPDX-License-Identifier: GPL-3.0-or-later
#include "headlesscommand.h"

#include "commandlineurl.h"
#include "commandoutcome.h"
#include "connectionsettings.h"
#include "headlesssession.h"
#include "queuecounts.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>

#include <cstdio>

namespace {
// The command whose name starts every line on stderr, Qt's critical messages included.
QString &quietCommand()
{
    static QString command;
    return command;
}

void quietHandler(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::fprintf(stderr, "qlessdesk %s: %s\n", qUtf8Printable(quietCommand()),
                     qUtf8Printable(message.simplified()));
}
} // namespace

bool HeadlessCommand::isNamed(const QString &command, int argc, char *argv[])
{
    return argc > 1 && QString::fromLocal8Bit(argv[1]) == command;
}

void HeadlessCommand::quietQtMessages(const QString &command)
{
    quietCommand() = command;
    if (qEnvironmentVariableIsEmpty("QLESSDESK_DEBUG"))
        qInstallMessageHandler(quietHandler);
}

void HeadlessCommand::nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("qlessdesk"));
    QCoreApplication::setOrganizationName(QStringLiteral("qlessdesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QLESSDESK_VERSION));
}

int HeadlessCommand::readAndExecute(const QString &command, const Parse &parse, const Execute &execute)
{
    const QStringList arguments = QCoreApplication::arguments().mid(2); // the program and the command's name
    QString error;
    QString help;
    if (!parse(arguments, &error, &help)) {
        if (!help.isEmpty()) {
            std::fputs(qUtf8Printable(help), stdout);
            return Success;
        }
        printError(command, error);
        return Usage;
    }
    const int code = execute(&error);
    if (code != Success)
        printError(command, error);
    return code;
}

void HeadlessCommand::printError(const QString &command, const QString &message)
{
    std::fprintf(stderr, "qlessdesk %s: %s\n", qUtf8Printable(command), qUtf8Printable(message.simplified()));
}

QCommandLineOption HeadlessCommand::helpOption()
{
    return QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, tr("Shows this help."));
}

QCommandLineOption HeadlessCommand::urlOption()
{
    return QCommandLineOption(QStringLiteral("url"),
                              tr("The qless server: redis://[user:password@]host:port/db, rediss://..., "
                                 "unix:///path.sock?db=N, redis-sentinel://... or rediss-sentinel://... "
                                 "Default: REDIS_URL. A URL without a password takes REDIS_PASSWORD's "
                                 "(a command line is visible to other users of the machine)."),
                              QStringLiteral("URL"));
}

QCommandLineOption HeadlessCommand::timeoutOption(const QString &description)
{
    return QCommandLineOption(QStringLiteral("timeout"), description, QStringLiteral("SECONDS"), QStringLiteral("15"));
}

bool HeadlessCommand::readLine(QCommandLineParser &parser, const QString &command, const QStringList &arguments,
                               QString *error, QString *helpText)
{
    QStringList argv = arguments;
    argv.prepend(QStringLiteral("qlessdesk ") + command);
    if (!parser.parse(argv)) {
        *error = parser.errorText();
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        if (helpText)
            *helpText = parser.helpText();
        error->clear();
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        *error = tr("Unexpected argument \"%1\"; see --help.").arg(parser.positionalArguments().first());
        return false;
    }
    return true;
}

bool HeadlessCommand::readUrl(const QCommandLineParser &parser, bool needed, QString *url, QString *error)
{
    const QString option = QStringLiteral("url");
    *url = parser.isSet(option) ? parser.value(option) : qEnvironmentVariable("REDIS_URL");
    if (url->isEmpty() && needed) {
        *error = tr("Missing --url (and REDIS_URL is not set).");
        return false;
    }
    if (parser.isSet(option)) {
        const QString warning = CommandLineUrl::passwordWarning(*url);
        if (!warning.isEmpty())
            printError(quietCommand(), warning);
    }
    return true;
}

bool HeadlessCommand::readTimeout(const QCommandLineParser &parser, int *seconds, QString *error)
{
    const QString text = parser.value(QStringLiteral("timeout"));
    bool numeric = false;
    *seconds = text.toInt(&numeric);
    if (!numeric || *seconds < 1 || *seconds > 3600) {
        *error = tr("Bad --timeout \"%1\": expected whole seconds from 1 to 3600.").arg(text);
        return false;
    }
    return true;
}

QString HeadlessCommand::whyNotWritable(const QString &path)
{
    const QFileInfo target(path);
    if (target.isDir())
        return tr("Cannot write %1: it is a folder.").arg(path);
    const QFileInfo folder(target.absolutePath());
    if (!folder.isDir())
        return tr("Cannot write %1: the folder %2 does not exist.").arg(path, folder.filePath());
    if (!folder.isWritable())
        return tr("Cannot write %1: the folder %2 is not writable.").arg(path, folder.filePath());
    return {};
}

void HeadlessCommand::boundInTime(ConnectionSettings *settings, int timeoutSeconds)
{
    const int timeoutMs = timeoutSeconds * 1000;
    settings->maxReconnectAttempts = 2;
    settings->connectTimeoutMs = qMin(settings->connectTimeoutMs, timeoutMs);
    settings->requestTimeoutMs = timeoutMs;
    settings->readOnly = true; // it only reads
}

void HeadlessCommand::failWhenUnreachable(HeadlessSession *session, const ConnectionSettings &settings,
                                          CommandOutcome *outcome, const std::function<void()> &afterwards)
{
    const QString server = settings.describe();
    QObject::connect(session, &HeadlessSession::stateChanged, outcome->context(),
                     [server, outcome, afterwards](const ConnectionState &state) {
                         if (state.phase != ConnectionState::Phase::Failed)
                             return;
                         outcome->settle(Failure, tr("Cannot connect to %1: %2").arg(server, state.error.message));
                         if (afterwards)
                             afterwards();
                     });
}

bool HeadlessCommand::lists(const QList<QueueCounts> &queues, const QString &queue)
{
    return std::any_of(queues.cbegin(), queues.cend(),
                       [&queue](const QueueCounts &counts) { return counts.name == queue; });
}

QString HeadlessCommand::queuesItHas(const QList<QueueCounts> &queues, int most)
{
    QStringList names;
    for (const QueueCounts &counts : queues)
        names << counts.name;
    if (names.isEmpty())
        return tr("it has none");
    names.sort();
    if (names.size() > most)
        names = names.mid(0, most) << tr("… (%1 in all)").arg(queues.size());
    return tr("it has %1").arg(names.join(QStringLiteral(", ")));
}
