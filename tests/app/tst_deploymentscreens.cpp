// SPDX-License-Identifier: GPL-3.0-or-later
#include "completedpage.h"
#include "connectionbar.h"
#include "elidedcelldelegate.h"
#include "failedpage.h"
#include "gemworkerpipeline.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "mainwindow.h"
#include "overviewpage.h"
#include "pagetestbase.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "recurringlistmodel.h"
#include "refreshtimer.h"
#include "tagspage.h"
#include "timetext.h"
#include "trackedpage.h"
#include "workerlistmodel.h"
#include "workerspage.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>

// Every page and a job window on a Redis that current qless wrote the way the Ruby gem's client
// and workers write it (GemWorkerPipeline), screenshot by screenshot into
// build*/screenshots/deployment-*.png for people to judge, with what an operator relies on
// checked: the Overview's counts as qless's own `queues` reply has them, the max-concurrency
// limit, timed-out jobs at the head of Waiting and marked, a vanished worker's stalled job with
// its true put time, the scheduled and the dependent job, the paused queue in the title and on
// its templates, the completed list, no false damage mark.
class TestDeploymentScreens final : public QObject, private PageTestBase
{
    Q_OBJECT

    GemWorkerPipeline::Seeded m_seeded;

    void showAndWait(MainWindow &window, const QString &title)
    {
        QVERIFY(window.showPage(title));
        QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 20000);
        QTest::qWait(200); // follow-up reads a page starts on its own
    }

    // When qless says `jid` was put: its history's put event, from qless's own `get`.
    double putTimeByQless(const QByteArray &jid)
    {
        const QJsonObject job =
            fixture().qlessJson("get", double(QDateTime::currentSecsSinceEpoch()), {jid}).toObject();
        for (const QJsonValue &event : job.value(QStringLiteral("history")).toArray()) {
            if (event.toObject().value(QStringLiteral("what")).toString() == QLatin1String("put"))
                return event.toObject().value(QStringLiteral("when")).toDouble();
        }
        return 0;
    }

    static void noDamageMarks(QAbstractItemModel *model)
    {
        for (int row = 0; row < model->rowCount(); ++row) {
            const Job job = model->index(row, 0).data(JobListModel::JobRole).value<Job>();
            QVERIFY2(job.problems.isEmpty(), job.jid.constData());
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        m_seeded = GemWorkerPipeline::seed(fixture());
        QCOMPARE(m_seeded.timedOut.size(), 2);
    }
    void cleanupTestCase() { stopServer(); }

    // Every count of every queue on the Overview is the number qless's `queues` reply gives.
    void overviewCountsAreQlessCounts()
    {
        auto s = session();
        OverviewPage page(s.get());
        page.resize(1400, 700);
        page.show();
        QVERIFY(refresh(&page));
        const QJsonArray queues = fixture().qlessJson("queues", double(QDateTime::currentSecsSinceEpoch())).toArray();
        QueueListModel *model = page.queueModel();
        QCOMPARE(model->rowCount(), queues.size());
        const QList<QPair<QString, int>> columns{{QStringLiteral("waiting"), QueueListModel::WaitingColumn},
                                                 {QStringLiteral("running"), QueueListModel::RunningColumn},
                                                 {QStringLiteral("stalled"), QueueListModel::StalledColumn},
                                                 {QStringLiteral("scheduled"), QueueListModel::ScheduledColumn},
                                                 {QStringLiteral("depends"), QueueListModel::DependsColumn},
                                                 {QStringLiteral("recurring"), QueueListModel::RecurringColumn}};
        for (const QJsonValue &value : queues) {
            const QJsonObject queue = value.toObject();
            const QString name = queue.value(QStringLiteral("name")).toString();
            const int row = model->rowOf(name);
            QVERIFY2(row >= 0, qPrintable(name));
            for (const auto &[field, column] : columns) {
                QVERIFY2(model->index(row, column).data(QueueListModel::SortRole).toLongLong()
                             == queue.value(field).toInteger(),
                         qPrintable(QStringLiteral("%1 %2: %3 shown, qless says %4")
                                        .arg(name, field)
                                        .arg(model->index(row, column).data(QueueListModel::SortRole).toLongLong())
                                        .arg(queue.value(field).toInteger())));
            }
            QCOMPARE(model->rowAt(row).paused, queue.value(QStringLiteral("paused")).toBool());
        }
        // What the fixture made is there to be counted (not all zeros agreeing).
        const auto count = [model](const char *queue, int column) {
            return model->index(model->rowOf(QString::fromLatin1(queue)), column)
                .data(QueueListModel::SortRole)
                .toLongLong();
        };
        QCOMPARE(count("parse", QueueListModel::StalledColumn), 1);
        QCOMPARE(count("parse", QueueListModel::DependsColumn), 1);
        QCOMPARE(count("crawl", QueueListModel::ScheduledColumn), 1);
        QCOMPARE(count("index", QueueListModel::RunningColumn), 2);
        // Index runs at its limit: running / max-concurrency.
        QCOMPARE(model->index(model->rowOf(QStringLiteral("index")), QueueListModel::RunningColumn).data().toString(),
                 QStringLiteral("2 / 2"));
        // The vanished worker: seen, and holding the stalled job.
        const QString workers = page.workersLabel()->text();
        QVERIFY2(workers.contains(QStringLiteral("<b>5</b> workers seen")), qPrintable(workers));
        QVERIFY2(workers.contains(QStringLiteral(">1</b></span> holding stalled jobs")), qPrintable(workers));
    }

    // Workers: each count as qless's `workers` reply has it, labelled "Jobs", not "Running":
    // the two jobs timed out from their workers are still in those workers' lists, so the sum
    // is the 4 running plus those 2, and the page says what it counts.
    void workersCountAsQlessDoes()
    {
        auto s = session();
        WorkersPage page(s.get());
        page.resize(1300, 600);
        page.show();
        QVERIFY(refresh(&page));
        WorkerListModel *model = page.workerModel();
        const QJsonArray workers = fixture().qlessJson("workers", double(QDateTime::currentSecsSinceEpoch())).toArray();
        QCOMPARE(model->rowCount(), workers.size());
        qint64 jobs = 0;
        for (const QJsonValue &value : workers) {
            const QJsonObject worker = value.toObject();
            const int row = model->rowOf(worker.value(QStringLiteral("name")).toString());
            QVERIFY(row >= 0);
            QCOMPARE(model->rowAt(row).jobs, worker.value(QStringLiteral("jobs")).toInteger());
            QCOMPARE(model->rowAt(row).stalled, worker.value(QStringLiteral("stalled")).toInteger());
            jobs += model->rowAt(row).jobs;
        }
        qint64 running = 0;
        for (const QJsonValue &queue :
             fixture().qlessJson("queues", double(QDateTime::currentSecsSinceEpoch())).toArray())
            running += queue.toObject().value(QStringLiteral("running")).toInteger();
        QCOMPARE(running, 4);
        QCOMPARE(jobs, running + m_seeded.timedOut.size());
        QCOMPARE(model->headerData(WorkerListModel::JobsColumn, Qt::Horizontal).toString(), QStringLiteral("Jobs"));
        QVERIFY(model->headerData(WorkerListModel::JobsColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("timed out")));
        QVERIFY2(page.summaryLabel()->text().startsWith(QStringLiteral("5 workers, 6 jobs,")),
                 qPrintable(page.summaryLabel()->text()));
        QVERIFY2(page.summaryLabel()->text().contains(QStringLiteral("1 stalled on 1 worker<")),
                 qPrintable(page.summaryLabel()->text()));
        // A dead worker's age fits its column: not elided.
        const QModelIndex seen =
            model->index(model->rowOf(QString::fromUtf8(m_seeded.vanished)), WorkerListModel::LastSeenColumn);
        QVERIFY(page.workerView()->fontMetrics().horizontalAdvance(seen.data().toString())
                < page.workerView()->columnWidth(WorkerListModel::LastSeenColumn) - 8);
        QVERIFY(!page.summaryLabel()->text().contains(QStringLiteral("running")));
        // Long worker names are not cut while the jobs' side is empty.
        readable(page.workerView(), {WorkerListModel::NameColumn});
        QVERIFY(page.summaryLabel()->toolTip().contains(QStringLiteral("timed out")));

        OverviewPage overview(s.get());
        QVERIFY(refresh(&overview));
        QVERIFY2(overview.workersLabel()->text().contains(QStringLiteral("<b>6</b> jobs on workers")),
                 qPrintable(overview.workersLabel()->text()));
        QVERIFY(overview.workersLabel()->toolTip().contains(QStringLiteral("timed out")));
    }

    // Each listed column of `view` is shown inside it (not behind its scroll bar) and no row's
    // text is cut: as the cell's delegate finds it, and as the font measures it.
    static void readable(QTableView *view, const QList<int> &columns)
    {
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowCount() > 0, 10000);
        const ElidedCellDelegate *cells = ElidedCellDelegate::of(view);
        QVERIFY(cells);
        for (int column : columns) {
            QVERIFY2(!view->isColumnHidden(column), qPrintable(QString::number(column)));
            const QRect cell = view->visualRect(view->model()->index(0, column));
            QVERIFY2(view->viewport()->rect().contains(cell),
                     qPrintable(QStringLiteral("column %1 at %2+%3 is off to the side of %4")
                                    .arg(column)
                                    .arg(cell.x())
                                    .arg(cell.width())
                                    .arg(view->viewport()->width())));
            for (int row = 0; row < view->model()->rowCount(); ++row) {
                const QModelIndex index = view->model()->index(row, column);
                const QString text = index.data().toString();
                const QVariant font = index.data(Qt::FontRole);
                const QFontMetrics metrics(font.isValid() ? font.value<QFont>() : view->font());
                const QString where =
                    QStringLiteral("\"%1\" in %2 px of column %3").arg(text).arg(view->columnWidth(column)).arg(column);
                QVERIFY2(metrics.horizontalAdvance(text) < view->columnWidth(column) - 6, qPrintable(where));
                QVERIFY2(!cells->isElided(index), qPrintable(where));
            }
        }
    }

    // Put and last change are shown in the list itself, not only in tooltips: each listed
    // column is visible and every row's text fits it (not elided), at the window's default size.
    static void putAndChangeShown(QTableView *view, const QList<int> &columns)
    {
        readable(view, columns);
        for (int column : columns) {
            for (int row = 0; row < view->model()->rowCount(); ++row) {
                const QString text = view->model()->index(row, column).data().toString();
                QVERIFY2(text.endsWith(QStringLiteral("ago")), qPrintable(text));
            }
        }
    }

    // Every job tab of the Queues page shows put and last change at the window's default size,
    // whole, beside what the tab is about (a running job's worker and lock, a timed-out job's
    // mark, what a job waits on), with the tags in view, not behind a scroll bar.
    void queueTabsShowPutAndChange()
    {
        MainWindow window;
        window.setSession(session());
        window.resize(1280, 800);
        window.show();
        showAndWait(window, QStringLiteral("Queues"));
        auto *queues = qobject_cast<QueuesPage *>(window.currentPage());
        QVERIFY(queues);
        struct Tab
        {
            const char *queue;
            QueuesPage::Tab tab;
            const char *state;
            QList<int> whole; // besides put and last change
        };
        const QList<Tab> tabs{{"crawl",
                               QueuesPage::WaitingTab,
                               "waiting",
                               {JobListModel::JidColumn, JobListModel::KlassColumn, JobListModel::TimeColumn}},
                              {"index",
                               QueuesPage::RunningTab,
                               "running",
                               {JobListModel::JidColumn, JobListModel::KlassColumn, JobListModel::WorkerColumn,
                                JobListModel::TimeColumn}},
                              {"parse",
                               QueuesPage::StalledTab,
                               "stalled",
                               {JobListModel::JidColumn, JobListModel::KlassColumn, JobListModel::WorkerColumn,
                                JobListModel::TimeColumn, JobListModel::RetriesColumn}},
                              {"crawl",
                               QueuesPage::ScheduledTab,
                               "scheduled",
                               {JobListModel::JidColumn, JobListModel::KlassColumn, JobListModel::TimeColumn,
                                JobListModel::RetriesColumn}},
                              {"parse",
                               QueuesPage::DependsTab,
                               "depends",
                               {JobListModel::JidColumn, JobListModel::KlassColumn, JobListModel::TimeColumn}}};
        for (const Tab &t : tabs) {
            queues->showQueue(QString::fromLatin1(t.queue));
            queues->showTab(t.tab);
            QTableView *view = queues->tableView(t.tab);
            putAndChangeShown(view, {JobListModel::PutColumn, JobListModel::ChangedColumn});
            if (QTest::currentTestFailed())
                return;
            readable(view, t.whole);
            if (QTest::currentTestFailed())
                return;
            // The tags last, in view: the shown columns fit the list's width.
            QTRY_VERIFY2(!view->horizontalScrollBar()->isVisible(), t.state);
            QVERIFY2(view->columnWidth(JobListModel::TagsColumn) >= 60, t.state);
            QCOMPARE(view->horizontalHeader()->visualIndex(JobListModel::TagsColumn), JobListModel::ColumnCount - 1);
            screenshot(&window, QStringLiteral("deployment-queues-%1-%2-1280")
                                    .arg(QString::fromLatin1(t.queue), QString::fromLatin1(t.state)));
        }
    }

    void everyPageAndAJobWindow()
    {
        MainWindow window;
        window.setSession(session());
        window.resize(1400, 860);
        window.show();
        for (Page *page : window.pages()) {
            showAndWait(window, page->title());
            screenshot(&window, QStringLiteral("deployment-") + page->title().toLower());
        }
        // The job lists beside workers, failure groups, tags and tracked jobs, at the default size.
        window.resize(1280, 800);
        showAndWait(window, QStringLiteral("Workers"));
        auto *workers = qobject_cast<WorkersPage *>(window.currentPage());
        workers->showWorker(QStringLiteral("worker-c.prod.internal-4103"));
        putAndChangeShown(workers->jobPane()->view(), {JobListModel::PutColumn, JobListModel::ChangedColumn});
        if (QTest::currentTestFailed())
            return;
        // The workers' long names whole beside them (the vanished one's, in bold, too).
        readable(workers->workerView(), {WorkerListModel::NameColumn});
        if (QTest::currentTestFailed())
            return;
        noDamageMarks(workers->jobPane()->model());
        screenshot(&window, QStringLiteral("deployment-workers-jobs"));
        showAndWait(window, QStringLiteral("Failed"));
        auto *failed = qobject_cast<FailedPage *>(window.currentPage());
        failed->showGroup(QStringLiteral("Net::ReadTimeout"));
        putAndChangeShown(failed->jobPane()->view(), {JobListModel::PutColumn});
        if (QTest::currentTestFailed())
            return;
        noDamageMarks(failed->jobPane()->model());
        QVERIFY(!failed->jobPane()->view()->isColumnHidden(JobListModel::FailureColumn));
        screenshot(&window, QStringLiteral("deployment-failed-jobs"));
        showAndWait(window, QStringLiteral("Tags"));
        auto *tags = qobject_cast<TagsPage *>(window.currentPage());
        tags->showTag(QStringLiteral("nightly"));
        putAndChangeShown(tags->jobPane()->view(), {JobListModel::PutColumn, JobListModel::ChangedColumn});
        if (QTest::currentTestFailed())
            return;
        noDamageMarks(tags->jobPane()->model());
        screenshot(&window, QStringLiteral("deployment-tags-jobs"));
        showAndWait(window, QStringLiteral("Tracked"));
        auto *tracked = qobject_cast<TrackedPage *>(window.currentPage());
        putAndChangeShown(tracked->jobPane()->view(), {JobListModel::PutColumn, JobListModel::ChangedColumn});
        if (QTest::currentTestFailed())
            return;
        noDamageMarks(tracked->jobPane()->model());
        window.resize(1400, 860);

        // One queue is paused: the title says so.
        QVERIFY2(window.windowTitle().contains(QStringLiteral("1 paused")), qPrintable(window.windowTitle()));

        // Queues: crawl's Waiting list opens with the two jobs the operator timed out, marked.
        showAndWait(window, QStringLiteral("Queues"));
        auto *queues = qobject_cast<QueuesPage *>(window.currentPage());
        queues->showQueue(QStringLiteral("crawl"));
        queues->showTab(QueuesPage::WaitingTab);
        QTableView *waiting = queues->tableView(QueuesPage::WaitingTab);
        QTRY_VERIFY_WITH_TIMEOUT(waiting->model()->rowCount() > 2, 10000);
        for (int row = 0; row < 2; ++row) {
            const Job job = waiting->model()->index(row, 0).data(JobListModel::JobRole).value<Job>();
            QVERIFY2(m_seeded.timedOut.contains(job.jid), job.jid.constData());
            QVERIFY(job.timedOut);
            QVERIFY(!job.timedOutWorker.isEmpty());
            QVERIFY(waiting->model()
                        ->index(row, JobListModel::TimeColumn)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("timed out")));
        }
        QVERIFY(!waiting->model()->index(2, 0).data(JobListModel::JobRole).value<Job>().timedOut);
        // The heading gives qless's length of the queue.
        const qint64 crawlLength =
            fixture().qless("length", double(QDateTime::currentSecsSinceEpoch()), {"crawl"}).integer;
        QVERIFY(crawlLength > 2);
        QVERIFY2(queues->headingLabel()->text().contains(QStringLiteral("length %1").arg(crawlLength)),
                 qPrintable(queues->headingLabel()->text()));
        noDamageMarks(waiting->model());
        screenshot(&window, QStringLiteral("deployment-queues-waiting"));
        // "Only timed out" keeps those two.
        queues->timedOutOnlyBox()->setChecked(true);
        QCOMPARE(waiting->model()->rowCount(), 2);
        screenshot(&window, QStringLiteral("deployment-queues-timed-out-only"));
        queues->timedOutOnlyBox()->setChecked(false);

        // Notify is paused: its template says nothing spawns meanwhile; backlog shown.
        queues->showQueue(QStringLiteral("notify"));
        queues->showTab(QueuesPage::RecurringTab);
        RecurringListModel *recurring = queues->recurringModel();
        QTRY_COMPARE_WITH_TIMEOUT(recurring->rowCount(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(recurring->isQueuePaused(), 10000);
        QVERIFY(recurring->index(0, RecurringListModel::NextRunColumn)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral("(queue paused)")));
        QCOMPARE(recurring->index(0, RecurringListModel::BacklogColumn).data().toString(), QStringLiteral("3"));
        screenshot(&window, QStringLiteral("deployment-queues-recurring-paused"));
        // Index runs under max-concurrency 2: shown as running/limit.
        queues->showQueue(QStringLiteral("index"));
        queues->showTab(QueuesPage::RunningTab);
        QTRY_COMPARE_WITH_TIMEOUT(queues->jobModel(QueuesPage::RunningTab)->rowCount(), 2, 10000);
        screenshot(&window, QStringLiteral("deployment-queues-index-running"));

        // Parse: the vanished worker's job is stalled, with its true put time (qless's put event);
        // the dependent job waits on the crawl it names.
        queues->showQueue(QStringLiteral("parse"));
        queues->showTab(QueuesPage::StalledTab);
        JobListModel *stalled = queues->jobModel(QueuesPage::StalledTab);
        QTRY_COMPARE_WITH_TIMEOUT(stalled->rowCount(), 1, 10000);
        const Job stalledJob = stalled->index(0, 0).data(JobListModel::JobRole).value<Job>();
        QCOMPARE(stalledJob.jid, m_seeded.stalled);
        QCOMPARE(stalledJob.worker, QString::fromUtf8(m_seeded.vanished));
        const double put = putTimeByQless(m_seeded.stalled);
        QVERIFY(put > 0);
        QCOMPARE(stalledJob.put, put);
        // Its put in its own column ("… ago", the moment in the tooltip), and in the lock cell's tooltip.
        QCOMPARE(stalled->index(0, JobListModel::PutColumn).data(JobListModel::SortRole).toDouble(), put);
        QVERIFY(!queues->tableView(QueuesPage::StalledTab)->isColumnHidden(JobListModel::PutColumn));
        const QString lockTip = stalled->index(0, JobListModel::TimeColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(lockTip.contains(TimeText::local(put)), qPrintable(lockTip));
        noDamageMarks(stalled);
        screenshot(&window, QStringLiteral("deployment-queues-parse-stalled"));
        queues->showTab(QueuesPage::DependsTab);
        JobListModel *depends = queues->jobModel(QueuesPage::DependsTab);
        QTRY_COMPARE_WITH_TIMEOUT(depends->rowCount(), 1, 10000);
        const Job dependent = depends->index(0, 0).data(JobListModel::JobRole).value<Job>();
        QCOMPARE(dependent.jid, m_seeded.dependent);
        QCOMPARE(dependent.dependencies, QStringList{QString::fromUtf8(m_seeded.dependency)});
        screenshot(&window, QStringLiteral("deployment-queues-parse-depends"));
        // Crawl's scheduled job: due in about half an hour.
        queues->showQueue(QStringLiteral("crawl"));
        queues->showTab(QueuesPage::ScheduledTab);
        JobListModel *scheduled = queues->jobModel(QueuesPage::ScheduledTab);
        QTRY_COMPARE_WITH_TIMEOUT(scheduled->rowCount(), 1, 10000);
        QCOMPARE(scheduled->index(0, 0).data(JobListModel::JobRole).value<Job>().jid, m_seeded.scheduled);
        QVERIFY2(scheduled->index(0, JobListModel::TimeColumn).data().toString().contains(QStringLiteral("in ")),
                 qPrintable(scheduled->index(0, JobListModel::TimeColumn).data().toString()));
        // Its put time in its own column: a few seconds ago, the moment qless's put event says.
        QVERIFY(!queues->tableView(QueuesPage::ScheduledTab)->isColumnHidden(JobListModel::PutColumn));
        const double scheduledPut = putTimeByQless(m_seeded.scheduled);
        QCOMPARE(scheduled->index(0, JobListModel::PutColumn).data(JobListModel::SortRole).toDouble(), scheduledPut);
        QVERIFY2(scheduled->index(0, JobListModel::PutColumn).data().toString().endsWith(QStringLiteral("ago")),
                 qPrintable(scheduled->index(0, JobListModel::PutColumn).data().toString()));
        QVERIFY(scheduled->index(0, JobListModel::PutColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(TimeText::local(scheduledPut)));
        screenshot(&window, QStringLiteral("deployment-queues-crawl-scheduled"));

        // Completed: every completed job, none marked damaged.
        showAndWait(window, QStringLiteral("Completed"));
        auto *completed = qobject_cast<CompletedPage *>(window.currentPage());
        QTRY_COMPARE_WITH_TIMEOUT(completed->jobPane()->model()->rowCount(), m_seeded.completed, 10000);
        noDamageMarks(completed->jobPane()->model());

        // The job window: a completed job with its notes, and the failed one with its backtrace.
        QLineEdit *search = window.connectionBar()->searchField();
        for (const QByteArray &jid : {m_seeded.noted, m_seeded.failed, m_seeded.timedOut.first(), m_seeded.stalled}) {
            search->setText(QString::fromUtf8(jid));
            QTest::keyClick(search, Qt::Key_Return);
            QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail() && window.jobDetail()->isVisible(), 20000);
            QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail()->view()->job() && window.jobDetail()->view()->job()->jid == jid,
                                     20000);
            QVERIFY(window.jobDetail()->view()->job()->problems.isEmpty());
            window.jobDetail()->resize(1000, 760);
            QTest::qWait(200);
            screenshot(window.jobDetail(), QStringLiteral("deployment-job-") + QString::fromUtf8(jid));
        }
    }
};

QTEST_MAIN(TestDeploymentScreens)
#include "tst_deploymentscreens.moc"
