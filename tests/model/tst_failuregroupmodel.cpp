// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuregroupmodel.h"
#include "qlessclienttestbase.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QItemSelectionModel>

// Failure groups against a real Redis: counts as the failed script gives them, biggest first,
// each group's newest failure, a keyed refresh that keeps the selection, and a group listing a
// jid whose job is gone shown without a crash.
class TestFailureGroupModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static bool refresh(FailureGroupModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    void failJob(const QByteArray &jid, const QByteArray &group, const QByteArray &message, double when)
    {
        fixture().put("q", jid, when - 10);
        fixture().pop("q", "w1", 1, when - 5);
        fixture().call(QStringLiteral("fail"), {jid, "w1", group, message, num(when)});
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void showsGroupsAsTheScriptCountsThem()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        failJob("a1", "IOError", "reset\nTraceback", now - 100);
        failJob("b1", "KeyError", "k", now - 90);
        failJob("b2", "KeyError", "k", now - 80);
        failJob("b3", "KeyError", "'user_id'\n  File x", now - 60);
        failJob("c1", "Timeout", "t", now - 70);
        failJob("c2", "Timeout", "t", now - 50);
        FailureGroupModel model(client());
        model.setClock([now] { return now; });
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        const QJsonObject counts = fixture().json(QStringLiteral("failed"), {}).toObject();
        QCOMPARE(model.rowCount(), counts.size());
        for (auto it = counts.constBegin(); it != counts.constEnd(); ++it) {
            const int row = model.rowOf(it.key());
            QVERIFY(row >= 0);
            QCOMPARE(model.index(row, FailureGroupModel::CountColumn).data(FailureGroupModel::SortRole).toLongLong(),
                     it.value().toInteger());
        }
        // Biggest first, ties by name.
        QCOMPARE(model.rowAt(0).name, QStringLiteral("KeyError"));
        QCOMPARE(model.rowAt(1).name, QStringLiteral("Timeout"));
        QCOMPARE(model.rowAt(2).name, QStringLiteral("IOError"));
        QCOMPARE(model.totalJobs(), 6);
        // The newest failure of each group: first line only, and how long ago.
        QCOMPARE(model.index(0, FailureGroupModel::MessageColumn).data().toString(), QStringLiteral("'user_id'"));
        QCOMPARE(model.index(0, FailureGroupModel::LatestColumn).data().toString(), QStringLiteral("1 min ago"));
        QCOMPARE(model.index(0, FailureGroupModel::LatestColumn).data(FailureGroupModel::SortRole).toDouble(),
                 now - 60);
        QCOMPARE(model.rowAt(0).latestQueue, QStringLiteral("q"));
        QVERIFY(model.index(0, FailureGroupModel::CountColumn).data(Qt::FontRole).value<QFont>().bold());
    }

    // Issue #14: a refresh is one step of the list, whatever the number of groups (a call, and
    // more only when reading the newest failures runs past a call's time: issue #30), and every
    // group shows its newest failure after the first refresh; a group that gets a newer failure
    // shows it at the next one.
    void oneCallPerRefreshShowsEveryGroupsNewestFailure()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 50; ++i)
            failJob("j" + QByteArray::number(i), "G" + QByteArray::number(i).rightJustified(2, '0'), "m",
                    now - 100 + i);
        FailureGroupModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        const auto known = [&model] {
            int n = 0;
            for (const FailureGroupSummary &row : model.rows())
                n += row.latestWhen > 0 ? 1 : 0;
            return n;
        };
        const auto commands = [this] {
            // Script calls clients sent (the commands scripts run inside are counted apart).
            const QByteArray info = fixture().command({"INFO", "commandstats"}).text();
            qint64 calls = 0;
            for (const QByteArray &line : info.split('\n')) {
                if (line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:")) {
                    const int at = line.indexOf("calls=") + 6;
                    calls += line.mid(at, line.indexOf(',', at) - at).toLongLong();
                }
            }
            return calls;
        };
        qint64 before = commands();
        QVERIFY(refresh(model));
        QVERIFY(commands() - before >= 1);
        QCOMPARE(model.rowCount(), 50);
        QCOMPARE(model.totalGroups(), 50);
        QCOMPARE(known(), 50);
        failJob("newer", "G49", "fresh news\nTraceback", now);
        before = commands();
        QVERIFY(refresh(model));
        QVERIFY(commands() - before >= 1);
        const FailureGroupSummary &g49 = model.rowAt(model.rowOf(QStringLiteral("G49")));
        QCOMPARE(g49.count, 2);
        QCOMPARE(g49.latestMessage, QStringLiteral("fresh news"));
        QCOMPARE(g49.latestWhen, now);
    }

    // Very many groups (qless names them by raw error text): the reply lists a bounded number,
    // and the model says how many there are in all.
    void veryManyGroupsAreCappedWithTheirTotal()
    {
        for (int i = 0; i < 2000; i += 200) {
            QList<QByteArray> args{"SADD", "ql:failures"};
            for (int j = i; j < i + 200; ++j)
                args << "error text " + QByteArray::number(j);
            fixture().command(args);
        }
        FailureGroupModel model(client());
        QVERIFY(refresh(model));
        QCOMPARE(model.totalGroups(), 2000);
        QVERIFY2(model.rowCount() > 0 && model.rowCount() <= 600, QByteArray::number(model.rowCount()).constData());
    }

    // A group whose newest job key holds another type: the group and its count still show, its
    // message says the newest job could not be read.
    void aDamagedNewestJobIsMarked()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        failJob("a1", "IOError", "reset", now - 100);
        fixture().command({"LPUSH", "ql:f:IOError", "broken"});
        fixture().command({"SET", "ql:j:broken", "x"});
        FailureGroupModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QVERIFY2(model.lastError().isEmpty(), qPrintable(model.lastError()));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.rowAt(0).count, 2);
        QVERIFY2(model.rowAt(0).latestMessage.contains(QLatin1String("unreadable")),
                 qPrintable(model.rowAt(0).latestMessage));
    }

    void countsOnlyWhenAsked()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        failJob("a1", "IOError", "reset", now - 100);
        FailureGroupModel model(client());
        model.setLatestLookups(false);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.rowAt(0).count, 1);
        QCOMPARE(model.rowAt(0).latestWhen, 0.0);
    }

    void refreshKeepsSelectionAsGroupsComeAndGo()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        failJob("a1", "A", "m", now - 100);
        failJob("b1", "B", "m", now - 90);
        failJob("c1", "C", "m", now - 80);
        FailureGroupModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QStringLiteral("B")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // A empties (its job goes back to work), D appears above, C grows past B.
        fixture().call(QStringLiteral("unfail"), {num(now), "A", "q", "25"});
        failJob("d1", "D", "m", now - 70);
        failJob("d2", "D", "m", now - 69);
        failJob("d3", "D", "m", now - 68);
        failJob("c2", "C", "m", now - 60);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowAt(0).name, QStringLiteral("D"));
        QCOMPARE(selection.currentIndex().data(FailureGroupModel::KeyRole).toString(), QStringLiteral("B"));
        QCOMPARE(selection.selectedRows().size(), 1);
    }

    void groupOfAVanishedJobIsShown()
    {
        fixture().command({"LPUSH", "ql:f:Ghosts", "gone-jid"});
        fixture().command({"SADD", "ql:failures", "Ghosts"});
        FailureGroupModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, FailureGroupModel::CountColumn).data().toString(), QStringLiteral("1"));
        QVERIFY(model.index(0, FailureGroupModel::LatestColumn).data().toString().isEmpty());
    }

    void failureKeepsRows()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        failJob("a1", "A", "m", now - 100);
        FailureGroupModel model(client());
        QVERIFY(refresh(model));
        fixture().server().stop();
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(!model.lastError().isEmpty());
        QString error;
        QVERIFY2(fixture().server().start(&error), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestFailureGroupModel)
#include "tst_failuregroupmodel.moc"
