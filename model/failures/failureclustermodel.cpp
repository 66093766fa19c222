// SPDX-License-Identifier: GPL-3.0-or-later
#include "failureclustermodel.h"

#include "timetext.h"

#include <QLocale>

void FailureClusterModel::setClusters(const QList<FailureCluster> &clusters, double now)
{
    beginResetModel();
    m_clusters = clusters;
    m_now = now;
    endResetModel();
}

int FailureClusterModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_clusters.size());
}

int FailureClusterModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FailureClusterModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_clusters.size())
        return {};
    const FailureCluster &cluster = m_clusters.at(index.row());
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case CountColumn: return QLocale().toString(cluster.count);
        case MessageColumn: return cluster.signature.message;
        case FrameColumn: return cluster.signature.frame.isEmpty() ? tr("(no backtrace)") : cluster.signature.frame;
        case FirstColumn: return cluster.firstSeen > 0 ? TimeText::relative(cluster.firstSeen, m_now) : QString();
        case LastColumn: return cluster.lastSeen > 0 ? TimeText::relative(cluster.lastSeen, m_now) : QString();
        }
    } else if (role == SortRole) {
        switch (column) {
        case CountColumn: return cluster.count;
        case FirstColumn: return cluster.firstSeen;
        case LastColumn: return cluster.lastSeen;
        default: return data(index, Qt::DisplayRole);
        }
    } else if (role == Qt::ToolTipRole) {
        if (column == FirstColumn && cluster.firstSeen > 0)
            return TimeText::localWithUtc(cluster.firstSeen);
        if (column == LastColumn && cluster.lastSeen > 0)
            return TimeText::localWithUtc(cluster.lastSeen);
        if (column == MessageColumn || column == FrameColumn)
            return tr("Newest (%1):\n%2").arg(QString::fromUtf8(cluster.exampleJid), cluster.example.left(2000));
    } else if (role == Qt::TextAlignmentRole && column == CountColumn) {
        return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant FailureClusterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CountColumn: return tr("Failures");
    case MessageColumn: return tr("What went wrong");
    case FrameColumn: return tr("Where");
    case FirstColumn: return tr("First");
    case LastColumn: return tr("Last");
    }
    return {};
}
