// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "auditlog.h"
#include "completedpage.h"
#include "gemworkerpipeline.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobsource.h"
#include "jobtableproxy.h"
#include "pagetestbase.h"
#include "queuepickerdialog.h"
#include "tableexportbutton.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;

// The Completed page on what current qless leaves (GemWorkerPipeline): ql:completed newest first
// with the queue each job completed in, the filter by queue or class, the retention qless
// applies, Enter opening the job, the actions qless takes on complete jobs (and none it refuses),
// refused on a read-only connection, and "Export CSV…" writing every job the list shows.
class TestCompletedPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    GemWorkerPipeline::Seeded m_seeded;

    std::unique_ptr<QlessSession> auditedSession(bool readOnly = false)
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")), readOnly);
    }

    static QStringList column(QTableView *view, int column)
    {
        QStringList out;
        for (int row = 0; row < view->model()->rowCount(); ++row)
            out << view->model()->index(row, column).data().toString();
        return out;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init()
    {
        fixture().flush();
        QFile::remove(m_dir.filePath(QStringLiteral("audit.jsonl")));
        m_seeded = GemWorkerPipeline::seed(fixture());
        QVERIFY(m_seeded.completed > 10);
    }

    void listsCompletedJobsNewestFirstWithTheirQueue()
    {
        auto s = auditedSession();
        CompletedPage page(s.get());
        page.resize(1300, 700);
        page.show();
        QVERIFY(refresh(&page));
        QTableView *view = page.jobPane()->view();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), m_seeded.completed, 10000);

        // The same jids in the same order as qless keeps them (newest first).
        const QList<RedisValue> newest = fixture().command({"ZREVRANGE", "ql:completed", "0", "-1"}).elements;
        QCOMPARE(newest.size(), m_seeded.completed);
        const QStringList jids = column(view, JobListModel::JidColumn);
        for (int i = 0; i < newest.size(); ++i)
            QCOMPARE(jids.at(i), QString::fromUtf8(newest.at(i).bytes));
        // qless empties a complete job's queue; the row names the one it completed in.
        QCOMPARE(fixture().command({"HGET", "ql:j:" + m_seeded.noted, "queue"}).text(), QByteArray(""));
        const QStringList queues = column(view, JobListModel::QueueColumn);
        QVERIFY(queues.contains(QStringLiteral("parse")) && queues.contains(QStringLiteral("index")));
        QVERIFY(!queues.contains(QString()));
        QCOMPARE(view->model()->headerData(JobListModel::ChangedColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Completed"));
        // No false damage mark on data current qless wrote.
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            const Job job = view->model()->index(row, 0).data(JobListModel::JobRole).value<Job>();
            QVERIFY2(job.problems.isEmpty(), job.jid.constData());
            QCOMPARE(job.state, QStringLiteral("complete"));
        }

        // What qless keeps: jobs-history as configured (3 days), jobs-history-count at its default.
        QCOMPARE(page.retentionLabel()->text(),
                 QStringLiteral("qless keeps completed jobs for 3 d (jobs-history), at most the newest 50,000 of them "
                                "(jobs-history-count); older ones are deleted as other jobs complete."));
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("%1 jobs").arg(m_seeded.completed));
        screenshot(&page, QStringLiteral("completed-page"));

        // The filter, on the server: the queue a job completed in, a part of its class, both.
        const auto filtered = [&](const QString &queue, const QString &klass) {
            page.setFilter(queue, klass);
            const bool done = QTest::qWaitFor(
                [&] { return !page.jobPane()->model()->isLoading() && page.jobPane()->model()->total() >= 0; }, 10000);
            return done ? int(view->model()->rowCount()) : -1;
        };
        QCOMPARE(filtered(QStringLiteral("index"), QString()), 8);
        for (const QString &queue : column(view, JobListModel::QueueColumn))
            QCOMPARE(queue, QStringLiteral("index"));
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("8 jobs"));
        QCOMPARE(filtered(QString(), QStringLiteral("crawl::fetch")), m_seeded.completed - 8); // any case
        QCOMPARE(filtered(QStringLiteral("parse"), QStringLiteral("Reindex")), 0);
        QVERIFY(page.jobPane()->headingLabel()->text().startsWith(
            QStringLiteral("Completed jobs in parse of a class containing \"Reindex\"")));
        page.setFilter(QString(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), m_seeded.completed, 10000);

        // Enter opens the job.
        QSignalSpy opened(&page, &Page::openJobRequested);
        view->setCurrentIndex(view->model()->index(2, 0));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toByteArray(), newest.at(2).bytes);
    }

    void pagesThroughALongList()
    {
        // More than a page: the rest comes as the view scrolls, and a filter stops paging at its limit.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 100; ++i) {
            const QByteArray jid = "bulk-" + QByteArray::number(i);
            fixture().qless("put", now - 500, {"app-1", "bulk", jid, "Bulk::Job", "{}", "0"});
            fixture().qless("pop", now - 400, {"bulk", "w-1", "1"});
            fixture().qless("complete", now - 300 + i, {jid, "w-1", "bulk", "{}"});
        }
        auto s = auditedSession();
        CompletedPage page(s.get());
        page.jobPane()->model()->setPageSize(50);
        page.jobPane()->setSource(JobSource::completed(s->client()), QStringLiteral("Completed")); // in pages of 50
        page.resize(1300, 700);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(page.jobPane()->model()->rowCount() >= 50, 10000);
        QVERIFY(page.jobPane()->model()->canFetchMore({}));
        // How many there are in all (ql:completed's count), not only how many are loaded.
        const int all = m_seeded.completed + 100;
        QCOMPARE(fixture().command({"ZCARD", "ql:completed"}).integer, qint64(all));
        QTRY_COMPARE(page.jobPane()->model()->total(), qint64(all));
        const QString loaded = QLocale().toString(page.jobPane()->model()->rowCount());
        QCOMPARE(page.statusLabel()->text(),
                 QStringLiteral("%1 of %2 loaded; scroll down to load more").arg(loaded).arg(all));
        QCOMPARE(page.jobPane()->headingLabel()->text(),
                 QStringLiteral("Completed: %1 jobs, %2 loaded").arg(all).arg(loaded));
        screenshot(&page, QStringLiteral("completed-page-of-many"));

        // Filtered on the server: the matches page in too, and the count is known at the end.
        page.setFilter(QStringLiteral("bulk"), QStringLiteral("Bulk::"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 50, 10000);
        QVERIFY(page.jobPane()->model()->canFetchMore({}));
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("50 found so far; scroll down to look further"));
        while (page.jobPane()->model()->canFetchMore({})) {
            page.jobPane()->model()->fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(!page.jobPane()->model()->isLoading(), 10000);
        }
        QCOMPARE(page.jobPane()->model()->rowCount(), 100);
        QCOMPARE(page.jobPane()->model()->total(), qint64(100));
        const QStringList jids = column(page.jobPane()->view(), JobListModel::JidColumn);
        for (int i = 0; i < 100; ++i)
            QCOMPARE(jids.at(i), QStringLiteral("bulk-%1").arg(99 - i));
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("100 jobs"));
        screenshot(&page, QStringLiteral("completed-page-filtered"));
    }

    void findsARareJobAmongThousands()
    {
        // 2,500 completed jobs, the one in `rare` the oldest: desk.completed looks at 1,000 a call.
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().qless("put", now - 900, {"w", "rare", "rare-1", "Rare::Job", "{}", "0"});
        fixture().qless("pop", now - 899, {"rare", "w-1", "1"});
        fixture().qless("complete", now - 898, {"rare-1", "w-1", "rare", "{}"});
        for (int i = 0; i < 2500; ++i) {
            const QByteArray jid = "many-" + QByteArray::number(i);
            fixture().command(
                {"HSET", "ql:j:" + jid, "jid", jid, "klass", "Many::Job", "state", "complete", "queue", "many"});
            fixture().command({"ZADD", "ql:completed", QByteArray::number(now - 500 + i * 0.01, 'f', 3), jid});
        }
        auto s = auditedSession();
        CompletedPage page(s.get());
        page.resize(1300, 700);
        page.show();
        page.setFilter(QStringLiteral("rare"), QString());
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->total(), qint64(1), 10000);
        QCOMPARE(page.jobPane()->model()->rowCount(), 1);
        QCOMPARE(page.jobPane()->model()->index(0, JobListModel::JidColumn).data().toString(),
                 QStringLiteral("rare-1"));
    }

    void actsAsQlessDoesOnCompleteJobs()
    {
        auto s = auditedSession();
        CompletedPage page(s.get());
        page.resize(1300, 700);
        page.show();
        QTableView *view = page.jobPane()->view();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), m_seeded.completed, 10000);
        const QByteArray jid = view->model()->index(0, 0).data(JobListModel::KeyRole).toByteArray();

        // Delete would send a cancel that qless skips for complete jobs: the key asks nothing and
        // the job stays.
        view->selectRow(0);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QVERIFY(!waitForWidget<QMessageBox>(QStringLiteral("confirmAction"), 500));
        QCOMPARE(fixture().command({"HGET", "ql:j:" + jid, "state"}).text(), QByteArray("complete"));

        QMenu *menu = openContextMenu(view, 0, QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        screenshot(menu, QStringLiteral("completed-actions-menu"));
        // What qless refuses or skips on a complete job is not offered.
        for (const QString &absent : {QStringLiteral("Retry"), QStringLiteral("Cancel…"), QStringLiteral("Time out…"),
                                      QStringLiteral("Move to queue…"), QStringLiteral("High (10)")})
            QVERIFY2(!findAction(menu, absent), qPrintable(absent));
        for (const QString &present :
             {QStringLiteral("Track"), QStringLiteral("Add tags…"), QStringLiteral("Add note…")})
            QVERIFY2(findAction(menu, present) && findAction(menu, present)->isEnabled(), qPrintable(present));
        QAction *again = findAction(menu, QStringLiteral("Run again in queue…"));
        QVERIFY(again && again->isEnabled());
        again->trigger();
        menu->close();
        auto *picker = waitForWidget<QueuePickerDialog>(QStringLiteral("queuePicker"));
        QVERIFY(picker);
        QTRY_VERIFY(picker->queueBox()->findText(QStringLiteral("crawl")) >= 0);
        picker->queueBox()->setCurrentText(QStringLiteral("parse"));
        picker->accept();

        // It leaves the completed list and waits in parse, as qless's put does; audited.
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"HGET", "ql:j:" + jid, "state"}).text(), QByteArray("waiting"),
                                  10000);
        QVERIFY(fixture().command({"ZSCORE", "ql:completed", jid}).isNil());
        QVERIFY(!fixture().command({"ZSCORE", "ql:q:parse-work", jid}).isNil());
        QTRY_VERIFY_WITH_TIMEOUT(!s->auditLog()->records(1).isEmpty() && s->auditLog()->records(1).first().count == 1,
                                 10000);
        const AuditRecord record = s->auditLog()->records(1).first();
        QCOMPARE(record.action, QStringLiteral("move"));
        QCOMPARE(record.arguments.value(QStringLiteral("only_state")).toString(), QStringLiteral("complete"));
        QCOMPARE(record.count, 1);
        QVERIFY(refresh(&page));
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), m_seeded.completed - 1, 10000);
    }

    void readOnlyOffersNothing()
    {
        auto s = auditedSession(true);
        CompletedPage page(s.get());
        page.show();
        QTableView *view = page.jobPane()->view();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), m_seeded.completed, 10000);
        QMenu *menu = openContextMenu(view, 0, QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        QAction *again = findAction(menu, QStringLiteral("Run again in queue…"));
        QVERIFY(again && !again->isEnabled());
        QCOMPARE(again->toolTip(), ActionCenter::readOnlyReason());
        menu->close();
    }

    void exportsWhatTheListShows()
    {
        auto s = auditedSession();
        CompletedPage page(s.get());
        page.show();
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->view()->model()->rowCount(), m_seeded.completed, 10000);
        TableExportButton *button = page.jobPane()->exportButton();
        QVERIFY(button->isVisible() && button->isEnabled());
        const auto exported = [&](const QString &name) {
            QSignalSpy finished(button, &TableExportButton::finished);
            const QString path = m_dir.filePath(name);
            if (!button->exportTo(path) || !finished.wait(10000) || !finished.first().first().toBool())
                return QList<QByteArray>();
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().split('\n') : QList<QByteArray>();
        };
        // Every completed job, not only those loaded.
        QList<QByteArray> lines = exported(QStringLiteral("completed.csv"));
        QCOMPARE(lines.size(), m_seeded.completed + 1); // header and every job
        QVERIFY2(lines.first().startsWith("Job,"), lines.first().constData());
        QVERIFY(lines.at(1).contains(",complete,"));
        // Filtered: the jobs the filter matches (index's 8), as the list shows them.
        page.setFilter(QStringLiteral("index"), QString());
        lines = exported(QStringLiteral("completed-index.csv"));
        QCOMPARE(lines.size(), 8 + 1);
        for (const QByteArray &line : lines.mid(1))
            QVERIFY2(line.contains(",complete,index,"), line.constData());
    }
};

QTEST_MAIN(TestCompletedPage)
#include "tst_completedpage.moc"
