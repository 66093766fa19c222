// SPDX-License-Identifier: GPL-3.0-or-later
#include "stepwindow.h"

#include <QTest>

// StepWindow: how many per-job steps of a bulk run go to Redis at once, from the work the last
// batch took Redis. No Redis here: the sizing is arithmetic on measured figures (the runner's
// use of it on a real server is in tst_bulkrunnersteps).
class TestStepWindow final : public QObject
{
    Q_OBJECT

private slots:
    void firstBatchIsOneStep() { QCOMPARE(StepWindow(500).size(), 1); }

    // Cheap steps: the batches grow, at most twofold each, up to what fits the budget.
    void growsAtMostTwofoldToTheBudget()
    {
        StepWindow window(500);
        QList<int> sizes;
        for (int i = 0; i < 12; ++i) {
            sizes << window.size();
            window.measured(window.size(), qint64(window.size()) * 100); // 100 us a step
        }
        QCOMPARE(sizes, (QList<int>{1, 2, 4, 8, 16, 32, 40, 40, 40, 40, 40, 40}));
        QCOMPARE(int(StepWindow::BudgetMicros / 100), 40);
    }

    // A step that alone takes more than the budget (a job deep in a group of 1,000,000): one at
    // a time, at once, whatever came before.
    void expensiveStepsGoOneAtATime()
    {
        StepWindow window(500);
        for (int i = 0; i < 8; ++i)
            window.measured(window.size(), qint64(window.size()) * 50);
        QCOMPARE(window.size(), 80);
        window.measured(80, 80 * 6000);
        QCOMPARE(window.size(), 1);
        window.measured(1, 7000);
        QCOMPARE(window.size(), 1);
    }

    void neverAboveItsMost()
    {
        StepWindow window(10);
        for (int i = 0; i < 10; ++i)
            window.measured(window.size(), 0); // a clock that did not move
        QCOMPARE(window.size(), 10);
        QCOMPARE(StepWindow(0).size(), 1);
    }

    // A batch ended by a fault measures nothing; a batch measured with no steps changes nothing.
    void emptyBatchChangesNothing()
    {
        StepWindow window(500);
        window.measured(1, 10);
        QCOMPARE(window.size(), 2);
        window.measured(0, 100000);
        QCOMPARE(window.size(), 2);
    }
};

QTEST_APPLESS_MAIN(TestStepWindow)
#include "tst_stepwindow.moc"
