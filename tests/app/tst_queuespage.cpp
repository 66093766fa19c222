// SPDX-License-Identifier: GPL-3.0-or-later
#include "deploymentdata.h"
#include "jobfilterproxymodel.h"
#include "joblistmodel.h"
#include "qlessclienttestbase.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "queuespage.h"
#include "recurringlistmodel.h"

#include <QAbstractItemModelTester>
#include <QCryptographicHash>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>

// The Queues page against a real Redis: each tab lists exactly the jids the jobs script gives, in
// its order; tab titles carry the counts of the queues script; the filter; recurring templates;
// Enter and double-click open a job; a screenshot of a realistic pipeline for people to look at.
class TestQueuesPage final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    double m_now = 0;

    std::unique_ptr<QlessSession> session()
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture().server().socketPath();
        return std::make_unique<QlessSession>(settings);
    }

    static QByteArray jidFor(const QByteArray &name)
    {
        return QCryptographicHash::hash(name, QCryptographicHash::Md5).toHex();
    }

    // Put at now - 3000 + 7i: the early ones fell due long ago (listed as waiting), the late
    // ones fall due long after the test ends; none crosses over while it compares.
    static double scheduledDelay(int i) { return i < 160 ? 600 : 3000 + i * 3; }

    // A pipeline as operators see one: several queues, hundreds of jobs, tags and priorities,
    // running and stalled jobs, scheduled ones, jobs waiting on others, recurring templates.
    void seedPipeline()
    {
        m_now = double(QDateTime::currentSecsSinceEpoch());
        const double now = m_now;
        const QList<QByteArray> klasses{"Crawler::FetchPage", "Crawler::ParseRobots", "Crawler::FollowLinks"};
        const QList<QByteArray> tags{"[\"site:example.com\",\"batch-42\"]", "[\"site:news.example.org\"]",
                                     "[\"customer:acme\",\"urgent\"]", "[]", "[\"batch-43\"]"};
        for (int i = 0; i < 320; ++i) {
            const QByteArray priority = QByteArray::number(i % 25 == 0 ? 10 : i % 9 == 0 ? 5 : 0);
            fixture().put("crawl", jidFor("crawl-" + QByteArray::number(i)), now - 3000 + i * 7,
                          {"priority", priority, "tags", tags.at(i % tags.size()), "retries", "5"},
                          i % 16 == 3 ? scheduledDelay(i) : 0,
                          "{\"url\":\"https://example.com/page/" + QByteArray::number(i) + "\"}",
                          klasses.at(i % klasses.size()));
        }
        // Locks that outlast any slow test run: running jobs stay running while the test compares.
        fixture().call(QStringLiteral("config"), {"set", "heartbeat", "600"});
        fixture().pop("crawl", "crawler-1.prod:4121", 12, now);
        fixture().call(QStringLiteral("config"), {"unset", "heartbeat"});
        fixture().pop("crawl", "crawler-2.prod:877", 4, now - 200); // locks long expired: stalled
        for (int i = 0; i < 6; ++i) {
            fixture().put("crawl", jidFor("after-" + QByteArray::number(i)), now - 100 + i,
                          {"depends",
                           "[\"" + jidFor("crawl-" + QByteArray::number(i * 2 + 1)) + "\",\""
                               + jidFor("crawl-" + QByteArray::number(i * 2 + 2)) + "\"]",
                           "tags", "[\"followup\"]"},
                          0, "{}", "Crawler::Summarize");
        }
        for (const auto &[jid, interval, offset] : {std::tuple<QByteArray, int, int>{"crawl-sitemaps", 3600, 1200},
                                                    {"crawl-robots-refresh", 86400, 40000},
                                                    {"crawl-heartbeat", 60, 20}}) {
            fixture().call(QStringLiteral("recur"),
                           {"on", "crawl", jid, "Crawler::Periodic", "{\"what\":\"" + jid + "\"}", num(now), "interval",
                            QByteArray::number(interval), QByteArray::number(offset), "priority", "2", "tags",
                            "[\"periodic\"]", "retries", "3"});
        }
        const QList<QByteArray> others{"parse", "index", "notify", "thumbnails"};
        int n = 0;
        for (const QByteArray &queue : others) {
            for (int i = 0; i < 30 + 45 * n; ++i)
                fixture().put(queue, jidFor(queue + QByteArray::number(i)), now - 600 + i, {}, 0, "{}",
                              "Pipeline::" + queue.left(1).toUpper() + queue.mid(1));
            ++n;
        }
        fixture().pop("index", "indexer-1.prod:31", 3, now - 300);
    }

    QStringList scriptJids(const QByteArray &state, const QByteArray &queue)
    {
        QStringList out;
        for (const QByteArray &jid :
             fixture()
                 .call(QStringLiteral("jobs"),
                       {state, num(double(QDateTime::currentSecsSinceEpoch())), queue, "0", "100000"})
                 .strings())
            out << QString::fromUtf8(jid);
        return out;
    }

    static QStringList modelJids(const QAbstractItemModel *model)
    {
        QStringList out;
        for (int row = 0; row < model->rowCount(); ++row)
            out << model->index(row, 0).data(JobListModel::KeyRole).toString();
        return out;
    }

    static bool refresh(QueuesPage &page)
    {
        bool finished = false;
        bool ok = false;
        page.refresh([&](bool result) {
            finished = true;
            ok = result;
        });
        return QTest::qWaitFor([&finished] { return finished; }, 30000) && ok;
    }

    // Loads every row of the tab's list (scrolling would).
    static bool loadAll(QAbstractItemModel *model, const std::function<bool()> &loading)
    {
        for (int i = 0; i < 1000; ++i) {
            if (!QTest::qWaitFor([&loading] { return !loading(); }, 30000))
                return false;
            if (!model->canFetchMore({}))
                return true;
            model->fetchMore({});
        }
        return false;
    }

    static void screenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        QVERIFY(widget->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png")));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void tabsListWhatTheJobsScriptGives()
    {
        seedPipeline();
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1280, 760);
        page.show();
        for (int tab = 0; tab < QueuesPage::RecurringTab; ++tab) {
            new QAbstractItemModelTester(page.jobModel(QueuesPage::Tab(tab)),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal, &page);
        }
        new QAbstractItemModelTester(page.recurringModel(), QAbstractItemModelTester::FailureReportingMode::Fatal,
                                     &page);
        new QAbstractItemModelTester(page.queueModel(), QAbstractItemModelTester::FailureReportingMode::Fatal, &page);
        QVERIFY(refresh(page));
        QCOMPARE(page.queueModel()->rowCount(), 5);
        QCOMPARE(page.currentQueue(), QStringLiteral("crawl")); // the first by name
        page.showQueue(QStringLiteral("crawl"));

        const QJsonObject counts =
            fixture()
                .json(QStringLiteral("queues"), {num(double(QDateTime::currentSecsSinceEpoch())), "crawl"})
                .toObject();
        const QList<std::pair<QueuesPage::Tab, QByteArray>> states{{QueuesPage::WaitingTab, "waiting"},
                                                                   {QueuesPage::RunningTab, "running"},
                                                                   {QueuesPage::StalledTab, "stalled"},
                                                                   {QueuesPage::ScheduledTab, "scheduled"},
                                                                   {QueuesPage::DependsTab, "depends"}};
        for (const auto &[tab, state] : states) {
            page.showTab(tab);
            JobListModel *model = page.jobModel(tab);
            QVERIFY(loadAll(model, [model] { return model->isLoading(); }));
            const QStringList expected = scriptJids(state, "crawl");
            QVERIFY2(!expected.isEmpty(), state.constData());
            QCOMPARE(modelJids(model), expected);
            // The view shows them in the same order until a header is clicked.
            QCOMPARE(modelJids(page.proxy(tab)), expected);
            const qint64 count = counts.value(QString::fromLatin1(state)).toInteger();
            QCOMPARE(qint64(expected.size()), count);
            QVERIFY2(page.tabWidget()->tabText(tab).endsWith(QStringLiteral("(%1)").arg(QLocale().toString(count))),
                     qPrintable(page.tabWidget()->tabText(tab)));
        }
        QCOMPARE(page.tabWidget()->tabText(QueuesPage::WaitingTab),
                 QStringLiteral("Waiting (%1)")
                     .arg(QLocale().toString(counts.value(QStringLiteral("waiting")).toInteger())));

        // Columns that apply: a worker on running jobs, not on waiting ones; what each depends on.
        QVERIFY(page.tableView(QueuesPage::WaitingTab)->isColumnHidden(JobListModel::WorkerColumn));
        QVERIFY(!page.tableView(QueuesPage::RunningTab)->isColumnHidden(JobListModel::WorkerColumn));
        QVERIFY(page.tableView(QueuesPage::RunningTab)->isColumnHidden(JobListModel::QueueColumn));
        JobFilterProxyModel *depends = page.proxy(QueuesPage::DependsTab);
        const Job waiter = depends->index(0, 0).data(JobListModel::JobRole).value<Job>();
        QCOMPARE(depends->index(0, JobListModel::TimeColumn).data().toString(),
                 waiter.dependencies.join(QStringLiteral(", ")));
        QCOMPARE(depends->headerData(JobListModel::TimeColumn, Qt::Horizontal).toString(), QStringLiteral("Waits on"));
        // The lock's time under "Lock expires", without saying it again in every cell.
        QCOMPARE(page.proxy(QueuesPage::RunningTab)->headerData(JobListModel::TimeColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Lock expires"));
        QVERIFY(page.proxy(QueuesPage::RunningTab)
                    ->index(0, JobListModel::TimeColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("in ")));

        // Another queue from outside (the Overview): the picker follows.
        page.showTab(QueuesPage::WaitingTab);
        page.showQueue(QStringLiteral("notify"));
        QCOMPARE(page.queueView()->currentIndex().data(QueueListModel::KeyRole).toString(), QStringLiteral("notify"));
        JobListModel *waiting = page.jobModel(QueuesPage::WaitingTab);
        QVERIFY(loadAll(waiting, [waiting] { return waiting->isLoading(); }));
        QCOMPARE(modelJids(waiting), scriptJids("waiting", "notify"));
    }

    void refreshUpdatesTheTabOnScreen()
    {
        seedPipeline();
        auto s = session();
        QueuesPage page(s.get());
        page.show();
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("parse"));
        JobListModel *waiting = page.jobModel(QueuesPage::WaitingTab);
        QTRY_COMPARE_WITH_TIMEOUT(waiting->rowCount(), 30, 20000);
        fixture().put("parse", "late-arrival", double(QDateTime::currentSecsSinceEpoch()), {"priority", "50"});
        QVERIFY(refresh(page));
        QCOMPARE(waiting->rowCount(), 31);
        QCOMPARE(modelJids(waiting).first(), QStringLiteral("late-arrival")); // highest priority pops first
        QCOMPARE(page.tabWidget()->tabText(QueuesPage::WaitingTab), QStringLiteral("Waiting (31)"));
        // Other tabs were not read: they load when shown.
        QVERIFY(page.jobModel(QueuesPage::RunningTab)->source().description.isEmpty());
    }

    // Issue #14: the table tells its model which rows are on screen (through the filter proxy);
    // scrolled far down, a refresh reads around those rows, not every row loaded.
    void theTableReportsItsVisibleRowsAndRefreshReadsAroundThem()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 600; ++i)
            fixture().put("long", "l" + QByteArray::number(i).rightJustified(4, '0'), now - 1000 + i * 0.01);
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1280, 760);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("long"));
        JobListModel *waiting = page.jobModel(QueuesPage::WaitingTab);
        QVERIFY(loadAll(waiting, [waiting] { return waiting->isLoading(); }));
        QCOMPARE(waiting->rowCount(), 600);
        QTableView *view = page.tableView(QueuesPage::WaitingTab);
        QTRY_COMPARE(waiting->visibleFirst(), 0);
        QVERIFY(waiting->visibleLast() > 0 && waiting->visibleLast() < 100);
        view->scrollToBottom();
        QTRY_COMPARE(waiting->visibleLast(), 599);
        QVERIFY(waiting->visibleFirst() > 400);
        const auto [offset, count] = waiting->refreshWindow();
        QCOMPARE(offset, waiting->visibleFirst() - JobListModel::RefreshMargin);
        QVERIFY(count <= 599 - offset + 1);
        // Changed behind the page's back: a job on screen and the first one, far above.
        fixture().command({"HSET", "ql:j:l0598", "priority", "3"});
        fixture().command({"HSET", "ql:j:l0000", "priority", "3"});
        QVERIFY(refresh(page));
        const auto priority = [waiting](const char *jid) {
            return waiting->index(waiting->rowOf(QByteArray(jid)), JobListModel::PriorityColumn).data().toString();
        };
        QCOMPARE(priority("l0598"), QStringLiteral("3"));
        QCOMPARE(priority("l0000"), QStringLiteral("0"));
        QCOMPARE(waiting->rowCount(), 600);
    }

    // The Recurring tab reports its rows on screen too: scrolled down, a refresh reads around them.
    void theRecurringTabReportsItsVisibleRows()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 600; ++i)
            fixture().call(QStringLiteral("recur"), {"on", "long", "r" + QByteArray::number(i).rightJustified(4, '0'),
                                                     "Cron.Job", "{}", num(now), "interval", "3600", num(i)});
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1280, 760);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("long"));
        page.showTab(QueuesPage::RecurringTab);
        RecurringListModel *model = page.recurringModel();
        QVERIFY(loadAll(model, [model] { return model->isLoading(); }));
        QCOMPARE(model->rowCount(), 600);
        page.tableView(QueuesPage::RecurringTab)->scrollToBottom();
        QTRY_VERIFY(model->refreshWindow().first > 400);
        const auto [offset, count] = model->refreshWindow();
        QVERIFY(offset + count >= 600 && count < 600 - 400);
        fixture().command({"HSET", "ql:r:r0598", "priority", "3"});
        fixture().command({"HSET", "ql:r:r0000", "priority", "3"});
        QVERIFY(refresh(page));
        const auto priority = [model](const char *jid) {
            return model->index(model->rowOf(QString::fromLatin1(jid)), RecurringListModel::PriorityColumn)
                .data()
                .toString();
        };
        QCOMPARE(priority("r0598"), QStringLiteral("3"));
        QCOMPARE(priority("r0000"), QStringLiteral("0")); // far above the view: not read
    }

    void filterOverJidKlassAndTags()
    {
        seedPipeline();
        auto s = session();
        QueuesPage page(s.get());
        page.show();
        QVERIFY(refresh(page));
        JobListModel *waiting = page.jobModel(QueuesPage::WaitingTab);
        QTRY_VERIFY_WITH_TIMEOUT(waiting->rowCount() > 0 && !waiting->isLoading(), 20000);
        JobFilterProxyModel *proxy = page.proxy(QueuesPage::WaitingTab);
        const auto matching = [waiting](const std::function<bool(const Job &)> &accept) {
            int n = 0;
            for (int row = 0; row < waiting->rowCount(); ++row)
                n += accept(waiting->jobAt(row)) ? 1 : 0;
            return n;
        };

        page.filterField()->setText(QStringLiteral("ACME"));
        QCOMPARE(proxy->rowCount(),
                 matching([](const Job &job) { return job.tags.contains(QStringLiteral("customer:acme")); }));
        QVERIFY(proxy->rowCount() > 0);
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("match the filter")));

        page.filterField()->setText(QStringLiteral("robots"));
        QCOMPARE(proxy->rowCount(),
                 matching([](const Job &job) { return job.klass == QLatin1String("Crawler::ParseRobots"); }));

        page.filterField()->setText(QStringLiteral("followlinks batch-42"));
        QCOMPARE(proxy->rowCount(), matching([](const Job &job) {
                     return job.klass == QLatin1String("Crawler::FollowLinks")
                            && job.tags.contains(QStringLiteral("batch-42"));
                 }));

        const QString someJid = QString::fromUtf8(waiting->rowAt(7).jid);
        page.filterField()->setText(someJid.left(12));
        QVERIFY(proxy->rowCount() >= 1);
        QVERIFY(modelJids(proxy).contains(someJid));

        page.filterField()->clear();
        QCOMPARE(proxy->rowCount(), waiting->rowCount());
    }

    void recurringTab()
    {
        seedPipeline();
        auto s = session();
        QueuesPage page(s.get());
        page.show();
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("crawl"));
        page.showTab(QueuesPage::RecurringTab);
        RecurringListModel *model = page.recurringModel();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, 20000);
        QCOMPARE(page.tabWidget()->tabText(QueuesPage::RecurringTab), QStringLiteral("Recurring (3)"));
        const int row = model->rowOf(QStringLiteral("crawl-sitemaps"));
        QVERIFY(row >= 0);
        QCOMPARE(model->index(row, RecurringListModel::IntervalColumn).data().toString(), QStringLiteral("1 h"));
        QCOMPARE(model->index(row, RecurringListModel::KlassColumn).data().toString(),
                 QStringLiteral("Crawler::Periodic"));
        QCOMPARE(model->index(row, RecurringListModel::PriorityColumn).data().toString(), QStringLiteral("2"));
        QCOMPARE(model->index(row, RecurringListModel::CountColumn).data().toString(), QStringLiteral("0"));
        QCOMPARE(model->index(row, RecurringListModel::NextRunColumn).data(RecurringListModel::SortRole).toDouble(),
                 m_now + 1200);
        page.filterField()->setText(QStringLiteral("heartbeat"));
        QCOMPARE(page.proxy(QueuesPage::RecurringTab)->rowCount(), 1);
    }

    void enterAndDoubleClickOpenTheJob()
    {
        seedPipeline();
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1280, 760);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("crawl"));
        page.showTab(QueuesPage::RunningTab);
        JobListModel *running = page.jobModel(QueuesPage::RunningTab);
        QTRY_VERIFY_WITH_TIMEOUT(running->rowCount() > 2 && !running->isLoading(), 20000);
        QTableView *view = page.tableView(QueuesPage::RunningTab);
        QSignalSpy opened(&page, &Page::openJobRequested);

        view->setFocus();
        view->setCurrentIndex(view->model()->index(2, JobListModel::KlassColumn));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.at(0).at(0).toByteArray(),
                 view->model()->index(2, 0).data(JobListModel::KeyRole).toString().toUtf8());

        const QModelIndex first = view->model()->index(0, JobListModel::JidColumn);
        const QPoint centre = view->visualRect(first).center();
        // A double-click is a press and release, then a second press and release.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(opened.count(), 2);
        QCOMPARE(opened.at(1).at(0).toByteArray(), first.data(JobListModel::KeyRole).toString().toUtf8());
    }

    void screenshotOfABusyQueue()
    {
        seedPipeline();
        auto s = session();
        QueuesPage page(s.get());
        page.resize(1280, 760);
        page.show();
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("crawl"));
        JobListModel *waiting = page.jobModel(QueuesPage::WaitingTab);
        QTRY_VERIFY_WITH_TIMEOUT(waiting->rowCount() > 0 && !waiting->isLoading(), 20000);
        screenshot(&page, QStringLiteral("queues-waiting"));
        page.showTab(QueuesPage::RunningTab);
        QTRY_VERIFY_WITH_TIMEOUT(page.jobModel(QueuesPage::RunningTab)->rowCount() > 0, 20000);
        screenshot(&page, QStringLiteral("queues-running"));
        page.showTab(QueuesPage::DependsTab);
        QTRY_VERIFY_WITH_TIMEOUT(page.jobModel(QueuesPage::DependsTab)->rowCount() > 0, 20000);
        screenshot(&page, QStringLiteral("queues-depends"));
        page.showTab(QueuesPage::RecurringTab);
        QTRY_COMPARE_WITH_TIMEOUT(page.recurringModel()->rowCount(), 3, 20000);
        screenshot(&page, QStringLiteral("queues-recurring"));
        page.showTab(QueuesPage::WaitingTab);
        page.filterField()->setText(QStringLiteral("acme"));
        screenshot(&page, QStringLiteral("queues-filtered"));
    }

    void currentQlessDeployment()
    {
        // Written as current qless writes it: a timed-out job (back in the work set at +inf,
        // stalled, no lock), a paused queue with a max-concurrency, jobs whose `time` is their
        // last change. The Waiting tab lists the timed-out job first and says so.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData qless(fixture());
        for (int i = 0; i < 8; ++i) {
            const QByteArray jid = jidFor("deploy-" + QByteArray::number(i));
            qless.put("crawl", jid, now - 1800 + i * 60, i == 2 ? 5 : 0);
        }
        const QByteArray slow = jidFor("deploy-slow");
        qless.put("crawl", slow, now - 2400);
        qless.pop("crawl", slow, "crawler-3.prod:9921", now - 1500);
        qless.timeout("crawl", slow, now - 300);
        const QByteArray busy = jidFor("deploy-busy");
        qless.put("crawl", busy, now - 700);
        qless.pop("crawl", busy, "crawler-4.prod:118", now - 100, 3600);
        qless.pause("crawl");
        qless.setMaxConcurrency("crawl", 4);

        auto s = session();
        QueuesPage page(s.get());
        page.resize(1280, 560);
        page.show();
        QVERIFY(refresh(page));
        page.showQueue(QStringLiteral("crawl"));
        JobListModel *waiting = page.jobModel(QueuesPage::WaitingTab);
        QTRY_VERIFY_WITH_TIMEOUT(waiting->rowCount() == 9 && !waiting->isLoading(), 20000);
        QCOMPARE(waiting->rowAt(0).jid, slow);
        QVERIFY(waiting->rowAt(0).timedOut);
        QVERIFY(waiting->index(0, JobListModel::TimeColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("timed out 5 min")));
        QCOMPARE(page.tabWidget()->tabText(QueuesPage::WaitingTab), QStringLiteral("Waiting (9)"));
        QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("1 timed out")),
                 qPrintable(page.statusLabel()->text()));
        for (int row = 0; row < waiting->rowCount(); ++row)
            QVERIFY(waiting->rowAt(row).problems.isEmpty());
        const int crawl = page.queueModel()->rowOf(QStringLiteral("crawl"));
        QCOMPARE(page.queueModel()->index(crawl, QueueListModel::RunningColumn).data().toString(),
                 QStringLiteral("1 / 4"));
        screenshot(&page, QStringLiteral("queues-current-qless-waiting"));
    }
};

QTEST_MAIN(TestQueuesPage)
#include "tst_queuespage.moc"
