// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobjobmodel.h"

#include "jsontext.h"
#include "sidejobclient.h"
#include "sidejobtime.h"
#include "themecolors.h"

#include <memory>

namespace {
QString oneLine(const QString &text)
{
    return text.size() > 120 ? text.left(120) + QChar(0x2026) : text;
}
} // namespace

SideJobJobModel::SideJobJobModel(SideJobClient *client, QObject *parent)
    : KeyedTableModel<SideJobRow, qint64>(parent)
    , m_client(client)
{}

const QStringList &SideJobJobModel::statuses()
{
    static const QStringList names{QStringLiteral("queued"),    QStringLiteral("running"),
                                   QStringLiteral("suspended"), QStringLiteral("completed"),
                                   QStringLiteral("failed"),    QStringLiteral("terminating"),
                                   QStringLiteral("terminated")};
    return names;
}

bool SideJobJobModel::sameRow(const SideJobRow &a, const SideJobRow &b) const
{
    return a.id == b.id && a.layout == b.layout && a.status == b.status && a.queue == b.queue && a.klass == b.klass
           && a.args == b.args && a.createdAt == b.createdAt && a.createdBy == b.createdBy && a.ranAt == b.ranAt
           && a.parent == b.parent && a.locked == b.locked;
}

void SideJobJobModel::setFilter(const SideJobFilter &filter)
{
    if (filter == m_filter)
        return;
    ++m_generation;
    m_filter = filter;
    m_total = -1;
    m_next = 0;
    m_loading = false;
    applySnapshot({});
}

QString SideJobJobModel::anomaly(const SideJobRow &row)
{
    if (row.layout == QLatin1String("none"))
        return tr("In jobs with no keys: being created, or its creator died before writing them");
    if (row.layout.startsWith(QLatin1String("odd:")))
        return tr("Its key job:%1 is a %2: SideJob never writes that").arg(row.id).arg(row.layout.mid(4));
    if (row.status.isEmpty())
        return tr("No status");
    if (row.queue.isEmpty() || row.klass.isEmpty())
        return tr("Its worker record names no queue or class");
    if (row.status == QLatin1String("running") && !row.locked)
        return tr("Running without a lock: its worker died, or ran longer than the lock's 60 s");
    if (row.status == QLatin1String("completed") && row.ranAt.isEmpty())
        return tr("Completed but never run: created, not yet queued (for ever if its creator died)");
    if (!SideJobJobModel::statuses().contains(row.status))
        return tr("A status SideJob never writes");
    return {};
}

int SideJobJobModel::anomalyCount() const
{
    int count = 0;
    for (int i = 0; i < rowCount(); ++i)
        count += anomaly(rowAt(i)).isEmpty() ? 0 : 1;
    return count;
}

void SideJobJobModel::fill(qint64 cursor, int want, std::shared_ptr<Fill> sofar, quint64 generation, FillDone done)
{
    const int count = qMin(SideJobClient::RowsPerCall, want - int(sofar->rows.size()));
    m_client->listJobs(cursor, count, m_filter, this,
                       [this, want, sofar, generation, done](const QlessReply<SideJobPage> &reply) {
                           // A fill for an older filter stops here, but its caller still hears
                           // of it (a refresh's `done` must run whatever happens).
                           if (generation != m_generation || !reply.ok()) {
                               done({{}, reply.error});
                               return;
                           }
                           sofar->rows += reply.value.rows;
                           sofar->next = reply.value.next;
                           sofar->total = reply.value.total;
                           ++sofar->calls;
                           if (sofar->next > 0 && sofar->rows.size() < want && sofar->calls < CallsPerFill) {
                               fill(sofar->next, want, sofar, generation, done);
                               return;
                           }
                           done({*sofar, {}});
                       });
}

void SideJobJobModel::refresh(std::function<void(bool ok)> done)
{
    const quint64 generation = m_generation;
    m_loading = true;
    const int want = qBound(PageSize, rowCount(), MostRowsRefreshed);
    fill(0, want, std::make_shared<Fill>(), generation, [this, generation, done](const QlessReply<Fill> &reply) {
        if (generation != m_generation) {
            if (done)
                done(true); // the rows belong to the newer filter's own refresh
            return;
        }
        m_loading = false;
        if (!reply.ok()) {
            m_lastError = reply.error.message;
        } else {
            m_lastError.clear();
            m_total = reply.value.total;
            m_next = reply.value.next;
            applySnapshot(reply.value.rows);
            emit refreshed();
        }
        if (done)
            done(reply.ok());
    });
}

bool SideJobJobModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_loading && m_next > 0 && m_total >= 0;
}

void SideJobJobModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_loading = true;
    const quint64 generation = m_generation;
    fill(m_next, PageSize, std::make_shared<Fill>(), generation, [this, generation](const QlessReply<Fill> &reply) {
        if (generation != m_generation)
            return;
        m_loading = false;
        if (!reply.ok()) {
            m_lastError = reply.error.message;
            return;
        }
        m_next = reply.value.next;
        m_total = reply.value.total;
        appendRows(reply.value.rows);
        emit refreshed();
    });
}

int SideJobJobModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SideJobJobModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SideJobRow &row = rowAt(index.row());
    const int column = index.column();
    if (role == KeyRole)
        return row.id;
    if (role == SortRole) {
        switch (column) {
        case IdColumn: return row.id;
        case ParentColumn: return row.parent.toLongLong();
        case CreatedColumn: return SideJobTime::seconds(row.createdAt).value_or(0);
        case RanColumn: return SideJobTime::seconds(row.ranAt).value_or(0);
        default: break;
        }
    }
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (column) {
        case IdColumn: return QString::number(row.id);
        case StatusColumn:
            if (row.layout == QLatin1String("none"))
                return tr("(being created)");
            return row.locked ? tr("%1, locked").arg(row.status) : row.status;
        case QueueColumn: return row.queue;
        case ClassColumn: return row.klass;
        case ArgsColumn: return oneLine(JsonText::compact(row.args));
        case CreatedColumn: return SideJobTime::shown(row.createdAt);
        case CreatorColumn: return row.createdBy;
        case RanColumn: return SideJobTime::shown(row.ranAt);
        case ParentColumn: return QString::fromUtf8(row.parent);
        case LayoutColumn: return row.layout;
        case AnomalyColumn: return anomaly(row);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && (column == AnomalyColumn || column == ArgsColumn))
        return column == AnomalyColumn ? anomaly(row) : JsonText::pretty(row.args);
    if (role == Qt::ForegroundRole && column == AnomalyColumn)
        return ThemeColors::text(ThemeColors::Tone::Bad);
    if (role == Qt::ForegroundRole && column == StatusColumn && row.status == QLatin1String("failed"))
        return ThemeColors::text(ThemeColors::Tone::Bad);
    return {};
}

QVariant SideJobJobModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Job");
    case StatusColumn: return tr("Status");
    case QueueColumn: return tr("Queue");
    case ClassColumn: return tr("Class");
    case ArgsColumn: return tr("Args");
    case CreatedColumn: return tr("Created");
    case CreatorColumn: return tr("Created by");
    case RanColumn: return tr("Last run");
    case ParentColumn: return tr("Parent");
    case LayoutColumn: return tr("Job layout");
    case AnomalyColumn: return tr("What looks wrong");
    default: return {};
    }
}
