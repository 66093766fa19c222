// SPDX-License-Identifier: GPL-3.0-or-later
#include "accessibilityaudit.h"
#include "actioncenter.h"
#include "actiontestkit.h"
#include "alertrulesdialog.h"
#include "allserverswindow.h"
#include "connectionbar.h"
#include "connectiondialog.h"
#include "connectionform.h"
#include "exportchartdialog.h"
#include "failureclusterscan.h"
#include "failureclustersdialog.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "jobnotedialog.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "passwordstore.h"
#include "profilestore.h"
#include "queueactions.h"
#include "queuepickerdialog.h"
#include "realisticpipeline.h"
#include "recurringeditdialog.h"
#include "recurringjob.h"
#include "serveroverviewmodel.h"

#include <QCheckBox>
#include <QDialog>
#include <QInputDialog>
#include <QListWidget>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>

namespace {
// No keychain: the connection dialog is looked at, nothing is stored.
class NoKeychain final : public PasswordStore
{
public:
    NoKeychain() { setAvailability(Availability::Unavailable); }
    void read(const QString &) override {}
    void write(const QString &, const QString &) override {}
    void remove(const QString &) override {}
};
} // namespace

// What a screen reader and a keyboard user meet: every control of every page and dialog has a
// name that Qt's accessibility interface reports, every label that names a control gives an Alt
// key to it, and every entry of the menus and the connection bar says its shortcut.
class TestAccessibility final : public QObject, public PageTestBase
{
    Q_OBJECT

    static void audit(QWidget *root, const QString &what)
    {
        const QStringList unnamed = AccessibilityAudit::unnamedControls(root);
        for (const QString &line : unnamed)
            qWarning("%s: unnamed %s", qPrintable(what), qPrintable(line)); // a failure's text is cut short
        QVERIFY2(unnamed.isEmpty(), qPrintable(what + QLatin1String(": controls without an accessible name:\n  ")
                                               + unnamed.join(QLatin1String("\n  "))));
        const QStringList noKey = AccessibilityAudit::buddiesWithoutMnemonic(root);
        QVERIFY2(noKey.isEmpty(), qPrintable(what + QLatin1String(": labels without a mnemonic:\n  ")
                                             + noKey.join(QLatin1String("\n  "))));
    }

    // Opens what `open` makes (window-modal, found by its object name), audits it, closes it.
    template<typename T>
    void auditOpened(const QString &name, const std::function<void()> &open)
    {
        open();
        T *dialog = ActionTestKit::waitForWidget<T>(name);
        QVERIFY2(dialog, qPrintable(name));
        audit(dialog, name);
        dialog->reject();
        QTRY_VERIFY(!dialog || !dialog->isVisible());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        RealisticPipeline::seed(fixture());
    }

