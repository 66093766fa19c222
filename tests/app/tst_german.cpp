// SPDX-License-Identifier: GPL-3.0-or-later
#include "accessibilityaudit.h"
#include "actioncenter.h"
#include "actiontestkit.h"
#include "alertrulesdialog.h"
#include "allserverswindow.h"
#include "connectionbar.h"
#include "connectiondialog.h"
#include "connectionform.h"
#include "englishleft.h"
#include "eventlogmodel.h"
#include "eventspage.h"
#include "eventstream.h"
#include "exportchartdialog.h"
#include "failureclusterscan.h"
#include "failureclustersdialog.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobsearch.h"
#include "jobsearchform.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "passwordstore.h"
#include "profilestore.h"
#include "queueactions.h"
#include "realisticpipeline.h"
#include "recurringjob.h"
#include "searchpage.h"
#include "serveroverviewmodel.h"
#include "uilanguage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialog>
#include <QInputDialog>
#include <QLibraryInfo>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

namespace {
class NoKeychain final : public PasswordStore
{
public:
    NoKeychain() { setAvailability(Availability::Unavailable); }
    void read(const QString &) override {}
    void write(const QString &, const QString &) override {}
    void remove(const QString &) override {}
};
} // namespace

// The console in German (as with --lang de) on a deployment with data: every page, the window's
// menus and bars, the job window and every dialog that tst_accessibility opens are walked, and
// every text a person sees or hears (labels, buttons, headers, menus, tooltips, placeholders,
// accessible names, chart titles) is checked against the English source texts of our .ts file:
// one that is still English is a miss. Data (queue names, jids, failure messages, the job's
// fields) is not ours to translate and is not looked at: table cells are left out, and a label
// is only a miss when what it shows matches one of our English strings. qless's job states are
// shown in the console's language (JobRowText::stateName). Screenshots of some pages land in
// build/screenshots/de/.
class TestGerman final : public QObject, public PageTestBase
{
    Q_OBJECT

    EnglishLeft m_english;

    // Fails on the English found since the last look.
    void expectNoEnglish(const QString &what)
    {
        const QStringList misses = m_english.takeMisses();
        for (const QString &miss : misses)
            qWarning("%s", qPrintable(miss)); // a failure's text is cut short: each miss on its own line
        QVERIFY2(misses.isEmpty(),
                 qPrintable(what + QLatin1String(": still English:\n  ") + misses.join(QLatin1String("\n  "))));
    }

    void expectGerman(QWidget *root, const QString &what)
    {
        m_english.takeMisses();
        m_english.checkWidget(root, what);
        expectNoEnglish(what);
        // German labels keep their Alt keys, and every control its spoken name.
        QVERIFY2(AccessibilityAudit::unnamedControls(root).isEmpty(),
                 qPrintable(AccessibilityAudit::unnamedControls(root).join(QLatin1Char('\n'))));
        QVERIFY2(AccessibilityAudit::buddiesWithoutMnemonic(root).isEmpty(),
                 qPrintable(AccessibilityAudit::buddiesWithoutMnemonic(root).join(QLatin1Char('\n'))));
    }

    template<typename T>
    void expectGermanOpened(const QString &name, const std::function<void()> &open)
    {
        open();
        T *dialog = ActionTestKit::waitForWidget<T>(name);
        QVERIFY2(dialog, qPrintable(name));
        expectGerman(dialog, name);
        dialog->reject();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog || !dialog->isVisible(), 20000);
    }

    static void germanScreenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/de"));
        screenshot(widget, QStringLiteral("de/") + name);
    }

