// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

class CommandOutcome;
class HeadlessSession;
class QCommandLineOption;
class QCommandLineParser;
struct ConnectionSettings;
struct QueueCounts;

// What the headless commands (export-stats, export-table) share, so that each keeps only its own
// options and work: the exit codes, one line on stderr for every problem (Qt's chatter kept off
// it), --help, --url and --timeout, the checks made before connecting, and a connection that
// only reads and gives up in bounded time. The commands derive from it for these static parts.
class HeadlessCommand
{
    Q_DECLARE_TR_FUNCTIONS(HeadlessCommand)

public:
    // Exit codes: 2 the command line is wrong, 1 the export could not be done.
    enum Exit { Success = 0, Failure = 1, Usage = 2 };

protected:
    using Parse = std::function<bool(const QStringList &arguments, QString *error, QString *helpText)>;
    using Execute = std::function<int(QString *error)>;

    // Whether argv asks for `command` (its first argument is the command's name).
    static bool isNamed(const QString &command, int argc, char *argv[]);
    // Before the application object: stderr is the command's answer to whoever runs it, and
    // Qt's own notes (no XDG_RUNTIME_DIR under cron, fonts, platform) would bury the one line that
    // matters. QLESSDESK_DEBUG=1 keeps them.
    static void quietQtMessages(const QString &command);
    // After it: the names settings and --version use.
    static void nameApplication();
    // The rest of main(): reads the arguments after the program and command names with
    // `parse`; --help goes to stdout, a wrong command line to stderr (Usage); else runs
    // `execute` and prints its failure.
    static int readAndExecute(const QString &command, const Parse &parse, const Execute &execute);
    // A command's whole main() after what it sets before its application object: Qt kept quiet,
    // an `App` (QCoreApplication, or QApplication for a command that draws), the names, then its
    // command line read into Options by `parse` and run by `execute` (readAndExecute).
    template<typename App, typename Options>
    static int runCommand(const QString &command, int argc, char *argv[],
                          bool (*parse)(const QStringList &, Options *, QString *, QString *),
                          int (*execute)(const Options &, QString *))
    {
        quietQtMessages(command);
        App app(argc, argv);
        nameApplication();
        Options options;
        const auto parseInto = [&options, parse](const QStringList &arguments, QString *error, QString *help) {
            return parse(arguments, &options, error, help);
        };
        return readAndExecute(command, parseInto,
                              [&options, execute](QString *error) { return execute(options, error); });
    }
    // One line, whatever the message held: scripts and logs read stderr line by line.
    static void printError(const QString &command, const QString &message);

    static QCommandLineOption helpOption();
    static QCommandLineOption urlOption();
    // `description` says what the timeout bounds for this command.
    static QCommandLineOption timeoutOption(const QString &description);
    // Parses `arguments` as `command` would show them. False with `error` set on a wrong line or
    // an argument no option takes; false with `helpText` set and `error` empty on --help.
    static bool readLine(QCommandLineParser &parser, const QString &command, const QStringList &arguments,
                         QString *error, QString *helpText);
    // --url, or REDIS_URL when it is not given; false when neither is and a server is needed.
    static bool readUrl(const QCommandLineParser &parser, bool needed, QString *url, QString *error);
    static bool readTimeout(const QCommandLineParser &parser, int *seconds, QString *error);

    // Why `path` cannot be written (a folder, or a folder that is missing or not writable), or
    // empty: checked before connecting, so a command does not read a server for nothing.
    static QString whyNotWritable(const QString &path);
    // Two attempts (a server restarting gets a second chance), each request bounded by the
    // timeout, read-only: a command should fail, not wait for a server that is away.
    static void boundInTime(ConnectionSettings *settings, int timeoutSeconds);
    // Settles `outcome` as a failure when `session`'s connection gives up, then calls `afterwards`.
    static void failWhenUnreachable(HeadlessSession *session, const ConnectionSettings &settings,
                                    CommandOutcome *outcome, const std::function<void()> &afterwards = {});
    static bool lists(const QList<QueueCounts> &queues, const QString &queue);
    // "it has a, b, … (40 in all)" with at most `most` names, sorted, or "it has none": enough to
    // tell a typo from the wrong server, however many queues a server holds.
    static QString queuesItHas(const QList<QueueCounts> &queues, int most);
};
