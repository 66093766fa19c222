// qlessdesk: the console's entry point. Parses the command line, then opens the window on the
// server named by --url, REDIS_URL, or the connection dialog.
#include "connectiondialog.h"
#include "exportstatscommand.h"
#include "mainwindow.h"
#include "passwordstore.h"
#include "profilestore.h"
#include "qlesssession.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>

int main(int argc, char *argv[])
{
    // Headless subcommands run before (and instead of) anything of the window.
    if (ExportStatsCommand::isRequested(argc, argv))
        return ExportStatsCommand::run(argc, argv);

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("qlessdesk"));
    QApplication::setOrganizationName(QStringLiteral("qlessdesk"));
    QApplication::setApplicationVersion(QStringLiteral(QLESSDESK_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("qlessdesk"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "A desktop console for the qless job queue: queues, jobs, failures, workers and "
                "statistics of a qless deployment, live."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption urlOption(
        QStringLiteral("url"),
        QApplication::translate("main", "Connect to URL: redis://[user:password@]host:port/db, rediss://..., "
                                        "unix:///path.sock?db=N or redis-sentinel://host:port,.../master[/db]. "
                                        "Default: REDIS_URL, else the connection dialog."),
        QStringLiteral("URL"));
    const QCommandLineOption readOnlyOption(
        QStringLiteral("read-only"), QApplication::translate("main", "Open the connection read-only: no action can write."));
    parser.addOption(urlOption);
    parser.addOption(readOnlyOption);
    parser.process(app);

    ProfileStore profiles;
    PasswordStore passwords;
    MainWindow window;

    const auto connectTo = [&window](ConnectionSettings settings, bool readOnly) {
        settings.readOnly = settings.readOnly || readOnly;
        window.setSession(std::make_unique<QlessSession>(settings));
    };
    const auto askWhereToConnect = [&] {
        auto *dialog = new ConnectionDialog(&profiles, &passwords, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &QDialog::accepted, &window, [&, dialog] {
            connectTo(dialog->settings(), parser.isSet(readOnlyOption));
        });
        dialog->open();
    };
    QObject::connect(&window, &MainWindow::connectRequested, &window, askWhereToConnect);

    QString url = parser.value(urlOption);
    if (url.isEmpty())
        url = qEnvironmentVariable("REDIS_URL");
    window.show();
    if (url.isEmpty()) {
        QTimer::singleShot(0, &window, askWhereToConnect);
    } else {
        QString error;
        const ConnectionSettings settings = ConnectionSettings::fromUrl(url, &error);
        if (!error.isEmpty()) {
            std::fprintf(stderr, "qlessdesk: %s\n", qPrintable(error));
            return 2;
        }
        connectTo(settings, parser.isSet(readOnlyOption));
    }
    return QApplication::exec();
}
