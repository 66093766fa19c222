// SPDX-License-Identifier: GPL-3.0-or-later
#include "recordcommand.h"

#include "commandlineurl.h"
#include "connectionsettings.h"
#include "headlesssession.h"
#include "historyrecorder.h"
#include "historyregistry.h"
#include "historystore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QSettings>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <cstdio>

namespace {
std::atomic<int> stopSignal{0};

void onStopSignal(int signal)
{
    stopSignal = signal; // only this: a signal handler may do no more
}

void catchStopSignals()
{
    struct sigaction action = {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}
} // namespace

bool RecordCommand::isRequested(int argc, char *argv[])
{
    return isNamed(name(), argc, argv);
}

bool RecordCommand::parse(const QStringList &arguments, Options *options, QString *error, QString *helpText)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Records a qless server's history (queue counts and job events per minute) into its history "
           "file, with no window, until SIGINT or SIGTERM. Exits 0 when stopped; 1 when another process "
           "already records this file or it cannot be used; 2 for a wrong command line."));
    const QCommandLineOption database(QStringLiteral("database"),
                                      tr("The history file (default: the server's, under the application's data "
                                         "folder, the one the window reads)."),
                                      QStringLiteral("PATH"));
    parser.addOptions({helpOption(), urlOption(), database});
    if (!readLine(parser, name(), arguments, error, helpText))
        return false;
    Options o;
    if (!readUrl(parser, true, &o.url, error))
        return false;
    o.database = parser.value(database);
    *options = o;
    return true;
}

int RecordCommand::run(int argc, char *argv[])
{
    return runCommand<QCoreApplication>(name(), argc, argv, &parse, &execute);
}

int RecordCommand::execute(const Options &options, QString *error)
{
    QString urlError;
    ConnectionSettings settings = CommandLineUrl::read(options.url, &urlError);
    if (!urlError.isEmpty()) {
        *error = tr("Bad --url: %1").arg(urlError);
        return Usage;
    }
    // It only reads, and unlike the exports it waits for a server that is away: recording
    // resumes when it is back (the minutes between stay gaps).
    settings.readOnly = true;
    const QString path = options.database.isEmpty() ? HistoryRegistry::fileFor(settings) : options.database;
    catchStopSignals();

    HeadlessSession session(settings);
    QSettings userSettings; // the retention and size limit the window's settings chose
    std::shared_ptr<HistoryStore> store =
        HistoryRegistry::instance().store(path, HistoryPolicy::fromSettings(userSettings));
    QObject::connect(store.get(), &HistoryStore::problem, [](const QString &text) { printError(name(), text); });
    auto recorder = std::make_unique<HistoryRecorder>(store, session.client(), settings);
    QString why;
    if (!recorder->start(&why)) {
        *error = why;
        return Failure;
    }
    std::fprintf(stdout, "qlessdesk record: recording %s into %s\n", qUtf8Printable(settings.describe()),
                 qUtf8Printable(path));
    std::fflush(stdout);
    QObject::connect(&session, &HeadlessSession::stateChanged,
                     [server = settings.describe()](const ConnectionState &s) {
                         if (s.phase == ConnectionState::Phase::Reconnecting
                             || s.phase == ConnectionState::Phase::Failed)
                             printError(name(), tr("%1: %2").arg(server, s.describe()));
                     });

    QEventLoop loop;
    QTimer watch;
    // The handler only sets a flag; the loop looks at it a few times a second.
    QObject::connect(&watch, &QTimer::timeout, &loop, [&loop] {
        if (stopSignal != 0)
            loop.quit();
    });
    watch.start(200);
    loop.exec();
    recorder.reset(); // writes what it counted
    store.reset();    // closes the file once those writes are done
    return Success;
}
