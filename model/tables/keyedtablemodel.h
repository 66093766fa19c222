// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "listpaging.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <algorithm>
#include <numeric>

// A table whose rows are value structs with a key (a jid, a queue name). A refresh hands it the
// new snapshot, or the new rows of one window of it, and it applies a keyed diff: vanished rows
// are removed, rows that stayed are updated in place (dataChanged) or moved to their new place,
// new rows are inserted. Never a reset, so the operator's selection, current row and scroll
// position survive a refresh.
// Subclasses add Q_OBJECT, columns and data(); they say how to key and compare rows. The key is
// text for most tables; job lists key by the jid's bytes, which the row already holds, so that
// the keys kept beside 100k rows share the rows' buffers instead of holding copies.
// A list that pages in from Redis as the view scrolls (jobs, recurring templates, tags) keeps its
// paging here too (ListPaging: page size, total, the view's range, which rows a refresh reads and
// which it read): it appends pages with appendPage() and applies refreshes with applyRefresh().
template<typename Row, typename Key = QString>
class KeyedTableModel : public QAbstractTableModel
{
public:
    // The raw value behind a cell, for sorting (a proxy sorts by it; DisplayRole is for people).
    static constexpr int SortRole = Qt::UserRole;
    // The row's key (a QString, or the Key type), for finding rows again after a refresh.
    static constexpr int KeyRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }

    const QList<Row> &rows() const { return m_rows; }
    const Row &rowAt(int row) const { return m_rows.at(row); }
    // Every row's key, in row order. Kept beside the rows: a key can cost a conversion (a jid's
    // bytes to text), and a diff over 10,000 rows would make it 10,000 times per refresh.
    const QList<Key> &keys() const { return m_keys; }
    const Key &keyAt(int row) const { return m_keys.at(row); }

    // The row with this key, or -1. An index kept beside the rows answers at once: paging a long
    // list in asks this for every row of every page, which a scan made quadratic.
    int rowOf(const Key &key) const
    {
        if (!m_indexValid) {
            m_index.clear();
            m_index.reserve(m_keys.size());
            for (int i = 0; i < m_keys.size(); ++i)
                m_index.insert(m_keys.at(i), i);
            m_indexValid = true;
        }
        return m_index.value(key, -1);
    }

    // Paging, for the lists that page in (the others leave it alone).
    void setPageSize(int rows) { m_paging.setPageSize(rows); }
    int pageSize() const { return m_paging.pageSize(); }
    // The list's total (-1: unknown); rows loaded are rowCount().
    qint64 total() const { return m_paging.total(); }
    // Rows [first, last] are what the view shows now ((-1, -1): nothing known). Views tell it;
    // the model decides what to read.
    void setVisibleRange(int first, int last) { m_paging.setVisibleRange(first, last); }
    int visibleFirst() const { return m_paging.visibleFirst(); }
    int visibleLast() const { return m_paging.visibleLast(); }
    // The rows the next refresh reads: [offset, offset + count) of the list.
    QPair<int, int> refreshWindow() const { return m_paging.refreshWindow(rowCount()); }
    // Whether the row was read by the last refresh (or paged in since).
    bool isFresh(int row) const { return row >= 0 && row < rowCount() && m_paging.isFresh(m_keys.at(row)); }

