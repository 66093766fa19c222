// SPDX-License-Identifier: GPL-3.0-or-later
#include "workerlistmodel.h"

#include "durationtext.h"
#include "qlessclient.h"
#include "themecolors.h"
#include "timetext.h"

#include <QBrush>
#include <QDateTime>
#include <QFont>
#include <QLocale>

WorkerListModel::WorkerListModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<WorkerSummary>(parent)
    , m_client(client)
    // Ages ("waiting 3 min") against the Redis server's clock, which wrote the times shown.
    , m_clock([client] { return client ? client->now() : QDateTime::currentMSecsSinceEpoch() / 1000.0; })
{}

void WorkerListModel::refresh(std::function<void()> done)
{
    m_client->workerReads().workers(this, [this, done](const QlessReply<QList<WorkerSummary>> &reply) {
        if (reply.ok()) {
            m_lastError.clear();
            applySnapshot(reply.value);
            emit refreshed();
        } else {
            m_lastError = reply.error.message;
            emit loadFailed(m_lastError);
        }
        if (done)
            done();
    });
}

int WorkerListModel::stalledWorkers() const
{
    int n = 0;
    for (const WorkerSummary &row : rows())
        n += row.stalled > 0 ? 1 : 0;
    return n;
}

int WorkerListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString WorkerListModel::jobsExplained()
{
    return tr("Jobs in the worker's list that are not stalled, as qless's workers reply counts them. "
              "A job qless timed out stays in that list until another worker takes it, so it is counted "
              "here too, while the queues count it as waiting.");
}

QVariant WorkerListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && (section == JobsColumn || section == StalledColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && section == JobsColumn)
        return jobsExplained();
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Worker");
    case JobsColumn: return tr("Jobs");
    case StalledColumn: return tr("Stalled");
    case LastSeenColumn: return tr("Last seen");
    default: return {};
    }
}

QVariant WorkerListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const WorkerSummary &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn: return row.name;
        case JobsColumn: return QLocale().toString(row.jobs);
        case StalledColumn: return QLocale().toString(row.stalled);
        case LastSeenColumn:
            if (row.lastSeen <= 0)
                return tr("never");
            return tr("%1 ago").arg(DurationText::format(qMax(0.0, m_clock() - row.lastSeen)));
        default: return {};
        }
    case SortRole:
        switch (column) {
        case NameColumn: return row.name;
        case JobsColumn: return row.jobs;
        case StalledColumn: return row.stalled;
        case LastSeenColumn: return row.lastSeen;
        default: return {};
        }
    case KeyRole: return row.name;
    case Qt::TextAlignmentRole:
        if (column == JobsColumn || column == StalledColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        // A worker holding stalled jobs died or hangs: its row must catch the eye.
        if (row.stalled > 0 && (column == StalledColumn || column == NameColumn))
            return QBrush(ThemeColors::text(ThemeColors::Tone::Bad));
        if ((column == JobsColumn && row.jobs == 0) || (column == StalledColumn && row.stalled == 0))
            return QBrush(ThemeColors::text(ThemeColors::Tone::Muted));
        return {};
    case Qt::FontRole:
        if (row.stalled > 0 && (column == StalledColumn || column == NameColumn)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole:
        if (column == LastSeenColumn && row.lastSeen > 0)
            return TimeText::localWithUtc(row.lastSeen);
        if (column == JobsColumn)
            return jobsExplained();
        if (row.stalled > 0)
            return tr("Stalled jobs: %1. Their lock expired: this worker stopped heartbeating them.").arg(row.stalled);
        return {};
    default: return {};
    }
}
