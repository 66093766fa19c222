// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failureclusters.h"

#include <QAbstractTableModel>

// The clusters of a failure group as a table: biggest first, with when each began and last
// happened, its masked message and its top frame. Set whole (setClusters) as a scan goes on.
class FailureClusterModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { CountColumn, MessageColumn, FrameColumn, FirstColumn, LastColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    void setClusters(const QList<FailureCluster> &clusters, double now);
    const FailureCluster &clusterAt(int row) const { return m_clusters.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<FailureCluster> m_clusters;
    double m_now = 0;
};
