// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobrow.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

#include <functional>

// What a job row shows in each of JobListModel's columns: the text, the value it sorts by and
// its tooltip. Ages and "lock expires in" are measured against `clock` (the Redis server's, which
// wrote the times shown). Texts keep JobListModel's translation context.
class JobRowText
{
    Q_DECLARE_TR_FUNCTIONS(JobListModel)

public:
    explicit JobRowText(std::function<double()> clock);
    void setClock(std::function<double()> clock) { m_clock = std::move(clock); }

    QVariant display(const JobRow &job, int column) const;
    QVariant sortValue(const JobRow &job, int column) const;
    QVariant toolTip(const JobRow &job, int column) const;
    // qless's name of a job state as the console shows it (German "fehlgeschlagen" for "failed");
    // a state qless does not know is shown as stored. Filters and exports keep qless's names.
    static QString stateName(const QString &state);
    // JobRow::lockExpired against this clock.
    bool lockExpired(const JobRow &job) const { return job.lockExpired(now()); }
    // The clock's "now", seconds since the epoch.
    double now() const;

private:
    QString ago(double when) const;
    QString timeText(const JobRow &job) const;
    double timeValue(const JobRow &job) const;

    std::function<double()> m_clock;
};
