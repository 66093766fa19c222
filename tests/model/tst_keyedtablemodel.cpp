// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyedtablemodel.h"

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
        if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::DisplayRole)
            return {};
        const Item &item = rowAt(index.row());
        return index.column() == 0 ? QVariant(item.key) : QVariant(item.value);
    }
    void apply(const QList<Item> &items) { applySnapshot(items); }
    void append(const QList<Item> &items) { appendRows(items); }

protected:
    QString keyOf(const Item &item) const override { return item.key; }
    bool sameRow(const Item &a, const Item &b) const override { return a.key == b.key && a.value == b.value; }
};

QList<Item> items(const QStringList &keys, int value = 0)
{
    QList<Item> out;
    for (const QString &key : keys)
        out.append({key, value});
    return out;
}

QStringList keys(const ItemModel &model)
{
    QStringList out;
    for (const Item &item : model.rows())
        out.append(item.key);
    return out;
}
} // namespace

// The keyed diff every live table relies on: rows end up exactly as the snapshot, by removes,
// moves, inserts and in-place updates that a view and its selection can follow.
class TestKeyedTableModel final : public QObject
{
    Q_OBJECT

private slots:
    void appliesSnapshotsExactly()
    {
        ItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        const QList<QStringList> steps{
            {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
            {QStringLiteral("x"), QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("y")},
            {QStringLiteral("c"), QStringLiteral("a")},
            {},
            {QStringLiteral("d"), QStringLiteral("e"), QStringLiteral("f"), QStringLiteral("g")},
            {QStringLiteral("g"), QStringLiteral("f"), QStringLiteral("e"), QStringLiteral("d")},
        };
        for (const QStringList &step : steps) {
            model.apply(items(step));
            QCOMPARE(keys(model), step);
        }
        QCOMPARE(resets.count(), 0);
    }

    void randomSnapshots()
    {
        ItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QRandomGenerator random(42); // fixed seed: the same run every time
        for (int round = 0; round < 300; ++round) {
            QStringList next;
            for (int i = 0; i < 30; ++i) {
                if (random.bounded(2))
                    next.append(QString::number(i));
            }
            std::shuffle(next.begin(), next.end(), random);
            model.apply(items(next, int(random.bounded(3))));
            QCOMPARE(keys(model), next);
        }
    }

    void rowOfFollowsEveryChange()
    {
        // Snapshots, pages appended, a page repeating rows, clearing: rowOf (an index beside the
        // rows) always agrees with where each key really is.
        ItemModel model;
        QRandomGenerator random(7);
        const auto check = [&model] {
            for (int i = 0; i < model.rowCount(); ++i)
                QCOMPARE(model.rowOf(model.rowAt(i).key), i);
            QCOMPARE(model.rowOf(QStringLiteral("absent")), -1);
        };
        for (int round = 0; round < 200; ++round) {
            QStringList next;
            for (int i = 0; i < 20; ++i) {
                if (random.bounded(2))
                    next.append(QString::number(i));
            }
            std::shuffle(next.begin(), next.end(), random);
            switch (random.bounded(3)) {
            case 0: model.apply(items(next)); break;
            case 1:
                model.append(items(next + next)); // known rows update, new ones append once
                break;
            default:
                if (round % 10 == 0)
                    model.apply({});
                break;
            }
            check();
            const QStringList shown = keys(model);
            QCOMPARE(QSet<QString>(shown.begin(), shown.end()).size(), model.rowCount());
        }
    }

    void reorderingIsOneLayoutChange()
    {
        // 2000 rows reversed: one layout change for a filter proxy (was a move per row, each a
        // full relayout of the proxy), a selection through the proxy stays on its row.
        ItemModel model;
        QStringList forward;
        for (int i = 0; i < 2000; ++i)
            forward.append(QString::number(i));
        model.apply(items(forward));
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterFixedString(QStringLiteral("1")); // a filter, as the job lists have
        QItemSelectionModel selection(&proxy);
        const QModelIndex chosen =
            proxy.match(proxy.index(0, 0), Qt::DisplayRole, QStringLiteral("1234"), 1, Qt::MatchExactly).value(0);
        QVERIFY(chosen.isValid());
        selection.setCurrentIndex(chosen, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy proxyLayouts(&proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy moves(&model, &QAbstractItemModel::rowsMoved);
        QStringList backward = forward;
        std::reverse(backward.begin(), backward.end());
        backward.removeOne(QStringLiteral("7")); // and a row goes, and one comes
        backward.insert(500, QStringLiteral("new"));
        model.apply(items(backward));
        QCOMPARE(keys(model), backward);
        QCOMPARE(moves.count(), 0);
        QCOMPARE(proxyLayouts.count(), 1);
        QCOMPARE(selection.currentIndex().data().toString(), QStringLiteral("1234"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(model.rowOf(QStringLiteral("1234")), backward.indexOf(QStringLiteral("1234")));
    }

    void rowOfIsRightInsideEverySignal()
    {
        // A view (or a page) asking rowOf from a signal handler in the middle of a diff: the
        // answer matches the rows at that moment, and no stale index survives the diff.
        ItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        int checks = 0;
        const auto check = [&model, &checks] {
            for (int i = 0; i < model.rowCount(); ++i) {
                if (model.rowOf(model.rowAt(i).key) != i)
                    QFAIL(qPrintable(QStringLiteral("rowOf(%1) is not %2").arg(model.rowAt(i).key).arg(i)));
            }
            ++checks;
        };
        connect(&model, &QAbstractItemModel::rowsRemoved, this, check);
        connect(&model, &QAbstractItemModel::rowsInserted, this, check);
        connect(&model, &QAbstractItemModel::rowsMoved, this, check);
        connect(&model, &QAbstractItemModel::layoutChanged, this, check);
        connect(&model, &QAbstractItemModel::dataChanged, this, check);
        QRandomGenerator random(11);
        for (int round = 0; round < 200; ++round) {
            QStringList next;
            for (int i = 0; i < 30; ++i) {
                if (random.bounded(2))
                    next.append(QString::number(i));
            }
            std::shuffle(next.begin(), next.end(), random);
            model.apply(items(next, int(random.bounded(2))));
            QCOMPARE(keys(model), next);
            for (int i = 0; i < model.rowCount(); ++i)
                QCOMPARE(model.rowOf(model.rowAt(i).key), i);
        }
        QVERIFY(checks > 200);
    }

    void updatesInPlace()
    {
        ItemModel model;
        model.apply(items({QStringLiteral("a"), QStringLiteral("b")}, 1));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.apply({{QStringLiteral("a"), 1}, {QStringLiteral("b"), 2}});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 1);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(removed.count(), 0);
        model.apply({{QStringLiteral("a"), 1}, {QStringLiteral("b"), 2}});
        QCOMPARE(changed.count(), 1); // nothing changed: nothing emitted
    }

    void selectionSurvivesRowsAroundIt()
    {
        ItemModel model;
        model.apply(items({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}));
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(2, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(selection.currentIndex().data().toString(), QStringLiteral("c"));
        // Rows vanish above, appear above and below, and the order shifts.
        model.apply(items({QStringLiteral("new1"), QStringLiteral("new2"), QStringLiteral("d"), QStringLiteral("c"),
                           QStringLiteral("new3")}));
        QCOMPARE(selection.currentIndex().data().toString(), QStringLiteral("c"));
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().data().toString(), QStringLiteral("c"));
    }

    void duplicateKeysKeepFirst()
    {
        ItemModel model;
        model.apply({{QStringLiteral("a"), 1}, {QStringLiteral("a"), 2}, {QStringLiteral("b"), 3}});
        QCOMPARE(keys(model), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(model.rowAt(0).value, 1);
    }

    void appendingPages()
    {
        ItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.append(items({QStringLiteral("a"), QStringLiteral("b")}));
        model.append({{QStringLiteral("b"), 5}, {QStringLiteral("c"), 0}}); // b seen already: updated
        QCOMPARE(keys(model), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(model.rowAt(1).value, 5);
        QCOMPARE(model.rowOf(QStringLiteral("c")), 2);
        QCOMPARE(model.rowOf(QStringLiteral("zz")), -1);
    }
};

QTEST_GUILESS_MAIN(TestKeyedTableModel)
#include "tst_keyedtablemodel.moc"