protected:
    virtual Key keyOf(const Row &row) const = 0;
    virtual bool sameRow(const Row &a, const Row &b) const = 0;

    // Makes the rows equal to `snapshot`, in its order (see applyWindow: the whole table is the
    // window, and nothing is below it).
    void applySnapshot(const QList<Row> &snapshot) { applyWindow(0, rowCount(), snapshot, true); }

    // Rows [offset, offset + count) become `fresh`, in its order; rows above and below keep what
    // they had, except that a row of `fresh` found there moves into the window (a row appears
    // once, where it is now) and, with `dropBelow` (the list ended inside the window), rows below
    // go. The cost follows the window, not the table: keys are looked up for the window's rows
    // and for `fresh`, rows outside it are neither compared nor copied.
    // The steps a view follows: removals (one per contiguous run), at most one reordering (one
    // layout change carrying persistent indexes: a sorting proxy sorts once, however many rows
    // moved), insertions (one per run), updates (one dataChanged per run of changed rows, so a
    // sorting proxy re-sorts a run once, not row by row).
    void applyWindow(int offset, int count, const QList<Row> &fresh, bool dropBelow)
    {
        const int n = int(m_rows.size());
        offset = qBound(0, offset, n);
        const int end = qBound(offset, offset + qMax(0, count), n);

        // Keys are unique in a table; rows repeating one (bad data) keep the first.
        QList<int> freshRows;    // indexes into `fresh`, first of each key
        QList<Key> freshKeys;    // their keys
        QHash<Key, int> freshAt; // key -> its place among freshRows
        freshRows.reserve(fresh.size());
        freshKeys.reserve(fresh.size());
        freshAt.reserve(fresh.size());
        for (int i = 0; i < fresh.size(); ++i) {
            const Key key = keyOf(fresh.at(i));
            if (!freshAt.contains(key)) {
                freshAt.insert(key, int(freshRows.size()));
                freshRows.append(i);
                freshKeys.append(key);
            }
        }

        // Where each row goes: its band (above the window, in it, below it), then its place there.
        // Rows outside the window keep their order; rows of `fresh` take theirs.
        QList<qint64> target(n);
        const qint64 band = qint64(n) + qint64(freshRows.size()) + 1;
        for (int i = 0; i < offset; ++i)
            target[i] = i;
        for (int i = offset; i < end; ++i) {
            const int at = freshAt.value(m_keys.at(i), -1);
            target[i] = at >= 0 ? band + at : Gone;
        }
        for (int i = end; i < n; ++i)
            target[i] = dropBelow ? Gone : 2 * band + i;
        if (offset > 0 || end < n) {
            for (auto it = freshAt.cbegin(); it != freshAt.cend(); ++it) {
                const int row = rowOf(it.key());
                if (row >= 0 && (row < offset || row >= end))
                    target[row] = band + it.value();
            }
        }

        removeGone(&target);
        reorderBy(&target);
        insertAndUpdate(fresh, freshRows, freshKeys, target, band);
    }

    // Paging: rows fetched further down, appended (ones already shown are updated instead).
    void appendRows(const QList<Row> &more)
    {
        QList<Row> fresh;
        QList<Key> freshKeys;
        QSet<Key> seen;
        for (const Row &row : more) {
            const Key key = keyOf(row);
            const int at = rowOf(key);
            if (at >= 0)
                update(at, row);
            else if (!seen.contains(key)) { // a page repeating a key (bad data): its first row
                seen.insert(key);
                fresh.append(row);
                freshKeys.append(key);
            }
        }
        if (fresh.isEmpty())
            return;
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(fresh.size()) - 1);
        m_rows.append(fresh);
        m_keys.append(freshKeys);
        // Appended at the end: the index grows instead of being built again.
        if (m_indexValid) {
            for (int i = 0; i < freshKeys.size(); ++i)
                m_index.insert(freshKeys.at(i), first + i);
        }
        endInsertRows();
    }

    // A page asked for `asked` rows at the end and the source listed `listed` (entries gone
    // before their read are not in `page`): its rows are appended and marked read.
    void appendPage(int asked, int listed, const QList<Row> &page)
    {
        QList<Key> pageKeys;
        pageKeys.reserve(page.size());
        for (const Row &row : page)
            pageKeys.append(keyOf(row));
        m_paging.pageLoaded(asked, listed, pageKeys);
        appendRows(page);
    }

    // A refresh read `fresh` for rows [offset, offset + asked) and the source listed `listed` of
    // them. Only the window changes: rows beyond it are neither copied nor keyed again, so a
    // refresh of a 10,000-row list costs the GUI thread what its window costs.
    void applyRefresh(int offset, int asked, const QList<Row> &fresh, int listed)
    {
        const bool ended = listed < asked; // the list ends inside the window: what was below is gone
        QList<Key> freshKeys;
        freshKeys.reserve(fresh.size());
        for (const Row &row : fresh)
            freshKeys.append(keyOf(row));
        m_paging.windowRead(freshKeys, m_keys, ended, offset, asked, rowsAfterWindow(offset, asked, freshKeys, ended));
        applyWindow(offset, asked, fresh, ended);
    }

    bool canPageOn() const { return m_paging.canPageOn(rowCount()); }
    // The list's total (-1: unknown); returns whether it changed.
    bool setPagingTotal(qint64 total) { return m_paging.setTotal(total); }
    // A new list: nothing loaded or read, total unknown (the rows are the caller's to clear).
    void resetPaging() { m_paging.reset(); }

    void clearRows()
    {
        if (m_rows.isEmpty())
            return;
        beginRemoveRows({}, 0, int(m_rows.size()) - 1);
        m_rows.clear();
        m_keys.clear();
        m_index.clear();
        m_indexValid = true;
        endRemoveRows();
    }

