// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobfilterproxymodel.h"
#include "joblistmodel.h"
#include "qlessclienttestbase.h"
#include "refreshtimer.h"
#include "timetext.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QPointer>
#include <QScopeGuard>
#include <QSignalSpy>

// Job lists against a real Redis: paged in as a view scrolls (every row loaded once), refreshed
// as a keyed diff that keeps the selection, each source's jobs as its script lists them.
class TestJobListModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static constexpr double T = 1763683200;

    static bool waitIdle(JobListModel &model)
    {
        return QTest::qWaitFor([&model] { return !model.isLoading(); }, 30000);
    }

    static bool refresh(JobListModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    static QStringList jids(const JobListModel &model)
    {
        QStringList out;
        for (const JobRow &job : model.rows())
            out << QString::fromUtf8(job.jid);
        return out;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void pagesThroughTenThousandJobsOnce()
    {
        // Pipelined seeding: 10,000 puts in one go.
        QList<QByteArray> expected;
        for (int i = 0; i < 10000; ++i)
            expected << "job-" + QByteArray::number(i).rightJustified(5, '0');
        for (int i = 0; i < 10000; ++i)
            fixture().put("big", expected.at(i), T + i * 0.001);

        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.setPageSize(500);
        model.setSource(JobSource::queueState(client(), QStringLiteral("big"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.total(), 10000);
        QCOMPARE(model.rowCount(), 500);
        int pages = 1;
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(model.isLoading());
            QVERIFY(!model.canFetchMore({})); // one request in flight at a time
            QVERIFY(waitIdle(model));
            ++pages;
        }
        QCOMPARE(pages, 20);
        QCOMPARE(model.rowCount(), 10000);
        QCOMPARE(inserted.count(), 20); // every page inserted once, nothing twice
        QStringList want;
        for (const QByteArray &jid : expected)
            want << QString::fromUtf8(jid);
        QCOMPARE(jids(model), want); // pop order
    }

    void refreshKeepsSelectionAsJobsComeAndGo()
    {
        for (const QByteArray jid : {"a", "b", "c", "d"})
            fixture().put("q", jid, T + (jid.at(0) - 'a'));
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QByteArray("c")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // a is popped (leaves waiting), a high-priority job arrives on top, e at the bottom.
        fixture().pop("q", "w", 1, T + 10);
        fixture().put("q", "urgent", T + 11, {"priority", "10"});
        fixture().put("q", "e", T + 12);
        QVERIFY(refresh(model));
        QCOMPARE(jids(model), (QStringList{QStringLiteral("urgent"), QStringLiteral("b"), QStringLiteral("c"),
                                           QStringLiteral("d"), QStringLiteral("e")}));
        QCOMPARE(selection.currentIndex().data(JobListModel::KeyRole).toByteArray(), QByteArray("c"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(model.total(), 5);
    }

    void columnsShowTheJob()
    {
        fixture().put("q", "j", T, {"priority", "3", "tags", "[\"x\",\"y\"]", "retries", "4"}, 0, "{}", "My.Job");
        fixture().pop("q", "w1", 1, T);
        fixture().call(QStringLiteral("fail"), {"j", "w1", "IOError", "connection reset\nTraceback...", num(T + 5)});
        JobListModel model(client());
        model.setClock([] { return T + 65; });
        model.setSource(JobSource::failureGroup(client(), QStringLiteral("IOError")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        const auto cell = [&model](int column) { return model.index(0, column).data().toString(); };
        QCOMPARE(cell(JobListModel::JidColumn), QStringLiteral("j"));
        QCOMPARE(cell(JobListModel::KlassColumn), QStringLiteral("My.Job"));
        QCOMPARE(cell(JobListModel::StateColumn), QStringLiteral("failed"));
        QCOMPARE(cell(JobListModel::PriorityColumn), QStringLiteral("3"));
        QCOMPARE(cell(JobListModel::TagsColumn), QStringLiteral("x, y"));
        QCOMPARE(cell(JobListModel::TimeColumn), QStringLiteral("failed 1 min ago"));
        QCOMPARE(cell(JobListModel::FailureColumn), QStringLiteral("IOError: connection reset"));
        // A row keeps the message's first line (JobPageReader); the Failed page reads the rest.
        QCOMPARE(model.index(0, JobListModel::FailureColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("connection reset"));
        QCOMPARE(model.total(), 1);
        const Job job = model.index(0, 0).data(JobListModel::JobRole).value<Job>();
        QCOMPARE(job.jid, QByteArray("j"));
    }

    // Ages are measured against the server's clock (QlessClient::now, which is what wrote the
    // times), not the desktop's: a client whose `now` is T + 65 shows "1 min ago" for T + 5.
    void agesUseTheServersClock()
    {
        fixture().put("q", "j", T);
        fixture().pop("q", "w1", 1, T);
        fixture().call(QStringLiteral("fail"), {"j", "w1", "IOError", "boom", num(T + 5)});
        client()->setClock([] { return T + 65; });
        const auto restore = qScopeGuard([this] { client()->setClock({}); });
        JobListModel model(client()); // no setClock of its own
        model.setSource(JobSource::failureGroup(client(), QStringLiteral("IOError")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data().toString(), QStringLiteral("failed 1 min ago"));
    }

    // A complete job among others (tracked, tagged): when it completed, not when it was put.
    void completeShowsWhenItCompleted()
    {
        fixture().put("q", "done", T);
        fixture().pop("q", "w1", 1, T);
        QVERIFY(!fixture().qless("complete", T + 125, {"done", "w1", "q", "{}"}).isError());
        JobListModel model(client());
        model.setClock([] { return T + 665; }); // put 11 min ago, completed 9 min ago
        model.setSource(JobSource::completed(client()));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data().toString(), QStringLiteral("completed 9 min ago"));
    }

    // Put and last change in few words: whole minutes within the hour, whole hours beyond it
    // (the narrow columns of the Queues page's tabs); the moment in the tooltip.
    void putAndChangeInWholeUnits()
    {
        fixture().put("q", "old", T);
        JobListModel model(client());
        double now = T + 42;
        model.setClock([&now] { return now; });
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        const auto put = [&model] { return model.index(0, JobListModel::PutColumn).data().toString(); };
        QCOMPARE(put(), QStringLiteral("42 s ago"));
        now = T + 47 * 60 + 20;
        QCOMPARE(put(), QStringLiteral("47 min ago"));
        now = T + 59 * 60 + 50;
        QCOMPARE(put(), QStringLiteral("1 h ago"));
        now = T + 2 * 3600 + 40 * 60; // 2 h 40 min
        QCOMPARE(put(), QStringLiteral("3 h ago"));
        QCOMPARE(model.index(0, JobListModel::ChangedColumn).data().toString(), QStringLiteral("3 h ago"));
        now = T + 86400 + 4 * 3600 + 10 * 60;
        QCOMPARE(put(), QStringLiteral("1 d 4 h ago"));
        QVERIFY(model.index(0, JobListModel::PutColumn).data(Qt::ToolTipRole).toString().contains(TimeText::local(T)));
    }

    // A worker's jobs whose lock ran out: qless counts them stalled (the workers list does too),
    // though the hash still says running. The row says stalled, in the warning colour, and why.
    void lockExpiredShowsStalled()
    {
        fixture().put("q", "hung", T);
        fixture().pop("q", "w1", 1, T); // lock until T + 60
        JobListModel model(client());
        double now = T + 10;
        model.setClock([&now] { return now; });
        model.setSource(JobSource::worker(client(), QStringLiteral("w1")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        const QModelIndex state = model.index(0, JobListModel::StateColumn);
        QCOMPARE(state.data().toString(), QStringLiteral("running"));
        QVERIFY(!state.data(Qt::ForegroundRole).isValid());
        now = T + 100;
        QCOMPARE(state.data().toString(), QStringLiteral("stalled"));
        QVERIFY(state.data(Qt::ForegroundRole).isValid());
        const QString tip = state.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("lock expired 40 s ago")) && tip.contains(QStringLiteral("w1")),
                 qPrintable(tip));
    }

    void scheduledShowsDue()
    {
        // The scripts see the client's real clock: schedule relative to it.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("q", "later", now, {}, 300);
        JobListModel model(client());
        model.setClock([now] { return now + 60; });
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("scheduled")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data().toString(), QStringLiteral("due in 4 min"));
        QCOMPARE(model.index(0, JobListModel::TimeColumn).data(JobListModel::SortRole).toDouble(), now + 300);
    }

    void damagedJobIsShownNotTrusted()
    {
        fixture().put("q", "bad", T);
        fixture().command({"HSET", "ql:j:bad", "priority", "high", "tags", "{oops"});
        fixture().command({"LPUSH", "ql:f:g", "ghost"});
        fixture().command({"SADD", "ql:failures", "g"});
        JobListModel model(client());
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::PriorityColumn).data().toString(), QStringLiteral("(invalid)"));
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("damaged")));
        model.setSource(JobSource::failureGroup(client(), QStringLiteral("g")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, JobListModel::StateColumn).data().toString(), QStringLiteral("job data missing"));
    }

    void newSourceDropsOldReplies()
    {
        for (int i = 0; i < 50; ++i)
            fixture().put("a", "a" + QByteArray::number(i), T + i);
        fixture().put("b", "only-b", T);
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(JobSource::queueState(client(), QStringLiteral("a"), QStringLiteral("waiting")));
        model.setSource(JobSource::queueState(client(), QStringLiteral("b"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        QTest::qWait(200); // any late reply for "a" would land now
        QCOMPARE(jids(model), QStringList{QStringLiteral("only-b")});
    }

    // Script calls clients have sent so far (INFO commandstats; the commands scripts run inside
    // are counted apart, under their own names).
    qint64 commandsProcessed()
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

    // Issue #14: after scrolling far, a refresh reads the rows on screen plus a margin and the
    // total, never every loaded row; rows in that window update, rows beyond keep what they had.
    void refreshReadsTheVisibleWindowNotEveryLoadedRow()
    {
        for (int i = 0; i < 3000; ++i)
            fixture().put("big", "job-" + QByteArray::number(i).rightJustified(5, '0'), T + i * 0.001);
        QList<QPair<int, int>> asked; // every read the model makes of its source: (offset, count)
        JobSource counted = JobSource::queueState(client(), QStringLiteral("big"), QStringLiteral("waiting"));
        counted.fetch = [inner = counted.fetch, &asked](int offset, int count, QObject *context, JobSource::Done done) {
            asked.append({offset, count});
            inner(offset, count, context, std::move(done));
        };
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setPageSize(500);
        model.setSource(counted);
        QVERIFY(waitIdle(model));
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitIdle(model));
        }
        QCOMPARE(model.rowCount(), 3000);

        // On screen: rows 2000..2039. Changed behind the model's back: one job in view, one far above.
        model.setVisibleRange(2000, 2039);
        fixture().command({"HSET", "ql:j:job-02010", "priority", "7"});
        fixture().command({"HSET", "ql:j:job-00005", "priority", "7"});
        fixture().call(QStringLiteral("cancel"), {"job-02020"}); // gone from the window
        asked.clear();
        const qint64 before = commandsProcessed();
        QVERIFY(refresh(model));
        const qint64 commands = commandsProcessed() - before;
        QCOMPARE(asked,
                 (QList<QPair<int, int>>{{2000 - JobListModel::RefreshMargin, 40 + 2 * JobListModel::RefreshMargin}}));
        // One get per job of the window, the list, the counts: not 3000.
        QVERIFY2(commands <= 40 + 2 * JobListModel::RefreshMargin + 2, QByteArray::number(commands).constData());
        QCOMPARE(model.total(), 2999);
        QCOMPARE(model.rowOf(QByteArray("job-02020")), -1);
        const auto priority = [&model](const char *jid) {
            return model.index(model.rowOf(QByteArray(jid)), JobListModel::PriorityColumn).data().toString();
        };
        QCOMPARE(priority("job-02010"), QStringLiteral("7")); // in the window: read again
        QCOMPARE(priority("job-00005"), QStringLiteral("0")); // far above it: as it was
        QVERIFY(model.isFresh(model.rowOf(QByteArray("job-02010"))));
        QVERIFY(!model.isFresh(model.rowOf(QByteArray("job-00005"))));
        QVERIFY(!model.index(model.rowOf(QByteArray("job-00005")), 0).data(JobListModel::FreshRole).toBool());
        QVERIFY(model.index(model.rowOf(QByteArray("job-00005")), 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("out of view")));
        QCOMPARE(model.rowCount(), 2999); // rows beyond the window kept, none lost or doubled
        QCOMPARE(model.rowAt(2999 - 1).jid, QByteArray("job-02999"));
        const QStringList all = jids(model);
        QCOMPARE(QSet<QString>(all.begin(), all.end()).size(), 2999);

        // Nothing on screen known: the head (at most MaxRefreshRows), however much is loaded.
        model.setVisibleRange(-1, -1);
        asked.clear();
        QVERIFY(refresh(model));
        QCOMPARE(asked, (QList<QPair<int, int>>{{0, 500}}));
        QCOMPARE(priority("job-00005"), QStringLiteral("7"));
        // A view taller than the cap (or sorted, spanning everything) still reads at most the cap.
        model.setVisibleRange(0, 2999);
        asked.clear();
        QVERIFY(refresh(model));
        QCOMPARE(asked, (QList<QPair<int, int>>{{0, JobListModel::MaxRefreshRows}}));
    }

    // Issue #14: a refresh after a bulk priority change, the list sorted by priority through the
    // proxy as the Queues page shows it. Only the window is applied: one removal (its rows that
    // moved away), one layout change (the rows that came up from the bottom), one dataChanged for
    // the window's run (it was one per row: each a re-sort of the whole proxy); the selected job,
    // moved from the bottom into view, stays selected; rows beyond the window keep what they had.
    void bulkPriorityChangeAppliesTheWindowInFewSteps()
    {
        const auto jid = [](int i) -> QByteArray { return "job-" + QByteArray::number(i).rightJustified(5, '0'); };
        for (int i = 0; i < 1000; ++i)
            fixture().put("big", jid(i), T + i * 0.001);
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        JobFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.sort(JobListModel::PriorityColumn, Qt::DescendingOrder);
        model.setPageSize(500);
        model.setSource(JobSource::queueState(client(), QStringLiteral("big"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        model.fetchMore({});
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 1000);
        model.setVisibleRange(0, 39);
        QItemSelectionModel selection(&proxy);
        selection.setCurrentIndex(proxy.mapFromSource(model.index(model.rowOf(QByteArray("job-00950")), 0)),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

        // Every job's priority is now its number: the last put comes first, the first goes last.
        for (int i = 0; i < 1000; ++i)
            fixture().qless("priority", T + 10, {jid(i), QByteArray::number(i)});
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy layouts(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy proxyLayouts(&proxy, &QAbstractItemModel::layoutChanged);
        QVERIFY(refresh(model));

        const int window = 40 + JobListModel::RefreshMargin; // rows 0..89
        QCOMPARE(removed.count(), 1); // job-00000..00089: no longer in the window, read when paged to
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(moved.count(), 0);
        QCOMPARE(layouts.count(), 1); // job-00999..00910 up from the bottom
        QCOMPARE(changed.count(), 1); // their new priorities, one run
        QVERIFY2(proxyLayouts.count() <= 2, qPrintable(QString::number(proxyLayouts.count())));
        QCOMPARE(model.rowCount(), 1000 - window);
        QCOMPARE(model.total(), 1000);
        QCOMPARE(model.keyAt(0), QByteArray("job-00999"));
        QCOMPARE(model.index(0, JobListModel::PriorityColumn).data().toString(), QStringLiteral("999"));
        QVERIFY(model.isFresh(0));
        QCOMPARE(model.keyAt(window), QByteArray("job-00090")); // beyond the window: as it was
        QCOMPARE(model.index(window, JobListModel::PriorityColumn).data().toString(), QStringLiteral("0"));
        QVERIFY(!model.isFresh(window));
        QCOMPARE(proxy.index(0, JobListModel::JidColumn).data(JobListModel::KeyRole).toString(),
                 QStringLiteral("job-00999"));
        QCOMPARE(selection.currentIndex().data(JobListModel::KeyRole).toString(), QStringLiteral("job-00950"));
        QCOMPARE(selection.selectedRows().size(), 1);
        // Paging on (the tester already asked for the next page) brings the rows that went down.
        QVERIFY(waitIdle(model));
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitIdle(model));
        }
        QCOMPARE(model.rowCount(), 1000);
        QCOMPARE(model.keyAt(999), QByteArray("job-00000"));
        const QStringList all = jids(model);
        QCOMPARE(QSet<QString>(all.begin(), all.end()).size(), 1000); // none lost, none doubled
        QCOMPARE(selection.currentIndex().data(JobListModel::KeyRole).toString(), QStringLiteral("job-00950"));
    }

    // A short list ends inside the window: what was loaded below it goes.
    void windowedRefreshDropsRowsBelowAListThatShrank()
    {
        for (int i = 0; i < 30; ++i)
            fixture().put("q", "s" + QByteArray::number(i).rightJustified(2, '0'), T + i);
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setPageSize(10);
        model.setSource(JobSource::queueState(client(), QStringLiteral("q"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitIdle(model));
        }
        QCOMPARE(model.rowCount(), 30);
        model.setVisibleRange(0, 4);
        fixture().pop("q", "w", 25, T + 100); // five left waiting
        QVERIFY(refresh(model));
        QCOMPARE(jids(model), (QStringList{QStringLiteral("s25"), QStringLiteral("s26"), QStringLiteral("s27"),
                                           QStringLiteral("s28"), QStringLiteral("s29")}));
        QCOMPARE(model.total(), 5);
        QVERIFY(!model.canFetchMore({}));
    }

    // The window's timer drives the model as MainWindow does: each tick one refresh, ended by
    // its ticket. The server holds every reply for `pauseMs` (CLIENT PAUSE), so the first
    // refresh is surely in flight when the test changes things under it.
    void sourceChangedMidRefreshStillEndsItAndTheNextTickRuns()
    {
        for (int i = 0; i < 20; ++i)
            fixture().put("a", "a" + QByteArray::number(i), T + i);
        fixture().put("b", "only-b", T);
        JobListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setSource(JobSource::queueState(client(), QStringLiteral("a"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(model));

        RefreshTimer timer; // its watchdog (minutes) is not what rescues anything here
        int ended = 0;
        connect(&timer, &RefreshTimer::refreshRequested, &model, [&] {
            const quint64 ticket = timer.ticket();
            model.refresh([&, ticket] {
                ++ended;
                timer.finished(ticket);
            });
        });
        QSignalSpy ticks(&timer, &RefreshTimer::refreshRequested);
        fixture().command({"CLIENT", "PAUSE", "400"});
        timer.setInterval(50);
        QTRY_COMPARE(ticks.count(), 1);
        QVERIFY(model.isLoading());
        model.setSource(JobSource::queueState(client(), QStringLiteral("b"), QStringLiteral("waiting")));
        QCOMPARE(ended, 0);
        QTRY_VERIFY_WITH_TIMEOUT(ticks.count() >= 2, 5000); // the superseded refresh ended
        QVERIFY(ended >= 1);
        QVERIFY(waitIdle(model));
        QTest::qWait(100);
        QCOMPARE(jids(model), QStringList{QStringLiteral("only-b")}); // nothing of "a" applied
    }

    void modelDeletedMidRefreshLetsTheNextTickRun()
    {
        fixture().put("a", "a1", T);
        auto *model = new JobListModel(client());
        model->setSource(JobSource::queueState(client(), QStringLiteral("a"), QStringLiteral("waiting")));
        QVERIFY(waitIdle(*model));
        RefreshTimer timer;
        QPointer<JobListModel> alive(model);
        connect(&timer, &RefreshTimer::refreshRequested, this, [&] {
            const quint64 ticket = timer.ticket();
            if (!alive) { // the page is gone: nothing to read
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
        delete model; // its replies are dropped with it: it never calls back
        QTRY_VERIFY_WITH_TIMEOUT(ticks.count() >= 2, 5000);
        QTest::qWait(500); // the held replies come in and find nobody
        QVERIFY(ticks.count() >= 3);
    }

    void tagAndWorkerSources()
    {
        fixture().put("q", "t1", T, {"tags", "[\"blue\"]"});
        fixture().put("q", "t2", T + 1, {"tags", "[\"blue\"]"});
        fixture().put("q", "t3", T + 2);
        JobListModel model(client());
        model.setSource(JobSource::tag(client(), QStringLiteral("blue")));
        QVERIFY(waitIdle(model));
        QCOMPARE(jids(model), (QStringList{QStringLiteral("t1"), QStringLiteral("t2")}));
        QCOMPARE(model.total(), 2);
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().pop("q", "w9", 2, now);
        model.setSource(JobSource::worker(client(), QStringLiteral("w9")));
        QVERIFY(waitIdle(model));
        QCOMPARE(model.rowCount(), 2);
    }
};

QTEST_GUILESS_MAIN(TestJobListModel)
#include "tst_joblistmodel.moc"
