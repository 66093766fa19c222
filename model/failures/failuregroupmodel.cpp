// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuregroupmodel.h"

#include "durationtext.h"
#include "qlessclient.h"
#include "themecolors.h"
#include "timetext.h"

#include <QBrush>
#include <QDateTime>
#include <QFont>
#include <QLocale>

#include <algorithm>

namespace {
QString firstLine(const QString &text)
{
    const int newline = text.indexOf(QLatin1Char('\n'));
    return (newline < 0 ? text : text.left(newline)).trimmed();
}
} // namespace

FailureGroupModel::FailureGroupModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<FailureGroupSummary>(parent)
    , m_client(client)
    // Ages ("waiting 3 min") against the Redis server's clock, which wrote the times shown.
    , m_clock([client] { return client ? client->now() : QDateTime::currentMSecsSinceEpoch() / 1000.0; })
{}

bool FailureGroupModel::sameRow(const FailureGroupSummary &a, const FailureGroupSummary &b) const
{
    return a.name == b.name && a.count == b.count && a.latestWhen == b.latestWhen && a.latestQueue == b.latestQueue
           && a.latestMessage == b.latestMessage;
}

qint64 FailureGroupModel::totalJobs() const
{
    qint64 sum = 0;
    for (const FailureGroupSummary &row : rows())
        sum += row.count;
    return sum;
}

void FailureGroupModel::refresh(std::function<void()> done)
{
    const quint64 generation = ++m_generation;
    // One step of the list: a bounded number of groups (with the total), so a refresh costs the
    // same whatever the operator looked at. With latest lookups, each group's newest failure too
    // (a few calls of a bounded time each); without, names and counts alone, far cheaper.
    auto apply = [this, done, generation](const QlessReply<FailureGroupList> &reply) {
        if (generation != m_generation) { // a newer refresh owns the table
            if (done)
                done();
            return;
        }
        if (!reply.ok()) {
            m_lastError = reply.error.message;
            emit loadFailed(m_lastError);
            if (done)
                done();
            return;
        }
        // Biggest first; the view may sort otherwise, but the model's own order is the useful one.
        QList<FailureGroup> groups = reply.value.groups;
        std::stable_sort(groups.begin(), groups.end(), [](const FailureGroup &a, const FailureGroup &b) {
            return a.count != b.count ? a.count > b.count : a.name < b.name;
        });
        QList<FailureGroupSummary> rows;
        rows.reserve(groups.size());
        for (const FailureGroup &group : std::as_const(groups)) {
            FailureGroupSummary row{group.name, group.count, 0, {}, {}};
            if (m_latestLookups && group.hasNewest) {
                // A newest job that is gone shows nothing (the group may be emptying); one that
                // cannot be read says so rather than hiding the group's newest failure.
                if (!group.newestDamaged.isEmpty() && group.newestDamaged != QLatin1String("job gone")) {
                    row.latestMessage = tr("newest job unreadable: %1").arg(group.newestDamaged);
                } else if (group.newestDamaged.isEmpty()) {
                    row.latestWhen = group.newestWhen;
                    row.latestQueue = group.newestQueue;
                    row.latestMessage = firstLine(group.newestMessage);
                }
            }
            rows.append(row);
        }
        m_totalGroups = reply.value.total;
        finish(rows, done);
    };
    if (m_latestLookups)
        m_client->failureReads().failureGroupList(this, std::move(apply));
    else
        m_client->failureReads().failureGroupCounts({}, this, std::move(apply));
}

void FailureGroupModel::finish(const QList<FailureGroupSummary> &rows, std::function<void()> done)
{
    m_lastError.clear();
    applySnapshot(rows);
    emit refreshed();
    if (done)
        done();
}

int FailureGroupModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FailureGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && section == CountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Group");
    case CountColumn: return tr("Jobs");
    case LatestColumn: return tr("Newest");
    case MessageColumn: return tr("Newest message");
    default: return {};
    }
}

QVariant FailureGroupModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FailureGroupSummary &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn: return row.name;
        case CountColumn: return QLocale().toString(row.count);
        case LatestColumn:
            if (row.latestWhen <= 0)
                return {};
            return tr("%1 ago").arg(DurationText::format(qMax(0.0, m_clock() - row.latestWhen)));
        case MessageColumn: return row.latestMessage;
        default: return {};
        }
    case SortRole:
        switch (column) {
        case NameColumn: return row.name;
        case CountColumn: return row.count;
        case LatestColumn: return row.latestWhen;
        case MessageColumn: return row.latestMessage;
        default: return {};
        }
    case KeyRole: return row.name;
    case Qt::TextAlignmentRole:
        return column == CountColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::ForegroundRole:
        // Failed jobs wait for a person: their count is the thing to see.
        if (column == CountColumn && row.count > 0)
            return QBrush(ThemeColors::text(ThemeColors::Tone::Bad));
        return {};
    case Qt::FontRole:
        if (column == CountColumn && row.count > 0) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole:
        if (row.latestWhen > 0)
            return tr("Newest failure in %1 at %2:\n%3")
                .arg(row.latestQueue, TimeText::localWithUtc(row.latestWhen), row.latestMessage);
        return {};
    default: return {};
    }
}
