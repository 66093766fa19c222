// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequequeuemodel.h"

#include "bluequeclient.h"
#include "themecolors.h"

#include <QLocale>

BluequeQueueModel::BluequeQueueModel(BluequeClient *client, QObject *parent)
    : KeyedTableModel<BluequeQueue>(parent)
    , m_client(client)
{}

bool BluequeQueueModel::sameRow(const BluequeQueue &a, const BluequeQueue &b) const
{
    return a.name == b.name && a.score == b.score && a.pending == b.pending && a.scheduled == b.scheduled
           && a.overdue == b.overdue && a.reserved == b.reserved && a.started == b.started && a.complete == b.complete
           && a.failed == b.failed && a.listeners == b.listeners && a.listenersRead == b.listenersRead && a.odd == b.odd
           && a.stuck == b.stuck;
}

void BluequeQueueModel::refresh(double now, std::function<void(bool ok)> done)
{
    m_client->queues(now, this, [this, done](const QlessReply<QList<BluequeQueue>> &reply) {
        if (reply.ok()) {
            m_lastError.clear();
            applySnapshot(reply.value);
            emit refreshed();
        } else {
            m_lastError = reply.error.message;
        }
        if (done)
            done(reply.ok());
    });
}

QStringList BluequeQueueModel::anomalies(const BluequeQueue &queue)
{
    QStringList out;
    if (queue.overdue > 0)
        out << tr("%n scheduled task(s) past their eta: no process runs enqueue_due_tasks for this queue", nullptr,
                  int(queue.overdue));
    if (queue.stuck > 0)
        out << tr(
            "%n reserved task(s) still pending for more than a few seconds: a dequeue cut short (its listener may have "
            "died between taking the id and writing the status)",
            nullptr, int(queue.stuck));
    if (!queue.odd.isEmpty())
        out << tr("Keys of a type Blueque does not write (the 2013 README's layout or a hand edit): %1").arg(queue.odd);
    if (queue.listenersRead < queue.listeners)
        out << tr("Reserved counted for %1 of %2 listeners only").arg(queue.listenersRead).arg(queue.listeners);
    return out;
}

QString BluequeQueueModel::anomalyLabels(const BluequeQueue &queue)
{
    // A word each, in the order of anomalies(); the tooltip says the whole of each.
    QStringList out;
    if (queue.overdue > 0)
        out << tr("overdue schedule");
    if (queue.stuck > 0)
        out << tr("stuck reservation");
    if (!queue.odd.isEmpty())
        out << tr("odd keys");
    if (queue.listenersRead < queue.listeners)
        out << tr("partly counted");
    return out.isEmpty() ? tr("none") : out.join(QStringLiteral(", "));
}

int BluequeQueueModel::anomalyCount() const
{
    int total = 0;
    for (const BluequeQueue &queue : rows())
        total += int(anomalies(queue).size());
    return total;
}

qint64 BluequeQueueModel::count(const BluequeQueue &row, int column)
{
    switch (column) {
    case PendingColumn: return row.pending;
    case ScheduledColumn: return row.scheduled;
    case ReservedColumn: return row.reserved;
    case StartedColumn: return row.started;
    case CompleteColumn: return row.complete;
    case FailedColumn: return row.failed;
    case ListenersColumn: return row.listeners;
    case AnomaliesColumn: return anomalies(row).size();
    default: return 0;
    }
}

int BluequeQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BluequeQueueModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const BluequeQueue &row = rowAt(index.row());
    const int column = index.column();
    if (role == KeyRole)
        return row.name;
    if (role == SortRole)
        return column == NameColumn ? QVariant(row.name) : QVariant(count(row, column));
    if (role == Qt::DisplayRole) {
        if (column == NameColumn)
            return row.name;
        const qint64 value = count(row, column);
        if (value < 0)
            return tr("bad key");
        if (column == AnomaliesColumn)
            return anomalyLabels(row);
        if (column == ScheduledColumn && row.overdue > 0)
            return tr("%1 (%2 overdue)").arg(QLocale().toString(value)).arg(QLocale().toString(row.overdue));
        return QLocale().toString(value);
    }
    if (role == Qt::TextAlignmentRole && column != NameColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (column == AnomaliesColumn || column == NameColumn)
            return anomalies(row).join(QLatin1Char('\n'));
        if (column == ListenersColumn)
            return tr("blueque_queues' score: %1 (listeners ever added minus orphans claimed; it overcounts "
                      "listeners that exited normally)")
                .arg(row.score);
        if (count(row, column) < 0)
            return tr("This key has a type Blueque never writes: %1").arg(row.odd);
    }
    if (role == Qt::ForegroundRole) {
        const bool wrong = count(row, column) < 0 || (column == AnomaliesColumn && !anomalies(row).isEmpty())
                           || (column == ScheduledColumn && row.overdue > 0)
                           || (column == FailedColumn && row.failed > 0);
        if (wrong)
            return ThemeColors::text(ThemeColors::Tone::Bad);
    }
    return {};
}

QVariant BluequeQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Queue");
    case PendingColumn: return tr("Pending");
    case ScheduledColumn: return tr("Scheduled");
    case ReservedColumn: return tr("Reserved");
    case StartedColumn: return tr("Started");
    case CompleteColumn: return tr("Complete");
    case FailedColumn: return tr("Failed");
    case ListenersColumn: return tr("Listeners");
    case AnomaliesColumn: return tr("Anomalies");
    default: return {};
    }
}
