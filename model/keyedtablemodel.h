#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>

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

    // Makes the rows equal to `next`, in its order, by the smallest steps a view can follow.
    void applySnapshot(const QList<Row> &snapshot)
    {
        m_indexValid = false; // rows move and go below: the index is built again when next asked
        // Keys are unique in a table; a snapshot repeating one (bad data) keeps its first row.
        QList<Row> next;
        QSet<QString> nextKeys;
        next.reserve(snapshot.size());
        nextKeys.reserve(snapshot.size());
        for (const Row &row : snapshot) {
            if (!nextKeys.contains(keyOf(row))) {
                nextKeys.insert(keyOf(row));
                next.append(row);
            }
        }

        // 1. Vanished rows go, one removal per contiguous run, bottom up.
        for (int last = int(m_rows.size()) - 1; last >= 0;) {
            if (nextKeys.contains(keyOf(m_rows.at(last)))) {
                --last;
                continue;
            }
            int first = last;
            while (first > 0 && !nextKeys.contains(keyOf(m_rows.at(first - 1))))
                --first;
            beginRemoveRows({}, first, last);
            m_rows.remove(first, last - first + 1);
            endRemoveRows();
            last = first - 1;
        }

        // 2. Walk the new order: keep, move up, or insert.
        QSet<QString> present;
        present.reserve(m_rows.size());
        for (const Row &row : std::as_const(m_rows))
            present.insert(keyOf(row));
        for (int i = 0; i < next.size(); ++i) {
            const QString key = keyOf(next.at(i));
            if (i < m_rows.size() && keyOf(m_rows.at(i)) == key) {
                update(i, next.at(i));
                continue;
            }
            if (present.contains(key)) {
                int from = i + 1;
                while (keyOf(m_rows.at(from)) != key)
                    ++from;
                beginMoveRows({}, from, from, {}, i);
                m_rows.move(from, i);
                endMoveRows();
                update(i, next.at(i));
                continue;
            }
            int end = i + 1; // a run of new rows goes in at once
            while (end < next.size() && !present.contains(keyOf(next.at(end))))
                ++end;
            beginInsertRows({}, i, end - 1);
            for (int k = i; k < end; ++k) {
                m_rows.insert(k, next.at(k));
                present.insert(keyOf(next.at(k)));
            }
            endInsertRows();
            i = end - 1;
        }
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
