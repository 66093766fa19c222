// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertlogmodel.h"

#include "themecolors.h"
#include "timetext.h"

#include <QBrush>
#include <QFont>
#include <QSet>

AlertLogModel::AlertLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

int AlertLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int AlertLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AlertLogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const Entry &e = m_entries.at(index.row());
    const bool firing = e.clearedAt <= 0;
    switch (role) {
    case FiringRole: return firing;
    case AcknowledgedRole: return e.acknowledged;
    case Qt::FontRole:
        if (firing && !e.acknowledged) {
            QFont bold;
            bold.setBold(true);
            return bold; // what still wants someone's eyes
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == StateColumn && firing)
            return QBrush(ThemeColors::text(e.acknowledged ? ThemeColors::Tone::Warning : ThemeColors::Tone::Bad));
        if (index.column() == StateColumn)
            return QBrush(ThemeColors::text(ThemeColors::Tone::Good));
        return {};
    case Qt::ToolTipRole:
        if (index.column() == FiredColumn)
            return TimeText::utc(e.firedAt);
        if (index.column() == ClearedColumn && !firing)
            return TimeText::utc(e.clearedAt);
        if (index.column() == AlertColumn)
            return e.text;
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case StateColumn:
            if (firing)
                return e.acknowledged ? tr("On, acknowledged") : tr("On");
            return e.clearedWhy.isEmpty() ? tr("Cleared") : tr("Ended");
        case FiredColumn: return TimeText::local(e.firedAt);
        case ClearedColumn:
            if (firing)
                return QString();
            return e.clearedWhy.isEmpty() ? TimeText::local(e.clearedAt)
                                          : tr("%1 (%2)").arg(TimeText::local(e.clearedAt), e.clearedWhy);
        case AlertColumn: return e.text;
        }
        return {};
    }
    return {};
}

QVariant AlertLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StateColumn: return tr("State");
    case FiredColumn: return tr("Fired");
    case ClearedColumn: return tr("Cleared");
    case AlertColumn: return tr("Alert");
    }
    return {};
}

void AlertLogModel::apply(const QList<AlertEvent> &events)
{
    for (const AlertEvent &event : events) {
        if (event.change == AlertEvent::Change::Fired) {
            beginInsertRows({}, 0, 0);
            m_entries.prepend(Entry{event.ruleId, event.subject, event.text, event.at, 0, {}, false});
            endInsertRows();
            continue;
        }
        const int row = findFiring(event.ruleId, event.subject);
        if (row < 0)
            continue; // fired before this log was kept (another session's evaluator): nothing to close
        Entry &e = m_entries[row];
        e.clearedAt = event.at > 0 ? event.at : e.firedAt;
        if (event.change == AlertEvent::Change::Ended) {
            // The text stays what the alert said while on: nothing was seen since.
            e.clearedWhy = tr("acknowledged, no longer listed");
            e.acknowledged = true;
        } else {
            e.text = event.text;
        }
        rowChanged(row);
    }
    trim();
    recount();
}

void AlertLogModel::retire(const QList<AlertEvaluator::Active> &active, double now)
{
    QSet<QString> on;
    for (const AlertEvaluator::Active &a : active)
        on.insert(a.ruleId + QChar(0) + a.subject);
    for (int row = 0; row < m_entries.size(); ++row) {
        Entry &e = m_entries[row];
        if (e.clearedAt > 0 || on.contains(e.ruleId + QChar(0) + e.subject))
            continue;
        e.clearedAt = now;
        e.clearedWhy = tr("the rule changed");
        rowChanged(row);
    }
    recount();
}

void AlertLogModel::acknowledge(const QList<int> &rows)
{
    for (int row : rows) {
        if (row < 0 || row >= m_entries.size() || m_entries.at(row).acknowledged)
            continue;
        m_entries[row].acknowledged = true;
        rowChanged(row);
    }
    recount();
}

void AlertLogModel::acknowledgeAll()
{
    QList<int> rows;
    for (int row = 0; row < m_entries.size(); ++row)
        rows << row;
    acknowledge(rows);
}

void AlertLogModel::clearHistory()
{
    beginResetModel();
    m_entries.removeIf([](const Entry &e) { return e.clearedAt > 0; });
    endResetModel();
    recount();
}

int AlertLogModel::firingCount() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(), [](const Entry &e) { return e.clearedAt <= 0; }));
}

int AlertLogModel::findFiring(const QString &ruleId, const QString &subject) const
{
    for (int row = 0; row < m_entries.size(); ++row) {
        const Entry &e = m_entries.at(row);
        if (e.clearedAt <= 0 && e.ruleId == ruleId && e.subject == subject)
            return row;
    }
    return -1;
}

// The oldest cleared rows go first; alerts still on stay whatever their number.
void AlertLogModel::trim()
{
    for (int row = int(m_entries.size()) - 1; row >= 0 && m_entries.size() > MaxRows; --row) {
        if (m_entries.at(row).clearedAt <= 0)
            continue;
        beginRemoveRows({}, row, row);
        m_entries.removeAt(row);
        endRemoveRows();
    }
}

void AlertLogModel::recount()
{
    const int count = int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                                        [](const Entry &e) { return e.clearedAt <= 0 && !e.acknowledged; }));
    if (count == m_unacknowledged)
        return;
    m_unacknowledged = count;
    emit unacknowledgedChanged(count);
}

void AlertLogModel::rowChanged(int row)
{
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}
