// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>

#include <utility>

// The paging state every list model that pages in from Redis shares (jobs, recurring templates,
// tags): how many rows a page asks for, whether the list has ended, its total, which rows the
// view shows, which rows a refresh reads, and which rows the last refresh read ("fresh").
//
// A list pages in as the operator scrolls and can hold 100k rows; a refresh that read them all
// would cost Redis more the further one scrolled. So while the loaded rows fit in MaxRefreshRows a
// refresh reads them all (a short list stays wholly fresh); beyond that, the rows on screen plus
// RefreshMargin either side, capped at MaxRefreshRows. Rows outside keep what they had and are
// marked not fresh. It knows keys and counts, not rows' contents, nor Redis.
//
// ListPagingBase holds what does not depend on the rows' key type; BasicListPaging adds the
// marks, keyed as the model keys its rows (a jid's bytes, a name), so that a mark shares the
// model's key instead of holding a copy of its own.
class ListPagingBase
{
public:
    // A refresh reads the rows on screen plus this many above and below...
    static constexpr int RefreshMargin = 50;
    // ...and never more than this many rows, however tall the view or long the loaded list.
    static constexpr int MaxRefreshRows = 500;

    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    int pageSize() const { return m_pageSize; }

    // The list's total, -1 when unknown. Returns whether it changed.
    bool setTotal(qint64 total);
    qint64 total() const { return m_total; }
    bool isExhausted() const { return m_exhausted; }

    // Whether paging on makes sense with `loaded` rows (no request in flight is the caller's
    // business).
    bool canPageOn(int loaded) const { return !m_exhausted && (m_total < 0 || loaded < m_total); }

    // Rows [first, last] are what the view shows ((-1, -1): nothing known).
    void setVisibleRange(int first, int last);
    int visibleFirst() const { return m_visibleFirst; }
    int visibleLast() const { return m_visibleLast; }

    // The rows the next refresh reads, [offset, offset + count), with `loaded` rows loaded.
    QPair<int, int> refreshWindow(int loaded) const;

protected:
    void resetCounts();
    // A page asked for `asked` rows and the source listed `listed`.
    void notePage(int asked, int listed);
    // A refresh of [offset, offset + asked) left `rows` rows; `ended`: the list ends inside it.
    void noteRefresh(bool ended, int offset, int asked, int rows);

    quint64 m_refreshCount = 0; // refreshes applied since the list was reset

private:
    int m_pageSize = 200;
    qint64 m_total = -1;
    bool m_exhausted = false;
    int m_visibleFirst = -1;
    int m_visibleLast = -1;
};

template<typename Key>
class BasicListPaging : public ListPagingBase
{
public:
    using Keys = QList<Key>;

    // A new list: nothing loaded, nothing read, total unknown (the view range is kept: the view
    // reports it again as rows arrive).
    void reset()
    {
        resetCounts();
        m_readAt.clear();
    }

    // A page asked for `asked` rows and the source listed `listed` (before any was decoded:
    // entries gone between two reads do not end the list). Marks `keys` read now.
    void pageLoaded(int asked, int listed, const Keys &keys)
    {
        notePage(asked, listed);
        for (const Key &key : keys)
            m_readAt.insert(key, m_refreshCount);
    }

    // The rows after a refresh read `fresh` for rows [offset, offset + asked) of `loaded` (the
    // source listed `listed` of them): rows before the window, the fresh ones, rows after it
    // (unless the list ended inside the window); a row read fresh appears once, where it is
    // now. Counts the refresh, marks the fresh rows read, forgets marks of rows gone, and
    // notes whether the list ended.
    template<typename Row, typename KeyOf>
    QList<Row> mergeRefresh(const QList<Row> &loaded, int offset, int asked, const QList<Row> &fresh, int listed,
                            KeyOf keyOf);

    // A refresh read `freshKeys` for rows [offset, offset + asked) (`ended`: the source listed
    // fewer, so the list ends inside the window), which the model is about to apply in place
    // (KeyedTableModel::applyRefresh), leaving `rows` rows; `rowKeys` are every row's keys before.
    // The bookkeeping of mergeRefresh without building the merged rows: the model's diff touches
    // only the window. Done before the diff, so that a view asking during it (canFetchMore, a
    // row's freshness) sees the list as it will be.
    void windowRead(const Keys &freshKeys, const Keys &rowKeys, bool ended, int offset, int asked, int rows)
    {
        // Pruning keeps the marks of rowKeys (those of rows about to go until the next pruning);
        // the fresh ones among them are marked again after.
        refreshApplied(freshKeys, rowKeys, ended, offset, asked, rows);
    }

    bool isFresh(const Key &key) const { return m_readAt.value(key, 0) == m_refreshCount; }

private:
    // `keptKeys`: the rows' keys besides the fresh ones (the marks worth keeping when pruning).
    void refreshApplied(const Keys &freshKeys, const Keys &keptKeys, bool ended, int offset, int asked, int rows);

    QHash<Key, quint64> m_readAt; // key -> the m_refreshCount it was last read at
};

using ListPaging = BasicListPaging<QString>;

template<typename Key>
template<typename Row, typename KeyOf>
QList<Row> BasicListPaging<Key>::mergeRefresh(const QList<Row> &loaded, int offset, int asked, const QList<Row> &fresh,
                                              int listed, KeyOf keyOf)
{
    Keys freshKeys;
    freshKeys.reserve(fresh.size());
    for (const Row &row : fresh)
        freshKeys.append(keyOf(row));
    const QSet<Key> freshSet(freshKeys.cbegin(), freshKeys.cend());
    const bool ended = listed < asked; // the list ends inside the window: what was below is gone
    const int count = int(loaded.size());
    QList<Row> next;
    Keys keptKeys;
    next.reserve(count + fresh.size());
    const auto keep = [&](int i) {
        const Key key = keyOf(loaded.at(i));
        if (!freshSet.contains(key)) {
            next.append(loaded.at(i));
            keptKeys.append(key);
        }
    };
    for (int i = 0; i < qMin(offset, count); ++i)
        keep(i);
    next.append(fresh);
    if (!ended) {
        for (int i = offset + asked; i < count; ++i)
            keep(i);
    }
    refreshApplied(freshKeys, keptKeys, ended, offset, asked, int(next.size()));
    return next;
}

template<typename Key>
void BasicListPaging<Key>::refreshApplied(const Keys &freshKeys, const Keys &keptKeys, bool ended, int offset,
                                          int asked, int rows)
{
    ++m_refreshCount;
    for (const Key &key : freshKeys)
        m_readAt.insert(key, m_refreshCount);
    // Marks of rows no longer listed would pile up with every row ever seen: drop them now and
    // then (not every refresh: that would walk every loaded row each tick).
    if (m_readAt.size() > 2 * qsizetype(rows) + 1000) {
        QHash<Key, quint64> readAt;
        readAt.reserve(rows);
        for (const Key &key : keptKeys)
            readAt.insert(key, m_readAt.value(key, 0));
        for (const Key &key : freshKeys)
            readAt.insert(key, m_refreshCount);
        m_readAt = std::move(readAt);
    }
    noteRefresh(ended, offset, asked, rows);
}
