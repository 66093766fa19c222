// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "bulkrunner.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobsearch.h"
#include "jobsearchform.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "searchpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>

using namespace ActionTestKit;

// The Search page against a real Redis: the form's criteria find the jobs (matches streamed into
// the list), a bad pattern is explained and searches nothing, Cancel and Continue, Enter opens a
// job, "Act on all matches" retries exactly the jobs found through the confirmation and a bulk run
// with its exact summary and audit, and a read-only connection offers none of it.
class TestSearchPage final : public QObject, public PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    double m_now = 0;

    // 200 jobs of two classes in two queues; 60 of the parse ones failed in IOError, with an
    // order id in their data; some tagged.
    void seed()
    {
        m_now = double(QDateTime::currentSecsSinceEpoch()) - 120;
        for (int i = 0; i < 200; ++i) {
            const bool parse = i % 2 == 1;
            const QByteArray jid = "job-" + QByteArray::number(i).rightJustified(3, '0');
            const QByteArray data =
                "{\"order\": \"A-" + QByteArray::number(1000 + i) + "\", \"site\": \"example.com\"}";
            fixture().put(parse ? "parse" : "crawl", jid, m_now + i * 0.01,
                          i % 10 == 0 ? QList<QByteArray>{"tags", "[\"urgent\"]"} : QList<QByteArray>{}, 0, data,
                          parse ? "Pipeline::Parse" : "Pipeline::Fetch");
        }
        // Data that (a+)+$ backtracks on exponentially (the JSON ends in "}, so it never matches).
        fixture().put("blob", "long-a", m_now, {}, 0, "{\"text\": \"" + QByteArray(200000, 'a') + "\"}");
        const QList<QByteArray> popped = fixture().pop("parse", "worker-7", 60, m_now + 5);
        QCOMPARE(popped.size(), 60);
        for (const QByteArray &jid : popped)
            fixture().call(QStringLiteral("fail"), {jid, "worker-7", "IOError", "IOError: disk full on /dev/sdb",
                                                    QByteArray::number(m_now + 6, 'f', 3)});
    }

    std::unique_ptr<QlessSession> auditedSession(bool readOnly = false)
    {
        return sessionAuditedInto(m_dir.filePath(QStringLiteral("audit.jsonl")), readOnly);
    }

    static bool waitForEnd(SearchPage *page)
    {
        return QTest::qWaitFor([page] { return !page->search()->isRunning(); }, 60000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        seed();
    }
    void cleanupTestCase() { stopServer(); }

    // In the window at 1280x800, as an operator would: the page from the navigation, the form
    // filled, Enter; the failed Parse jobs are listed, and Retry on all of them runs exactly those.
    void findAndRetryAllMatchesInTheWindow()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.setSession(auditedSession());
        window.show();
        auto *page = window.findChild<SearchPage *>();
        QVERIFY(page);
        auto *navigation = window.findChild<QListWidget *>();
        navigation->setCurrentRow(int(window.pages().indexOf(page))); // as a click on "Search" does
        QCOMPARE(window.findChild<QStackedWidget *>()->currentWidget(), page);

        JobSearchForm *form = page->form();
        form->classField()->setText(QStringLiteral("parse"));
        form->stateChoice()->setCurrentIndex(form->stateChoice()->findData(QStringLiteral("failed")));
        form->dataField()->setText(QStringLiteral("example.com"));
        QTest::keyClick(form->dataField(), Qt::Key_Return);
        QVERIFY(page->search()->isRunning() || page->search()->isComplete());
        QVERIFY(waitForEnd(page));
        QVERIFY(page->search()->isComplete());
        QCOMPARE(page->search()->matchCount(), 60);
        JobListModel *model = page->jobPane()->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 60, 30000);
        QTRY_COMPARE(model->total(), 60);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->jobAt(row).state, QStringLiteral("failed"));
        QVERIFY2(page->statusLabel()->text().contains(QStringLiteral("60")), qPrintable(page->statusLabel()->text()));
        QVERIFY(page->allMatchesButton()->isEnabled());
        QVERIFY(!page->cancelButton()->isEnabled());
        QCOMPARE(page->progressBar()->value(), 1000);
        screenshot(&window, QStringLiteral("search"));

        // Retry all 60, from the button's menu.
        QMenu *menu = page->allMatchesButton()->menu();
        emit menu->aboutToShow();
        QAction *retry = findAction(menu, QStringLiteral("Retry"));
        QVERIFY(retry);
        QVERIFY(retry->isEnabled()); // the matches are failed jobs
        retry->trigger();
        QMessageBox *confirm = waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("60")), qPrintable(confirm->text()));
        answer(confirm, QMessageBox::AcceptRole);
        ActionCenter *center = ActionCenter::of(window.session());
        QVERIFY(QTest::qWaitFor(
            [center] {
                return !center->runs().isEmpty() && center->runs().first()->phase() == BulkRunner::Phase::Finished;
            },
            60000));
        const BulkSummary summary = center->runs().first()->summary();
        QCOMPARE(summary.total, 60);
        QCOMPARE(summary.done, 60);
        QCOMPARE(summary.skippedCount(), 0);
        QCOMPARE(fixture().command({"LLEN", "ql:f:IOError"}).integer, 0);
        QCOMPARE(fixture().command({"ZCARD", "ql:q:parse-work"}).integer, 100);
        const QList<AuditRecord> records = window.session()->auditLog()->records();
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.first().action, QStringLiteral("retry"));
        QCOMPARE(records.first().count, 60);

        // Enter on a row opens that job.
        QSignalSpy open(page, &Page::openJobRequested);
        QTableView *view = page->jobPane()->view();
        view->setFocus();
        view->setCurrentIndex(view->model()->index(0, 0));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().first().toByteArray(), model->jobAt(0).jid);
    }

    void badInputIsExplainedAndSearchesNothing()
    {
        auto s = auditedSession();
        SearchPage page(s.get());
        page.resize(1280, 760);
        page.show();
        page.startSearch();
        QVERIFY(!page.search()->isRunning());
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("at least one field")),
                 qPrintable(page.statusLabel()->text()));
        page.form()->regexBox()->setChecked(true);
        page.form()->messageField()->setText(QStringLiteral("disk (full"));
        page.searchButton()->click();
        QVERIFY(!page.search()->isRunning());
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("not a valid regular expression")),
                 qPrintable(page.statusLabel()->text()));
        QVERIFY(!page.allMatchesButton()->isEnabled());
        // A pattern that compiles: the data is matched in the console (orders A-1000 to A-1049).
        page.form()->messageField()->clear();
        page.form()->dataField()->setText(QStringLiteral("\"A-10[0-4]\\d\""));
        page.searchButton()->click();
        QVERIFY(waitForEnd(&page));
        QVERIFY(page.search()->isComplete());
        QCOMPARE(page.search()->matchCount(), 50);
    }

    // A pattern that PCRE2 stops at its bound: the search ends, and the page says which pattern,
    // on which job, and what to change; no Continue (the same job would stop it again).
    void aPatternThatTakesTooLongIsStoppedWithAMessage()
    {
        auto s = auditedSession();
        SearchPage page(s.get());
        page.resize(1280, 760);
        page.show();
        page.form()->regexBox()->setChecked(true);
        page.form()->queueField()->setText(QStringLiteral("blob"));
        page.form()->dataField()->setText(QStringLiteral("(a+)+$"));
        page.searchButton()->click();
        QVERIFY(waitForEnd(&page));
        QVERIFY(page.search()->patternStopped());
        const QString status = page.statusLabel()->text();
        QVERIFY2(status.startsWith(
                     QStringLiteral("The search stopped: the data pattern /(a+)+$/ takes too much work on job long-a")),
                 qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("simplify the pattern")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Continue")), qPrintable(status));
        QVERIFY(!page.continueButton()->isVisible());
        QVERIFY(!page.cancelButton()->isEnabled());
        QVERIFY(!page.allMatchesButton()->isEnabled());
        // A back reference is refused before anything runs.
        page.form()->dataField()->setText(QStringLiteral("(a+)\\1\""));
        page.searchButton()->click();
        QVERIFY(!page.search()->isRunning());
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("refers back to a group")),
                 qPrintable(page.statusLabel()->text()));
    }

    void cancelAndContinue()
    {
        auto s = auditedSession();
        SearchPage page(s.get());
        page.resize(1280, 760);
        page.show();
        page.form()->tagField()->setText(QStringLiteral("urgent"));
        page.searchButton()->click();
        QVERIFY(page.search()->isRunning());
        QVERIFY(page.cancelButton()->isEnabled());
        QVERIFY(!page.allMatchesButton()->isEnabled());
        // At once, with the first step in flight: its reply is dropped.
        page.cancelButton()->click();
        QVERIFY(!page.search()->isRunning());
        QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(page.statusLabel()->text()));
        QVERIFY(!page.cancelButton()->isEnabled());
        QPushButton *resume = page.continueButton();
        QVERIFY(resume->isVisible());
        QTest::qWait(100);
        QCOMPARE(page.search()->calls(), 0);
        resume->click();
        QVERIFY(waitForEnd(&page));
        QVERIFY(page.search()->isComplete());
        QCOMPARE(page.search()->matchCount(), 20);
        QVERIFY(!resume->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 20, 30000);
    }

    void readOnlyOffersNoAction()
    {
        auto s = auditedSession(true);
        SearchPage page(s.get());
        page.resize(1280, 760);
        page.show();
        page.form()->jidField()->setText(QStringLiteral("job-00"));
        page.searchButton()->click();
        QVERIFY(waitForEnd(&page));
        QCOMPARE(page.search()->matchCount(), 10);
        const QList<QByteArray> before = fixture().snapshot();
        QMenu *menu = page.allMatchesButton()->menu();
        emit menu->aboutToShow();
        int writes = 0;
        std::function<void(QMenu *)> check = [&](QMenu *m) {
            for (QAction *action : m->actions()) {
                if (action->menu()) {
                    check(action->menu());
                } else if (!action->isSeparator()) {
                    ++writes;
                    QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
                    QVERIFY(action->toolTip().contains(QStringLiteral("read-only")));
                }
            }
        };
        check(menu);
        QVERIFY(writes >= 8);
        // Opened again: the same entries, not a second set beside the first.
        const int entries = int(menu->actions().size());
        const int submenus = int(menu->findChildren<QMenu *>().size());
        emit menu->aboutToShow();
        QCOMPARE(menu->actions().size(), entries);
        QCOMPARE(menu->findChildren<QMenu *>().size(), submenus);
        QCOMPARE(fixture().snapshot(), before);
    }
};

QTEST_MAIN(TestSearchPage)
#include "tst_searchpage.moc"
