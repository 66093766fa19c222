// SPDX-License-Identifier: GPL-3.0-or-later
#include "failedpage.h"
#include "failuregroupmodel.h"
#include "historymodel.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jsondataview.h"
#include "mainwindow.h"
#include "malformeddeployment.h"
#include "overviewpage.h"
#include "pagetestbase.h"
#include "qlesstext.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "refreshtimer.h"
#include "tablecsvexport.h"
#include "tableexportbutton.h"
#include "taglistmodel.h"
#include "tagspage.h"
#include "trackedpage.h"
#include "workerlistmodel.h"
#include "workerspage.h"

#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

// Damaged data end to end (#14): a deployment spoiled behind qless's back (MalformedDeployment)
// opened in the window, page by page and tab by tab, every spoiled job in the job window, every
// table exported. Nothing crashes; each damage is marked where a person looks, naming the field;
// the rest is still shown and counted; and the GUI thread never stalls on it.
class TestMalformedData final : public QObject, private PageTestBase
{
    Q_OBJECT

    // The GUI thread's longest gap between two turns of its event loop: a zero timer on it. A
    // hang guard only (far above what the bench judges): a step that parses, lays out or copies
    // damaged data on the GUI thread shows up here as a gap of seconds.
    class GapMeter final
    {
    public:
        GapMeter()
        {
            m_timer.setInterval(0);
            QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { tick(); });
        }
        void start()
        {
            m_longest = 0;
            m_clock.start();
            m_last = 0;
            m_timer.start();
        }
        // The longest gap so far in ms, and a fresh start.
        qint64 take()
        {
            tick();
            const qint64 longest = m_longest;
            m_longest = 0;
            return longest;
        }

