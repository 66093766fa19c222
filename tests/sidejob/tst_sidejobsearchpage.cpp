// SPDX-License-Identifier: GPL-3.0-or-later
#include "pagetestbase.h"
#include "sidejobgenerator.h"
#include "sidejobsample.h"
#include "sidejobsearch.h"
#include "sidejobsearchpage.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

// The SideJob search page on SideJobSample's deployment (4.1.0 with a 4.0.2 job) and a few jobs
// with a text in their args and on a port: a search lists each job found once with where it was
// found, a wrong pattern is said on the page, and a screenshot is left for people to judge.
class TestSideJobSearchPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;

    static bool searched(SideJobSearchPage &page)
    {
        QSignalSpy finished(page.jobSearch(), &SideJobSearch::finished);
        page.search();
        return finished.wait(30000);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        SideJobSample::write(fixture().redis(), T);
        SideJobGenerator sidejob(fixture().redis());
        sidejob.registerAll("crawl", {{"Fetch", "{\"inports\":{\"urls\":{}},\"outports\":{}}"}});
        for (int i = 0; i < 3; ++i) {
            const qint64 id =
                sidejob.queueJob({"crawl", "Fetch",
                                  "[\"https://example.org/" + QByteArray::number(i) + "\", {\"depth\": 2}]",
                                  "user:bob"},
                                 T + 30);
            sidejob.writeInput(id, "urls", "\"https://example.org/next/" + QByteArray::number(i) + "\"", T + 31);
        }
    }

    void findsAndListsJobs()
    {
        auto s = session();
        SideJobSearchPage page(s.get());
        QVERIFY(refresh(&page));
        QTRY_VERIFY_WITH_TIMEOUT(page.isAvailable(), 10000);
        page.setPattern(QStringLiteral("example\\.org/(next/)?[0-9]"), true);
        QVERIFY(searched(page));
        QCOMPARE(page.resultView()->model()->rowCount(), 3);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(page.resultView()->model()->index(row, 4).data().toString(), QStringLiteral("args, port in:urls"));
        QVERIFY2(page.statusLabel()->text().startsWith(QLatin1String("3 jobs found")),
                 qPrintable(page.statusLabel()->text()));
        page.resize(1000, 500);
        screenshot(&page, QStringLiteral("sidejob-search"));

        page.setPattern(QStringLiteral("(unclosed"), true);
        page.search();
        QVERIFY2(page.statusLabel()->text().contains(QLatin1String("does not compile")),
                 qPrintable(page.statusLabel()->text()));
        QCOMPARE(page.resultView()->model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestSideJobSearchPage)
#include "tst_sidejobsearchpage.moc"
