// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"
#include "joblistpane.h"
#include "pagetestbase.h"
#include "realisticpipeline.h"
#include "taglistmodel.h"
#include "tagspage.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>

// The Tags page against a real Redis: top tags with their counts as the tag script gives them, a
// tag's jobs paged in, the chosen tag kept across refreshes.
class TestTagsPage final : public QObject, private PageTestBase
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

    void showsTagsAndTheirJobs()
    {
        RealisticPipeline::seed(fixture());
        auto s = session();
        TagsPage page(s.get());
        QAbstractItemModelTester tester(page.tagModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1400, 800);
        page.show();
        QVERIFY(refresh(&page));
        const QJsonArray top = fixture().json(QStringLiteral("tag"), {"top", "0", "1000"}).toArray();
        QCOMPARE(page.tagModel()->rowCount(), top.size());
        for (int i = 0; i < top.size(); ++i) {
            const QJsonObject tag = top.at(i).toObject();
            QCOMPARE(page.tagModel()->rowAt(i).tag, tag.value(QStringLiteral("tag")).toString());
            QCOMPARE(page.tagModel()->rowAt(i).count, tag.value(QStringLiteral("count")).toInteger());
        }
        page.showTag(QStringLiteral("customer:acme"));
        const QJsonObject tagged =
            fixture().json(QStringLiteral("tag"), {"get", "customer:acme", "0", "1000"}).toObject();
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->total(), tagged.value(QStringLiteral("total")).toInteger(),
                                  30000);
        QTRY_VERIFY_WITH_TIMEOUT(!page.jobPane()->model()->isLoading(), 30000);
        QCOMPARE(page.jobPane()->model()->rowAt(0).jid,
                 tagged.value(QStringLiteral("jobs")).toArray().at(0).toString().toUtf8());
        QCOMPARE(page.tagView()->currentIndex().data(TagListModel::KeyRole).toString(),
                 QStringLiteral("customer:acme"));
        QSignalSpy open(&page, &Page::openJobRequested);
        QTableView *view = page.jobPane()->view();
        emit view->activated(view->model()->index(0, 0));
        QCOMPARE(open.count(), 1);
        screenshot(&page, QStringLiteral("tags"));
    }

    void refreshKeepsTheChosenTag()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int k = 1; k <= 4; ++k) {
            for (int i = 0; i < k; ++i)
                fixture().put("q", "t" + QByteArray::number(k) + "-" + QByteArray::number(i), now,
                              {"tags", "[\"t" + QByteArray::number(k) + "\"]"});
        }
        auto s = session();
        TagsPage page(s.get());
        page.show();
        QVERIFY(refresh(&page));
        page.showTag(QStringLiteral("t2"));
        QTRY_COMPARE_WITH_TIMEOUT(page.jobPane()->model()->rowCount(), 2, 30000);
        fixture().call(QStringLiteral("tag"), {"remove", "t1-0", num(now), "t1"});
        for (int i = 0; i < 9; ++i)
            fixture().put("q", "hot" + QByteArray::number(i), now, {"tags", "[\"hot\"]"});
        QVERIFY(refresh(&page));
        QCOMPARE(page.tagModel()->rowCount(), 4);
        QCOMPARE(page.tagView()->currentIndex().data(TagListModel::KeyRole).toString(), QStringLiteral("t2"));
        QCOMPARE(page.tagView()->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(page.currentTag(), QStringLiteral("t2"));
    }

    // The tag table reports its rows on screen to the tag model (through its sorting proxy):
    // scrolled down, a refresh reads around them, not every tag loaded.
    void theTagTableReportsItsVisibleRows()
    {
        QList<QByteArray> zadd{"ZADD", "ql:tags"};
        for (int i = 0; i < 700; ++i)
            zadd << QByteArray::number(10000 - 10 * i) << "t" + QByteArray::number(i).rightJustified(4, '0');
        fixture().command(zadd);
        auto s = session();
        TagsPage page(s.get());
        page.resize(1400, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(refresh(&page));
        TagListModel *model = page.tagModel();
        for (int i = 0; i < 100 && model->canFetchMore({}); ++i) {
            model->fetchMore({});
            QVERIFY(QTest::qWaitFor([model] { return !model->isLoading(); }, 30000));
        }
        QCOMPARE(model->rowCount(), 700);
        QTRY_COMPARE(model->refreshWindow().first, 0);
        page.tagView()->scrollToBottom();
        QTRY_VERIFY(model->refreshWindow().first > 500);
        fixture().command({"ZADD", "ql:tags", "9", "t0699"});
        fixture().command({"ZADD", "ql:tags", "10001", "t0000"});
        QVERIFY(refresh(&page));
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("t0699"))).count, 9);
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("t0000"))).count, 10000); // not read: as it was
    }
};

QTEST_MAIN(TestTagsPage)
#include "tst_tagspage.moc"
