// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidekiqitemmodel.h"

#include "themecolors.h"
#include "timetext.h"

SidekiqItemModel::SidekiqItemModel(QObject *parent)
    : KeyedTableModel<SidekiqItem, QByteArray>(parent)
{}

bool SidekiqItemModel::sameRow(const SidekiqItem &a, const SidekiqItem &b) const
{
    return a.item == b.item && a.score == b.score && a.known == b.known;
}

void SidekiqItemModel::apply(const SidekiqItemPage &page, double now)
{
    m_now = now;
    m_total = page.total;
    applySnapshot(page.items);
}

int SidekiqItemModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SidekiqItemModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SidekiqItem &row = rowAt(index.row());
    if (role == KeyRole)
        return row.item;
    if (role == SortRole && index.column() == WhenColumn)
        return row.at.value_or(0);
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case WhenColumn: return row.at ? TimeText::localAndRelative(*row.at, m_now) : QString::number(row.score);
        case JidColumn: return QString::fromUtf8(row.jid);
        case ClassColumn: return row.klass;
        case QueueColumn: return row.queue;
        case JobColumn:
            return row.known == 1   ? tr("SideJob job")
                   : row.known == 0 ? tr("SideJob job deleted: dropped when due")
                                    : tr("not SideJob's");
        case ErrorColumn: return row.error;
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole)
        return QString::fromUtf8(row.item);
    if (role == Qt::ForegroundRole && index.column() == JobColumn && row.known == 0)
        return ThemeColors::text(ThemeColors::Tone::Bad);
    return {};
}

QVariant SidekiqItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case WhenColumn: return tr("When");
    case JidColumn: return tr("Jid");
    case ClassColumn: return tr("Class");
    case QueueColumn: return tr("Queue");
    case JobColumn: return tr("Job");
    case ErrorColumn: return tr("Error");
    default: return {};
    }
}
