// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyviewwindow.h"

#include <algorithm>
#include <array>
#include <cmath>

void HistoryViewWindow::setRange(qint64 fromMs, qint64 toMs)
{
    m_rangeFromMs = fromMs;
    m_rangeToMs = std::max(toMs, fromMs + 60000);
    m_recordedFromMs = -1;
    reset();
}

void HistoryViewWindow::moveRangeEnd(qint64 toMs)
{
    const qint64 span = m_rangeToMs - m_rangeFromMs;
    const bool whole = isWhole();
    m_rangeToMs = toMs;
    m_rangeFromMs = toMs - span;
    if (whole)
        reset();
    else
        place(m_fromMs, m_toMs);
}

bool HistoryViewWindow::zoom(qreal factor, qint64 anchorMs)
{
    if (factor <= 0)
        return false;
    const qint64 rangeSpan = m_rangeToMs - m_rangeFromMs;
    const qint64 span =
        std::clamp<qint64>(qint64(std::llround(double(spanMs()) / factor)), std::min(MinSpanMs, rangeSpan), rangeSpan);
    anchorMs = std::clamp(anchorMs, m_fromMs, m_toMs);
    // The anchor keeps its share of the width: what was under the pointer stays under it.
    const double share = spanMs() > 0 ? double(anchorMs - m_fromMs) / double(spanMs()) : 0.5;
    const qint64 from = anchorMs - qint64(std::llround(share * double(span)));
    return place(from, from + span);
}

bool HistoryViewWindow::pan(qint64 deltaMs)
{
    return place(m_fromMs + deltaMs, m_toMs + deltaMs);
}

bool HistoryViewWindow::reset()
{
    const bool changed = !isWhole();
    m_fromMs = m_rangeFromMs;
    m_toMs = m_rangeToMs;
    return changed;
}

bool HistoryViewWindow::moveTo(qint64 fromMs, qint64 toMs)
{
    return place(fromMs, toMs);
}

bool HistoryViewWindow::place(qint64 fromMs, qint64 toMs)
{
    const qint64 span = std::min(toMs - fromMs, m_rangeToMs - m_rangeFromMs);
    // Not before what is recorded when the view fits after it: panning into the empty past
    // shows nothing.
    qint64 low = m_rangeFromMs;
    if (m_recordedFromMs > m_rangeFromMs && m_rangeToMs - m_recordedFromMs >= span)
        low = m_recordedFromMs;
    const qint64 from = std::clamp(fromMs, low, m_rangeToMs - span);
    const bool changed = from != m_fromMs || from + span != m_toMs;
    m_fromMs = from;
    m_toMs = from + span;
    return changed;
}

int HistoryViewWindow::resolutionFor(qint64 spanMs)
{
    // Divisors of a day (and of the coarse level's hour, above it), so that buckets of one read
    // line up with those of another and with the hours the file keeps.
    static constexpr std::array<int, 12> steps{1, 2, 3, 5, 10, 15, 20, 30, 60, 120, 180, 360};
    const qint64 minutes = std::max<qint64>(1, spanMs / 60000);
    for (int step : steps) {
        if (minutes / step <= MaxBuckets)
            return step;
    }
    return 720;
}
