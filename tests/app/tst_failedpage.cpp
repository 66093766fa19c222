// SPDX-License-Identifier: GPL-3.0-or-later
#include "failedpage.h"
#include "failuregroupmodel.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "pagetestbase.h"
#include "realisticpipeline.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>

// The Failed page against a real Redis: the groups and counts the failed script gives, a group's
// jobs with the first line of their message and the whole message beside, a selected group kept
// across refreshes, a jid whose job is gone shown as such, Enter on a job asking for it.
class TestFailedPage final : public QObject, private PageTestBase
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init() { fixture().flush(); }

    void showsGroupsAndTheirJobs()
    {
        RealisticPipeline::seed(fixture());
        auto s = session();
        FailedPage page(s.get());
        QAbstractItemModelTester groupTester(page.groupModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        QAbstractItemModelTester jobTester(page.jobPane()->model(),
                                           QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        const QJsonObject counts = fixture().json(QStringLiteral("failed"), {}).toObject();
        QCOMPARE(page.groupModel()->rowCount(), counts.size());
        for (auto it = counts.constBegin(); it != counts.constEnd(); ++it) {
            const int row = page.groupModel()->rowOf(it.key());
            QVERIFY(row >= 0);
            QCOMPARE(page.groupModel()->rowAt(row).count, it.value().toInteger());
        }
        // Biggest first on screen.
        QCOMPARE(page.groupView()->model()->index(0, 0).data().toString(),
                 QStringLiteral("requests.exceptions.ConnectionError"));

        page.showGroup(QStringLiteral("KeyError"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 4, 30000);
        const QJsonObject group = fixture().json(QStringLiteral("failed"), {"KeyError", "0", "25"}).toObject();
        const QJsonArray jobs = group.value(QStringLiteral("jobs")).toArray();
        for (int i = 0; i < jobs.size(); ++i)
            QCOMPARE(QString::fromUtf8(page.jobPane()->model()->jobAt(i).jid),
                     jobs.at(i).toObject().value(QStringLiteral("jid")).toString());
        QTableView *view = page.jobPane()->view();
        QCOMPARE(view->model()->index(0, JobListModel::FailureColumn).data().toString(),
                 QStringLiteral("KeyError: 'user_id'"));
        QTRY_VERIFY(page.jobPane()->headingLabel()->text().contains(QStringLiteral("4 jobs")));
        QCOMPARE(page.groupView()->currentIndex().data(FailureGroupModel::KeyRole).toString(),
                 QStringLiteral("KeyError"));

        view->setCurrentIndex(view->model()->index(0, 0));
        // The row holds the first line; the pane reads the job for the whole message.
        QVERIFY(!page.jobPane()->model()->jobAt(0).failure->message.contains(QLatin1Char('\n')));
        QTRY_VERIFY_WITH_TIMEOUT(page.messageView()->toPlainText().contains(
                                     QStringLiteral("Traceback (most recent call last)")),
                                 30000);

        QSignalSpy open(&page, &Page::openJobRequested);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.at(0).at(0).toByteArray(), page.jobPane()->model()->jobAt(0).jid);

        page.showGroup(QStringLiteral("requests.exceptions.ConnectionError"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 7, 30000);
        view->setCurrentIndex(view->model()->index(0, 0));
        QTRY_VERIFY_WITH_TIMEOUT(page.messageView()->toPlainText().contains(QStringLiteral("Traceback")), 30000);
        screenshot(&page, QStringLiteral("failed"));
    }

    void refreshKeepsTheChosenGroup()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (const QByteArray group : {"A", "B", "C"}) {
            fixture().put("q", "j" + group, now - 100);
            fixture().pop("q", "w", 1, now - 90);
            fixture().call(QStringLiteral("fail"), {"j" + group, "w", group, "boom", num(now - 80)});
        }
        auto s = session();
        FailedPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        page.showGroup(QStringLiteral("B"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 1, 30000);
        // A goes away, D arrives bigger than all.
        fixture().call(QStringLiteral("unfail"), {num(now), "A", "q", "25"});
        for (int i = 0; i < 3; ++i) {
            const QByteArray jid = "d" + QByteArray::number(i);
            fixture().put("q", jid, now - 50);
            fixture().pop("q", "w", 1, now - 40);
            fixture().call(QStringLiteral("fail"), {jid, "w", "D", "boom", num(now - 30)});
        }
        QVERIFY(refresh(&page));
        QCOMPARE(page.groupModel()->rowCount(), 3);
        QCOMPARE(page.currentGroup(), QStringLiteral("B"));
        QCOMPARE(page.groupView()->currentIndex().data(FailureGroupModel::KeyRole).toString(), QStringLiteral("B"));
        QCOMPARE(page.groupView()->selectionModel()->selectedRows().size(), 1);

        // B vanishes while chosen: its list empties, no other group is chosen behind the operator's back.
        fixture().call(QStringLiteral("unfail"), {num(now), "B", "q", "25"});
        QVERIFY(refresh(&page));
        QCOMPARE(page.currentGroup(), QStringLiteral("B"));
        QCOMPARE(page.jobPane()->model()->rowCount(), 0);
    }

    // More groups than one desk.failed call lists: the heading says how many are listed of all.
    void manyGroupsSayHowManyAreListed()
    {
        constexpr int groups = 1200; // SSCAN steps of 500 may give a few more; far fewer than this
        for (int i = 0; i < groups; ++i) {
            const QByteArray group = "G" + QByteArray::number(i);
            fixture().command({"LPUSH", "ql:f:" + group, "gone-" + group});
            fixture().command({"SADD", "ql:failures", group});
        }
        auto s = session();
        FailedPage page(s.get());
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        QCOMPARE(page.groupModel()->totalGroups(), groups);
        QVERIFY(page.groupModel()->rowCount() < groups);
        const QLocale locale;
        const QString listed =
            QStringLiteral("%1 of %2").arg(locale.toString(page.groupModel()->rowCount()), locale.toString(groups));
        QStringList texts;
        for (const QLabel *label : page.findChildren<QLabel *>())
            texts << label->text();
        QVERIFY2(texts.join(QLatin1Char('|')).contains(QStringLiteral("Failure groups: ") + listed),
                 qPrintable(texts.join(QLatin1Char('|'))));
        screenshot(&page, QStringLiteral("failed-many-groups"));
    }

    void missingJobIsShown()
    {
        fixture().command({"LPUSH", "ql:f:Ghosts", "gone-jid"});
        fixture().command({"SADD", "ql:failures", "Ghosts"});
        auto s = session();
        FailedPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        page.showGroup(QStringLiteral("Ghosts"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 1, 30000);
        QTableView *view = page.jobPane()->view();
        QCOMPARE(view->model()->index(0, JobListModel::JidColumn).data().toString(), QStringLiteral("gone-jid"));
        view->setCurrentIndex(view->model()->index(0, 0));
        QVERIFY(page.messageView()->toPlainText().contains(QStringLiteral("gone")));
    }
};

QTEST_MAIN(TestFailedPage)
#include "tst_failedpage.moc"
