// SPDX-License-Identifier: GPL-3.0-or-later
// qlessdesk: the console's entry point. Parses the command line, then opens the window on the
// server named by --url, REDIS_URL, or the connection dialog (REDIS_PASSWORD: the password of a
// URL without one).
#include "alertrulestore.h"
#include "apptheme.h"
#include "commandlineurl.h"
#include "connectiondialog.h"
#include "exporthistorycommand.h"
#include "exportstatscommand.h"
#include "exporttablecommand.h"
#include "heapsettings.h"
#include "layoutmemory.h"
#include "mainwindow.h"
#include "passwordstore.h"
#include "profilestore.h"
#include "recordcommand.h"
#include "serverwindows.h"
#include "uilanguage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPointer>
#include <QTimer>

#include <cstdio>

namespace {
// The value of --lang (--lang de, --lang=de), read before the parser exists: the parser's own
// texts (--help) are translated when it is built, so the language must be installed first.
QString requestedLanguage(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--lang" && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (arg.startsWith("--lang="))
            return QString::fromLocal8Bit(arg.mid(7));
    }
    return {};
}
} // namespace

int main(int argc, char *argv[])
{
    HeapSettings::mergeFreedBlocksAtOnce();
    // Headless subcommands run before (and instead of) anything of the window.
    if (ExportStatsCommand::isRequested(argc, argv))
        return ExportStatsCommand::run(argc, argv);
    if (ExportTableCommand::isRequested(argc, argv))
        return ExportTableCommand::run(argc, argv);
    if (RecordCommand::isRequested(argc, argv))
        return RecordCommand::run(argc, argv);
    if (ExportHistoryCommand::isRequested(argc, argv))
        return ExportHistoryCommand::run(argc, argv);
    // --version and --help print and leave: they must work on a machine with no display (a
    // package check, a terminal over ssh), where the window's platform plugin cannot load.
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        const bool printOnly =
            arg == "--version" || arg == "-v" || arg == "--help" || arg == "-h" || arg == "--help-all";
        if (printOnly && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
            && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("qlessdesk"));
    QApplication::setOrganizationName(QStringLiteral("qlessdesk"));
    QApplication::setApplicationVersion(QStringLiteral(QLESSDESK_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("qlessdesk"));

    const QString requested = requestedLanguage(argc, argv);
    const QString language = UiLanguage::resolve(requested);
    if (language.isEmpty()) {
        std::fprintf(stderr, "qlessdesk: %s\n", qPrintable(UiLanguage::unknownLanguageMessage(requested)));
        return 2;
    }
    if (!requested.isEmpty())
        UiLanguage::useLocaleOf(language);
    UiLanguage::install(language);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main",
                                "A desktop console for the qless job queue: queues, jobs, failures, workers and "
                                "statistics of a qless deployment, live.\n"
                                "Headless chart export: qlessdesk export-stats --help\n"
                                "Headless table export (CSV): qlessdesk export-table --help"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption urlOption(
        QStringLiteral("url"),
        QApplication::translate("main", "Connect to URL: redis://[user:password@]host:port/db, rediss://..., "
                                        "unix:///path.sock?db=N or redis-sentinel://host:port,.../master[/db]. "
                                        "Given several times, each server opens in a window of its own. "
                                        "Default: REDIS_URL, else the connection dialog."),
        QStringLiteral("URL"));
    const QCommandLineOption readOnlyOption(
        QStringLiteral("read-only"),
        QApplication::translate("main", "Open the connection read-only: no action can write."));
    const QCommandLineOption darkOption(
        QStringLiteral("dark"),
        QApplication::translate("main", "Draw with the Fusion style and a dark palette, whatever the "
                                        "desktop's theme (also View > Dark palette)."));
    const QCommandLineOption langOption(
        QStringLiteral("lang"),
        QApplication::translate("main", "Speak LANG: %1. Default: the system's language if it is one of "
                                        "them, else English.")
            .arg(UiLanguage::available().join(QStringLiteral(", "))),
        QStringLiteral("LANG"));
    parser.addOption(urlOption);
    parser.addOption(langOption);
    parser.addOption(readOnlyOption);
    parser.addOption(darkOption);
    parser.process(app);
    if (parser.isSet(darkOption))
        AppTheme::setDark(true);

    ProfileStore profiles;
    PasswordStore passwords;
    ServerWindows windows([](MainWindow *window) {
        window->setMemory(std::make_unique<LayoutMemory>());
        window->setAlertStore(std::make_unique<AlertRuleStore>());
    });
    const bool readOnly = parser.isSet(readOnlyOption);
    // Where to connect `window` (null: a new window), asked with the connection dialog.
    const auto askWhereToConnect = [&](MainWindow *window) {
        auto *dialog = new ConnectionDialog(&profiles, &passwords, window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &QDialog::accepted, &windows, [&, window = QPointer<MainWindow>(window), dialog] {
            ConnectionSettings settings = dialog->settings();
            settings.readOnly = settings.readOnly || readOnly;
            if (window)
                windows.connectWindow(window, settings, dialog->profileName());
            else
                windows.open(settings, dialog->profileName());
        });
        dialog->open();
    };
    QObject::connect(&windows, &ServerWindows::connectionWanted, &windows, askWhereToConnect);

    // Each --url opens a window of its own; with several, the All servers window shows them together.
    QStringList urls = parser.values(urlOption);
    for (const QString &url : std::as_const(urls)) {
        const QString warning = CommandLineUrl::passwordWarning(url);
        if (!warning.isEmpty())
            std::fprintf(stderr, "qlessdesk: %s\n", qPrintable(warning));
    }
    if (urls.isEmpty() && !qEnvironmentVariableIsEmpty("REDIS_URL"))
        urls << qEnvironmentVariable("REDIS_URL");
    QList<ConnectionSettings> servers;
    for (const QString &url : std::as_const(urls)) {
        QString error;
        ConnectionSettings settings = CommandLineUrl::read(url, &error);
        if (!error.isEmpty()) {
            std::fprintf(stderr, "qlessdesk: %s\n", qPrintable(error));
            return 2;
        }
        settings.readOnly = settings.readOnly || readOnly;
        servers << settings;
    }
    if (servers.isEmpty()) {
        MainWindow *first = windows.openWindow();
        QTimer::singleShot(0, first, [&askWhereToConnect, first] { askWhereToConnect(first); });
    }
    for (const ConnectionSettings &settings : std::as_const(servers))
        windows.open(settings);
    if (servers.size() > 1)
        windows.showAllServers();
    return QApplication::exec();
}
