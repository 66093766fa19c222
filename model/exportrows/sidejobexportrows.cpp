// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobexportrows.h"

#include "csvtext.h"
#include "tableexportview.h"

#include <optional>

namespace {
QString count(qint64 n)
{
    return QString::number(n);
}

QString time(const std::optional<double> &seconds)
{
    return seconds ? CsvText::utc(*seconds) : QString();
}

QString yesNo(bool value)
{
    return value ? QStringLiteral("yes") : QStringLiteral("no");
}
} // namespace

QStringList SideJobExportRows::header(const TableExportView &view)
{
    switch (view.kind) {
    case TableExportView::Kind::SideJobQueues:
        // "Deleted jobs' items": of the 100 items fetched next, those whose job is gone.
        return {QStringLiteral("Queue"), QStringLiteral("Length"), QStringLiteral("Registered classes"),
                QStringLiteral("Deleted jobs' items"), QStringLiteral("Oldest enqueued")};
    case TableExportView::Kind::SideJobProcesses:
        return {QStringLiteral("Process"),
                QStringLiteral("Present"),
                QStringLiteral("Host"),
                QStringLiteral("Pid"),
                QStringLiteral("Tag"),
                QStringLiteral("Concurrency"),
                QStringLiteral("Busy"),
                QStringLiteral("Queues"),
                QStringLiteral("Started"),
                QStringLiteral("Beat"),
                QStringLiteral("Beat as stored"),
                QStringLiteral("Quiet")};
    default:
        return {QStringLiteral("Job"),     QStringLiteral("Layout"),     QStringLiteral("Status"),
                QStringLiteral("Queue"),   QStringLiteral("Class"),      QStringLiteral("Args"),
                QStringLiteral("Created"), QStringLiteral("Created by"), QStringLiteral("Ran"),
                QStringLiteral("Parent"),  QStringLiteral("Locked")};
    }
}

QStringList SideJobExportRows::job(const SideJobRow &j, const QByteArray &args)
{
    return {count(j.id),    j.layout,
            j.status,       j.queue,
            j.klass,        QString::fromUtf8(args),
            j.createdAt,    j.createdBy,
            j.ranAt,        QString::fromUtf8(j.parent),
            yesNo(j.locked)};
}

QStringList SideJobExportRows::queue(const SidekiqQueue &q)
{
    return {q.name, count(q.length), count(q.registered), count(q.orphans), time(q.oldestEnqueuedAt)};
}

QStringList SideJobExportRows::process(const SidekiqProcess &p)
{
    return {p.identity,
            yesNo(p.present),
            p.hostname,
            p.present ? count(p.pid) : QString(),
            p.tag,
            p.present ? count(p.concurrency) : QString(),
            count(p.busy),
            p.queues.join(QLatin1Char(' ')),
            time(p.startedAt),
            time(p.beat),
            QString::fromUtf8(p.beatText),
            yesNo(p.quiet)};
}
