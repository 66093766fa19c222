// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"
#include "recurringlistmodel.h"
#include "refreshtimer.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QPointer>
#include <QSignalSpy>

// Recurring templates of a queue against a real Redis: the jids the jobs script lists, each
// template's values as `recur get` gives them, paged, refreshed as a keyed diff.
class TestRecurringListModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static bool waitIdle(RecurringListModel &model)
    {
        return QTest::qWaitFor([&model] { return !model.isLoading(); }, 30000);
    }

    static bool refresh(RecurringListModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    void recur(const QByteArray &queue, const QByteArray &jid, double now, double interval, double offset,
               const QList<QByteArray> &options = {})
    {
        fixture().call(QStringLiteral("recur"), QList<QByteArray>{"on", queue, jid, "Cron.Job", "{\"n\":1}", num(now),
                                                                  "interval", num(interval), num(offset)}
                                                    + options);
    }

    static QStringList jids(const RecurringListModel &model)
    {
        QStringList out;
        for (const RecurringJob &row : model.rows())
            out << QString::fromUtf8(row.jid);
        return out;
    }

    // Script calls clients have sent so far (INFO commandstats).
    qint64 scriptCalls()
    {
        const QByteArray info = fixture().command({"INFO", "commandstats"}).text();
        qint64 calls = 0;
        for (const QByteArray &line : info.split('\n')) {
            if (line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:")) {
                const int at = line.indexOf("calls=") + 6;
                calls += line.mid(at, line.indexOf(',', at) - at).toLongLong();
            }
        }
        return calls;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void showsTemplatesAsTheScriptsListThem()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        recur("cron", "hourly", now, 3600, 600, {"priority", "5", "tags", "[\"ops\",\"nightly\"]", "retries", "2"});
        recur("cron", "minutely", now, 60, 0);
        recur("other", "elsewhere", now, 60, 0);

        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setClock([now] { return now; });
        model.setQueue(QStringLiteral("cron"));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.lastError(), QString());

        // Exactly the jids, in the order, that the jobs script lists.
        QStringList expected;
        for (const QByteArray &jid :
             fixture().call(QStringLiteral("jobs"), {"recurring", num(now), "cron", "0", "100"}).strings())
            expected << QString::fromUtf8(jid);
        QCOMPARE(jids(model), expected);
        QCOMPARE(model.total(), 2);
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(jids(model).contains(QStringLiteral("hourly")));
        QVERIFY(jids(model).contains(QStringLiteral("minutely")));

        const int row = model.rowOf(QStringLiteral("hourly"));
        const auto cell = [&model, row](int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(cell(RecurringListModel::KlassColumn), QStringLiteral("Cron.Job"));
        QCOMPARE(cell(RecurringListModel::PriorityColumn), QStringLiteral("5"));
        QCOMPARE(cell(RecurringListModel::TagsColumn), QStringLiteral("ops, nightly"));
        QCOMPARE(cell(RecurringListModel::IntervalColumn), QStringLiteral("1 h"));
        QCOMPARE(cell(RecurringListModel::NextRunColumn), QStringLiteral("in 10 min"));
        QCOMPARE(cell(RecurringListModel::CountColumn), QStringLiteral("0"));
        QCOMPARE(cell(RecurringListModel::RetriesColumn), QStringLiteral("2"));
        QCOMPARE(model.index(row, RecurringListModel::NextRunColumn).data(RecurringListModel::SortRole).toDouble(),
                 now + 600);
    }

    void refreshAppliesAKeyedDiff()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        recur("cron", "a", now, 60, 0);
        recur("cron", "b", now, 60, 0);
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setQueue(QStringLiteral("cron"));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 2);

        fixture().call(QStringLiteral("recur"), {"off", "a"});
        recur("cron", "c", now, 60, 0);
        fixture().call(QStringLiteral("recur"), {"update", "b", "priority", "9"});
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(!jids(model).contains(QStringLiteral("a")));
        QVERIFY(jids(model).contains(QStringLiteral("c")));
        QCOMPARE(model.index(model.rowOf(QStringLiteral("b")), RecurringListModel::PriorityColumn).data().toString(),
                 QStringLiteral("9"));
        QCOMPARE(model.total(), 2);
    }

    void pagesIn()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 25; ++i)
            recur("many", "r" + QByteArray::number(i).rightJustified(2, '0'), now, 60, i);
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setPageSize(10);
        model.setQueue(QStringLiteral("many"));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 10);
        QCOMPARE(model.total(), 25);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitIdle(model));
        }
        QCOMPARE(model.rowCount(), 25);
        const QStringList all = jids(model);
        QCOMPARE(QSet<QString>(all.begin(), all.end()).size(), 25);
    }

    // Issue #14: after paging far, a refresh reads the templates on screen plus a margin and the
    // total, not every template loaded (one read each): those update, far ones keep what they had.
    void refreshReadsAroundTheTemplatesOnScreen()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        const auto name = [](int i) -> QByteArray { return "r" + QByteArray::number(i).rightJustified(4, '0'); };
        for (int i = 0; i < 700; ++i)
            recur("many", name(i), now, 3600, i); // next runs in jid order
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setQueue(QStringLiteral("many"));
        QVERIFY(waitIdle(model));
        for (;;) { // the tester pages on by itself too: wait for whatever is in flight
            QVERIFY(waitIdle(model));
            if (!model.canFetchMore({}))
                break;
            model.fetchMore({});
        }
        QCOMPARE(model.rowCount(), 700);
        model.setVisibleRange(600, 619);
        QCOMPARE(model.refreshWindow(), qMakePair(550, 120));
        fixture().command({"HSET", "ql:r:" + name(605), "priority", "9"});
        fixture().command({"HSET", "ql:r:" + name(5), "priority", "9"});
        const qint64 before = scriptCalls();
        QVERIFY(refresh(model));
        const qint64 calls = scriptCalls() - before;
        QVERIFY2(calls <= 120 + 2, QByteArray::number(calls).constData()); // not 700 + 2
        QCOMPARE(model.rowCount(), 700);
        const auto priority = [&model](const QByteArray &jid) {
            return model.index(model.rowOf(QString::fromLatin1(jid)), RecurringListModel::PriorityColumn)
                .data()
                .toString();
        };
        QCOMPARE(priority(name(605)), QStringLiteral("9"));
        QCOMPARE(priority(name(5)), QStringLiteral("0")); // not read: as it was
        QVERIFY(model.isFresh(model.rowOf(QString::fromLatin1(name(605)))));
        QVERIFY(
            !model.index(model.rowOf(QString::fromLatin1(name(5))), 0).data(RecurringListModel::FreshRole).toBool());
        QVERIFY(model.index(model.rowOf(QString::fromLatin1(name(5))), 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("out of view")));
    }

    // A listed template that is gone does not end the list (the end is judged on jids listed, not
    // templates read), and one the server cannot read is a marked row, not a failed page.
    void pagesOnPastGoneAndUnreadableTemplates()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 10; ++i)
            recur("cron", "r" + QByteArray::number(i), now, 60, 10 + i);
        fixture().command({"ZADD", "ql:q:cron-recur", "1", "ghost", "2", "broken"}); // first in line
        fixture().command({"SET", "ql:r:broken", "not a hash"});
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy failed(&model, &RecurringListModel::loadFailed);
        model.setPageSize(5);
        model.setQueue(QStringLiteral("cron"));
        QVERIFY(waitIdle(model));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(model.rowCount(), 4);                        // ghost gone, broken marked, three templates
        QVERIFY(model.canFetchMore({}) || model.isLoading()); // not taken for the end
        for (;;) {
            QVERIFY(waitIdle(model));
            if (!model.canFetchMore({}))
                break;
            model.fetchMore({});
        }
        QCOMPARE(model.rowCount(), 11);
        const QModelIndex broken = model.index(model.rowOf(QStringLiteral("broken")), 0);
        QVERIFY(broken.isValid());
        QVERIFY(broken.data(Qt::ToolTipRole).toString().contains(QStringLiteral("damaged")));
        QVERIFY(refresh(model)); // a refresh too shows the page around the unreadable one
        QCOMPARE(failed.count(), 0);
        QVERIFY(model.rowOf(QStringLiteral("broken")) >= 0);
        QVERIFY(model.rowOf(QStringLiteral("r0")) >= 0);
    }

    void otherQueueDropsOldReplies()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        recur("x", "in-x", now, 60, 0);
        recur("y", "in-y", now, 60, 0);
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setQueue(QStringLiteral("x"));
        model.setQueue(QStringLiteral("y"));
        QVERIFY(waitIdle(model));
        QTest::qWait(200); // a late reply for x would land now
        QCOMPARE(jids(model), QStringList{QStringLiteral("in-y")});
    }

    // As the window drives it: one refresh per tick, ended by its ticket; CLIENT PAUSE holds the
    // replies so the refresh is in flight when the queue changes (or the model goes).
    void queueChangedMidRefreshStillEndsItAndTheNextTickRuns()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        recur("x", "in-x", now, 60, 0);
        recur("y", "in-y", now, 60, 0);
        RecurringListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setQueue(QStringLiteral("x"));
        QVERIFY(waitIdle(model));
        RefreshTimer timer;
        connect(&timer, &RefreshTimer::refreshRequested, &model, [&] {
            const quint64 ticket = timer.ticket();
            model.refresh([&, ticket] { timer.finished(ticket); });
        });
        QSignalSpy ticks(&timer, &RefreshTimer::refreshRequested);
        fixture().command({"CLIENT", "PAUSE", "400"});
        timer.setInterval(50);
        QTRY_COMPARE(ticks.count(), 1);
        QVERIFY(model.isLoading());
        model.setQueue(QStringLiteral("y"));
        QTRY_VERIFY_WITH_TIMEOUT(ticks.count() >= 2, 5000);
        QVERIFY(waitIdle(model));
        QTest::qWait(100);
        QCOMPARE(jids(model), QStringList{QStringLiteral("in-y")});
    }

    void modelDeletedMidRefreshLetsTheNextTickRun()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        recur("x", "in-x", now, 60, 0);
        auto *model = new RecurringListModel(client());
        model->setQueue(QStringLiteral("x"));
        QVERIFY(waitIdle(*model));
        RefreshTimer timer;
        QPointer<RecurringListModel> alive(model);
        connect(&timer, &RefreshTimer::refreshRequested, this, [&] {
            const quint64 ticket = timer.ticket();
            if (!alive) {
                timer.finished(ticket);
                return;
            }
            timer.endWith(alive);
            alive->refresh([&, ticket] { timer.finished(ticket); });
        });
        QSignalSpy ticks(&timer, &RefreshTimer::refreshRequested);
        fixture().command({"CLIENT", "PAUSE", "400"});
        timer.setInterval(50);
        QTRY_COMPARE(ticks.count(), 1);
        QVERIFY(model->isLoading());
        delete model;
        QTRY_VERIFY_WITH_TIMEOUT(ticks.count() >= 2, 5000);
        QTest::qWait(500);
        QVERIFY(ticks.count() >= 3);
    }
};

QTEST_GUILESS_MAIN(TestRecurringListModel)
#include "tst_recurringlistmodel.moc"
