// SPDX-License-Identifier: GPL-3.0-or-later
#include "listpaging.h"

void ListPagingBase::resetCounts()
{
    m_total = -1;
    m_exhausted = false;
    m_refreshCount = 0;
}

bool ListPagingBase::setTotal(qint64 total)
{
    if (m_total == total)
        return false;
    m_total = total;
    return true;
}

void ListPagingBase::notePage(int asked, int listed)
{
    // A short page is the end, whether or not the source knows its total.
    if (listed < asked)
        m_exhausted = true;
}

void ListPagingBase::setVisibleRange(int first, int last)
{
    if (first < 0 || last < first) {
        m_visibleFirst = m_visibleLast = -1;
        return;
    }
    m_visibleFirst = first;
    m_visibleLast = last;
}

QPair<int, int> ListPagingBase::refreshWindow(int loaded) const
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

void ListPagingBase::noteRefresh(bool ended, int offset, int asked, int rows)
{
    if (ended)
        m_exhausted = true;
    else if (offset + asked >= rows)
        m_exhausted = false; // the window reached the loaded end: there may be more below
}
