#include "qlessclienttestbase.h"
#include "queuelistmodel.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QFont>
#include <QSignalSpy>

// The queue list against a real Redis: counts as the queues script gives them, refreshed as a
// keyed diff that keeps the operator's selection.
class TestQueueListModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static constexpr double T = 1763683200;

    bool refresh(QueueListModel &model)
    {
        QSignalSpy done(&model, &QueueListModel::refreshed);
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 20000) && done.count() == 1;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void showsCountsFromRedis()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "a", now);
        fixture().put("crawl", "b", now);
        fixture().put("crawl", "c", now, {}, 3600);
        fixture().put("parse", "d", now);
        fixture().pop("parse", "w", 1, now);
        QueueListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 2);
        const int crawl = model.rowOf(QStringLiteral("crawl"));
        QVERIFY(crawl >= 0);
        QCOMPARE(model.index(crawl, QueueListModel::WaitingColumn).data(QueueListModel::SortRole).toLongLong(), 2);
        QCOMPARE(model.index(crawl, QueueListModel::ScheduledColumn).data().toString(), QStringLiteral("1"));
        const int parse = model.rowOf(QStringLiteral("parse"));
        QCOMPARE(model.index(parse, QueueListModel::RunningColumn).data(QueueListModel::SortRole).toLongLong(), 1);
        QCOMPARE(model.totals().waiting, 2);
        QCOMPARE(model.headerData(QueueListModel::StalledColumn, Qt::Horizontal).toString(), QStringLiteral("Stalled"));
    }

    void stalledStandsOut()
    {
        fixture().put("q", "a", T);
        fixture().pop("q", "w", 1, T); // lock long expired by the real clock
        QueueListModel model(client());
        QVERIFY(refresh(model));
        const QModelIndex stalled = model.index(0, QueueListModel::StalledColumn);
        QCOMPARE(stalled.data(QueueListModel::SortRole).toLongLong(), 1);
        QVERIFY(stalled.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(stalled.data(Qt::ForegroundRole).isValid());
    }

    void refreshKeepsSelectionAsQueuesComeAndGo()
    {
        for (const QByteArray q : {"a", "b", "c"})
            fixture().put(q, "j-" + q, T);
        QueueListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QStringLiteral("b")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Queue a disappears (its registration removed), d appears, b's counts change.
        fixture().command({"ZREM", "ql:queues", "a"});
        fixture().put("d", "j-d", T);
        fixture().put("b", "j-b2", T);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(selection.currentIndex().data(QueueListModel::KeyRole).toString(), QStringLiteral("b"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(model.index(selection.currentIndex().row(), QueueListModel::WaitingColumn)
                     .data(QueueListModel::SortRole).toLongLong(), 2);
    }

    void failureKeepsRows()
    {
        fixture().put("q", "a", T);
        QueueListModel model(client());
        QVERIFY(refresh(model));
        QSignalSpy failed(&model, &QueueListModel::loadFailed);
        fixture().server().stop();
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        QVERIFY(QTest::qWaitFor([&finished] { return finished; }, 60000));
        QCOMPARE(failed.count(), 1);
        QCOMPARE(model.rowCount(), 1); // what was shown stays (marked stale by the window)
        QVERIFY(!model.lastError().isEmpty());
        QString error;
        QVERIFY2(fixture().server().start(&error), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestQueueListModel)
#include "tst_queuelistmodel.moc"
