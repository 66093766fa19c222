// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableexportrows.h"

#include "csvtext.h"
#include "jobcolumns.h"
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
    // Headers and cell words of the CSV files are English in every language of the window, as the
    // headless export-table writes them: a script reading the file must not depend on who saved it.
    return JobColumns::columns().fileHeader();
}

QStringList TableExportRows::header(const TableExportView &view)
{
    using Kind = TableExportView::Kind;
    if (view.listsJobs())
        return jobHeader();
    switch (view.kind) {
    case Kind::Queues:
        return {QStringLiteral("Queue"),     QStringLiteral("Paused"),          QStringLiteral("Waiting"),
                QStringLiteral("Running"),   QStringLiteral("Max concurrency"), QStringLiteral("Stalled"),
                QStringLiteral("Scheduled"), QStringLiteral("Depends"),         QStringLiteral("Recurring"),
                QStringLiteral("Length")};
    case Kind::Jobs: // recurring templates
        return {QStringLiteral("Template"), QStringLiteral("Class"),   QStringLiteral("Queue"),
                QStringLiteral("Priority"), QStringLiteral("Tags"),    QStringLiteral("Every"),
                QStringLiteral("Next run"), QStringLiteral("Spawned"), QStringLiteral("Retries"),
                QStringLiteral("Backlog")};
    case Kind::Failed:
        return {QStringLiteral("Group"), QStringLiteral("Jobs"), QStringLiteral("Newest"),
                QStringLiteral("Newest queue"), QStringLiteral("Newest message")};
    case Kind::Workers:
        return {QStringLiteral("Worker"), QStringLiteral("Jobs"), QStringLiteral("Stalled"),
                QStringLiteral("Last seen")};
    case Kind::Tags: return {QStringLiteral("Tag"), QStringLiteral("Jobs")};
    case Kind::Config:
        return {QStringLiteral("Option"), QStringLiteral("In force"), QStringLiteral("Override"),
                QStringLiteral("Default"), QStringLiteral("What it does")};
    case Kind::Activity:
        return {QStringLiteral("time"),      QStringLiteral("server"), QStringLiteral("action"),
                QStringLiteral("arguments"), QStringLiteral("count"),  QStringLiteral("outcome"),
                QStringLiteral("message")};
    default: return jobHeader();
    }
}

QStringList TableExportRows::job(const Job &job, double now)
{
    return JobColumns::columns().fileRow({job, now});
}

QStringList TableExportRows::queue(const QueueCounts &q)
{
    return {q.name,
            q.paused ? QStringLiteral("yes") : QStringLiteral("no"),
            count(q.waiting),
            count(q.running),
            count(q.maxConcurrency),
            count(q.stalled),
            count(q.scheduled),
            count(q.depends),
            count(q.recurring),
            count(q.length())};
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
    return {QString::fromUtf8(r.jid),
            r.klass,
            r.queue,
            CsvText::number(r.priority),
            r.tags.join(QStringLiteral(", ")),
            CsvText::number(r.interval),
            CsvText::utc(r.next),
            CsvText::number(r.count),
            CsvText::number(r.retries),
            CsvText::number(r.backlog)};
}

QStringList TableExportRows::audit(const AuditRecord &record)
{
    const QString arguments = QString::fromUtf8(QJsonDocument(record.arguments).toJson(QJsonDocument::Compact));
    return {record.time.toUTC().toString(Qt::ISODateWithMs),
            record.server,
            record.action,
            arguments,
            count(record.count),
            record.outcome,
            record.message};
}
