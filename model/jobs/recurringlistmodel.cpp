// SPDX-License-Identifier: GPL-3.0-or-later
#include "recurringlistmodel.h"

#include "durationtext.h"
#include "qlessclient.h"
#include "refreshjoin.h"
#include "themecolors.h"

#include <QDateTime>

#include <memory>

namespace {
// What one load collects while its replies come in: the jids, the total, then one template each.
struct Gathering
{
    QList<QByteArray> jids;
    QList<std::optional<RecurringJob>> templates;
    qint64 total = -1;
    RedisError error;
};

// Whether a failed read says something about the template (its key holds something else), not
// about the connection: then that row is marked and the page still shows.
bool aboutTheData(const RedisError &error)
{
    return error.kind == RedisError::Kind::BadReply || error.kind == RedisError::Kind::ScriptError
           || error.kind == RedisError::Kind::ServerError;
}

RecurringJob unreadable(const QByteArray &jid, const QString &why)
{
    RecurringJob row;
    row.jid = jid;
    row.problems.insert(QStringLiteral("template"), {FieldProblem::Kind::Invalid, why.left(200)});
    return row;
}
} // namespace

RecurringListModel::RecurringListModel(QlessClient *client, QObject *parent)
    : PagedListModel<RecurringJob>(parent)
    , m_client(client)
    // Ages ("waiting 3 min") against the Redis server's clock, which wrote the times shown.
    , m_clock([client] { return client ? client->now() : QDateTime::currentMSecsSinceEpoch() / 1000.0; })
{}

bool RecurringListModel::sameRow(const RecurringJob &a, const RecurringJob &b) const
{
    return a.jid == b.jid && a.klass == b.klass && a.queue == b.queue && a.priority == b.priority
           && a.interval == b.interval && a.retries == b.retries && a.count == b.count && a.next == b.next
           && a.backlog == b.backlog && a.state == b.state && a.tags == b.tags && a.data == b.data
           && a.problems.keys() == b.problems.keys();
}

void RecurringListModel::setQueue(const QString &queue)
{
    m_queue.clear();
    dropSource();
    m_queue = queue;
    loadFirstPage();
}

void RecurringListModel::readPage(int offset, int count, PageRows rows, PageFailed failed)
{
    const quint64 generation = sourceGeneration();
    auto state = std::make_shared<Gathering>();
    const auto finish = [state, rows, failed] {
        if (!state->error.isNull()) {
            failed(state->error.message);
            return;
        }
        QList<RecurringJob> found;
        for (const std::optional<RecurringJob> &row : std::as_const(state->templates)) {
            if (row) // a template turned off between the two reads is simply no longer listed
                found.append(*row);
        }
        rows(found, state->total, int(state->jids.size()));
    };
    const auto fetchTemplates = [this, generation, state, finish] {
        // A queue replaced meanwhile: its templates are not read (PagedListModel drops the page).
        if (generation != sourceGeneration() || !state->error.isNull() || state->jids.isEmpty()) {
            finish();
            return;
        }
        // One read per template; the connection pipelines them, so a page costs one round trip.
        state->templates.resize(state->jids.size());
        RefreshJoin join(int(state->jids.size()), [finish](bool) { finish(); });
        for (int i = 0; i < state->jids.size(); ++i) {
            const QByteArray jid = state->jids.at(i);
            m_client->jobReads().recurringJob(
                jid, this, [state, i, jid, part = join.part()](const QlessReply<std::optional<RecurringJob>> &reply) {
                    if (reply.ok())
                        state->templates[i] = reply.value;
                    else if (aboutTheData(reply.error))
                        state->templates[i] =
                            unreadable(jid, reply.error.message); // one bad template, not a failed page
                    else if (state->error.isNull())
                        state->error = reply.error;
                    part(reply.ok());
                });
        }
    };
    // The list and the count go out together; the templates follow when both are in.
    RefreshJoin join(2, [fetchTemplates](bool) { fetchTemplates(); });
    m_client->jobReads().jobs(QStringLiteral("recurring"), m_queue, offset, count, this,
                              [state, part = join.part()](const QlessReply<QList<QByteArray>> &reply) {
                                  if (reply.ok())
                                      state->jids = reply.value;
                                  else
                                      state->error = reply.error;
                                  part(reply.ok());
                              });
    m_client->queueReads().queueCounts(m_queue, this,
                                       [state, part = join.part()](const QlessReply<QueueCounts> &reply) {
                                           if (reply.ok())
                                               state->total = reply.value.recurring;
                                           part(reply.ok());
                                       });
}

