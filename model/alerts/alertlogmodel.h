// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertevaluator.h"
#include "alertobservation.h"

#include <QAbstractTableModel>
#include <QList>

// The alerts of one connection as the operator reads them: every alert that fired, newest first,
// with when it fired, when it cleared (empty while it is still on) and whether someone has
// acknowledged it. Fed the AlertMonitor's changes; kept to the newest `MaxRows` (cleared alerts go
// first, an alert still on is never dropped). The count of alerts on and not acknowledged is the
// page's badge.
class AlertLogModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { StateColumn, FiredColumn, ClearedColumn, AlertColumn, ColumnCount };
    enum Role {
        FiringRole = Qt::UserRole + 1, // bool: still on
        AcknowledgedRole,              // bool
    };

    struct Entry
    {
        QString ruleId;
        QString subject;
        QString text; // as it last read
        double firedAt = 0;
        double clearedAt = 0; // 0: still on
        QString clearedWhy;   // empty: it cleared by itself
        bool acknowledged = false;
    };

    explicit AlertLogModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Takes one check's changes: a fired alert becomes a new top row, a cleared one closes its row
    // (an ended one too, marked as acknowledged and ended by that, not as cleared by itself).
    void apply(const QList<AlertEvent> &events);
    // The rules changed: rows still on whose alert is not among `active` any more end now, marked
    // as ended by the rule's change (nothing cleared by itself).
    void retire(const QList<AlertEvaluator::Active> &active, double now);
    void acknowledge(const QList<int> &rows);
    void acknowledgeAll();
    // Forgets the cleared rows.
    void clearHistory();

    const Entry &entry(int row) const { return m_entries.at(row); }
    int firingCount() const;
    int unacknowledgedCount() const { return m_unacknowledged; }

    static constexpr int MaxRows = 1000;

signals:
    // The count of alerts on and not acknowledged changed.
    void unacknowledgedChanged(int count);

private:
    int findFiring(const QString &ruleId, const QString &subject) const;
    void trim();
    void recount();
    void rowChanged(int row);

    QList<Entry> m_entries; // newest first
    int m_unacknowledged = 0;
};
