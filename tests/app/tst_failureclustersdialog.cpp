// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "auditlog.h"
#include "failedpage.h"
#include "failureclustermodel.h"
#include "failureclusterscan.h"
#include "failureclustersdialog.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "pagetestbase.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

using namespace ActionTestKit;

// "Clusters…" on the Failed page (#16): a group of 120 failures a gem worker would leave
// (lookups of different users, timeouts to different hosts, the same text from another place)
// shows as three clusters, biggest first; retrying one cluster from the dialog puts exactly its
// jobs back (confirmed, audited) and leaves the others failed; a read-only connection reads the
// clusters and refuses the actions with the reason.
class TestFailureClustersDialog final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    static constexpr int Users = 60, Timeouts = 40, Locks = 20;

    std::unique_ptr<QlessSession> open(bool readOnly)
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")), readOnly);
    }

    FailureClustersDialog *openClusters(FailedPage &page)
    {
        page.resize(1300, 700);
        page.show();
        if (!refresh(&page))
            return nullptr;
        page.showGroup(QStringLiteral("Lookup"));
        if (!QTest::qWaitFor([&page] { return page.clustersButton()->isEnabled(); }, 20000))
            return nullptr;
        QTest::mouseClick(page.clustersButton(), Qt::LeftButton);
        auto *dialog = page.findChild<FailureClustersDialog *>();
        if (!dialog || !QTest::qWaitFor([dialog] { return !dialog->scan()->isRunning(); }, 30000))
            return nullptr;
        return dialog;
    }

    qint64 failedCount() { return fixture().command({"LLEN", "ql:f:Lookup"}).integer; }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 3600;
        int i = 0;
        const auto fail = [&](const QByteArray &message) {
            const QByteArray jid = "job-" + QByteArray::number(i);
            QVERIFY(!fixture().qless("put", now + i, {"app-1", "crawl", jid, "Crawl::Fetch", "{}", "0"}).isError());
            QVERIFY(!fixture().qless("pop", now + i, {"crawl", "worker-a", "1"}).isError());
            QVERIFY(!fixture().qless("fail", now + i, {jid, "worker-a", "Lookup", message, "{}"}).isError());
            ++i;
        };
        for (int u = 0; u < Users; ++u)
            fail("ActiveRecord::RecordNotFound: Couldn't find User with 'id'=" + QByteArray::number(4000 + u * 7)
                 + "\n/srv/app/models/user.rb:10:in `find'\n/srv/app/jobs/crawl.rb:4:in `perform'");
        for (int t = 0; t < Timeouts; ++t)
            fail("Redis::TimeoutError: Connection timed out after " + QByteArray::number(1 + t % 9) + ".0s to 10.0.3."
                 + QByteArray::number(t) + ":6379\n/srv/app/lib/cache.rb:22:in `fetch'");
        for (int l = 0; l < Locks; ++l)
            fail("Redis::TimeoutError: Connection timed out after 5.0s to 10.0.3.9:6379\n/srv/app/lib/lock.rb:8:in "
                 "`acquire'");
    }
    void cleanupTestCase() { stopServer(); }

    void readOnlyReadsButRefuses()
    {
        auto s = open(true);
        FailedPage page(s.get());
        FailureClustersDialog *dialog = openClusters(page);
        QVERIFY(dialog);
        QCOMPARE(dialog->model()->rowCount(), 3);
        for (QPushButton *button : {dialog->retryButton(), dialog->moveButton(), dialog->cancelJobsButton()}) {
            QVERIFY(!button->isEnabled());
            QCOMPARE(button->toolTip(), ActionCenter::readOnlyReason());
        }
        dialog->close();
    }

    void threeClustersAndRetryingOne()
    {
        auto s = open(false);
        FailedPage page(s.get());
        FailureClustersDialog *dialog = openClusters(page);
        QVERIFY(dialog);
        FailureClusterModel *model = dialog->model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->clusterAt(0).count, Users);
        QCOMPARE(model->clusterAt(0).signature.frame, QStringLiteral("/srv/app/models/user.rb: find"));
        QCOMPARE(model->clusterAt(1).count, Timeouts);
        QCOMPARE(model->clusterAt(1).signature.frame, QStringLiteral("/srv/app/lib/cache.rb: fetch"));
        QCOMPARE(model->clusterAt(2).count, Locks);
        QVERIFY2(dialog->statusLabel()->text().startsWith(QStringLiteral("120 failures of Lookup in 3 clusters")),
                 qPrintable(dialog->statusLabel()->text()));
        dialog->view()->selectRow(1);
        QTest::qWait(100);
        screenshot(dialog, QStringLiteral("failure-clusters"));

        QVERIFY(dialog->retryButton()->isEnabled());
        QCOMPARE(dialog->selectedJids().size(), Timeouts);
        QTest::mouseClick(dialog->retryButton(), Qt::LeftButton);
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("40")), qPrintable(confirm->text()));
        QVERIFY(answer(confirm, QMessageBox::AcceptRole));
        QTRY_COMPARE_WITH_TIMEOUT(failedCount(), qint64(Users + Locks), 30000);
        // Exactly that cluster's jobs are waiting again; the others are still failed.
        for (const QByteArray &jid : model->clusterAt(1).jids)
            QCOMPARE(fixture().command({"HGET", "ql:j:" + jid, "state"}).bytes, QByteArray("waiting"));
        for (const QByteArray &jid : model->clusterAt(2).jids)
            QCOMPARE(fixture().command({"HGET", "ql:j:" + jid, "state"}).bytes, QByteArray("failed"));
        QTRY_VERIFY_WITH_TIMEOUT(!s->auditLog()->records().isEmpty(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(s->auditLog()->records().first().count, qint64(Timeouts), 10000);
        QCOMPARE(s->auditLog()->records().first().action, QStringLiteral("retry"));

        // Read again: two clusters left.
        dialog->rescan();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->scan()->isRunning(), 30000);
        QCOMPARE(model->rowCount(), 2);

        // The example's link opens the newest job of the cluster.
        QSignalSpy open(&page, &Page::openJobRequested);
        dialog->view()->selectRow(0);
        const QByteArray newest = model->clusterAt(0).exampleJid;
        auto labels = dialog->findChildren<QLabel *>();
        QLabel *link = nullptr;
        for (QLabel *label : labels) {
            if (label->text().contains(QStringLiteral("href")))
                link = label;
        }
        QVERIFY(link);
        emit link->linkActivated(QStringLiteral("job"));
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.at(0).at(0).toByteArray(), newest);
        dialog->close();
    }
};

QTEST_MAIN(TestFailureClustersDialog)
#include "tst_failureclustersdialog.moc"