    private:
        void tick()
        {
            const qint64 now = m_clock.elapsed();
            m_longest = qMax(m_longest, now - m_last);
            m_last = now;
        }
        QTimer m_timer;
        QElapsedTimer m_clock;
        qint64 m_last = 0;
        qint64 m_longest = 0;
    };

    // A hang guard only (a frozen window, a loop over 10 MB): CI shares 2 cores with other jobs and
    // the sanitizer build is several times slower, so ordinary gaps there reach hundreds of ms.
    // Precise stall figures belong to `./run bench` (section malformed).
    static constexpr qint64 HangGuardMs = 3000;

    MalformedDeployment::Deployment m_d;
    GapMeter m_gaps;
    QTemporaryDir m_dir;

    // Every step ends here: the GUI thread must not have stalled during it.
    void checkNoStall(const QString &step)
    {
        const qint64 gap = m_gaps.take();
        QVERIFY2(gap < HangGuardMs, qPrintable(QStringLiteral("%1: the GUI thread stalled %2 ms").arg(step).arg(gap)));
    }

    static QString text(const QByteArray &bytes) { return QlessText::displayText(bytes); }

    static int rowOf(const JobListModel *model, const QByteArray &jid)
    {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->data(model->index(row, 0), JobListModel::JobRole).value<Job>().jid == jid)
                return row;
        }
        return -1;
    }

    static QString cell(const QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole)
    {
        return model->index(row, column).data(role).toString();
    }

    // A list's rows for every spoiled job of `queue`: present, and marked with the field.
    void checkMarkedRows(const JobListModel *model)
    {
        for (const MalformedDeployment::SpoiledJob &spoiled : std::as_const(m_d.jobs)) {
            const int row = rowOf(model, spoiled.jid);
            QVERIFY2(row >= 0, qPrintable(QStringLiteral("no row for %1 (%2)").arg(text(spoiled.jid), spoiled.what)));
            const QString tip = cell(model, row, JobListModel::JidColumn, Qt::ToolTipRole);
            if (spoiled.field.isEmpty()) {
                QVERIFY2(!tip.contains(QStringLiteral("damaged")),
                         qPrintable(spoiled.what + QStringLiteral(": ") + tip));
                continue;
            }
            QVERIFY2(tip.contains(QStringLiteral("damaged")) && tip.contains(spoiled.field + QStringLiteral(":")),
                     qPrintable(QStringLiteral("%1 (%2): tooltip '%3'").arg(text(spoiled.jid), spoiled.what, tip)));
        }
    }

    bool waitLoaded(const JobListModel *model)
    {
        return QTest::qWaitFor([model] { return !model->isLoading() && model->total() >= 0; }, 30000);
    }

    // Exports one view to CSV; the rows written (header included), or -1 with `error` set.
    static qint64 exportRows(QlessClient *client, const TableExportView &view, const QString &path, QString *error)
    {
        TableCsvExport csv(client, view, path);
        QSignalSpy finished(&csv, &TableCsvExport::finished);
        if (!csv.start(error))
            return -1;
        if (!QTest::qWaitFor([&finished] { return finished.size() == 1; }, 60000)) {
            *error = QStringLiteral("did not finish");
            return -1;
        }
        if (!finished.first().at(0).toBool()) {
            *error = finished.first().at(1).toString();
            return -1;
        }
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return -1;
        return file.readAll().count("\r\n");
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
        m_d = MalformedDeployment::seed(fixture());
        m_gaps.start();
    }
    void cleanupTestCase() { stopServer(); }
    void init() { m_gaps.take(); }

    // Overview: every queue with its counts, the clean ones right, the queue whose work set is
    // not a sorted set named with what is wrong; the failure group counted; workers marked.
    void overviewCountsTheRestAndNamesTheBrokenQueue()
    {
        MainWindow window;
        window.setSession(session());
        window.resize(1400, 860);
        window.show();
        auto *overview = qobject_cast<OverviewPage *>(window.currentPage());
        QVERIFY(overview);
        QueueListModel *queues = overview->queueModel();
        QTRY_VERIFY_WITH_TIMEOUT(queues->rowCount() >= 5, 30000);
        const auto count = [queues](const QByteArray &queue, int column) {
            const int row = queues->rowOf(text(queue));
            return row < 0 ? -1 : queues->index(row, column).data(QueueListModel::SortRole).toLongLong();
        };
        QCOMPARE(count(m_d.cleanQueue, QueueListModel::WaitingColumn), m_d.cleanWaiting);
        QCOMPARE(count(m_d.cleanQueue, QueueListModel::RunningColumn), 1);
        QCOMPARE(count(m_d.spoiledQueue, QueueListModel::WaitingColumn), m_d.spoiledListed);
        QCOMPARE(count(m_d.badQueue, QueueListModel::WaitingColumn), 1);
        const int broken = queues->rowOf(text(m_d.brokenQueue));
        QVERIFY2(broken >= 0, "the queue whose work set is a string is not listed");
        const QString brokenTip = cell(queues, broken, QueueListModel::WaitingColumn, Qt::ToolTipRole);
        QVERIFY2(brokenTip.contains(QStringLiteral("ql:q:brokenwork-work")), qPrintable(brokenTip));
        QVERIFY2(cell(queues, broken, QueueListModel::WaitingColumn).contains(QStringLiteral("⚠")),
                 qPrintable(cell(queues, broken, QueueListModel::WaitingColumn)));
        QTRY_VERIFY_WITH_TIMEOUT(overview->failureModel()->rowCount() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 30000);
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("malformed-overview"));
        checkNoStall(QStringLiteral("overview"));
    }

    // Queues page: every tab of the spoiled queue; each spoiled job a row marked with its field.
    void queuesPageMarksEverySpoiledJob()
    {
        MainWindow window;
        window.setSession(session());
        window.resize(1400, 860);
        window.show();
        QVERIFY(window.showPage(QStringLiteral("Queues")));
        auto *page = qobject_cast<QueuesPage *>(window.currentPage());
        QVERIFY(page);
        QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 30000);
        page->showQueue(text(m_d.spoiledQueue));
        page->showTab(QueuesPage::WaitingTab);
        JobListModel *waiting = page->jobModel(QueuesPage::WaitingTab);
        QVERIFY(waitLoaded(waiting));
        QTRY_VERIFY_WITH_TIMEOUT(waiting->rowCount() == m_d.spoiledListed, 30000);
        QCOMPARE(waiting->total(), m_d.spoiledListed);
        checkMarkedRows(waiting);
        const int bad = rowOf(waiting, m_d.badJid);
        QVERIFY2(bad >= 0, "the jid that is not UTF-8 has no row");
        QCOMPARE(cell(waiting, bad, JobListModel::JidColumn), text(m_d.badJid));
        QVERIFY(cell(waiting, bad, JobListModel::TagsColumn).contains(text(m_d.badTag)));
        QVERIFY(rowOf(waiting, m_d.hugeDataJid) >= 0);
        QVERIFY(rowOf(waiting, m_d.longHistoryJid) >= 0);
        screenshot(&window, QStringLiteral("malformed-queues-waiting"));
        checkNoStall(QStringLiteral("spoiled queue, waiting"));

        for (int tab = QueuesPage::RunningTab; tab < QueuesPage::TabCount; ++tab) {
            page->showTab(QueuesPage::Tab(tab));
            QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 30000);
            QTest::qWait(100);
            checkNoStall(QStringLiteral("spoiled queue, tab %1").arg(tab));
        }

        // The clean queue reads whole, its running job's worker name escaped, not lost.
        page->showQueue(text(m_d.cleanQueue));
        page->showTab(QueuesPage::RunningTab);
        JobListModel *running = page->jobModel(QueuesPage::RunningTab);
        QVERIFY(waitLoaded(running));
        QTRY_COMPARE_WITH_TIMEOUT(running->rowCount(), 1, 30000);
        QCOMPARE(cell(running, 0, JobListModel::WorkerColumn), text(m_d.badWorker));
        page->showTab(QueuesPage::WaitingTab);
        QVERIFY(waitLoaded(page->jobModel(QueuesPage::WaitingTab)));
        QTRY_COMPARE_WITH_TIMEOUT(page->jobModel(QueuesPage::WaitingTab)->rowCount(), m_d.cleanWaiting, 30000);

        // The queue whose work set is a string: its Waiting list says which key is wrong.
        page->showQueue(text(m_d.brokenQueue));
        page->showTab(QueuesPage::WaitingTab);
        JobListModel *broken = page->jobModel(QueuesPage::WaitingTab);
        QTRY_VERIFY_WITH_TIMEOUT(!broken->isLoading(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(broken->lastError().contains(QStringLiteral("ql:q:brokenwork-work")), 30000);
        QTest::qWait(200);
        screenshot(&window, QStringLiteral("malformed-queues-broken-work"));
        checkNoStall(QStringLiteral("queue with a broken work set"));
    }

    // Failed page: the group's three jids, the gone one said so, the spoiled failure marked.
    void failedPageListsTheGroupWhole()
    {
        auto s = session();
        FailedPage page(s.get());
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        page.showGroup(text(m_d.failureGroup));
        JobListModel *jobs = page.jobPane()->model();
        QTRY_COMPARE_WITH_TIMEOUT(jobs->rowCount(), 3, 30000);
        const int gone = rowOf(jobs, m_d.goneJid);
        QVERIFY(gone >= 0);
        QCOMPARE(cell(jobs, gone, JobListModel::StateColumn), QStringLiteral("job data missing"));
        const int spoiled = rowOf(jobs, m_d.failedSpoiledJid);
        QVERIFY(spoiled >= 0);
        QVERIFY(cell(jobs, spoiled, JobListModel::JidColumn, Qt::ToolTipRole).contains(QStringLiteral("failure:")));
        QVERIFY(rowOf(jobs, m_d.failedJid) >= 0);
        QTest::qWait(200);
        screenshot(&page, QStringLiteral("malformed-failed"));
        checkNoStall(QStringLiteral("failed page"));
    }

    // Tags page: the tag that is not UTF-8 is listed and its job found by it.
    void tagsPageFindsTheJobOfABadTag()
    {
        auto s = session();
        TagsPage page(s.get());
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        page.showTag(text(m_d.badTag));
        JobListModel *jobs = page.jobPane()->model();
        QTRY_COMPARE_WITH_TIMEOUT(jobs->rowCount(), 1, 30000);
        QCOMPARE(jobs->data(jobs->index(0, 0), JobListModel::JobRole).value<Job>().jid, m_d.badJid);
        screenshot(&page, QStringLiteral("malformed-tags"));
        checkNoStall(QStringLiteral("tags page"));
    }

    // Workers page: ql:workers is a list; the page says so instead of failing, and a worker's
    // jobs (read from its own key) are still shown.
    void workersPageNamesTheBrokenWorkerSet()
    {
        auto s = session();
        WorkersPage page(s.get());
        page.resize(1400, 800);
        page.show();
        refresh(&page);
        QTRY_VERIFY_WITH_TIMEOUT(page.summaryLabel()->text().contains(QStringLiteral("ql:workers")), 30000);
        page.showWorker(text(m_d.badWorker));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 1, 30000);
        screenshot(&page, QStringLiteral("malformed-workers"));
        checkNoStall(QStringLiteral("workers page"));
    }

    // Every page of the window in turn: each refresh ends, none stalls.
    void everyPageOpens()
    {
        MainWindow window;
        window.setSession(session());
        window.resize(1400, 860);
        window.show();
        for (Page *page : window.pages()) {
            qInfo("page %s", qPrintable(page->title()));
            QVERIFY(window.showPage(page->title()));
            QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 30000);
            QTest::qWait(200);
            screenshot(&window, QStringLiteral("malformed-page-") + page->title().toLower());
            checkNoStall(page->title());
        }
    }

    // The job window on every spoiled job: it opens, names the damaged field, shows the rest.
    void jobWindowNamesTheDamagedField_data()
    {
        QTest::addColumn<QByteArray>("jid");
        QTest::addColumn<QString>("field");
        for (const MalformedDeployment::SpoiledJob &spoiled : std::as_const(m_d.jobs))
            QTest::newRow(spoiled.jid.constData()) << spoiled.jid << spoiled.field;
        QTest::newRow("failed, failure not JSON") << m_d.failedSpoiledJid << QStringLiteral("failure");
        QTest::newRow("jid not UTF-8") << m_d.badJid << QString();
        QTest::newRow("10 MB data") << m_d.hugeDataJid << QString();
        QTest::newRow("100k history") << m_d.longHistoryJid << QString();
    }
    void jobWindowNamesTheDamagedField()
    {
        QFETCH(QByteArray, jid);
        QFETCH(QString, field);
        auto s = session();
        JobDetailView view(new JobDetailReader(s->client()));
        view.resize(1100, 800);
        view.show();
        QSignalSpy loaded(&view, &JobDetailView::loaded);
        m_gaps.take();
        view.showJob(jid);
        QVERIFY(loaded.wait(60000));
        QVERIFY2(loaded.first().at(0).toBool(), qPrintable(view.messageLabel()->text()));
        QVERIFY(view.job().has_value());
        QCOMPARE(view.job()->jid, jid);
        const QString problems = view.problemsLabel()->isVisible() ? view.problemsLabel()->text() : QString();
        if (!field.isEmpty()) {
            QVERIFY2(problems.contains(QStringLiteral("<b>") + field + QStringLiteral("</b>")),
                     qPrintable(QStringLiteral("'%1' not named: %2").arg(field, problems)));
        }
        if (jid == m_d.longHistoryJid)
            QCOMPARE(view.historyModel()->rowCount(), 100000 + 1);
        if (jid == m_d.hugeDataJid)
            QVERIFY(view.dataView()->isValidJson());
        QTest::qWait(50);
        if (!field.isEmpty() || jid == m_d.hugeDataJid || jid == m_d.longHistoryJid) {
            QString name = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
            name.remove(QLatin1Char(','));
            screenshot(&view, QStringLiteral("malformed-job-") + name);
        }
        checkNoStall(QStringLiteral("job window on ") + text(jid));
    }

    // Every table exported: each finishes with every row, or (the broken work set) says why.
    void everyExportRuns_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("queue");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("narrow"); // group, worker or tag
        QTest::addColumn<int>("rows");       // header included; -2: any number; -1: fails, naming `key`
        QTest::addColumn<QString>("key");
        using K = TableExportView::Kind;
        QTest::newRow("queues") << int(K::Queues) << QString() << QString() << QString() << -2 << QString();
        for (const QString &state : TableExportView::jobStates())
            QTest::newRow(qPrintable(QStringLiteral("spoiled ") + state))
                << int(K::Jobs) << text(m_d.spoiledQueue) << state << QString()
                << (state == QLatin1String("waiting") ? m_d.spoiledListed + 1 : -2) << QString();
        QTest::newRow("clean waiting") << int(K::Jobs) << text(m_d.cleanQueue) << QStringLiteral("waiting") << QString()
                                       << m_d.cleanWaiting + 1 << QString();
        QTest::newRow("broken waiting") << int(K::Jobs) << text(m_d.brokenQueue) << QStringLiteral("waiting")
                                        << QString() << -1 << QStringLiteral("ql:q:brokenwork-work");
        QTest::newRow("failure groups") << int(K::Failed) << QString() << QString() << QString() << 2 << QString();
        QTest::newRow("failure group") << int(K::Failed) << QString() << QString() << text(m_d.failureGroup) << 4
                                       << QString();
        QTest::newRow("completed") << int(K::Completed) << QString() << QString() << QString() << -2 << QString();
        QTest::newRow("workers") << int(K::Workers) << QString() << QString() << QString() << -1
                                 << QStringLiteral("ql:workers holds a list");
        QTest::newRow("worker's jobs") << int(K::Workers) << QString() << QString() << text(m_d.badWorker) << 2
                                       << QString();
        QTest::newRow("tracked") << int(K::Tracked) << QString() << QString() << QString() << -2 << QString();
        QTest::newRow("tags") << int(K::Tags) << QString() << QString() << QString() << -2 << QString();
        QTest::newRow("tag's jobs") << int(K::Tags) << QString() << QString() << text(m_d.badTag) << 2 << QString();
        QTest::newRow("config") << int(K::Config) << QString() << QString() << QString() << -2 << QString();
    }
    void everyExportRuns()
    {
        QFETCH(int, kind);
        QFETCH(QString, queue);
        QFETCH(QString, state);
        QFETCH(QString, narrow);
        QFETCH(int, rows);
        QFETCH(QString, key);
        TableExportView view{TableExportView::Kind(kind)};
        view.queue = queue;
        view.state = state;
        if (view.kind == TableExportView::Kind::Failed)
            view.group = narrow;
        else if (view.kind == TableExportView::Kind::Workers)
            view.worker = narrow;
        else if (view.kind == TableExportView::Kind::Tags)
            view.tag = narrow;
        auto s = session();
        QString error;
        const QString path = m_dir.filePath(view.suggestedFileName());
        m_gaps.take();
        const qint64 written = exportRows(s->client(), view, path, &error);
        if (rows == -1) {
            QCOMPARE(written, -1);
            QVERIFY2(error.contains(key), qPrintable(error));
            QVERIFY(!QFile::exists(path));
        } else {
            QVERIFY2(written >= 1, qPrintable(error));
            if (rows >= 0)
                QCOMPARE(written, qint64(rows));
        }
        checkNoStall(QStringLiteral("export ") + view.describe());
    }

    // The window's own "Export CSV…" of the spoiled queue's list: every row, no stall.
    void windowExportOfTheSpoiledList()
    {
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        page.showQueue(text(m_d.spoiledQueue));
        page.showTab(QueuesPage::WaitingTab);
        QVERIFY(waitLoaded(page.jobModel(QueuesPage::WaitingTab)));
        TableExportButton *button = page.jobsExportButton();
        QTRY_VERIFY(button->isEnabled());
        QSignalSpy finished(button, &TableExportButton::finished);
        const QString path = m_dir.filePath(QStringLiteral("window-spoiled.csv"));
        m_gaps.take();
        QVERIFY(button->exportTo(path));
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().count("\r\n"), qsizetype(m_d.spoiledListed + 1));
        checkNoStall(QStringLiteral("window export"));
    }
};

QTEST_MAIN(TestMalformedData)
#include "tst_malformeddata.moc"
