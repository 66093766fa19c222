// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QWidget>

class JobTimeline;
class JobTimelineStrip;
class QLabel;

// The job window's timeline, above its history list: the strip (JobTimelineStrip), a line that
// sums the waits, runs, retries, failures and timeouts, the span chosen by keyboard or click in
// words, and what is missing or odd in the history (trimmed by qless, out of order, unreadable).
class JobTimelineView final : public QWidget
{
    Q_OBJECT

public:
    explicit JobTimelineView(QWidget *parent = nullptr);

    // `now`: the server's clock, where spans still under way end. `historyCap`: qless's
    // max-job-history as the view assumes it (qless's default unless told).
    void showJob(const Job &job, double now);
    // For the jobs shown from now on.
    void setHistoryCap(int cap) { m_historyCap = cap; }
    int historyCap() const { return m_historyCap; }

    JobTimelineStrip *strip() const { return m_strip; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *detailLabel() const { return m_detail; }
    QLabel *caveatsLabel() const { return m_caveats; }

    static QString summaryOf(const JobTimeline &timeline);

private:
    void showSelected(int span);

    JobTimelineStrip *m_strip;
    QLabel *m_summary;
    QLabel *m_detail;
    QLabel *m_caveats;
    int m_historyCap = 100;
};
