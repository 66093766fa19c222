// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"
#include "queuelistmodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QItemSelectionModel>
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

    // The Length column is qless's own `length` of each queue (locks + work + scheduled), with
    // running, stalled, timed-out, due and future scheduled jobs in it and neither dependents nor
    // templates.
    void lengthIsQlessLength()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        const auto put = [this](double at, const QByteArray &queue, const QByteArray &jid, const QByteArray &delay,
                                const QList<QByteArray> &options = {}) {
            const RedisValue reply =
                fixture().qless("put", at, QList<QByteArray>{"client", queue, jid, "Job", "{}", delay} + options);
            QVERIFY2(!reply.isError(), reply.bytes.constData());
        };
        for (const QByteArray jid : {"a", "b", "e", "f"})
            put(now - 30, "crawl", jid, "0");
        put(now, "crawl", "later", "3600"); // scheduled
        put(now - 20, "crawl", "due", "5"); // scheduled, already due
        put(now, "crawl", "after", "0", {"depends", "[\"a\"]"});
        QVERIFY(!fixture().qless("recur", now, {"crawl", "r1", "Job", "{}", "interval", "3600", "3600"}).isError());
        const QJsonArray popped = fixture().qlessJson("pop", now - 10, {"crawl", "w1", "2"}).toArray();
        QCOMPARE(popped.size(), 2);
        QVERIFY(
            !fixture()
                 .qless("timeout", now - 5, {popped.at(0).toObject().value(QStringLiteral("jid")).toString().toUtf8()})
                 .isError());
        put(T, "stuck", "s1", "0");
        QCOMPARE(fixture().qlessJson("pop", T, {"stuck", "w2", "1"}).toArray().size(), 1); // its lock ran out long ago

        QueueListModel model(client());
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 2);
        const int crawl = model.rowOf(QStringLiteral("crawl"));
        const int stuck = model.rowOf(QStringLiteral("stuck"));
        QCOMPARE(model.index(stuck, QueueListModel::StalledColumn).data(QueueListModel::SortRole).toLongLong(), 1);
        QCOMPARE(model.index(crawl, QueueListModel::DependsColumn).data(QueueListModel::SortRole).toLongLong(), 1);
        for (const int row : {crawl, stuck}) {
            const QByteArray name = model.index(row, 0).data(QueueListModel::KeyRole).toString().toUtf8();
            const RedisValue length = fixture().qless("length", now, {name});
            QVERIFY2(length.type == RedisValue::Type::Integer, describe(length).constData());
            QCOMPARE(model.index(row, QueueListModel::LengthColumn).data(QueueListModel::SortRole).toLongLong(),
                     length.integer);
            QCOMPARE(model.index(row, QueueListModel::LengthColumn).data().toString(), QString::number(length.integer));
        }
        QCOMPARE(model.index(crawl, QueueListModel::LengthColumn).data(QueueListModel::SortRole).toLongLong(), 6);
        QCOMPARE(model.headerData(QueueListModel::LengthColumn, Qt::Horizontal).toString(), QStringLiteral("Length"));
        QVERIFY(model.headerData(QueueListModel::LengthColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("qless's length")));
        QCOMPARE(model.totals().length(), 7);
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
                     .data(QueueListModel::SortRole)
                     .toLongLong(),
                 2);
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
