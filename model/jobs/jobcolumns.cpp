// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobcolumns.h"

#include "csvtext.h"
#include "joblistmodel.h"
#include "jobrow.h"
#include "jobrowtext.h"

namespace {
// The state-dependent moment the window's "When" column shows (lock expiry, due, failed at, timed
// out at, put); the clock only matters for the relative texts, not used here.
QString when(const JobAtNow &j)
{
    static const JobRowText text([] { return 0.0; });
    JobRow::Pool pool;
    return CsvText::utc(text.sortValue(JobRow(j.job, &pool), JobListModel::TimeColumn).toDouble());
}

QString timedOut(const Job &job)
{
    if (!job.timedOut)
        return {};
    return job.timedOutAt > 0 ? CsvText::utc(job.timedOutAt) : QStringLiteral("yes");
}
} // namespace

const TableColumns<JobAtNow> &JobColumns::columns()
{
    using Shown = TableColumns<JobAtNow>::Shown;
    using J = JobAtNow;
    static const TableColumns<JobAtNow> columns(
        "JobListModel",
        {{QT_TRANSLATE_NOOP("JobListModel", "Job"), [](const J &j) { return QString::fromUtf8(j.job.jid); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Class"), [](const J &j) { return j.job.klass; }},
         {QT_TRANSLATE_NOOP("JobListModel", "State"),
          [](const J &j) { return j.job.lockExpired(j.now) ? QStringLiteral("stalled") : j.job.state; }},
         {QT_TRANSLATE_NOOP("JobListModel", "Queue"), [](const J &j) { return j.job.queue; }},
         {QT_TRANSLATE_NOOP("JobListModel", "Priority"), [](const J &j) { return CsvText::number(j.job.priority); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Tags"), [](const J &j) { return j.job.tags.join(QStringLiteral(", ")); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Worker"), [](const J &j) { return j.job.worker; }},
         {QT_TRANSLATE_NOOP("JobListModel", "When"), when},
         {QT_TRANSLATE_NOOP("JobListModel", "Retries left"),
          [](const J &j) { return CsvText::number(j.job.remaining); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Retries"), [](const J &j) { return CsvText::number(j.job.retries); },
          Shown::InFileOnly},
         {QT_TRANSLATE_NOOP("JobListModel", "Failure group"),
          [](const J &j) { return j.job.failure ? j.job.failure->group : QString(); }, Shown::InFileOnly},
         {QT_TRANSLATE_NOOP("JobListModel", "Failure"),
          [](const J &j) { return j.job.failure ? j.job.failure->message : QString(); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Put"), [](const J &j) { return CsvText::utc(j.job.put); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Last change"), [](const J &j) { return CsvText::utc(j.job.time); }},
         {QT_TRANSLATE_NOOP("JobListModel", "Timed out"), [](const J &j) { return timedOut(j.job); },
          Shown::InFileOnly}});
    return columns;
}
