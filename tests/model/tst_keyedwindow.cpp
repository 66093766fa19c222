// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyedtablemodel.h"
#include "listpaging.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

namespace {
struct Item
{
    QString key;
    int value = 0;
};

class ItemModel final : public KeyedTableModel<Item>
{
public:
    using KeyedTableModel::KeyedTableModel;
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : 2; }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid) || (role != Qt::DisplayRole && role != Qt::UserRole))
            return {};
        const Item &item = rowAt(index.row());
        return index.column() == 0 ? QVariant(item.key) : QVariant(item.value);
    }
    void apply(const QList<Item> &items) { applySnapshot(items); }
    void window(int offset, int count, const QList<Item> &fresh, bool dropBelow)
    {
        applyWindow(offset, count, fresh, dropBelow);
    }

protected:
    QString keyOf(const Item &item) const override { return item.key; }
    bool sameRow(const Item &a, const Item &b) const override { return a.key == b.key && a.value == b.value; }
};

QList<Item> items(int first, int count, int value = 0)
{
    QList<Item> out;
    for (int i = first; i < first + count; ++i)
        out.append({QString::number(i), value});
    return out;
}

QStringList keysOf(const QList<Item> &rows)
{
    QStringList out;
    for (const Item &item : rows)
        out.append(item.key);
    return out;
}
} // namespace

// A refresh of one window of a long list (KeyedTableModel::applyWindow): the rows end up as the
// merge of the window into the rest says (ListPaging::mergeRefresh, which builds the whole list,
// is the reference), by steps whose number follows the window, not the table.
class TestKeyedWindow final : public QObject
{
    Q_OBJECT

private slots:
    void endsAsTheWholeMergeWould()
    {
        ItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QRandomGenerator random(5); // fixed seed: the same run every time
        for (int round = 0; round < 400; ++round) {
            if (round % 50 == 0)
                model.apply(items(0, 40 + int(random.bounded(40))));
            const int n = model.rowCount();
            const int offset = int(random.bounded(n + 1));
            const int count = 1 + int(random.bounded(30));
            // The window read again: some rows of the table (from anywhere), some new, some
            // repeated (bad data), in any order; fewer than asked sometimes (the list ended).
            QList<Item> fresh;
            const int wanted = int(random.bounded(count + 1));
            for (int i = 0; i < wanted; ++i) {
                if (n > 0 && random.bounded(3) > 0)
                    fresh.append({model.keyAt(int(random.bounded(n))), int(random.bounded(3))});
                else
                    fresh.append({QStringLiteral("new%1-%2").arg(round).arg(i), 0});
            }
            const int listed = random.bounded(4) == 0 ? wanted : count; // listed < count: it ended
            const bool ended = listed < count;
            ListPaging reference;
            const QList<Item> expected = reference.mergeRefresh(model.rows(), offset, count, fresh, listed,
                                                                [](const Item &item) { return item.key; });
            // mergeRefresh keeps repeated fresh rows; a table keeps a key's first row.
            QList<Item> unique;
            QSet<QString> seen;
            for (const Item &item : expected) {
                if (!seen.contains(item.key)) {
                    seen.insert(item.key);
                    unique.append(item);
                }
            }
            model.window(offset, count, fresh, ended);
            QCOMPARE(keysOf(model.rows()), keysOf(unique));
            for (int i = 0; i < model.rowCount(); ++i) {
                QCOMPARE(model.rowAt(i).value, unique.at(i).value);
                QCOMPARE(model.keyAt(i), model.rowAt(i).key);
                QCOMPARE(model.rowOf(model.rowAt(i).key), i);
            }
        }
    }

    void rowsBeyondTheWindowAreLeftAlone()
    {
        // 10,000 rows, a window of 90 read again with every row changed: one dataChanged for the
        // window's run (a sorting proxy re-sorts it once; one per row re-sorted 90 times), no
        // layout change, nothing announced outside the window.
        ItemModel model;
        model.apply(items(0, 10000));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy layouts(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.window(5000, 90, items(5000, 90, 1), false);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 5000);
        QCOMPARE(changed.first().at(1).toModelIndex().row(), 5089);
        QCOMPARE(layouts.count(), 0);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(model.rowCount(), 10000);
        QCOMPARE(model.rowAt(4999).value, 0);
        QCOMPARE(model.rowAt(5000).value, 1);
        QCOMPARE(model.rowAt(5090).value, 0);
    }

    void rowsMovedIntoTheWindowKeepTheirSelection()
    {
        // The bench's bulk priority change: the top window now holds rows that were at the bottom.
        // Through a sorting proxy: one removal, one layout change, one dataChanged; the selected
        // row (moved from the bottom) is still selected.
        ItemModel model;
        model.apply(items(0, 1000));
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(Qt::UserRole);
        proxy.sort(1, Qt::DescendingOrder);
        QItemSelectionModel selection(&proxy);
        const QModelIndex chosen = proxy.mapFromSource(model.index(model.rowOf(QStringLiteral("950")), 0));
        selection.setCurrentIndex(chosen, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy layouts(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy proxyLayouts(&proxy, &QAbstractItemModel::layoutChanged);
        QList<Item> fresh;
        for (int i = 999; i >= 910; --i)
            fresh.append({QString::number(i), i}); // the new priority: the value
        model.window(0, 90, fresh, false);
        QCOMPARE(model.rowCount(), 910); // rows 0..89 left the window: read again when paged to
        QCOMPARE(model.keyAt(0), QStringLiteral("999"));
        QCOMPARE(model.keyAt(90), QStringLiteral("90"));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(layouts.count(), 1);
        QCOMPARE(moved.count(), 0);
        QCOMPARE(changed.count(), 1);
        QVERIFY2(proxyLayouts.count() <= 2, qPrintable(QString::number(proxyLayouts.count())));
        QCOMPARE(selection.currentIndex().data().toString(), QStringLiteral("950"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("999"));
    }
};

QTEST_GUILESS_MAIN(TestKeyedWindow)
#include "tst_keyedwindow.moc"
