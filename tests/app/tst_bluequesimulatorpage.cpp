// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequepage.h"
#include "bluequequeuemodel.h"
#include "bluequesimulator.h"
#include "bluequetaskmodel.h"
#include "pagetestbase.h"

#include <QTableView>
#include <QTest>

// The Blueque page on the simulator's live deployment (what `./run demo blueque` shows): its
// queues listed with their listeners, a queue's failed tasks with their errors; screenshots
// saved for people to look at.
class TestBluequeSimulatorPage final : public QObject, private PageTestBase
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }

    void showsTheSimulatedDeployment()
    {
        auto s = session();
        SimulatorOptions options;
        options.speed = 10;
        options.jobsPerSecond = 3;
        options.failureRate = 0.15;
        options.workerDeathsPerHour = 0;
        options.schedulerPausesPerHour = 0;
        BluequeSimulator simulator(s->connection(), options);
        simulator.start();
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().failed >= 3 && simulator.counters().completed >= 20, 30000);

        BluequePage page(s.get());
        page.resize(1280, 800);
        page.show();
        QVERIFY(refresh(&page));
        QVERIFY(page.isAvailable());
        QCOMPARE(page.queueModel()->rowCount(), options.bluequeQueues.size());
        screenshot(&page, QStringLiteral("blueque-simulated-queues"));

        QString failing; // the queue with the most failed tasks
        qint64 most = 0;
        for (const QString &queue : options.bluequeQueues) {
            const qint64 failed = fixture().redis().command({"LLEN", "blueque_failed_tasks_" + queue.toUtf8()}).integer;
            if (failed > most) {
                most = failed;
                failing = queue;
            }
        }
        page.showQueue(failing);
        page.showState(QStringLiteral("failed"));
        QVERIFY(refresh(&page));
        QVERIFY(QTest::qWaitFor([&] { return page.taskModel()->rowCount() > 0; }, 5000));
        page.taskView()->selectRow(0);
        QTest::qWait(300);
        screenshot(&page, QStringLiteral("blueque-simulated-failed"));
        simulator.stop();
        QCOMPARE(simulator.counters().errors, 0);
    }
};

QTEST_MAIN(TestBluequeSimulatorPage)
#include "tst_bluequesimulatorpage.moc"
