#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>

#include <algorithm>
#include <numeric>

// A table whose rows are value structs with a key (a jid, a queue name). A refresh hands it the
// new snapshot and it applies a keyed diff: vanished rows are removed, rows that stayed are
// updated in place (dataChanged) or moved to their new place, new rows are inserted. Never a
// reset, so the operator's selection, current row and scroll position survive a refresh.
// Subclasses add Q_OBJECT, columns and data(); they say how to key and compare rows.
template<typename Row>
class KeyedTableModel : public QAbstractTableModel
{
public:
    // The raw value behind a cell, for sorting (a proxy sorts by it; DisplayRole is for people).
    static constexpr int SortRole = Qt::UserRole;
    // The row's key (QString), for finding rows again after a refresh.
    static constexpr int KeyRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }

    const QList<Row> &rows() const { return m_rows; }
    const Row &rowAt(int row) const { return m_rows.at(row); }

    // The row with this key, or -1. An index kept beside the rows answers at once: paging a long
    // list in asks this for every row of every page, which a scan made quadratic.
    int rowOf(const QString &key) const
    {
        if (!m_indexValid) {
            m_index.clear();
            m_index.reserve(m_rows.size());
            for (int i = 0; i < m_rows.size(); ++i)
                m_index.insert(keyOf(m_rows.at(i)), i);
            m_indexValid = true;
        }
        return m_index.value(key, -1);
    }

protected:
    virtual QString keyOf(const Row &row) const = 0;
    virtual bool sameRow(const Row &a, const Row &b) const = 0;

    // Makes the rows equal to `next`, in its order, by steps a view can follow: removals, at most
    // one reordering, insertions, in-place updates. A reordering is one sort of the rows and one
    // layout change, however many rows moved: a filter proxy lays out again once, not per row.
    void applySnapshot(const QList<Row> &snapshot)
    {
        // Keys are unique in a table; a snapshot repeating one (bad data) keeps its first row.
        QList<Row> next;
        QHash<QString, int> nextAt; // key -> its place in `next`
        next.reserve(snapshot.size());
        nextAt.reserve(snapshot.size());
        for (const Row &row : snapshot) {
            const QString key = keyOf(row);
            if (!nextAt.contains(key)) {
                nextAt.insert(key, int(next.size()));
                next.append(row);
            }
        }
        removeRowsNotIn(nextAt);
        reorderAs(nextAt);
        insertAndUpdate(next);
    }

    // Paging: rows fetched further down, appended (ones already shown are updated instead).
    void appendRows(const QList<Row> &more)
    {
        QList<Row> fresh;
        QSet<QString> freshKeys;
        for (const Row &row : more) {
            const QString key = keyOf(row);
            const int at = rowOf(key);
            if (at >= 0)
                update(at, row);
            else if (!freshKeys.contains(key)) { // a page repeating a key (bad data): its first row
                freshKeys.insert(key);
                fresh.append(row);
            }
        }
        if (fresh.isEmpty())
            return;
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(fresh.size()) - 1);
        m_rows.append(fresh);
        // Appended at the end: the index grows instead of being built again.
        for (int i = 0; i < fresh.size(); ++i)
            m_index.insert(keyOf(fresh.at(i)), first + i);
        endInsertRows();
    }

    void clearRows()
    {
        if (m_rows.isEmpty())
            return;
        beginRemoveRows({}, 0, int(m_rows.size()) - 1);
        m_rows.clear();
        m_index.clear();
        m_indexValid = true;
        endRemoveRows();
    }

private:
    // Every structural change drops the key index: whoever asks rowOf() from a signal handler in
    // the middle of a diff gets the rows as they are then, and nothing stale is kept afterwards.
    void rowsChangedShape() { m_indexValid = false; }

    // 1. Rows whose key the snapshot lacks go, one removal per contiguous run, bottom up.
    void removeRowsNotIn(const QHash<QString, int> &nextAt)
    {
        for (int last = int(m_rows.size()) - 1; last >= 0;) {
            if (nextAt.contains(keyOf(m_rows.at(last)))) {
                --last;
                continue;
            }
            int first = last;
            while (first > 0 && !nextAt.contains(keyOf(m_rows.at(first - 1))))
                --first;
            beginRemoveRows({}, first, last);
            m_rows.remove(first, last - first + 1);
            rowsChangedShape();
            endRemoveRows();
            last = first - 1;
        }
    }

    // 2. The rows left are all in the snapshot: put them in its relative order, if they are not
    // already, in one layout change that carries persistent indexes (selection, current row).
    void reorderAs(const QHash<QString, int> &nextAt)
    {
        const int count = int(m_rows.size());
        QList<int> target(count); // target[i]: where m_rows[i] is in the snapshot
        bool ordered = true;
        for (int i = 0; i < count; ++i) {
            target[i] = nextAt.value(keyOf(m_rows.at(i)));
            if (i > 0 && target[i] < target[i - 1])
                ordered = false;
        }
        if (ordered)
            return;
        QList<int> order(count); // order[newRow] = oldRow
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&target](int a, int b) { return target[a] < target[b]; });
        QList<int> newRowOf(count);
        for (int newRow = 0; newRow < count; ++newRow)
            newRowOf[order[newRow]] = newRow;

        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        QList<Row> reordered;
        reordered.reserve(count);
        for (int oldRow : std::as_const(order))
            reordered.append(std::move(m_rows[oldRow]));
        m_rows = std::move(reordered);
        rowsChangedShape();
        const QModelIndexList from = persistentIndexList();
        QModelIndexList to;
        to.reserve(from.size());
        for (const QModelIndex &index : from)
            to.append(index.isValid() ? this->index(newRowOf[index.row()], index.column()) : index);
        changePersistentIndexList(from, to);
        emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    }

    // 3. Walk the snapshot: rows present are in place (update them), runs of new ones go in.
    void insertAndUpdate(const QList<Row> &next)
    {
        QSet<QString> present;
        present.reserve(m_rows.size());
        for (const Row &row : std::as_const(m_rows))
            present.insert(keyOf(row));
        for (int i = 0; i < next.size(); ++i) {
            if (present.contains(keyOf(next.at(i)))) {
                update(i, next.at(i));
                continue;
            }
            int end = i + 1; // a run of new rows goes in at once
            while (end < next.size() && !present.contains(keyOf(next.at(end))))
                ++end;
            beginInsertRows({}, i, end - 1);
            m_rows.insert(i, end - i, Row{});
            for (int k = i; k < end; ++k)
                m_rows[k] = next.at(k);
            rowsChangedShape();
            endInsertRows();
            i = end - 1;
        }
    }

    void update(int i, const Row &row)
    {
        if (sameRow(m_rows.at(i), row))
            return;
        m_rows[i] = row;
        emit dataChanged(index(i, 0), index(i, columnCount() - 1));
    }

    QList<Row> m_rows;
    mutable QHash<QString, int> m_index; // key -> row, while m_indexValid
    mutable bool m_indexValid = true;
};