void RecurringListModel::setQueuePaused(bool paused)
{
    if (paused == m_queuePaused)
        return;
    m_queuePaused = paused;
    if (rowCount() > 0)
        emit dataChanged(index(0, NextRunColumn), index(rowCount() - 1, NextRunColumn));
}

int RecurringListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecurringListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case JidColumn: return tr("Template");
    case KlassColumn: return tr("Class");
    case PriorityColumn: return tr("Priority");
    case TagsColumn: return tr("Tags");
    case IntervalColumn: return tr("Every");
    case NextRunColumn: return tr("Next run");
    case CountColumn: return tr("Spawned");
    case BacklogColumn: return tr("Backlog");
    case RetriesColumn: return tr("Retries");
    default: return {};
    }
}

QVariant RecurringListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RecurringJob &row = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(row, index.column());
    case SortRole: return sortValue(row, index.column());
    case KeyRole: return keyOf(row);
    case RecurringJobRole: return QVariant::fromValue(row);
    case FreshRole: return isFresh(index.row());
    case Qt::ToolTipRole: {
        const QString tip = toolTip(row);
        if (isFresh(index.row()))
            return tip;
        return QString(tip + QLatin1Char('\n')
                       + tr("Not read again since it was out of view: as it was when last read."));
    }
    case Qt::ForegroundRole:
        if (!row.problems.isEmpty())
            return ThemeColors::text(ThemeColors::Tone::Muted);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PriorityColumn || index.column() == CountColumn || index.column() == BacklogColumn
            || index.column() == RetriesColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QString RecurringListModel::toolTip(const RecurringJob &row) const
{
    QStringList lines;
    for (auto it = row.problems.cbegin(); it != row.problems.cend(); ++it) {
        lines << (it->kind == FieldProblem::Kind::Missing ? tr("%1: missing").arg(it.key())
                                                          : tr("%1: not valid: %2").arg(it.key(), it->raw.left(200)));
    }
    if (!lines.isEmpty())
        return tr("This template's data in Redis is damaged:\n%1").arg(lines.join(QLatin1Char('\n')));
    // Spawned jobs are <jid>-<n>: say so, since the template itself opens no job.
    QStringList tip;
    if (m_queuePaused) {
        // qless spawns when a worker pops the queue, and a paused queue's pop stops first.
        tip << tr("Queue %1 is paused: nothing is spawned while it is; the runs missed meanwhile are spawned "
                  "when it is unpaused and popped (at most the backlog at once, if one is set).")
                   .arg(row.queue);
    }
    tip << tr("Spawns jobs %1-1, %1-2, … with data:\n%2").arg(QString::fromUtf8(row.jid), row.data.left(500));
    if (row.backlog > 0)
        tip << tr("After missed runs, spawns at most %1 at once (backlog).").arg(row.backlog);
    return tip.join(QLatin1Char('\n'));
}

QVariant RecurringListModel::display(const RecurringJob &row, int column) const
{
    switch (column) {
    case JidColumn: return QString::fromUtf8(row.jid);
    case KlassColumn: return row.klass;
    case PriorityColumn:
        return row.problems.contains(QStringLiteral("priority")) ? tr("(invalid)") : QString::number(row.priority);
    case TagsColumn: return row.tags.join(QStringLiteral(", "));
    case IntervalColumn:
        return row.problems.contains(QStringLiteral("interval")) ? tr("(invalid)") : DurationText::format(row.interval);
    case NextRunColumn: {
        if (row.next <= 0)
            return tr("not scheduled");
        const double t = m_clock();
        const QString when = row.next > t ? tr("in %1").arg(DurationText::format(row.next - t))
                                          : tr("due %1 ago").arg(DurationText::format(t - row.next));
        return m_queuePaused ? tr("%1 (queue paused)").arg(when) : when;
    }
    case CountColumn: return QString::number(row.count, 'f', 0);
    case BacklogColumn: return row.backlog > 0 ? QString::number(row.backlog, 'f', 0) : tr("no cap");
    case RetriesColumn: return QString::number(row.retries);
    default: return {};
    }
}

QVariant RecurringListModel::sortValue(const RecurringJob &row, int column) const
{
    switch (column) {
    case PriorityColumn: return row.priority;
    case IntervalColumn: return row.interval;
    case NextRunColumn: return row.next;
    case CountColumn: return row.count;
    case BacklogColumn: return row.backlog;
    case RetriesColumn: return row.retries;
    default: return display(row, column);
    }
}
