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
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch() / 1000.0; })
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
        const int lookups = m_latestLookups ? int(qMin<qsizetype>(rows->size(), MaxLatestLookups)) : 0;
        if (lookups == 0) {
            finish(*rows, done);
            return;
        }
        auto left = std::make_shared<int>(lookups);
        for (int i = 0; i < lookups; ++i) {
            m_client->failedJobs(rows->at(i).name, 0, 1, this,
                                 [this, rows, left, i, done, generation](const QlessReply<FailedJobsPage> &page) {
                // A failed lookup leaves the row without its newest failure; the counts still show.
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
