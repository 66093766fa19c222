// SPDX-License-Identifier: GPL-3.0-or-later
#include "allserverswindow.h"
#include "faultproxy.h"
#include "mainwindow.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "refreshtimer.h"
#include "serveroverviewmodel.h"
#include "serverwindows.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

// Several servers side by side: a window per server, each on its own connection, and the All
// servers window with every server's connection, alerts and totals. The point of it: a server
// that stalls or stops holds up only its own row and window; the other keeps refreshing.
class TestAllServers final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_alpha;
    std::unique_ptr<QlessFixture> m_beta;

    static ConnectionSettings overSocket(QlessFixture &fixture)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture.server().socketPath();
        settings.reconnectInitialMs = 200;
        settings.reconnectMaxMs = 1000;
        return settings;
    }

    static ConnectionSettings overTcp(quint16 port)
    {
        ConnectionSettings settings;
        settings.host = QStringLiteral("127.0.0.1");
        settings.port = port;
        settings.reconnectInitialMs = 200;
        settings.reconnectMaxMs = 1000;
        return settings;
    }

    static void putJobs(QlessFixture &fixture, const QByteArray &queue, int count, int from = 0)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = from; i < from + count; ++i)
            fixture.put(queue, queue + "-" + QByteArray::number(i), now);
    }

    static void screenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        widget->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png"));
    }

    static QString cell(ServerOverviewModel *model, int row, int column)
    {
        return model->index(row, column).data().toString();
    }

    // Both servers' windows refresh fast, as does the overview, so a test sees change in seconds.
    static void quicken(ServerWindows &windows)
    {
        for (MainWindow *window : windows.windows())
            window->refreshTimer()->setInterval(300);
        windows.allServers()->model()->setInterval(300);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_alpha = std::make_unique<QlessFixture>();
        RedisServer::Options overTcpToo;
        overTcpToo.tcp = true; // beta is also reached through a FaultProxy
        m_beta = std::make_unique<QlessFixture>(overTcpToo);
        QString error;
        QVERIFY2(m_alpha->start(&error), qPrintable(error));
        QVERIFY2(m_beta->start(&error), qPrintable(error));
    }
    void init()
    {
        if (!m_beta->server().isRunning()) {
            QString error;
            QVERIFY2(m_beta->start(&error), qPrintable(error));
        }
        m_alpha->flush();
        m_beta->flush();
    }

    void everyServerWithItsTotals()
    {
        putJobs(*m_alpha, "crawl", 12);
        putJobs(*m_alpha, "parse", 3);
        putJobs(*m_beta, "mail", 7);
        m_beta->pop("mail", "mailer-1", 2, double(QDateTime::currentSecsSinceEpoch()));
        m_beta->qless("pause", double(QDateTime::currentSecsSinceEpoch()), {"mail"});

        ServerWindows windows;
        MainWindow *alpha = windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        MainWindow *beta = windows.open(overSocket(*m_beta), QStringLiteral("beta"));
        QCOMPARE(windows.windows().size(), 2);
        QVERIFY(alpha->session() != beta->session()); // a connection each
        windows.showAllServers();
        AllServersWindow *all = windows.allServers();
        QVERIFY(all->isVisible());
        ServerOverviewModel *model = all->model();
        QCOMPARE(model->rowCount(), 2);
        QTRY_VERIFY(model->isRead(0) && model->isRead(1));

        QCOMPARE(cell(model, 0, ServerOverviewModel::ServerColumn), QStringLiteral("alpha"));
        QCOMPARE(cell(model, 0, ServerOverviewModel::ConnectionColumn), QStringLiteral("connected"));
        QCOMPARE(cell(model, 0, ServerOverviewModel::QueuesColumn), QStringLiteral("2"));
        QCOMPARE(cell(model, 0, ServerOverviewModel::WaitingColumn), QStringLiteral("15"));
        QCOMPARE(cell(model, 1, ServerOverviewModel::ServerColumn), QStringLiteral("beta"));
        QCOMPARE(cell(model, 1, ServerOverviewModel::QueuesColumn), QStringLiteral("1 (1 paused)"));
        QCOMPARE(cell(model, 1, ServerOverviewModel::WaitingColumn), QStringLiteral("5"));
        QCOMPARE(cell(model, 1, ServerOverviewModel::RunningColumn), QStringLiteral("2"));
        QCOMPARE(model->sum().waiting, 20);
        QCOMPARE(model->sum().running, 2);
        QCOMPARE(model->sum().workers, 1); // mailer-1
        QTRY_VERIFY(all->summary()->text().contains(QStringLiteral("2 servers")));
        QVERIFY2(all->summary()->text().contains(QStringLiteral("20 waiting")), qPrintable(all->summary()->text()));
        screenshot(all, QStringLiteral("all-servers"));
    }

    void failedJobsAndGroupsAreSummed()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        putJobs(*m_alpha, "crawl", 4);
        const QList<QByteArray> popped = m_alpha->pop("crawl", "w1", 4, now);
        QCOMPARE(popped.size(), 4);
        for (int i = 0; i < 4; ++i)
            m_alpha->qless("fail", now, {popped.at(i), "w1", i < 3 ? "timeout" : "oom", "boom", "{}"});

        ServerWindows windows;
        windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        windows.showAllServers();
        ServerOverviewModel *model = windows.allServers()->model();
        QTRY_VERIFY(model->isRead(0));
        QCOMPARE(model->totalsAt(0).failed, 4);
        QCOMPARE(model->totalsAt(0).failureGroups, 2);
        QCOMPARE(cell(model, 0, ServerOverviewModel::FailedColumn), QStringLiteral("4"));
        QVERIFY(model->index(0, ServerOverviewModel::FailedColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("2 failure groups")));
    }

    // One server stalls (its bytes held both ways, as a peer gone without a word looks): its row
    // says so, and the other server's row and window keep refreshing meanwhile.
    void aStalledServerHoldsUpOnlyItsOwnRow()
    {
        FaultProxy proxy(m_beta->server().port());
        QVERIFY(proxy.listen());
        putJobs(*m_alpha, "crawl", 3);
        putJobs(*m_beta, "mail", 4);

        ServerWindows windows;
        MainWindow *alpha = windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        windows.open(overTcp(proxy.port()), QStringLiteral("beta"));
        quicken(windows);
        windows.showAllServers();
        AllServersWindow *all = windows.allServers();
        ServerOverviewModel *model = all->model();
        QTRY_VERIFY(model->isRead(0) && model->isRead(1));
        QCOMPARE(model->totalsAt(1).waiting, 4);

        proxy.setStalled(true);
        QTest::qWait(700); // beta's next reads are out, held by the proxy
        putJobs(*m_alpha, "crawl", 5, 100);
        QTRY_COMPARE_WITH_TIMEOUT(model->totalsAt(0).waiting, 8, 3000);
        // ... and alpha's own window, whose page refreshes on its own connection.
        QSignalSpy alphaRefreshed(alpha->session(), &QlessSession::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(alphaRefreshed.count() >= 3, 3000);
        QTRY_COMPARE_WITH_TIMEOUT(cell(model, 1, ServerOverviewModel::ConnectionColumn),
                                  QStringLiteral("not answering"), 8000);
        QVERIFY(cell(model, 1, ServerOverviewModel::LastReadColumn).startsWith(QStringLiteral("no reply for")));
        QCOMPARE(cell(model, 0, ServerOverviewModel::ConnectionColumn), QStringLiteral("connected"));
        QTRY_VERIFY(all->summary()->text().contains(QStringLiteral("1 not answering")));
        screenshot(all, QStringLiteral("all-servers-one-stalled"));

        proxy.setStalled(false); // the held bytes flow: beta answers again
        QTRY_COMPARE_WITH_TIMEOUT(cell(model, 1, ServerOverviewModel::ConnectionColumn), QStringLiteral("connected"),
                                  8000);
    }

    // One server stops: its row shows the connection lost; the other goes on as before.
    void aStoppedServerLeavesTheOtherRefreshing()
    {
        putJobs(*m_alpha, "crawl", 2);
        putJobs(*m_beta, "mail", 2);
        ServerWindows windows;
        MainWindow *alpha = windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        MainWindow *beta = windows.open(overSocket(*m_beta), QStringLiteral("beta"));
        quicken(windows);
        windows.showAllServers();
        ServerOverviewModel *model = windows.allServers()->model();
        QTRY_VERIFY(model->isRead(0) && model->isRead(1));

        m_beta->server().stop();
        QTRY_VERIFY_WITH_TIMEOUT(cell(model, 1, ServerOverviewModel::ConnectionColumn) != QStringLiteral("connected"),
                                 5000);
        QVERIFY(beta->session()->state().phase != ConnectionState::Phase::Ready);
        putJobs(*m_alpha, "crawl", 6, 100);
        QTRY_COMPARE_WITH_TIMEOUT(model->totalsAt(0).waiting, 8, 3000);
        QSignalSpy alphaRefreshed(alpha->session(), &QlessSession::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(alphaRefreshed.count() >= 3, 3000);
        QCOMPARE(model->totalsAt(1).waiting, 2); // beta's last totals stay, marked by its state
        QTRY_VERIFY(windows.allServers()->summary()->text().contains(QStringLiteral("1 not answering")));
    }

    void windowsComeAndGoWithTheirRows()
    {
        ServerWindows windows;
        MainWindow *alpha = windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        MainWindow *beta = windows.open(overSocket(*m_beta), QStringLiteral("beta"));
        AllServersWindow *all = windows.allServers();
        QCOMPARE(all->model()->rowCount(), 2);

        // Enter on a row brings that server's window up.
        beta->hide();
        windows.showAllServers();
        all->view()->setCurrentIndex(all->view()->model()->index(1, 0));
        QCOMPARE(all->currentServer(), beta->session());
        QTest::keyClick(all->view(), Qt::Key_Return);
        QVERIFY(beta->isVisible());

        // Connecting a window elsewhere replaces its row; closing it removes it.
        windows.connectWindow(beta, overSocket(*m_alpha), QStringLiteral("alpha again"));
        QCOMPARE(all->model()->rowCount(), 2);
        QCOMPARE(cell(all->model(), 1, ServerOverviewModel::ServerColumn), QStringLiteral("alpha again"));
        alpha->close(); // deletes itself and its connection
        QTRY_COMPARE(windows.windows().size(), 1);
        QCOMPARE(all->model()->rowCount(), 1);
        QCOMPARE(cell(all->model(), 0, ServerOverviewModel::ServerColumn), QStringLiteral("alpha again"));
    }

    void theMenusOpenAnotherServerAndTheOverview()
    {
        ServerWindows windows;
        MainWindow *alpha = windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        QSignalSpy wanted(&windows, &ServerWindows::connectionWanted);
        auto *another = alpha->findChild<QAction *>(QStringLiteral("openAnotherServerAction"));
        QVERIFY(another);
        QCOMPARE(another->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
        another->trigger();
        QCOMPARE(wanted.count(), 1);
        QCOMPARE(wanted.at(0).at(0).value<MainWindow *>(), nullptr); // a new window
        emit alpha->connectRequested();
        QCOMPARE(wanted.at(1).at(0).value<MainWindow *>(), alpha); // this one

        auto *all = alpha->findChild<QAction *>(QStringLiteral("allServersAction"));
        QVERIFY(all);
        QVERIFY(!windows.allServers()->isVisible());
        all->trigger();
        QVERIFY(windows.allServers()->isVisible());
        // Shown, its rows are read; hidden, they are not.
        QTRY_VERIFY(windows.allServers()->model()->isRead(0));
    }
};

QTEST_MAIN(TestAllServers)
#include "tst_allservers.moc"
