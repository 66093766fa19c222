#include "tableexportrows.h"

#include "csvtext.h"
#include "joblistmodel.h"
#include "jobrowtext.h"
#include "tableexportview.h"

#include <QJsonDocument>

namespace {
QString count(qint64 n)
{
    return QString::number(n);
}
} // namespace

QStringList TableExportRows::jobHeader()
{
    // JobListModel's columns in its order; where one cell of the window holds two facts
    // ("2 of 5", "group: message"), the file has a column for each.
    return {tr("Job"),    tr("Class"),        tr("State"),   tr("Queue"),         tr("Priority"),
            tr("Tags"),   tr("Worker"),       tr("When"),    tr("Retries left"),  tr("Retries"),
            tr("Failure group"), tr("Failure"), tr("Put"),   tr("Last change"),   tr("Timed out")};
}

QStringList TableExportRows::header(const TableExportView &view)
{
    using Kind = TableExportView::Kind;
    if (view.listsJobs())
        return jobHeader();
    switch (view.kind) {
    case Kind::Queues:
        return {tr("Queue"),     tr("Paused"),  tr("Waiting"),   tr("Running"),  tr("Max concurrency"),
                tr("Stalled"),   tr("Scheduled"), tr("Depends"), tr("Recurring"), tr("Length")};
    case Kind::Jobs: // recurring templates
        return {tr("Template"), tr("Class"),  tr("Queue"),   tr("Priority"), tr("Tags"),
                tr("Every"),    tr("Next run"), tr("Spawned"), tr("Retries"), tr("Backlog")};
    case Kind::Failed:
        return {tr("Group"), tr("Jobs"), tr("Newest"), tr("Newest queue"), tr("Newest message")};
    case Kind::Workers:
        return {tr("Worker"), tr("Jobs"), tr("Stalled"), tr("Last seen")};
    case Kind::Tags:
        return {tr("Tag"), tr("Jobs")};
    case Kind::Config:
        return {tr("Option"), tr("In force"), tr("Override"), tr("Default"), tr("What it does")};
    case Kind::Activity:
        return {tr("time"), tr("server"), tr("action"), tr("arguments"), tr("count"), tr("outcome"), tr("message")};
    default:
        return jobHeader();
    }
}

QStringList TableExportRows::job(const Job &job, double now)
{
    // The state-dependent moment the window's "When" column shows (lock expiry, due, failed at,
    // timed out at, put); the clock only matters for the relative texts, not used here.
    static const JobRowText when([] { return 0.0; });
    JobRow::Pool pool;
    const double whenValue = when.sortValue(JobRow(job, &pool), JobListModel::TimeColumn).toDouble();
    return {QString::fromUtf8(job.jid),
            job.klass,
            job.lockExpired(now) ? QStringLiteral("stalled") : job.state,
            job.queue,
            CsvText::number(job.priority),
            job.tags.join(QStringLiteral(", ")),
            job.worker,
            CsvText::utc(whenValue),
            CsvText::number(job.remaining),
            CsvText::number(job.retries),
            job.failure ? job.failure->group : QString(),
            job.failure ? job.failure->message : QString(),
            CsvText::utc(job.put),
            CsvText::utc(job.time),
            job.timedOut ? (job.timedOutAt > 0 ? CsvText::utc(job.timedOutAt) : tr("yes")) : QString()};
}

QStringList TableExportRows::queue(const QueueCounts &q)
{
    return {q.name,          q.paused ? tr("yes") : tr("no"), count(q.waiting), count(q.running),
            count(q.maxConcurrency), count(q.stalled), count(q.scheduled), count(q.depends),
            count(q.recurring), count(q.length())};
}

QStringList TableExportRows::failureGroup(const FailureGroup &group, const Job *newest)
{
    const bool known = newest && newest->failure;
    return {group.name, count(group.count), known ? CsvText::utc(newest->failure->when) : QString(),
            newest ? newest->queue : QString(), known ? newest->failure->message : QString()};
}

QStringList TableExportRows::worker(const WorkerSummary &w)
{
    return {w.name, count(w.jobs), count(w.stalled), CsvText::utc(w.lastSeen)};
}

QStringList TableExportRows::tag(const TagCount &t)
{
    return {t.tag, count(t.count)};
}

QStringList TableExportRows::recurring(const RecurringJob &r)
{
    return {QString::fromUtf8(r.jid),  r.klass,
            r.queue,                   CsvText::number(r.priority),
            r.tags.join(QStringLiteral(", ")), CsvText::number(r.interval),
            CsvText::utc(r.next),      CsvText::number(r.count),
            CsvText::number(r.retries), CsvText::number(r.backlog)};
}

QStringList TableExportRows::audit(const AuditRecord &record)
{
    const QString arguments = QString::fromUtf8(QJsonDocument(record.arguments).toJson(QJsonDocument::Compact));
    return {record.time.toUTC().toString(Qt::ISODateWithMs), record.server, record.action, arguments,
            count(record.count), record.outcome, record.message};
}