    void everyPageNamesItsControls()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        for (Page *page : window.pages()) {
            QVERIFY(window.showPage(page->title()));
            refresh(page); // what it shows with data; a page that could not read still has its controls
            audit(page, page->title());
        }
        audit(&window, QStringLiteral("main window")); // the connection bar, the navigation, the runs
    }

    void everyDialogNamesItsControls()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        QlessSession *s = window.session();
        ActionCenter *center = ActionCenter::of(s);

        // The job window, on a failed job (every tab in use).
        emit center->openJobRequested(QByteArray("track-fail"));
        QTRY_VERIFY(window.jobDetail() && window.jobDetail()->view()->job().has_value());
        audit(window.jobDetail(), QStringLiteral("job window"));

        BulkTarget one;
        one.kind = BulkTarget::Kind::Jids;
        one.jids = {"some-job"};
        auditOpened<QMessageBox>(QStringLiteral("confirmAction"), [&] {
            center->confirm(&window, QStringLiteral("Cancel"), QStringLiteral("Cancel it?"),
                            QStringLiteral("Cancel jobs"), true, [] {});
        });
        auditOpened<QInputDialog>(QStringLiteral("priorityInput"), [&] { center->askPriority(one, 0, &window); });
        auditOpened<QInputDialog>(QStringLiteral("addTagsInput"), [&] { center->askTags(true, one, {}, &window); });
        auditOpened<QInputDialog>(QStringLiteral("removeTagsInput"),
                                  [&] { center->askTags(false, one, {QStringLiteral("nightly")}, &window); });
        auditOpened<QDialog>(QStringLiteral("queuePicker"), [&] { center->askMove(one, {}, &window); });
        Job waiting;
        waiting.jid = "some-job";
        waiting.state = QStringLiteral("depends");
        waiting.dependencies = {QStringLiteral("first"), QStringLiteral("second")};
        auditOpened<QInputDialog>(QStringLiteral("removeDependencyInput"),
                                  [&] { center->askRemoveDependency(waiting, &window); });
        auditOpened<QDialog>(QStringLiteral("jobNote"), [&] { center->askAddNote("some-job", &window); });
        QueueCounts queue;
        queue.name = QStringLiteral("crawl");
        auditOpened<QInputDialog>(QStringLiteral("maxConcurrencyInput"),
                                  [&] { QueueActions::of(s)->askMaxConcurrency(queue, &window); });
        RecurringJob recurring;
        recurring.jid = "nightly-report";
        recurring.klass = QStringLiteral("Reports.Nightly");
        recurring.queue = QStringLiteral("notify");
        recurring.interval = 3600;
        auditOpened<QDialog>(QStringLiteral("recurringEdit"), [&] { center->askEditRecurring(recurring, &window); });

        // Failed > Clusters… on a group of one failure.
        FailureClustersDialog clusters(s, QStringLiteral("boom"), &window);
        clusters.show();
        QTRY_VERIFY(!clusters.scan()->isRunning());
        audit(&clusters, QStringLiteral("failure clusters dialog"));

        ExportChartDialog chart(QStringLiteral("Export chart"), {QStringLiteral("Wait"), QStringLiteral("Run")}, 0,
                                &window);
        chart.show();
        audit(&chart, QStringLiteral("export chart dialog"));

        // Alerts > Rules…, on a rule of each shape (a queue, a group and its window, a worker, none).
        QList<AlertRule> rules;
        for (AlertRule::Kind kind : AlertRule::kinds()) {
            AlertRule rule;
            rule.id = AlertRule::kindKey(kind);
            rule.kind = kind;
            rule.windowMinutes = 10;
            rules << rule;
        }
        AlertRulesDialog alertRules(rules, {}, &window);
        alertRules.show();
        for (int row = 0; row < rules.size(); ++row) {
            alertRules.list()->setCurrentRow(row);
            audit(&alertRules, QStringLiteral("alert rules dialog, ") + rules.at(row).id);
        }

        // File > All servers, with this server read.
        AllServersWindow allServers;
        allServers.model()->addServer(s, QStringLiteral("here"));
        allServers.show();
        QTRY_VERIFY(allServers.model()->isRead(0));
        audit(&allServers, QStringLiteral("All servers window"));

        QTemporaryDir home;
        ProfileStore profiles(home.filePath(QStringLiteral("profiles.ini")));
        NoKeychain keychain;
        ConnectionDialog connection(&profiles, &keychain);
        connection.show();
        audit(&connection, QStringLiteral("connection dialog"));
        // Every transport's groups: the path fields (a line edit inside a FilePathEdit) too.
        connection.form()->setTransport(ConnectionSettings::Transport::Unix);
        audit(&connection, QStringLiteral("connection dialog, unix socket"));
        connection.form()->setTransport(ConnectionSettings::Transport::Tls);
        audit(&connection, QStringLiteral("connection dialog, TLS"));
        connection.form()->setTransport(ConnectionSettings::Transport::Sentinel);
        connection.form()->sentinelTlsBox()->setChecked(true);
        audit(&connection, QStringLiteral("connection dialog, Sentinel over TLS"));
    }

    void barAndMenusSayTheirShortcuts()
    {
        MainWindow window;
        window.setSession(session());
        // Every entry of the menus with a shortcut shows it (menus do), and every button of the
        // connection bar that has one names it in its tooltip.
        const QList<QAbstractButton *> buttons = window.connectionBar()->findChildren<QAbstractButton *>();
        for (QAbstractButton *button : buttons) {
            if (button->parentWidget() != window.connectionBar())
                continue; // inside another control (the search field's clear button)
            QVERIFY2(!button->toolTip().isEmpty(), qPrintable(AccessibilityAudit::describe(button)));
        }
        // The page shortcuts are in the Go menu, Ctrl+1 first.
        QMenu *go = nullptr;
        for (QAction *menu : window.menuBar()->actions()) {
            if (menu->text() == QLatin1String("&Go"))
                go = menu->menu();
        }
        QVERIFY(go);
        QCOMPARE(go->actions().size(), window.pages().size());
        QCOMPARE(go->actions().first()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_1));
        QCOMPARE(go->actions().at(9)->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::Key_0)); // the tenth; later pages have none
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
