// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// The part of the chosen range the History chart shows, as zoom and pan move it: never wider than
// the range, never narrower than MinSpanMs, and never panned past the range's ends nor, once
// something is known to be recorded, wholly before the first recorded bucket (there is nothing to
// see there). Plain arithmetic: the chart and the page (which reads the shown part again, at the
// resolution its width calls for) share it, and tests check it without drawing.
class HistoryViewWindow final
{
public:
    static constexpr qint64 MinSpanMs = 10 * 60000;
    // Buckets a read of the shown part aims at, at most: about one per pixel of a wide chart.
    static constexpr int MaxBuckets = 720;

    // A new range: the whole of it is shown.
    void setRange(qint64 fromMs, qint64 toMs);
    // The range's end moved on (a refresh): a whole view follows it, a zoomed one stays put.
    void moveRangeEnd(qint64 toMs);
    // The first recorded bucket's start (a read of the whole range), or -1 when none is known.
    void setRecordedFrom(qint64 ms) { m_recordedFromMs = ms; }

    qint64 rangeFromMs() const { return m_rangeFromMs; }
    qint64 rangeToMs() const { return m_rangeToMs; }
    qint64 fromMs() const { return m_fromMs; }
    qint64 toMs() const { return m_toMs; }
    qint64 spanMs() const { return m_toMs - m_fromMs; }
    bool isWhole() const { return m_fromMs == m_rangeFromMs && m_toMs == m_rangeToMs; }

    // Zooms by `factor` (above 1: in) keeping `anchorMs` where it is on screen. Whether the view
    // changed.
    bool zoom(qreal factor, qint64 anchorMs);
    bool zoom(qreal factor) { return zoom(factor, m_fromMs + spanMs() / 2); }
    // Moves the view by deltaMs (negative: back in time), as far as the bounds allow.
    bool pan(qint64 deltaMs);
    // Shows the whole range again.
    bool reset();
    // Moves to [fromMs, toMs] as far as the bounds allow (a drag's end).
    bool moveTo(qint64 fromMs, qint64 toMs);

    // The bucket, in minutes, a read of spanMs should ask for: 1, or a round number of minutes
    // that keeps the buckets within MaxBuckets (coarser when zoomed out).
    static int resolutionFor(qint64 spanMs);

private:
    // Keeps [from, to) within the bounds, its span kept when it fits.
    bool place(qint64 fromMs, qint64 toMs);

    qint64 m_rangeFromMs = 0;
    qint64 m_rangeToMs = 0;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
    qint64 m_recordedFromMs = -1;
};
