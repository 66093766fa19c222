// SPDX-License-Identifier: GPL-3.0-or-later
#include "historymodel.h"

#include "durationtext.h"
#include "themecolors.h"
#include "timetext.h"

#include <QDateTime>
#include <QJsonDocument>

namespace {
bool sameEvent(const JobEvent &a, const JobEvent &b)
{
    return a.when == b.when && a.what == b.what && a.queue == b.queue && a.worker == b.worker && a.group == b.group
           && a.extra == b.extra && a.raw == b.raw;
}
} // namespace

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

bool HistoryModel::extends(const QList<JobEvent> &shown, const QList<JobEvent> &events)
{
    if (events.size() < shown.size())
        return false;
    for (qsizetype i = 0; i < shown.size(); ++i) {
        if (!sameEvent(shown.at(i), events.at(i)))
            return false;
    }
    return true;
}

void HistoryModel::setEvents(const QList<JobEvent> &events)
{
    setEvents(events, extends(m_events, events));
}

void HistoryModel::setEvents(const QList<JobEvent> &events, bool extendsShown)
{
    if (!extendsShown) {
        beginResetModel();
        m_events = events;
        endResetModel();
        return;
    }
    if (events.size() == m_events.size())
        return;
    beginInsertRows({}, int(m_events.size()), int(events.size()) - 1);
    m_events = events;
    endInsertRows();
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WhenColumn: return tr("When");
    case EventColumn: return tr("Event");
    case AfterColumn: return tr("After");
    case QueueColumn: return tr("Queue");
    case WorkerColumn: return tr("Worker");
    case DetailsColumn: return tr("Details");
    default: return {};
    }
}

QVariant HistoryModel::display(int row, int column) const
{
    const JobEvent &event = m_events.at(row);
    switch (column) {
    case WhenColumn:
        if (event.when <= 0)
            return {};
        return TimeText::local(event.when);
    case EventColumn:
        // A worker's own entry (qless `log`) reads apart from qless's transitions; its message,
        // free text of any length, goes with its data under Details.
        return event.isLog() ? tr("log") : event.what;
    case AfterColumn: {
        if (row == 0 || event.when <= 0 || m_events.at(row - 1).when <= 0)
            return {};
        const double gap = event.when - m_events.at(row - 1).when;
        return gap >= 0 ? QVariant(QString(QStringLiteral("+") + DurationText::format(gap))) : QVariant();
    }
    case QueueColumn: return event.queue;
    case WorkerColumn: return event.worker;
    case DetailsColumn: {
        if (!event.raw.isEmpty())
            return tr("unreadable entry: %1").arg(event.raw.left(300));
        QStringList parts;
        if (event.isLog())
            parts << event.what.left(300);
        if (event.what == QLatin1String("timed-out"))
            parts << tr("the worker lost its lock on the job");
        if (!event.group.isEmpty())
            parts << tr("group %1").arg(event.group);
        if (!event.extra.isEmpty())
            parts << QString::fromUtf8(QJsonDocument(event.extra).toJson(QJsonDocument::Compact)).left(300);
        return parts.join(QStringLiteral("; "));
    }
    default: return {};
    }
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobEvent &event = m_events.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(index.row(), index.column());
    case SortRole: return index.column() == WhenColumn ? QVariant(event.when) : display(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == WhenColumn && event.when > 0)
            return TimeText::utc(event.when);
        if (index.column() == EventColumn && event.isLog())
            return tr("A log entry a worker added to the job (qless log): its message and data are under Details.");
        if (index.column() == DetailsColumn && !event.raw.isEmpty())
            return event.raw.left(2000);
        if (index.column() == DetailsColumn && !event.extra.isEmpty()) // the whole data, not the cell's cut
            return QString::fromUtf8(QJsonDocument(event.extra).toJson(QJsonDocument::Indented)).left(4000);
        return {};
    case Qt::ForegroundRole:
        if (event.what == QLatin1String("failed") || event.what == QLatin1String("invalid")
            || event.what == QLatin1String("timed-out"))
            return ThemeColors::text(ThemeColors::Tone::Bad);
        if (event.isLog() && index.column() == EventColumn)
            return ThemeColors::text(ThemeColors::Tone::Info);
        if (index.column() == AfterColumn)
            return ThemeColors::text(ThemeColors::Tone::Muted);
        return {};
    default: return {};
    }
}
