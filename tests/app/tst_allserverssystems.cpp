// SPDX-License-Identifier: GPL-3.0-or-later
#include "allserverswindow.h"
#include "apptheme.h"
#include "bluequegenerator.h"
#include "mainwindow.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "serveroverviewmodel.h"
#include "serverwindows.h"
#include "sidejobsample.h"

#include <QDateTime>
#include <QDir>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

// The All servers window with the other job systems a server holds: one server with qless,
// Blueque and SideJob side by side, one with qless alone. Each system's figures come in one
// neutral shape (SystemFigures) into one column; screenshots light and dark.
class TestAllServersSystems final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_alpha;
    std::unique_ptr<QlessFixture> m_beta;

    static ConnectionSettings overSocket(QlessFixture &fixture)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture.server().socketPath();
        return settings;
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

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_alpha = std::make_unique<QlessFixture>();
        m_beta = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_alpha->start(&error), qPrintable(error));
        QVERIFY2(m_beta->start(&error), qPrintable(error));
    }
    void cleanupTestCase() { AppTheme::setDark(false); }

    void everySystemOfAServerInOneShape()
    {
        const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000;
        for (int i = 0; i < 4; ++i)
            m_alpha->put("crawl", "crawl-" + QByteArray::number(i), now);
        m_beta->put("mail", "mail-1", now);
        BluequeGenerator blueque(m_alpha->redis());
        blueque.addListener("transcode", "worker-1.example.com_4242");
        blueque.addListener("thumbs", "worker-2.example.com_77");
        for (int i = 0; i < 3; ++i)
            blueque.enqueue("thumbs", "p", now - 10 + i);
        const QByteArray failing = blueque.enqueue("transcode", "p", now - 20);
        blueque.dequeue("transcode", "worker-1.example.com_4242", now - 19);
        blueque.start("transcode", failing, "worker-1.example.com_4242", 5001, now - 18);
        blueque.fail("transcode", failing, "worker-1.example.com_4242", 5001, "boom", now - 17);
        SideJobSample::write(m_alpha->redis(), now);

        ServerWindows windows;
        windows.open(overSocket(*m_alpha), QStringLiteral("alpha"));
        windows.open(overSocket(*m_beta), QStringLiteral("beta"));
        windows.showAllServers();
        AllServersWindow *all = windows.allServers();
        all->resize(1500, 300);
        ServerOverviewModel *model = all->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->systemsAt(0).size() == 2, 10000);
        QTRY_VERIFY(model->isRead(0) && model->isRead(1));

        const QList<SystemFigures> systems = model->systemsAt(0);
        QCOMPARE(systems.at(0).system, QStringLiteral("Blueque"));
        const QList<SystemFigure> b = systems.at(0).figures;
        QCOMPARE(b.size(), 4);
        QCOMPARE(b.at(0).value, 2); // queues
        QCOMPARE(b.at(1).value, 3); // pending
        QCOMPARE(b.at(2).value, 1); // failed
        QCOMPARE(b.at(3).value, 2); // listeners
        QCOMPARE(systems.at(1).system, QStringLiteral("SideJob"));
        const QList<SystemFigure> s = systems.at(1).figures;
        QCOMPARE(s.at(0).value, m_alpha->redis().command({"SCARD", "jobs"}).integer);
        QCOMPARE(s.at(3).value, m_alpha->redis().command({"SCARD", "processes"}).integer);
        QCOMPARE(s.at(2).value, m_alpha->redis().command({"LLEN", "queue:q1"}).integer);
        const QString text = cell(model, 0, ServerOverviewModel::OtherSystemsColumn);
        QVERIFY2(text.startsWith(QStringLiteral("Blueque: 2 queues, 3 pending, 1 failed, 2 listeners\nSideJob: ")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("1 Sidekiq queue, ")) && text.endsWith(QLatin1String("1 process")),
                 qPrintable(text)); // the singular where the count is one; no "0 dead" in the cell
        QVERIFY(model->index(0, ServerOverviewModel::OtherSystemsColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("not counted")));
        QCOMPARE(cell(model, 0, ServerOverviewModel::WaitingColumn), QStringLiteral("4")); // qless as before
        QVERIFY(model->systemsAt(1).isEmpty());
        QCOMPARE(cell(model, 1, ServerOverviewModel::OtherSystemsColumn), QStringLiteral("none"));

        QTest::qWait(200);
        screenshot(all, QStringLiteral("all-servers-systems"));
        AppTheme::setDark(true);
        QTest::qWait(200);
        screenshot(all, QStringLiteral("all-servers-systems-dark"));
        AppTheme::setDark(false);
    }
};

QTEST_MAIN(TestAllServersSystems)
#include "tst_allserverssystems.moc"