private slots:
    void initTestCase()
    {
        // As `qlessdesk --lang de` on an English desktop: German texts, German numbers.
        QVERIFY2(UiLanguage::install(QStringLiteral("de")), "qlessdesk_de.qm is not in the resources");
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY2(QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_de.qm")),
                 "Qt's own German (qtbase_de.qm, Debian package qt6-translations-l10n) is not installed");
        QCOMPARE(QCoreApplication::translate("JobListModel", "Queue"), QStringLiteral("Warteschlange"));

        QString error;
        QVERIFY2(m_english.load(QStringLiteral(QLESSDESK_TS_DIR "/qlessdesk_de.ts"), &error), qPrintable(error));
        QVERIFY(m_english.size() > 400);

        QVERIFY2(startServer(&error), qPrintable(error));
        RealisticPipeline::seed(fixture());
    }

    // The check itself: English of ours is found, whole or inside a longer text, its German not.
    void englishIsFound()
    {
        m_english.takeMisses();
        m_english.check(QStringLiteral("Refresh now"), QStringLiteral("plain"));
        m_english.check(QStringLiteral("&Quit"), QStringLiteral("mnemonic"));
        m_english.check(QStringLiteral("<b>3</b> tracked"), QStringLiteral("rich text"));
        m_english.check(QStringLiteral("12 of 40 loaded; scroll down to load more"), QStringLiteral("filled in"));
        m_english.check(QStringLiteral("Warteschlangen: 12 of 40 loaded; scroll down to load more"),
                        QStringLiteral("inside"));
        m_english.check(QStringLiteral("failed (3)"), QStringLiteral("a part"));
        QCOMPARE(m_english.takeMisses().size(), 6);
        m_english.check(QCoreApplication::translate("ConnectionBar", "Refresh now"), QStringLiteral("German"));
        m_english.check(QCoreApplication::translate("CompletedPage", "%1 of %2 loaded; scroll down to load more")
                            .arg(QStringLiteral("12"), QStringLiteral("40")),
                        QStringLiteral("German filled in"));
        m_english.check(QStringLiteral("fehlgeschlagen (3)"), QStringLiteral("a part in German"));
        m_english.check(QStringLiteral("Server"), QStringLiteral("alike in both"));
        expectNoEnglish(QStringLiteral("German texts"));
    }

    void everyPageIsGerman()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSession(session());
        window.show();
        for (Page *page : window.pages()) {
            QVERIFY(window.showPage(page->title()));
            refresh(page);
            expectGerman(page, page->title());
            // German is longer than English: still no wider than a 1280×800 screen.
            QVERIFY2(window.width() <= 1280,
                     qPrintable(page->title() + QLatin1String(": the window is ") + QString::number(window.width())
                                + QLatin1String(" wide, the page at least ")
                                + QString::number(page->minimumSizeHint().width()) + QLatin1String(", its bar ")
                                + QString::number(window.connectionBar()->minimumSizeHint().width())
                                + QLatin1String(", the status bar ")
                                + QString::number(window.statusBar()->minimumSizeHint().width())));
            germanScreenshot(&window, page->objectName().isEmpty() ? page->title() : page->objectName());
        }
        expectGerman(&window, QStringLiteral("main window"));
        for (QAction *menu : window.menuBar()->actions()) {
            m_english.checkAction(menu, QStringLiteral("menu bar"));
            expectNoEnglish(QStringLiteral("menu bar"));
        }
    }

    // The two pages whose words come with what happens: the Events page with qless's events in
    // its table (the event column is the console's word for each, so it is looked at too), and
    // the Search page after a search, with its status line and the all-matches menu.
    void eventsAndSearchAfterUseAreGerman()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSession(session());
        window.show();
        EventsPage *events = window.findChild<EventsPage *>();
        QVERIFY(events);
        QVERIFY(window.showPage(events->title()));
        QTRY_COMPARE_WITH_TIMEOUT(events->stream()->state().phase, ConnectionState::Phase::Ready, 20000);
        double now = double(QDateTime::currentSecsSinceEpoch()) - 60; // in the past, as a server would have it
        for (int i = 0; i < 6; ++i) {
            QVERIFY(!fixture()
                         .put("de-mail", "de-" + QByteArray::number(i), now += 1, {}, 0, "{}", "Mailer::Welcome")
                         .isError());
        }
        const QList<QByteArray> popped = fixture().pop("de-mail", "worker-de", 3, now += 1);
        QCOMPARE(popped.size(), 3);
        QVERIFY(!fixture().qless("complete", now += 1, {popped.at(0), "worker-de", "de-mail", "{}"}).isError());
        QVERIFY(!fixture()
                     .qless("fail", now += 1,
                            {popped.at(1), "worker-de", "smtp-timeout", "Net::ReadTimeout after 30s", "{}"})
                     .isError());
        QVERIFY(!fixture().qless("config.set", now, {"de-mail-heartbeat", "90"}).isError());
        QVERIFY(!fixture().qless("cancel", now, {"de-5"}).isError());
        EventLogModel *log = events->stream()->model();
        // 6 puts, completed, failed, config_set, canceled (qless publishes no pop on ql:log).
        QTRY_VERIFY_WITH_TIMEOUT(log->rowCount() >= 10, 20000);
        events->stream()->reconnect(); // a gap row
        QTRY_VERIFY_WITH_TIMEOUT(log->gapCount() == 1
                                     && events->stream()->state().phase == ConnectionState::Phase::Ready,
                                 20000);
        events->pauseButton()->click(); // "Resume" and the held count
        fixture().put("de-mail", "de-held", now += 1, {}, 0, "{}", "Mailer::Welcome");
        QTRY_COMPARE_WITH_TIMEOUT(log->heldCount(), 1, 20000);
        expectGerman(events, QStringLiteral("Events page, with events"));
        for (int row = 0; row < log->rowCount(); ++row)
            m_english.check(log->index(row, EventLogModel::EventColumn).data().toString(),
                            QStringLiteral("event column"));
        expectNoEnglish(QStringLiteral("event column"));
        QTest::qWait(100);
        germanScreenshot(&window, QStringLiteral("events-live"));
        events->pauseButton()->click();

        SearchPage *search = window.findChild<SearchPage *>();
        QVERIFY(search);
        QVERIFY(window.showPage(search->title()));
        expectGerman(search, QStringLiteral("Search page, empty"));
        search->startSearch(); // nothing filled in: said why, in German
        expectGerman(search, QStringLiteral("Search page, nothing to look for"));
        JobSearchForm *form = search->form();
        form->stateChoice()->setCurrentIndex(form->stateChoice()->findData(QStringLiteral("failed")));
        search->searchButton()->click();
        QVERIFY(QTest::qWaitFor([search] { return !search->search()->isRunning(); }, 60000));
        QVERIFY(search->search()->isComplete());
        QVERIFY(search->search()->matchCount() > 0);
        // Waits that stand on Redis reads get 20 s, not QTRY's 5: under ASan on a loaded 2-core
        // machine a page's reads took longer than 5 s.
        QTRY_VERIFY_WITH_TIMEOUT(search->jobPane()->model()->rowCount() > 0, 20000);
        expectGerman(search, QStringLiteral("Search page, with matches"));
        QMenu *all = search->allMatchesButton()->menu();
        emit all->aboutToShow();
        QVERIFY(!all->actions().isEmpty());
        for (QAction *action : all->actions())
            m_english.checkAction(action, QStringLiteral("all matches menu"));
        expectNoEnglish(QStringLiteral("all matches menu"));
        germanScreenshot(&window, QStringLiteral("search-results"));
    }

    void everyDialogIsGerman()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSession(session());
        window.show();
        QlessSession *s = window.session();
        ActionCenter *center = ActionCenter::of(s);

        emit center->openJobRequested(QByteArray("track-fail"));
        QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail() && window.jobDetail()->view()->job().has_value(), 20000);
        expectGerman(window.jobDetail(), QStringLiteral("job window"));
        germanScreenshot(window.jobDetail(), QStringLiteral("job-window"));

        BulkTarget one;
        one.kind = BulkTarget::Kind::Jids;
        one.jids = {"some-job"};
        expectGermanOpened<QMessageBox>(QStringLiteral("confirmAction"), [&] {
            center->confirm(&window, QStringLiteral("Abbrechen"), QStringLiteral("Job abbrechen?"),
                            QStringLiteral("Jobs abbrechen"), true, [] {});
        });
        expectGermanOpened<QInputDialog>(QStringLiteral("priorityInput"),
                                         [&] { center->askPriority(one, 0, &window); });
        expectGermanOpened<QInputDialog>(QStringLiteral("addTagsInput"),
                                         [&] { center->askTags(true, one, {}, &window); });
        expectGermanOpened<QInputDialog>(QStringLiteral("removeTagsInput"),
                                         [&] { center->askTags(false, one, {QStringLiteral("nightly")}, &window); });
        expectGermanOpened<QDialog>(QStringLiteral("queuePicker"), [&] { center->askMove(one, {}, &window); });
        Job waiting;
        waiting.jid = "some-job";
        waiting.state = QStringLiteral("depends");
        waiting.dependencies = {QStringLiteral("first"), QStringLiteral("second")};
        expectGermanOpened<QInputDialog>(QStringLiteral("removeDependencyInput"),
                                         [&] { center->askRemoveDependency(waiting, &window); });
        expectGermanOpened<QDialog>(QStringLiteral("jobNote"), [&] { center->askAddNote("some-job", &window); });
        QueueCounts queue;
        queue.name = QStringLiteral("crawl");
        expectGermanOpened<QInputDialog>(QStringLiteral("maxConcurrencyInput"),
                                         [&] { QueueActions::of(s)->askMaxConcurrency(queue, &window); });
        RecurringJob recurring;
        recurring.jid = "nightly-report";
        recurring.klass = QStringLiteral("Reports.Nightly");
        recurring.queue = QStringLiteral("notify");
        recurring.interval = 3600;
        expectGermanOpened<QDialog>(QStringLiteral("recurringEdit"),
                                    [&] { center->askEditRecurring(recurring, &window); });

        FailureClustersDialog clusters(s, QStringLiteral("boom"), &window);
        clusters.show();
        QTRY_VERIFY_WITH_TIMEOUT(!clusters.scan()->isRunning(), 20000);
        expectGerman(&clusters, QStringLiteral("failure clusters dialog"));

        // As Stats > Export chart… opens it.
        ExportChartDialog chart(QCoreApplication::translate("ChartExportActions", "Export chart"),
                                {QCoreApplication::translate("StatsPage", "Wait time histogram"),
                                 QCoreApplication::translate("StatsPage", "Daily strip")},
                                0, &window);
        chart.show();
        expectGerman(&chart, QStringLiteral("export chart dialog"));

        // Alerts > Rules…, on a rule of each shape (a queue, a group and its window, a worker, none),
        // as tst_accessibility opens it; the list shows each rule in words.
        QList<AlertRule> rules;
        for (AlertRule::Kind kind : AlertRule::kinds()) {
            AlertRule rule;
            rule.id = AlertRule::kindKey(kind);
            rule.kind = kind;
            rule.windowMinutes = 10;
            rule.threshold = 1;
            rules << rule;
        }
        AlertRulesDialog alertRules(rules, {}, &window);
        alertRules.show();
        for (int row = 0; row < rules.size(); ++row) {
            alertRules.list()->setCurrentRow(row);
            expectGerman(&alertRules, QStringLiteral("alert rules dialog, ") + rules.at(row).id);
            for (int item = 0; item < alertRules.list()->count(); ++item)
                m_english.check(alertRules.list()->item(item)->text(), QStringLiteral("alert rules list"));
            expectNoEnglish(QStringLiteral("alert rules list"));
        }
        germanScreenshot(&alertRules, QStringLiteral("alert-rules"));

        // File > All servers, with this server read (its name is data).
        AllServersWindow allServers;
        allServers.model()->addServer(window.session(), QStringLiteral("produktion"));
        allServers.show();
        QTRY_VERIFY_WITH_TIMEOUT(allServers.model()->isRead(0), 20000);
        expectGerman(&allServers, QStringLiteral("All servers window"));
        for (int column = ServerOverviewModel::ConnectionColumn; column < ServerOverviewModel::ColumnCount; ++column) {
            m_english.check(allServers.model()->index(0, column).data().toString(), QStringLiteral("All servers row"));
            m_english.check(allServers.model()->index(0, column).data(Qt::ToolTipRole).toString(),
                            QStringLiteral("All servers row"));
        }
        expectNoEnglish(QStringLiteral("All servers row"));
        germanScreenshot(&allServers, QStringLiteral("all-servers"));

        QTemporaryDir home;
        ProfileStore profiles(home.filePath(QStringLiteral("profiles.ini")));
        NoKeychain keychain;
        ConnectionDialog connection(&profiles, &keychain);
        connection.show();
        expectGerman(&connection, QStringLiteral("connection dialog"));
        germanScreenshot(&connection, QStringLiteral("connection-dialog"));
        // The Sentinel page with its TLS switch on shows the TLS group too.
        connection.form()->setTransport(ConnectionSettings::Transport::Sentinel);
        connection.form()->sentinelTlsBox()->setChecked(true);
        expectGerman(&connection, QStringLiteral("connection dialog, Sentinel over TLS"));
        germanScreenshot(&connection, QStringLiteral("connection-dialog-sentinel-tls"));
    }
};

QTEST_MAIN(TestGerman)
#include "tst_german.moc"
