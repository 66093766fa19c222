// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidekiqprocessmodel.h"

#include "themecolors.h"
#include "timetext.h"

SidekiqProcessModel::SidekiqProcessModel(QObject *parent)
    : KeyedTableModel<SidekiqProcess>(parent)
{}

bool SidekiqProcessModel::sameRow(const SidekiqProcess &a, const SidekiqProcess &b) const
{
    return a.identity == b.identity && a.present == b.present && a.info == b.info && a.busy == b.busy
           && a.beatText == b.beatText && a.quiet == b.quiet;
}

void SidekiqProcessModel::apply(const QList<SidekiqProcess> &processes, double now)
{
    m_now = now;
    applySnapshot(processes);
    if (rowCount() > 0) // "how long ago" moves with the clock
        emit dataChanged(index(0, BeatColumn), index(rowCount() - 1, StateColumn));
}

QString SidekiqProcessModel::state(const SidekiqProcess &process, double now)
{
    if (!process.present)
        return tr("gone: listed in processes without its hash (killed; a live process prunes it)");
    if (!process.beat)
        return tr("no readable beat");
    if (now - *process.beat > StaleBeatSeconds)
        return tr("silent: no beat for %1 s").arg(qint64(now - *process.beat));
    return process.quiet ? tr("quiet (takes no new work)") : tr("running");
}

int SidekiqProcessModel::busyTotal() const
{
    int busy = 0;
    for (int i = 0; i < rowCount(); ++i)
        busy += int(qMax<qint64>(0, rowAt(i).busy));
    return busy;
}

int SidekiqProcessModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SidekiqProcessModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SidekiqProcess &row = rowAt(index.row());
    if (role == KeyRole)
        return row.identity;
    if (role == SortRole && index.column() == BusyColumn)
        return row.busy;
    if (role == SortRole && index.column() == BeatColumn)
        return row.beat.value_or(0);
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case IdentityColumn: return row.identity;
        case QueuesColumn: return row.queues.join(QStringLiteral(", "));
        case BusyColumn:
            if (row.busy < 0)
                return QString();
            return row.concurrency > 0 ? tr("%1 of %2").arg(row.busy).arg(row.concurrency) : QString::number(row.busy);
        case BeatColumn: return row.beat ? TimeText::relative(*row.beat, m_now) : QString::fromUtf8(row.beatText);
        case StartedColumn: return row.startedAt ? TimeText::local(*row.startedAt) : QString();
        case StateColumn: return state(row, m_now);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == BeatColumn && row.beat)
        return TimeText::localWithUtc(*row.beat);
    if (role == Qt::ToolTipRole && index.column() == IdentityColumn)
        return QString::fromUtf8(row.info);
    if (role == Qt::ForegroundRole && index.column() == StateColumn
        && (!row.present || !row.beat || m_now - *row.beat > StaleBeatSeconds))
        return ThemeColors::text(ThemeColors::Tone::Bad);
    return {};
}

QVariant SidekiqProcessModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdentityColumn: return tr("Process");
    case QueuesColumn: return tr("Queues");
    case BusyColumn: return tr("Busy");
    case BeatColumn: return tr("Last beat");
    case StartedColumn: return tr("Started");
    case StateColumn: return tr("State");
    default: return {};
    }
}
