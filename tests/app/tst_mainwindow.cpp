// SPDX-License-Identifier: GPL-3.0-or-later
#include "activitypage.h"
#include "auditlog.h"
#include "auditlogmodel.h"
#include "connectionbar.h"
#include "historypage.h"
#include "historyregistry.h"
#include "historystore.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "mainwindow.h"
#include "overviewpage.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "realisticpipeline.h"
#include "refreshtimer.h"
#include "sessionhistory.h"
#include "tagspage.h"
#include "troublebanner.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>

// The window against a real Redis: the Overview shows what the queues script says, refreshes by
// itself, shows read-only and connection trouble, and a screenshot is kept for people to look at.
class TestMainWindow final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;

    std::unique_ptr<QlessSession> session(bool readOnly = false)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        settings.readOnly = readOnly;
        settings.reconnectInitialMs = 200;
        return std::make_unique<QlessSession>(settings);
    }

    static void screenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        widget->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png"));
    }

    void seedPipeline()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        const QList<QByteArray> queues{"crawl", "parse", "index", "notify", "thumbnails"};
        int n = 0;
        for (const QByteArray &queue : queues) {
            for (int i = 0; i < 40 + 17 * n; ++i)
                m_fixture->put(queue, queue + "-" + QByteArray::number(i), now - 600 + i, {}, i % 7 == 0 ? 3600 : 0);
            ++n;
        }
        m_fixture->pop("crawl", "crawler-1", 5, now);
        m_fixture->pop("parse", "parser-2", 3, now - 200); // locks long expired: stalled
        m_fixture->pop("index", "indexer-1", 2, now);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the audit log the Activity page reads: a test one
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void init() { m_fixture->flush(); }

    void recordsTheServersHistoryWhileItHasTheSession()
    {
        auto first = session();
        auto second = session();
        QlessSession *one = first.get();
        QlessSession *two = second.get();
        const QString file = HistoryRegistry::fileFor(one->settings());
        const QDir folder = QFileInfo(file).dir();
        for (const QString &old : folder.entryList({QFileInfo(file).fileName() + QLatin1Char('*')}, QDir::Files))
            QVERIFY(QFile::remove(folder.filePath(old)));
        // A damaged file where the history is kept: told in the status bar, moved aside, recorded anew.
        QDir().mkpath(folder.path());
        QFile damaged(file);
        QVERIFY(damaged.open(QIODevice::WriteOnly));
        damaged.write(QByteArray(8192, 'x'));
        damaged.close();
        {
            MainWindow window;
            window.setSession(std::move(first));
            SessionHistory *history = one->findChild<SessionHistory *>();
            QVERIFY(history);
            QVERIFY2(history->isRecording(), qPrintable(history->whyNotRecording()));
            QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(QLatin1String("moved aside")),
                                     20000);
            // A second window on the same server: the same record, not a second recorder.
            MainWindow other;
            other.setSession(std::move(second));
            SessionHistory *otherHistory = two->findChild<SessionHistory *>();
            QVERIFY(otherHistory);
            QCOMPARE(otherHistory->store(), history->store());
            QVERIFY(!otherHistory->isRecording());
        }
        // Both windows closed: nothing in this process records the file any more.
        HistoryStore after(file, HistoryStore::Mode::Record);
        QVERIFY(after.isWriter());
    }

    void overviewShowsQueues()
    {
        seedPipeline();
        MainWindow window;
        window.setSession(session());
        window.show();
        auto *overview = qobject_cast<OverviewPage *>(window.currentPage());
        QVERIFY(overview);
        QTRY_COMPARE_WITH_TIMEOUT(overview->queueModel()->rowCount(), 5, 20000);
        QueueListModel *model = overview->queueModel();
        const QJsonArray counts =
            m_fixture->json(QStringLiteral("queues"), {num(double(QDateTime::currentSecsSinceEpoch()))}).toArray();
        for (const QJsonValue &value : counts) {
            const QJsonObject queue = value.toObject();
            const int row = model->rowOf(queue.value(QStringLiteral("name")).toString());
            QVERIFY(row >= 0);
            QCOMPARE(model->index(row, QueueListModel::WaitingColumn).data(QueueListModel::SortRole).toLongLong(),
                     queue.value(QStringLiteral("waiting")).toInteger());
            QCOMPARE(model->index(row, QueueListModel::StalledColumn).data(QueueListModel::SortRole).toLongLong(),
                     queue.value(QStringLiteral("stalled")).toInteger());
        }
        QVERIFY(overview->summaryLabel()->text().contains(QStringLiteral("stalled")));
        QTRY_VERIFY(!window.connectionBar()->lastRefreshLabel()->text().isEmpty());
        QVERIFY(window.connectionBar()->readOnlyBadge()->isHidden());
        screenshot(&window, QStringLiteral("overview"));
    }

    void overviewOpensQueueAndSearchOpensJob()
    {
        seedPipeline();
        MainWindow window;
        window.setSession(session());
        window.show();
        auto *overview = qobject_cast<OverviewPage *>(window.currentPage());
        QTRY_COMPARE_WITH_TIMEOUT(overview->queueModel()->rowCount(), 5, 20000);
        // Activating the "parse" row of the Overview opens that queue on the Queues page.
        QTableView *view = overview->queueView();
        QModelIndex parse;
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            if (view->model()->index(row, 0).data(QueueListModel::KeyRole).toString() == QLatin1String("parse"))
                parse = view->model()->index(row, 0);
        }
        QVERIFY(parse.isValid());
        emit view->activated(parse);
        auto *queues = qobject_cast<QueuesPage *>(window.currentPage());
        QVERIFY(queues);
        QCOMPARE(queues->currentQueue(), QStringLiteral("parse"));

        // A jid typed in the search field opens the job's detail window.
        QLineEdit *search = window.connectionBar()->searchField();
        search->setText(QStringLiteral("crawl-3"));
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail() && window.jobDetail()->isVisible(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail()->view()->job().has_value(), 20000);
        QCOMPARE(window.jobDetail()->view()->job()->jid, QByteArray("crawl-3"));
        screenshot(window.jobDetail(), QStringLiteral("window-job-detail"));
    }

    void historyMarkOpensItsActivityRow()
    {
        // A bulk run's mark on the History page takes the window to Activity, the run's row selected.
        QTemporaryDir dir;
        auto s = session();
        s->setAuditLog(std::make_shared<AuditLog>(dir.filePath(QStringLiteral("audit.jsonl"))));
        const qint64 endMs = QDateTime::currentMSecsSinceEpoch() - 60000;
        for (const auto &[run, ms] : {std::pair{QStringLiteral("run-9"), endMs - 5000},
                                      std::pair{QStringLiteral("run-9"), endMs}, std::pair{QString(), endMs + 1000}}) {
            AuditRecord r;
            r.time = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
            r.action = QStringLiteral("move");
            if (!run.isEmpty())
                r.arguments.insert(QStringLiteral("run"), run);
            r.outcome = QStringLiteral("done");
            QVERIFY(s->auditLog()->append(r));
        }
        MainWindow window;
        window.setSession(std::move(s));
        window.show();
        HistoryPage *history = nullptr;
        for (Page *page : window.pages()) {
            if (auto *found = qobject_cast<HistoryPage *>(page))
                history = found;
        }
        QVERIFY(history);
        emit history->openActivityRunRequested(QStringLiteral("run-9"), endMs);
        auto *activity = qobject_cast<ActivityPage *>(window.currentPage());
        QVERIFY(activity);
        QTRY_VERIFY(activity->view()->currentIndex().isValid());
        const QModelIndex current = activity->view()->currentIndex();
        QCOMPARE(current.data(AuditLogModel::RunRole).toString(), QStringLiteral("run-9"));
        QCOMPARE(current.data(AuditLogModel::SortRole).toLongLong(), endMs);
    }

    void unknownTextSearchesTag()
    {
        seedPipeline();
        MainWindow window;
        window.setSession(session());
        window.show();
        QLineEdit *search = window.connectionBar()->searchField();
        search->setText(QStringLiteral("customer:acme"));
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<TagsPage *>(window.currentPage()), 20000);
        QCOMPARE(qobject_cast<TagsPage *>(window.currentPage())->currentTag(), QStringLiteral("customer:acme"));
    }

    // Every page of the window on a realistic pipeline, each grabbed for people to look at.
    void everyPageOnARealisticPipeline()
    {
        RealisticPipeline::seed(*m_fixture);
        MainWindow window;
        window.setSession(session());
        window.resize(1400, 860);
        window.show();
        const QStringList titles{QStringLiteral("Overview"),  QStringLiteral("Queues"),
                                 QStringLiteral("Completed"), QStringLiteral("Failed"),
                                 QStringLiteral("Tracked"),   QStringLiteral("Tags"),
                                 QStringLiteral("Workers"),   QStringLiteral("Stats"),
                                 QStringLiteral("Config"),    QStringLiteral("Activity"),
                                 QStringLiteral("Events"),    QStringLiteral("Search"),
                                 QStringLiteral("Alerts"),    QStringLiteral("History"),
                                 QStringLiteral("Blueque"),   QStringLiteral("Blueque search"),
                                 QStringLiteral("SideJob"),   QStringLiteral("SideJob search"),
                                 QStringLiteral("Sidekiq")};
        QCOMPARE(window.pages().size(), titles.size());
        for (int i = 0; i < titles.size(); ++i) {
            QCOMPARE(window.pages().at(i)->title(), titles.at(i));
            QVERIFY(window.showPage(titles.at(i)));
            QCOMPARE(window.currentPage(), window.pages().at(i));
            // Showing a page refreshes it: wait for that refresh to be in.
            QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 20000);
            QTest::qWait(200); // follow-up reads a page starts on its own (a selected group's jobs)
            screenshot(&window, QStringLiteral("window-") + titles.at(i).toLower());
        }
    }

    void refreshesByItself()
    {
        MainWindow window;
        window.connectionBar()->setRefreshInterval(1000);
        window.setSession(session());
        window.show();
        auto *overview = qobject_cast<OverviewPage *>(window.currentPage());
        QTRY_COMPARE_WITH_TIMEOUT(overview->queueModel()->rowCount(), 0, 5000);
        m_fixture->put("late", "j", double(QDateTime::currentSecsSinceEpoch()));
        QTRY_COMPARE_WITH_TIMEOUT(overview->queueModel()->rowCount(), 1, 20000);
    }

    void pausedWhileMinimized()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        window.setWindowState(Qt::WindowMinimized);
        QVERIFY(window.refreshTimer()->isPaused());
        window.setWindowState(Qt::WindowNoState);
        QVERIFY(!window.refreshTimer()->isPaused());
    }

    void readOnlyBadgeAndProfileName()
    {
        MainWindow window;
        window.setSession(session(true), QStringLiteral("production"));
        window.show();
        QVERIFY(!window.connectionBar()->readOnlyBadge()->isHidden());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("production")));
    }

    void reconnectIsOfferedWhileConnected()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->state().phase, ConnectionState::Phase::Ready, 20000);
        // Connected, no trouble shown, and yet the operator may think the link dead: offered.
        QVERIFY(window.troubleBanner()->isHidden());
        QToolButton *reconnect = window.connectionBar()->reconnectButton();
        QVERIFY(reconnect->isVisible());
        QVERIFY(reconnect->isEnabled());
        const auto connections = [this] {
            const QByteArray info = m_fixture->command({"INFO", "stats"}).bytes;
            const int at = info.indexOf("total_connections_received:");
            return info.mid(at).split('\r').first().split(':').last().toLongLong();
        };
        const qint64 before = connections();
        QSignalSpy states(window.session(), &QlessSession::stateChanged);
        reconnect->click();
        // A new connection to the same server, Ready again.
        QTRY_VERIFY_WITH_TIMEOUT(states.size() >= 2, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->state().phase, ConnectionState::Phase::Ready, 20000);
        QVERIFY(states.first().at(0).value<ConnectionState>().phase != ConnectionState::Phase::Ready);
        QCOMPARE(connections(), before + 1);
        QVERIFY(reconnect->isEnabled());
    }

    void troubleBannerWhileServerIsDown()
    {
        seedPipeline();
        MainWindow window;
        window.setSession(session());
        window.show();
        auto *overview = qobject_cast<OverviewPage *>(window.currentPage());
        QTRY_COMPARE_WITH_TIMEOUT(overview->queueModel()->rowCount(), 5, 20000);
        m_fixture->server().stop();
        QTRY_VERIFY_WITH_TIMEOUT(!window.troubleBanner()->isHidden(), 20000);
        QVERIFY(window.troubleBanner()->text().contains(QStringLiteral("lost")));
        // The data stays on screen, marked stale.
        QCOMPARE(overview->queueModel()->rowCount(), 5);
        QTRY_VERIFY(window.connectionBar()->lastRefreshLabel()->text().startsWith(QStringLiteral("stale")));
        screenshot(&window, QStringLiteral("overview-connection-lost"));
        QString error;
        QVERIFY2(m_fixture->server().start(&error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(window.troubleBanner()->isHidden(), 30000);
        m_fixture.reset(); // restarted server: a fresh fixture for later tests
        m_fixture = std::make_unique<QlessFixture>();
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
