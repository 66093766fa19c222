#include "listpaging.h"

void ListPaging::reset()
{
    m_total = -1;
    m_exhausted = false;
    m_refreshCount = 0;
    m_readAt.clear();
}

bool ListPaging::setTotal(qint64 total)
{
    if (m_total == total)
        return false;
    m_total = total;
    return true;
}

void ListPaging::pageLoaded(int asked, int listed, const QStringList &keys)
{
    // A short page is the end, whether or not the source knows its total.
    if (listed < asked)
        m_exhausted = true;
    for (const QString &key : keys)
        m_readAt.insert(key, m_refreshCount);
}

void ListPaging::setVisibleRange(int first, int last)
{
    if (first < 0 || last < first) {
        m_visibleFirst = m_visibleLast = -1;
        return;
    }
    m_visibleFirst = first;
    m_visibleLast = last;
}

QPair<int, int> ListPaging::refreshWindow(int loaded) const
{
    // What is loaded, when that is within the cap: a short list stays wholly fresh (and grows
    // into its first page). Beyond it, without a visible range, its head.
    const int whole = qMax(loaded, m_pageSize);
    if (whole <= MaxRefreshRows || m_visibleFirst < 0 || m_visibleFirst >= loaded)
        return {0, qMin(whole, MaxRefreshRows)};
    const int first = qMax(0, m_visibleFirst - RefreshMargin);
    const int end = qMin(m_visibleLast + 1 + RefreshMargin, whole);
    return {first, qBound(1, end - first, MaxRefreshRows)};
}

void ListPaging::windowApplied(const QStringList &freshKeys, const QStringList &rowKeys, bool ended, int offset,
                               int asked)
{
    // Pruning keeps the marks of rowKeys; the fresh ones among them are marked again after.
    refreshApplied(freshKeys, rowKeys, ended, offset, asked, int(rowKeys.size()));
}

void ListPaging::refreshApplied(const QStringList &freshKeys, const QStringList &keptKeys, bool ended, int offset,
                                int asked, int rows)
{
    ++m_refreshCount;
    for (const QString &key : freshKeys)
        m_readAt.insert(key, m_refreshCount);
    // Marks of rows no longer listed would pile up with every row ever seen: drop them now and
    // then (not every refresh: that would walk every loaded row each tick).
    if (m_readAt.size() > 2 * qsizetype(rows) + 1000) {
        QHash<QString, quint64> readAt;
        readAt.reserve(rows);
        for (const QString &key : keptKeys)
            readAt.insert(key, m_readAt.value(key, 0));
        for (const QString &key : freshKeys)
            readAt.insert(key, m_refreshCount);
        m_readAt = std::move(readAt);
    }
    if (ended)
        m_exhausted = true;
    else if (offset + asked >= rows)
        m_exhausted = false; // the window reached the loaded end: there may be more below
}
