// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidekiqqueuemodel.h"

#include "durationtext.h"
#include "themecolors.h"

SidekiqQueueModel::SidekiqQueueModel(QObject *parent)
    : KeyedTableModel<SidekiqQueue>(parent)
{}

bool SidekiqQueueModel::sameRow(const SidekiqQueue &a, const SidekiqQueue &b) const
{
    return a.name == b.name && a.length == b.length && a.registered == b.registered && a.oldest == b.oldest
           && a.orphans == b.orphans;
}

void SidekiqQueueModel::apply(const QList<SidekiqQueue> &queues, double now)
{
    m_now = now;
    applySnapshot(queues);
    if (rowCount() > 0) // the waited time moves with the clock even when nothing else does
        emit dataChanged(index(0, WaitedColumn), index(rowCount() - 1, WaitedColumn));
}

QString SidekiqQueueModel::anomaly(const SidekiqQueue &queue)
{
    if (queue.length < 0)
        return tr("queue:%1 is not a list").arg(queue.name);
    if (queue.registered < 0)
        return tr("workers:%1 is not a hash").arg(queue.name);
    if (queue.orphans > 0)
        return tr("%1 of the next items belong to deleted SideJob jobs: dropped when fetched").arg(queue.orphans);
    if (queue.registered == 0 && queue.length > 0)
        return tr("No SideJob worker class registered: a SideJob job pushed here is terminated");
    return {};
}

int SidekiqQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SidekiqQueueModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SidekiqQueue &row = rowAt(index.row());
    if (role == KeyRole)
        return row.name;
    const double waited = row.oldestEnqueuedAt ? qMax(0.0, m_now - *row.oldestEnqueuedAt) : -1;
    if (role == SortRole) {
        switch (index.column()) {
        case LengthColumn: return row.length;
        case WaitedColumn: return waited;
        case RegisteredColumn: return row.registered;
        default: break;
        }
    }
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case NameColumn: return row.name;
        case LengthColumn: return row.length < 0 ? tr("(not a list)") : QString::number(row.length);
        case WaitedColumn: return waited < 0 ? QString() : DurationText::format(waited);
        case RegisteredColumn: return row.registered < 0 ? tr("(not a hash)") : QString::number(row.registered);
        case AnomalyColumn: return anomaly(row);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == WaitedColumn)
        return QString::fromUtf8(row.oldest);
    if (role == Qt::ForegroundRole && index.column() == AnomalyColumn)
        return ThemeColors::text(ThemeColors::Tone::Bad);
    return {};
}

QVariant SidekiqQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Queue");
    case LengthColumn: return tr("Waiting");
    case WaitedColumn: return tr("Next item waited");
    case RegisteredColumn: return tr("Worker classes");
    case AnomalyColumn: return tr("What looks wrong");
    default: return {};
    }
}
