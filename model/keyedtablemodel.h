#pragma once

#include <QAbstractTableModel>
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

    // The row with this key, or -1.
    int rowOf(const QString &key) const
    {
        for (int i = 0; i < m_rows.size(); ++i) {
            if (keyOf(m_rows.at(i)) == key)
                return i;
        }
        return -1;
    }

protected:
    virtual QString keyOf(const Row &row) const = 0;
    virtual bool sameRow(const Row &a, const Row &b) const = 0;

    // Makes the rows equal to `next`, in its order, by the smallest steps a view can follow.
    void applySnapshot(const QList<Row> &snapshot)
    {
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
        for (const Row &row : more) {
            const int at = rowOf(keyOf(row));
            if (at >= 0)
                update(at, row);
            else
                fresh.append(row);
        }
        if (fresh.isEmpty())
            return;
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + fresh.size()) - 1);
        m_rows.append(fresh);
        endInsertRows();
    }

    void clearRows()
    {
        if (m_rows.isEmpty())
            return;
        beginRemoveRows({}, 0, int(m_rows.size()) - 1);
        m_rows.clear();
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
};
