// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertcenter.h"
#include "alertevaluator.h"
#include "alertlogmodel.h"
#include "alertmonitor.h"
#include "alertruleform.h"
#include "alertrulesdialog.h"
#include "alertrulestore.h"
#include "alertspage.h"
#include "alerttray.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "refreshtimer.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

// The Alerts page in the window: a rule fires on jobs the fixture puts, after the window's own
// refresh; the page lists it, the page list shows the badge, the tray announces it, the command
// gets its JSON; acknowledged, the badge goes; cleared, it stays in the history. The rules
// dialog edits, imports and exports rules; rules are kept per server. Leaves
// build*/screenshots/alerts.png and alert-rules.png for people to look at.
class TestAlertsPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    static AlertsPage *alertsPage(MainWindow &window)
    {
        for (Page *page : window.pages()) {
            if (auto *alerts = qobject_cast<AlertsPage *>(page))
                return alerts;
        }
        return nullptr;
    }
    static QString navigationText(MainWindow &window, Page *page)
    {
        const auto lists = window.findChildren<QListWidget *>();
        for (QListWidget *list : lists) {
            if (list->accessibleName() == QLatin1String("Pages"))
                return list->item(int(window.pages().indexOf(page)))->text();
        }
        return {};
    }
    static AlertRule waitingRule(double threshold)
    {
        AlertRule rule;
        rule.id = QStringLiteral("waiting");
        rule.kind = AlertRule::Kind::WaitingAbove;
        rule.scope = QStringLiteral("crawl");
        rule.threshold = threshold;
        return rule;
    }
    static double now() { return double(QDateTime::currentSecsSinceEpoch()); }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<QList<AlertEvent>>();
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void init() { fixture().flush(); }
    void cleanupTestCase() { stopServer(); }

    void firesAfterARefreshAndIsAcknowledgedThenCleared()
    {
        QTemporaryDir dir;
        const QString hookFile = dir.filePath(QStringLiteral("alerts.jsonl"));
        MainWindow window;
        window.setSession(session());
        window.resize(1280, 800);
        window.show();
        AlertsPage *page = alertsPage(window);
        QVERIFY(page);
        QCOMPARE(navigationText(window, page), QStringLiteral("Alerts"));
        AlertCenter *center = page->center();
        QCOMPARE(center, AlertCenter::of(window.session()));
        center->monitor()->evaluator().setClearHoldSeconds(0); // the hold is the evaluator's test
        QSignalSpy notified(window.tray(), &AlertTray::notified);
        center->setRules({waitingRule(3)}, QStringLiteral("sh -c \"cat >> '%1'\"").arg(hookFile));
        QVERIFY(page->summaryLabel()->text().contains(QStringLiteral("All clear")));

        for (int i = 0; i < 5; ++i)
            QVERIFY(!fixture().put("crawl", "c" + QByteArray::number(i), now()).isError());
        window.refreshTimer()->refreshNow(); // the window checks the rules after its refresh
        QTRY_COMPARE_WITH_TIMEOUT(center->log()->rowCount(), 1, 20000);
        QCOMPARE(center->log()->entry(0).subject, QStringLiteral("crawl"));
        QCOMPARE(navigationText(window, page), QStringLiteral("Alerts (1)"));
        QCOMPARE(notified.size(), 1);
        QVERIFY(notified.at(0).at(0).toString().contains(center->server()));
        QVERIFY(notified.at(0).at(1).toString().contains(QStringLiteral("crawl")));
        // "1 alert on" with the English plural forms loaded, "1 alert(s) on" without them.
        QVERIFY(page->summaryLabel()->text().contains(QRegularExpression(QStringLiteral("^1 alert(\\(s\\))? on"))));
        QVERIFY(page->summaryLabel()->text().endsWith(QStringLiteral("1 not acknowledged.")));

        // The command got the alert as JSON on its standard input.
        QTRY_VERIFY_WITH_TIMEOUT(QFile(hookFile).size() > 0, 20000);
        QFile file(hookFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readLine()).object();
        QCOMPARE(json.value(QStringLiteral("change")).toString(), QStringLiteral("fired"));
        QCOMPARE(json.value(QStringLiteral("rule_id")).toString(), QStringLiteral("waiting"));
        QCOMPARE(json.value(QStringLiteral("subject")).toString(), QStringLiteral("crawl"));
        QCOMPARE(json.value(QStringLiteral("value")).toDouble(), 5.0);

        window.showPage(QStringLiteral("Alerts"));
        QVERIFY(!page->acknowledgeButton()->isEnabled());
        page->view()->selectRow(0);
        QVERIFY(page->acknowledgeButton()->isEnabled());
        QTest::mouseClick(page->acknowledgeButton(), Qt::LeftButton);
        QCOMPARE(center->log()->unacknowledgedCount(), 0);
        QCOMPARE(navigationText(window, page), QStringLiteral("Alerts"));
        QCOMPARE(center->log()->data(center->log()->index(0, AlertLogModel::StateColumn)).toString(),
                 QStringLiteral("On, acknowledged"));

        // Four cancelled: one left waiting, under the clear level; the alert clears and stays listed.
        for (int i = 0; i < 4; ++i)
            QVERIFY(!fixture().qless("cancel", now(), {"c" + QByteArray::number(i)}).isError());
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(center->log()->entry(0).clearedAt > 0, 20000);
        QCOMPARE(center->log()->rowCount(), 1);
        QCOMPARE(center->log()->data(center->log()->index(0, AlertLogModel::StateColumn)).toString(),
                 QStringLiteral("Cleared"));
        QCOMPARE(notified.size(), 1); // a clearing is not announced
        const auto hookRuns = [&hookFile](const char *change) {
            QFile again(hookFile);
            return again.open(QIODevice::ReadOnly)
                       ? QString::fromUtf8(again.readAll())
                             .count(QStringLiteral("\"change\":\"%1\"").arg(QLatin1String(change)))
                       : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(hookRuns("cleared"), 1, 20000);
        QCOMPARE(hookRuns("fired"), 1);
        page->onlyOnBox()->setChecked(true);
        QCOMPARE(page->view()->model()->rowCount(), 0);
        page->onlyOnBox()->setChecked(false);
        QCOMPARE(page->view()->model()->rowCount(), 1);

        // Fired again, then the rule changed: the alert ends as "the rule changed".
        for (int i = 10; i < 15; ++i)
            QVERIFY(!fixture().put("crawl", "c" + QByteArray::number(i), now()).isError());
        window.refreshTimer()->refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(center->log()->firingCount(), 1, 20000);
        QCOMPARE(notified.size(), 2);
        screenshot(&window, QStringLiteral("alerts"));
        center->setRules({waitingRule(100)}, {});
        QCOMPARE(center->log()->firingCount(), 0);
        QVERIFY(center->log()->entry(0).clearedWhy.contains(QStringLiteral("rule")));
        QCOMPARE(navigationText(window, page), QStringLiteral("Alerts"));

        // The rules read every queue's counts: the window title's paused count comes from that
        // read (no second one), on a page that is not the Overview.
        QVERIFY(center->readsQueueCounts());
        QVERIFY(!fixture().qless("pause", now(), {"crawl"}).isError());
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(QStringLiteral("1 paused")), 20000);
    }

    // A worker-not-seen alert stays on once qless no longer lists the worker (max-worker-age):
    // Acknowledge ends it, as acknowledged (not cleared), and the command hears "ended"; an
    // acknowledged alert whose worker is still listed stays on.
    void acknowledgingEndsAnAlertWhoseWorkerIsNoLongerListed()
    {
        QTemporaryDir dir;
        const QString hookFile = dir.filePath(QStringLiteral("alerts.jsonl"));
        MainWindow window;
        window.setSession(session());
        window.resize(1280, 800);
        window.show();
        AlertsPage *page = alertsPage(window);
        QVERIFY(page);
        AlertCenter *center = page->center();
        AlertRule rule;
        rule.id = QStringLiteral("quiet");
        rule.kind = AlertRule::Kind::WorkerNotSeenFor;
        rule.threshold = 600;
        center->setRules({rule}, QStringLiteral("sh -c \"cat >> '%1'\"").arg(hookFile));

        const double t = now();
        QVERIFY(!fixture().qless("config.set", t, {"max-worker-age", "3600"}).isError());
        QVERIFY(!fixture().put("crawl", "j1", t - 4000).isError());
        QVERIFY(!fixture().put("crawl", "j2", t - 4000).isError());
        QCOMPARE(fixture().pop("crawl", "gone-host", 1, t - 3000).size(), 1);
        QCOMPARE(fixture().pop("crawl", "listed-host", 1, t - 1000).size(), 1);
        window.refreshTimer()->refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(center->log()->firingCount(), 2, 20000);

        // qless now lists only the worker seen within 2,000 s: the other's alert stays on.
        QVERIFY(!fixture().qless("config.set", now(), {"max-worker-age", "2000"}).isError());
        QTRY_VERIFY_WITH_TIMEOUT(!center->monitor()->isChecking(), 20000); // a check seen next read after the change
        QSignalSpy checked(center->monitor(), &AlertMonitor::checked);
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), 20000);
        QCOMPARE(center->log()->firingCount(), 2);

        window.showPage(QStringLiteral("Alerts"));
        QVERIFY(page->acknowledgeAllButton()->isEnabled());
        QTest::mouseClick(page->acknowledgeAllButton(), Qt::LeftButton);
        QCOMPARE(center->log()->unacknowledgedCount(), 0);
        QCOMPARE(center->log()->firingCount(), 1);
        QCOMPARE(center->monitor()->active().size(), 1);
        QCOMPARE(center->monitor()->active().first().subject, QStringLiteral("listed-host"));
        for (int row = 0; row < center->log()->rowCount(); ++row) {
            const AlertLogModel::Entry &entry = center->log()->entry(row);
            const QString state = center->log()->data(center->log()->index(row, AlertLogModel::StateColumn)).toString();
            QVERIFY(entry.acknowledged);
            if (entry.subject == QLatin1String("gone-host")) {
                QCOMPARE(state, QStringLiteral("Ended"));
                QCOMPARE(entry.clearedWhy, QStringLiteral("acknowledged, no longer listed"));
            } else {
                QCOMPARE(state, QStringLiteral("On, acknowledged"));
            }
        }

        // The command: two fired, one ended for the worker gone, nothing "cleared".
        const auto hookLines = [&hookFile] {
            QFile file(hookFile);
            return file.open(QIODevice::ReadOnly)
                       ? QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                       : QStringList();
        };
        QTRY_COMPARE_WITH_TIMEOUT(hookLines().size(), 3, 20000);
        QStringList changes;
        for (const QString &line : hookLines()) {
            const QJsonObject json = QJsonDocument::fromJson(line.toUtf8()).object();
            changes << json.value(QStringLiteral("change")).toString() + QLatin1Char(' ')
                           + json.value(QStringLiteral("subject")).toString();
        }
        changes.sort();
        QCOMPARE(changes, (QStringList{QStringLiteral("ended gone-host"), QStringLiteral("fired gone-host"),
                                       QStringLiteral("fired listed-host")}));

        // Nothing brings the ended one back while the worker stays unlisted.
        checked.clear();
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty(), 20000);
        QCOMPARE(center->log()->firingCount(), 1);
        QCOMPARE(center->log()->rowCount(), 2);

        // The one acknowledged while listed ends when qless drops its worker too.
        QVERIFY(!fixture().qless("config.set", now(), {"max-worker-age", "500"}).isError());
        window.refreshTimer()->refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(center->log()->firingCount(), 0, 20000);
        QCOMPARE(center->monitor()->active().size(), 0);
        QCOMPARE(center->log()->rowCount(), 2);
        for (int row = 0; row < center->log()->rowCount(); ++row)
            QCOMPARE(center->log()->entry(row).clearedWhy, QStringLiteral("acknowledged, no longer listed"));
        QTRY_COMPARE_WITH_TIMEOUT(hookLines().size(), 4, 20000);
        QVERIFY2(hookLines().last().contains(QLatin1String("\"change\":\"ended\"")), qPrintable(hookLines().last()));
        QVERIFY(hookLines().last().contains(QLatin1String("listed-host")));
    }

    void rulesDialogEditsImportsAndExports()
    {
        QTemporaryDir dir;
        AlertRulesDialog dialog({}, {});
        dialog.show();
        QCOMPARE(dialog.list()->count(), 0);
        QVERIFY(!dialog.removeButton()->isEnabled());
        QTest::mouseClick(dialog.addButton(), Qt::LeftButton);
        QCOMPARE(dialog.rules().size(), 1);
        AlertRuleForm *form = dialog.form();
        form->kindChoice()->setCurrentIndex(form->kindChoice()->findData(int(AlertRule::Kind::StalledAbove)));
        form->scopeEdit()->setText(QStringLiteral("crawl"));
        emit form->scopeEdit()->textEdited(QStringLiteral("crawl"));
        form->thresholdSpin()->setValue(25);
        QCOMPARE(dialog.rules().at(0).kind, AlertRule::Kind::StalledAbove);
        QCOMPARE(dialog.rules().at(0).scope, QStringLiteral("crawl"));
        QCOMPARE(dialog.rules().at(0).threshold, 25.0);
        QCOMPARE(dialog.list()->item(0)->text(), dialog.rules().at(0).describe());
        QVERIFY(!form->windowSpin()->isVisible()); // only growth rules have a window

        // A growth rule on all groups: no scope, a window.
        QTest::mouseClick(dialog.addButton(), Qt::LeftButton);
        form->kindChoice()->setCurrentIndex(form->kindChoice()->findData(int(AlertRule::Kind::FailuresGrew)));
        QVERIFY(form->windowSpin()->isVisible());
        form->windowSpin()->setValue(15);
        form->thresholdSpin()->setValue(100);
        QCOMPARE(dialog.rules().size(), 2);
        QCOMPARE(dialog.rules().at(1).windowMinutes, 15);
        QVERIFY(dialog.rules().at(0).id != dialog.rules().at(1).id);
        dialog.commandEdit()->setText(QStringLiteral("  notify-chat --channel ops "));
        QCOMPARE(dialog.command(), QStringLiteral("notify-chat --channel ops"));
        screenshot(&dialog, QStringLiteral("alert-rules"));

        const QString path = dir.filePath(QStringLiteral("rules.json"));
        QVERIFY(dialog.exportFile(path));
        const QList<AlertRule> exported = dialog.rules();
        QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
        QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
        QCOMPARE(dialog.rules().size(), 0);
        QVERIFY(dialog.importFile(path));
        QCOMPARE(dialog.rules(), exported);

        // A file that is not a rules file changes nothing and says why.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("{\"rules\": [{\"id\": \"x\", \"kind\": \"no-such-kind\"}]}");
        badFile.close();
        QVERIFY(!dialog.importFile(bad));
        QVERIFY(dialog.problemLabel()->isVisible());
        QCOMPARE(dialog.rules(), exported);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    void theFormEditsTheTrendRules()
    {
        AlertRuleForm form;
        form.show();
        for (const AlertRule::Kind kind : {AlertRule::Kind::WaitingGrewPercent, AlertRule::Kind::ThroughputBelow}) {
            form.kindChoice()->setCurrentIndex(form.kindChoice()->findData(int(kind)));
            QVERIFY(form.windowSpin()->isVisible()); // both look back over a window
            QVERIFY(form.scopeEdit()->isVisible());
            form.scopeEdit()->setText(QStringLiteral("crawl"));
            form.thresholdSpin()->setValue(40);
            form.windowSpin()->setValue(15);
            const AlertRule made = form.rule();
            QCOMPARE(made.kind, kind);
            QCOMPARE(made.scope, QStringLiteral("crawl"));
            QCOMPARE(made.threshold, 40.0);
            QCOMPARE(made.windowMinutes, 15);
        }
        QVERIFY(form.thresholdSpin()->suffix().contains(QLatin1String("a minute")));
        form.kindChoice()->setCurrentIndex(form.kindChoice()->findData(int(AlertRule::Kind::WaitingGrewPercent)));
        QCOMPARE(form.thresholdSpin()->suffix(), QStringLiteral(" %"));

        // A kept rule shown and read back unchanged.
        AlertRule kept;
        kept.id = QStringLiteral("floor");
        kept.kind = AlertRule::Kind::ThroughputBelow;
        kept.threshold = 25;
        kept.windowMinutes = 30;
        form.setRule(kept);
        QVERIFY(form.rule() == kept);
    }

    void okRefusesARuleThatCannotBeEvaluated()
    {
        AlertRule broken = waitingRule(5);
        broken.threshold = -1; // a hand-edited file
        AlertRulesDialog dialog({waitingRule(5), broken}, {});
        dialog.show();
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.problemLabel()->isVisible());
        QVERIFY(dialog.problemLabel()->text().startsWith(QStringLiteral("Rule 2:")));
        QCOMPARE(dialog.list()->currentRow(), 1);
    }

    void rulesAreKeptPerServer()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("alerts.ini"));
        {
            MainWindow window;
            window.setAlertStore(std::make_unique<AlertRuleStore>(ini));
            window.setSession(session());
            AlertCenter::of(window.session())->setRules({waitingRule(7)}, QStringLiteral("logger alert"));
        }
        MainWindow window;
        window.setAlertStore(std::make_unique<AlertRuleStore>(ini));
        window.setSession(session());
        AlertCenter *center = AlertCenter::of(window.session());
        QCOMPARE(center->rules(), QList<AlertRule>{waitingRule(7)});
        QCOMPARE(center->command(), QStringLiteral("logger alert"));
        // Another server's rules are its own.
        AlertRuleStore store(ini);
        QVERIFY(store.rules(QStringLiteral("redis://elsewhere:6379")).isEmpty());
    }

    void trayNotificationsAndClosing()
    {
        MainWindow window;
        window.setSession(session());
        AlertTray *tray = window.tray();
        QCOMPARE(tray->isAvailable(), QSystemTrayIcon::isSystemTrayAvailable());
        QCOMPARE(tray->keepRunningAction()->isEnabled(), tray->isAvailable());
        QSignalSpy notified(tray, &AlertTray::notified);
        QList<AlertEvent> fired;
        for (int i = 0; i < 5; ++i) {
            AlertEvent event;
            event.ruleId = QStringLiteral("waiting");
            event.subject = QStringLiteral("q%1").arg(i);
            event.text = QStringLiteral("Waiting jobs in queue q%1: 9 (above 3)").arg(i);
            fired << event;
        }
        emit AlertCenter::of(window.session())->fired(fired);
        QCOMPARE(notified.size(), 1); // one check's alerts, one notification
        QVERIFY(notified.at(0).at(0).toString().contains(
            QRegularExpression(QStringLiteral("^5 qlessdesk alert(s|\\(s\\)) on"))));
        const QString message = notified.at(0).at(1).toString();
        QCOMPARE(message.count(QLatin1Char('\n')), 3);
        QVERIFY(message.endsWith(QStringLiteral("and 2 more")));
        // Without a tray, closing closes; with one and the option on, the window only hides.
        window.show();
        tray->setKeepRunning(true);
        QCOMPARE(tray->hideInsteadOfClose(), tray->isAvailable());
        tray->setKeepRunning(false);
        QVERIFY(!tray->hideInsteadOfClose());
        QVERIFY(window.close());
        QVERIFY(!window.isVisible());
    }
};

QTEST_MAIN(TestAlertsPage)
#include "tst_alertspage.moc"
