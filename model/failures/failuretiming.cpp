// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuretiming.h"

#include "jobtimeline.h"

#include <algorithm>

void FailureTiming::add(const Job &job)
{
    ++m_sampled;
    JobTimeline::Options options;
    options.state = job.state;
    // The spans before the failure are what is measured: the failure's own open span needs no
    // `now`, so the last entry's time stands in for it.
    const JobTimeline timeline = JobTimeline::build(job.history, 0, options);
    const double run = timeline.lastFailedRun();
    if (run >= 0)
        m_runs.append(run);
    const double wait = timeline.waitBeforeLastFailedRun();
    if (wait >= 0)
        m_waits.append(wait);
}

double FailureTiming::median(QList<double> values)
{
    if (values.isEmpty())
        return -1;
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 == 1 ? values.at(middle) : (values.at(middle - 1) + values.at(middle)) / 2;
}

double FailureTiming::maximum(const QList<double> &values)
{
    return values.isEmpty() ? -1 : *std::max_element(values.begin(), values.end());
}