private:
    static constexpr qint64 Gone = -1;

    // How many rows applyWindow(offset, count, rows keyed `freshKeys`, dropBelow) leaves: those
    // above the window and (unless dropped) below it that are not fresh, and each fresh key once.
    int rowsAfterWindow(int offset, int count, const QList<Key> &freshKeys, bool dropBelow) const
    {
        const int n = int(m_rows.size());
        offset = qBound(0, offset, n);
        const int end = qBound(offset, offset + qMax(0, count), n);
        int rows = offset + (dropBelow ? 0 : n - end);
        QSet<Key> seen;
        seen.reserve(freshKeys.size());
        for (const Key &key : freshKeys) {
            if (seen.contains(key))
                continue;
            seen.insert(key);
            ++rows;
            const int row = rowOf(key);
            if (row >= 0 && (row < offset || (row >= end && !dropBelow)))
                --rows; // it moves into the window instead
        }
        return rows;
    }

    // Every structural change drops the key index: whoever asks rowOf() from a signal handler in
    // the middle of a diff gets the rows as they are then, and nothing stale is kept afterwards.
    void rowsChangedShape() { m_indexValid = false; }

    // 1. Rows marked Gone go, one removal per contiguous run, bottom up.
    void removeGone(QList<qint64> *target)
    {
        for (int last = int(m_rows.size()) - 1; last >= 0;) {
            if (target->at(last) != Gone) {
                --last;
                continue;
            }
            int first = last;
            while (first > 0 && target->at(first - 1) == Gone)
                --first;
            const int length = last - first + 1;
            beginRemoveRows({}, first, last);
            m_rows.remove(first, length);
            m_keys.remove(first, length);
            target->remove(first, length);
            rowsChangedShape();
            endRemoveRows();
            last = first - 1;
        }
    }

    // 2. The rows left are put in target order, if they are not already, in one layout change
    // that carries persistent indexes (selection, current row).
    void reorderBy(QList<qint64> *target)
    {
        const int count = int(m_rows.size());
        if (std::is_sorted(target->cbegin(), target->cend()))
            return;
        QList<int> order(count); // order[newRow] = oldRow
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [target](int a, int b) { return target->at(a) < target->at(b); });
        QList<int> newRowOf(count);
        for (int newRow = 0; newRow < count; ++newRow)
            newRowOf[order[newRow]] = newRow;

        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        // In place, one cycle of the permutation at a time: each row is moved once and no second
        // table is allocated (10,000 job rows are megabytes; fresh pages for them cost more than
        // the moves).
        QList<bool> placed(count, false);
        for (int i = 0; i < count; ++i) {
            if (placed.at(i) || order.at(i) == i)
                continue;
            Row row = std::move(m_rows[i]);
            Key key = std::move(m_keys[i]);
            for (int at = i;;) {
                placed[at] = true;
                const int from = order.at(at); // the row that belongs at `at`
                if (from == i) {
                    m_rows[at] = std::move(row);
                    m_keys[at] = std::move(key);
                    break;
                }
                m_rows[at] = std::move(m_rows[from]);
                m_keys[at] = std::move(m_keys[from]);
                at = from;
            }
        }
        std::sort(target->begin(), target->end()); // targets are distinct: sorted is their new order
        rowsChangedShape();
        const QModelIndexList from = persistentIndexList();
        QModelIndexList to;
        to.reserve(from.size());
        for (const QModelIndex &index : from)
            to.append(index.isValid() ? this->index(newRowOf[index.row()], index.column()) : index);
        changePersistentIndexList(from, to);
        emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    }

    // 3. The window's rows now sit from the first row of its band on, in `fresh` order, with
    // gaps where rows are new: runs of new rows go in, rows present are updated.
    void insertAndUpdate(const QList<Row> &fresh, const QList<int> &freshRows, const QList<Key> &freshKeys,
                         const QList<qint64> &target, qint64 band)
    {
        const int start = int(std::lower_bound(target.cbegin(), target.cend(), band) - target.cbegin());
        QList<bool> present(freshRows.size(), false);
        for (int i = start; i < target.size() && target.at(i) < 2 * band; ++i)
            present[int(target.at(i) - band)] = true;

        int changedFirst = -1; // the run of changed rows not yet announced
        int changedLast = -1;
        const auto announce = [&] {
            if (changedFirst >= 0)
                emit dataChanged(index(changedFirst, 0), index(changedLast, columnCount() - 1));
            changedFirst = changedLast = -1;
        };
        for (int k = 0; k < freshRows.size(); ++k) {
            const int row = start + k;
            if (present.at(k)) {
                const Row &next = fresh.at(freshRows.at(k));
                if (sameRow(m_rows.at(row), next))
                    continue;
                m_rows[row] = next;
                if (changedFirst < 0 || changedLast != row - 1) {
                    announce();
                    changedFirst = row;
                }
                changedLast = row;
                continue;
            }
            announce();
            int stop = k + 1; // a run of new rows goes in at once
            while (stop < freshRows.size() && !present.at(stop))
                ++stop;
            const int length = stop - k;
            beginInsertRows({}, row, row + length - 1);
            m_rows.insert(row, length, Row{});
            m_keys.insert(row, length, Key());
            for (int j = 0; j < length; ++j) {
                m_rows[row + j] = fresh.at(freshRows.at(k + j));
                m_keys[row + j] = freshKeys.at(k + j);
            }
            rowsChangedShape();
            endInsertRows();
            k = stop - 1;
        }
        announce();
    }

    void update(int i, const Row &row)
    {
        if (sameRow(m_rows.at(i), row))
            return;
        m_rows[i] = row;
        emit dataChanged(index(i, 0), index(i, columnCount() - 1));
    }

    BasicListPaging<Key> m_paging;
    QList<Row> m_rows;
    QList<Key> m_keys;               // m_keys[i]: keyOf(m_rows[i])
    mutable QHash<Key, int> m_index; // key -> row, while m_indexValid
    mutable bool m_indexValid = true;
};
