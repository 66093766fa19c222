#include "failuregroupmodel.h"

#include "durationtext.h"
#include "qlessclient.h"
#include "timetext.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <memory>

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
{
}

bool FailureGroupModel::sameRow(const FailureGroupSummary &a, const FailureGroupSummary &b) const
{
    return a.name == b.name && a.count == b.count && a.latestWhen == b.latestWhen
        && a.latestQueue == b.latestQueue && a.latestMessage == b.latestMessage;
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
    m_client->failureGroups(this, [this, done, generation](const QlessReply<QList<FailureGroup>> &reply) {
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
        QList<FailureGroup> groups = reply.value;
        std::stable_sort(groups.begin(), groups.end(), [](const FailureGroup &a, const FailureGroup &b) {
            return a.count != b.count ? a.count > b.count : a.name < b.name;
        });
        auto rows = std::make_shared<QList<FailureGroupSummary>>();
        for (const FailureGroup &group : groups)
            rows->append(FailureGroupSummary{group.name, group.count, 0, {}, {}});
        const QList<int> chosen = m_latestLookups ? chooseLookups(*rows) : QList<int>();
        if (chosen.isEmpty()) {
            finish(*rows, done);
            return;
        }
        auto left = std::make_shared<int>(int(chosen.size()));
        for (const int i : chosen) {
            m_lookedUpAt.insert(rows->at(i).name, generation);
            m_client->failedJobs(rows->at(i).name, 0, 1, this,
                                 [this, rows, left, i, done, generation](const QlessReply<FailedJobsPage> &page) {
                // A failed lookup leaves the row without its newest failure; the counts still show.
                if (page.ok()) {
                    FailureGroupSummary &row = (*rows)[i];
                    row.latestWhen = 0; // read now: what was carried over is replaced
                    row.latestMessage.clear();
                    row.latestQueue.clear();
                }
                if (page.ok() && !page.value.jobs.isEmpty()) {
                    const Job &job = page.value.jobs.first();
                    FailureGroupSummary &row = (*rows)[i];
                    if (job.failure) {
                        row.latestWhen = job.failure->when;
                        row.latestMessage = firstLine(job.failure->message);
                    }
                    row.latestQueue = job.queue;
                }
                if (--*left > 0)
                    return;
                if (generation != m_generation) {
                    if (done)
                        done();
                    return;
                }
                finish(*rows, done);
            });
        }
    });
}

QList<int> FailureGroupModel::chooseLookups(QList<FailureGroupSummary> &rows)
{
    QList<int> changed;
    QList<int> others;
    for (int i = 0; i < rows.size(); ++i) {
        FailureGroupSummary &row = rows[i];
        const int shown = rowOf(row.name);
        const bool known = shown >= 0 && rowAt(shown).latestWhen > 0;
        if (shown >= 0) { // until looked up again, it shows what it showed
            row.latestWhen = rowAt(shown).latestWhen;
            row.latestQueue = rowAt(shown).latestQueue;
            row.latestMessage = rowAt(shown).latestMessage;
        }
        if (!known || rowAt(shown).count != row.count)
            changed.append(i); // rows come biggest first: so do these
        else
            others.append(i);
    }
    // Whose turn it is: longest since its last lookup first.
    std::stable_sort(others.begin(), others.end(), [this, &rows](int a, int b) {
        return m_lookedUpAt.value(rows.at(a).name, 0) < m_lookedUpAt.value(rows.at(b).name, 0);
    });
    QList<int> chosen = changed.mid(0, MaxLatestLookups);
    chosen += others.mid(0, MaxLatestLookups - chosen.size());
    return chosen;
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
    case KeyRole:
        return row.name;
    case Qt::TextAlignmentRole:
        return column == CountColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::ForegroundRole:
        // Failed jobs wait for a person: their count is the thing to see.
        if (column == CountColumn && row.count > 0)
            return QBrush(QColor(0xc6, 0x28, 0x28));
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
                .arg(row.latestQueue,
                     TimeText::localWithUtc(row.latestWhen),
                     row.latestMessage);
        return {};
    default:
        return {};
    }
}
