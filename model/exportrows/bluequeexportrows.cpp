// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeexportrows.h"

#include "csvtext.h"
#include "tableexportview.h"

namespace {
QString count(qint64 n)
{
    return QString::number(n);
}
} // namespace

QStringList BluequeExportRows::header(const TableExportView &view)
{
    switch (view.kind) {
    case TableExportView::Kind::BluequeQueues:
        return {QStringLiteral("Queue"),     QStringLiteral("Pending"),
                QStringLiteral("Scheduled"), QStringLiteral("Overdue"),
                QStringLiteral("Reserved"),  QStringLiteral("Started"),
                QStringLiteral("Complete"),  QStringLiteral("Failed"),
                QStringLiteral("Listeners"), QStringLiteral("Listeners counted"),
                QStringLiteral("Score"),     QStringLiteral("Stuck"),
                QStringLiteral("Odd keys")};
    case TableExportView::Kind::BluequeListeners: return BluequeListenerRow::columns().fileHeader();
    default:
        // "Entry": the started member, the scheduled score, or the listener of a reserved list.
        return {QStringLiteral("Task"),       QStringLiteral("Status"),  QStringLiteral("Queue"),
                QStringLiteral("Created"),    QStringLiteral("Updated"), QStringLiteral("Eta"),
                QStringLiteral("Node"),       QStringLiteral("Pid"),     QStringLiteral("Entry"),
                QStringLiteral("Parameters"), QStringLiteral("Error"),   QStringLiteral("Hash")};
    }
}

QStringList BluequeExportRows::queue(const BluequeQueue &q)
{
    return {q.name,
            count(q.pending),
            count(q.scheduled),
            count(q.overdue),
            count(q.reserved),
            count(q.started),
            count(q.complete),
            count(q.failed),
            count(q.listeners),
            count(q.listenersRead),
            CsvText::number(q.score),
            count(q.stuck),
            q.odd};
}

QStringList BluequeExportRows::task(const BluequeTaskRow &t, const QString &parameters, const QString &error)
{
    return {QString::fromUtf8(t.id),
            t.status,
            t.queue,
            time(t.created),
            time(t.updated),
            time(t.eta),
            t.node,
            t.pid,
            t.entry,
            parameters,
            error,
            t.keyType};
}

QStringList BluequeExportRows::listener(const BluequeListenerRow &listener)
{
    return BluequeListenerRow::columns().fileRow(listener);
}

QString BluequeExportRows::time(const BluequeTime &time)
{
    if (time.seconds)
        return CsvText::utc(*time.seconds);
    return QString::fromUtf8(time.text);
}
