#include "completedpage.h"
#include "connectionbar.h"
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

#include <QCheckBox>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>

// Every page and a job window on a Redis that current qless wrote the way the Ruby gem's client
// and workers write it (GemWorkerPipeline), screenshot by screenshot into
// build*/screenshots/deployment-*.png for people to judge, with what an operator relies on
// checked: timed-out jobs at the head of Waiting and marked, the paused queue in the title and
// on its templates, the completed list, no false damage mark.
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
            QVERIFY(waiting->model()->index(row, JobListModel::TimeColumn).data().toString().startsWith(
                QStringLiteral("timed out")));
        }
        QVERIFY(!waiting->model()->index(2, 0).data(JobListModel::JobRole).value<Job>().timedOut);
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
        QVERIFY(recurring->index(0, RecurringListModel::NextRunColumn).data().toString().endsWith(
            QStringLiteral("(queue paused)")));
        QCOMPARE(recurring->index(0, RecurringListModel::BacklogColumn).data().toString(), QStringLiteral("3"));
        screenshot(&window, QStringLiteral("deployment-queues-recurring-paused"));
        // Index runs under max-concurrency 2: shown as running/limit.
        queues->showQueue(QStringLiteral("index"));
        queues->showTab(QueuesPage::RunningTab);
        QTRY_COMPARE_WITH_TIMEOUT(queues->jobModel(QueuesPage::RunningTab)->rowCount(), 2, 10000);
        screenshot(&window, QStringLiteral("deployment-queues-index-running"));

        // Completed: every completed job, none marked damaged.
        showAndWait(window, QStringLiteral("Completed"));
        auto *completed = qobject_cast<CompletedPage *>(window.currentPage());
        QTRY_COMPARE_WITH_TIMEOUT(completed->jobPane()->model()->rowCount(), m_seeded.completed, 10000);
        noDamageMarks(completed->jobPane()->model());

        // The job window: a completed job with its notes, and the failed one with its backtrace.
        QLineEdit *search = window.connectionBar()->searchField();
        for (const QByteArray &jid : {m_seeded.noted, m_seeded.failed, m_seeded.timedOut.first()}) {
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
