// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"
#include "taglistmodel.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>

// Top tags against a real Redis: most used first as the tag script lists them, paged in once each,
// and a keyed refresh that keeps the selection.
class TestTagListModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static bool refresh(TagListModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    void seedTags(double now)
    {
        // tag t<k> on k jobs
        int n = 0;
        for (int k = 1; k <= 7; ++k) {
            for (int i = 0; i < k; ++i)
                fixture().put("q", "j" + QByteArray::number(n++), now,
                              {"tags", "[\"t" + QByteArray::number(k) + "\"]"});
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void pagesInMostUsedFirst()
    {
        seedTags(double(QDateTime::currentSecsSinceEpoch()));
        TagListModel model(client());
        model.setPageSize(3);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(!model.canFetchMore({})); // nothing before the first refresh
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QVERIFY(refresh(model));
        QVERIFY(model.rowCount() >= 3);
        // Scroll to the end as a view would (the tester also asks for more by itself).
        QVERIFY(QTest::qWaitFor(
            [&model] {
                if (model.canFetchMore({})) {
                    model.fetchMore({});
                    if (model.canFetchMore({}))
                        return true; // two requests at once would fail the comparisons below
                }
                return !model.isLoading() && !model.canFetchMore({});
            },
            30000));
        QCOMPARE(inserted.count(), 3); // 3 + 3 + 1, each page once
        const QJsonArray top = fixture().json(QStringLiteral("tag"), {"top", "0", "100"}).toArray();
        QCOMPARE(model.rowCount(), top.size());
        for (int i = 0; i < top.size(); ++i) {
            QCOMPARE(model.rowAt(i).tag, top.at(i).toObject().value(QStringLiteral("tag")).toString());
            QCOMPARE(model.index(i, TagListModel::CountColumn).data(TagListModel::SortRole).toLongLong(),
                     top.at(i).toObject().value(QStringLiteral("count")).toInteger());
        }
        QCOMPARE(model.rowAt(0).tag, QStringLiteral("t7"));
    }

    void refreshKeepsSelection()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        seedTags(now);
        TagListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(model.rowOf(QStringLiteral("t4")), 0),
                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // t1's only job loses its tag; a new tag on 10 jobs comes first.
        fixture().call(QStringLiteral("tag"), {"remove", "j0", num(now), "t1"});
        for (int i = 0; i < 10; ++i)
            fixture().put("q", "hot" + QByteArray::number(i), now, {"tags", "[\"hot\"]"});
        QVERIFY(refresh(model));
        QVERIFY2(model.rowCount() == 7, qPrintable(model.lastError()));
        QCOMPARE(model.rowAt(0).tag, QStringLiteral("hot"));
        QCOMPARE(model.rowOf(QStringLiteral("t1")), -1);
        QCOMPARE(selection.currentIndex().data(TagListModel::KeyRole).toString(), QStringLiteral("t4"));
        QCOMPARE(selection.selectedRows().size(), 1);
    }

    // Issue #14: after paging far, a refresh reads the tags on screen plus a margin, not every
    // tag loaded; those update, tags far from the view keep what they had, marked not fresh.
    void refreshReadsAroundTheTagsOnScreen()
    {
        // 1200 tags, most used first in name order (counts 12000, 11990, ...).
        QList<QByteArray> zadd{"ZADD", "ql:tags"};
        const auto count = [](int i) { return 12000 - 10 * i; };
        const auto name = [](int i) -> QByteArray { return "t" + QByteArray::number(i).rightJustified(4, '0'); };
        for (int i = 0; i < 1200; ++i)
            zadd << QByteArray::number(count(i)) << name(i);
        fixture().command(zadd);
        TagListModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        for (;;) { // the tester pages on by itself too: wait for whatever is in flight
            QVERIFY(QTest::qWaitFor([&model] { return !model.isLoading(); }, 30000));
            if (!model.canFetchMore({}))
                break;
            model.fetchMore({});
        }
        QCOMPARE(model.rowCount(), 1200);
        model.setVisibleRange(900, 919);
        QCOMPARE(model.refreshWindow(), qMakePair(900 - ListPaging::RefreshMargin, 20 + 2 * ListPaging::RefreshMargin));
        // One count changes in view, one far above it; neither changes the order.
        fixture().command({"ZADD", "ql:tags", QByteArray::number(count(905) + 1), name(905)});
        fixture().command({"ZADD", "ql:tags", QByteArray::number(count(5) + 1), name(5)});
        QVERIFY(refresh(model));
        QCOMPARE(model.rowCount(), 1200);
        const auto shown = [&model](const QByteArray &tag) {
            return model.index(model.rowOf(QString::fromLatin1(tag)), TagListModel::CountColumn)
                .data(TagListModel::SortRole)
                .toLongLong();
        };
        QCOMPARE(shown(name(905)), count(905) + 1);
        QCOMPARE(shown(name(5)), count(5)); // not read: as it was
        QVERIFY(model.isFresh(model.rowOf(QString::fromLatin1(name(905)))));
        QVERIFY(!model.isFresh(model.rowOf(QString::fromLatin1(name(5)))));
        QVERIFY(model.index(model.rowOf(QString::fromLatin1(name(5))), 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("out of view")));
        // Back at the top, the head is read again.
        model.setVisibleRange(0, 19);
        QVERIFY(refresh(model));
        QCOMPARE(shown(name(5)), count(5) + 1);
        QVERIFY(model.isFresh(model.rowOf(QString::fromLatin1(name(5)))));
    }
};

QTEST_GUILESS_MAIN(TestTagListModel)
#include "tst_taglistmodel.moc"
