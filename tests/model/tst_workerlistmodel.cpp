// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"
#include "workerlistmodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QItemSelectionModel>

// Workers against a real Redis: what the workers script lists (running, stalled, last seen),
// stalled standing out, and a keyed refresh that keeps the selection.
class TestWorkerListModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static bool refresh(WorkerListModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void showsWhatTheScriptLists()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 6; ++i)
            fixture().put("q", "j" + QByteArray::number(i), now - 1000 + i);
        fixture().pop("q", "busy", 3, now - 12);   // locks still held
        fixture().pop("q", "dead", 2, now - 3600); // locks long expired: stalled
        WorkerListModel model(client());
        model.setClock([now] { return now; });
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        const QJsonArray workers = fixture().json(QStringLiteral("workers"), {num(now)}).toArray();
        QCOMPARE(model.rowCount(), workers.size());
        for (int i = 0; i < workers.size(); ++i) {
            const QJsonObject worker = workers.at(i).toObject();
            QCOMPARE(model.rowAt(i).name, worker.value(QStringLiteral("name")).toString());
            QCOMPARE(model.rowAt(i).jobs, worker.value(QStringLiteral("jobs")).toInteger());
            QCOMPARE(model.rowAt(i).stalled, worker.value(QStringLiteral("stalled")).toInteger());
        }
        const int busy = model.rowOf(QStringLiteral("busy"));
        const int dead = model.rowOf(QStringLiteral("dead"));
        QCOMPARE(model.index(busy, WorkerListModel::JobsColumn).data().toString(), QStringLiteral("3"));
        QCOMPARE(model.index(busy, WorkerListModel::LastSeenColumn).data().toString(), QStringLiteral("12 s ago"));
        QCOMPARE(model.index(dead, WorkerListModel::StalledColumn).data().toString(), QStringLiteral("2"));
        QVERIFY(model.index(dead, WorkerListModel::StalledColumn).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(model.index(dead, WorkerListModel::NameColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(!model.index(busy, WorkerListModel::NameColumn).data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(model.stalledWorkers(), 1);
    }

    void refreshKeepsSelectionAsWorkersComeAndGo()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 6; ++i)
            fixture().put("q", "j" + QByteArray::number(i), now - 1000 + i);
        fixture().pop("q", "a", 1, now - 30);
        fixture().pop("q", "b", 1, now - 20);
        fixture().pop("q", "c", 1, now - 10);
        WorkerListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QStringLiteral("b")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        fixture().command({"ZREM", "ql:workers", "a"});
        fixture().pop("q", "d", 1, now - 5);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowAt(0).name, QStringLiteral("d"));
        QCOMPARE(selection.currentIndex().data(WorkerListModel::KeyRole).toString(), QStringLiteral("b"));
        QCOMPARE(selection.selectedRows().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestWorkerListModel)
#include "tst_workerlistmodel.moc"
