// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QList>

// How long a failure group's jobs waited and ran before failing, from the histories of a sample
// of them (JobTimeline): for each job, its last run before its last failure and the wait before
// that run. A job whose history does not show them (failed while waiting, trimmed, retried into
// the failure) is counted as sampled but not measured.
class FailureTiming final
{
public:
    void add(const Job &job);
    void addGone() { ++m_gone; }

    int sampled() const { return m_sampled; } // jobs read
    int gone() const { return m_gone; }       // listed in the group, gone by the time they were read
    int measuredRuns() const { return int(m_runs.size()); }
    int measuredWaits() const { return int(m_waits.size()); }

    // Seconds; negative while nothing was measured.
    double medianWait() const { return median(m_waits); }
    double maxWait() const { return maximum(m_waits); }
    double medianRun() const { return median(m_runs); }
    double maxRun() const { return maximum(m_runs); }

    static double median(QList<double> values);
    static double maximum(const QList<double> &values);

private:
    QList<double> m_waits;
    QList<double> m_runs;
    int m_sampled = 0;
    int m_gone = 0;
};
