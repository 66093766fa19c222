// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequetaskmodel.h"

#include "bluequeclient.h"
#include "durationtext.h"
#include "themecolors.h"
#include "timetext.h"

#include <memory>

namespace {
QString timeCell(const BluequeTime &time)
{
    if (time.seconds)
        return TimeText::local(*time.seconds);
    return QString::fromUtf8(time.text); // not a number: shown as Redis holds it
}

QString oneLine(const QString &text)
{
    QString line = text.section(QLatin1Char('\n'), 0, 0);
    return line.size() > 120 ? line.left(120) + QChar(0x2026) : line;
}
} // namespace

BluequeTaskModel::BluequeTaskModel(BluequeClient *client, QObject *parent)
    : KeyedTableModel<BluequeTaskRow, QByteArray>(parent)
    , m_client(client)
{}

bool BluequeTaskModel::sameRow(const BluequeTaskRow &a, const BluequeTaskRow &b) const
{
    return a.id == b.id && a.keyType == b.keyType && a.status == b.status && a.queue == b.queue
           && a.created.text == b.created.text && a.updated.text == b.updated.text && a.eta.text == b.eta.text
           && a.node == b.node && a.pid == b.pid && a.entry == b.entry && a.parameters == b.parameters
           && a.error == b.error;
}

void BluequeTaskModel::setSource(const QString &queue, const QString &state)
{
    if (queue == m_queue && state == m_state)
        return;
    ++m_generation;
    m_queue = queue;
    m_state = state;
    m_total = -1;
    m_next.clear();
    m_loading = false;
    applySnapshot({});
}

QString BluequeTaskModel::anomaly(const BluequeTaskRow &row, const QString &state, double now)
{
    if (row.keyType == QLatin1String("none"))
        return tr("No task hash: the %1 key lists an id whose task is gone").arg(state);
    if (row.keyType != QLatin1String("hash"))
        return tr("The task's key is a %1, not a hash").arg(row.keyType);
    if (row.queue.isEmpty())
        return tr("The hash names no queue: a pending task's hash deleted before a listener took it; its "
                  "listener cannot complete or fail it");
    if (state == QLatin1String("reserved") && row.status == QLatin1String("pending")) {
        if (!row.updated.seconds || now - *row.updated.seconds > PendingGraceSeconds)
            return tr("Reserved but still pending for %1: a dequeue cut short (its listener may have died "
                      "between taking the id and writing the status)")
                .arg(row.updated.seconds ? DurationText::format(now - *row.updated.seconds) : tr("an unknown time"));
        return {};
    }
    if (state == QLatin1String("started") && row.status != QLatin1String("started"))
        return tr("A started entry whose task is %1, not started").arg(row.status);
    if (state == QLatin1String("scheduled")) {
        bool ok = false;
        const double eta = row.entry.toDouble(&ok);
        if (ok && eta <= now)
            return tr("Past its eta by %1: no process runs enqueue_due_tasks").arg(DurationText::format(now - eta));
    }
    if (row.status != state)
        return tr("Listed as %1, but its status is %2").arg(state, row.status);
    return {};
}

void BluequeTaskModel::refresh(double now, std::function<void(bool ok)> done)
{
    m_now = now;
    if (m_queue.isEmpty() || m_state.isEmpty()) {
        if (done)
            done(true);
        return;
    }
    const quint64 generation = m_generation;
    m_loading = true;
    if (m_state == QLatin1String("reserved")) {
        readReserved(generation, std::move(done));
        return;
    }
    m_client->taskPage(m_queue, m_state, 0, PageSize, this,
                       [this, generation, done](const QlessReply<BluequeTaskPage> &reply) {
                           finish(generation, reply, true, done);
                       });
}

// Reserved lists are per listener: one SSCAN step of the queue's listener set (listeners are few),
// then the first page of each listener's list, in turn. Lists of listeners no longer in the set
// are found by a SCAN walk elsewhere, not here.
void BluequeTaskModel::readReserved(quint64 generation, std::function<void(bool ok)> done)
{
    m_client->listenerStep(m_queue, {}, this, [this, generation, done](const QlessReply<QList<QByteArray>> &step) {
        if (generation != m_generation)
            return;
        if (!step.ok()) {
            finish(generation, QlessReply<BluequeTaskPage>{{}, step.error}, true, done);
            return;
        }
        auto listeners = std::make_shared<QList<QByteArray>>(step.value.mid(1));
        auto rows = std::make_shared<BluequeTaskPage>();
        auto next = std::make_shared<std::function<void()>>();
        std::weak_ptr<std::function<void()>> weakNext = next;
        *next = [this, generation, done, listeners, rows, weakNext] {
            if (listeners->isEmpty()) {
                finish(generation, QlessReply<BluequeTaskPage>{*rows, {}}, true, done);
                return;
            }
            const QString listener = QString::fromUtf8(listeners->takeFirst());
            m_client->taskPage(
                m_queue, QStringLiteral("reserved"), 0, PageSize, this,
                [this, generation, done, rows, self = weakNext.lock()](const QlessReply<BluequeTaskPage> &reply) {
                    if (!reply.ok()) {
                        finish(generation, reply, true, done);
                        return;
                    }
                    rows->total += qMax<qint64>(0, reply.value.total);
                    rows->rows += reply.value.rows;
                    (*self)();
                },
                listener);
        };
        (*next)();
    });
}

void BluequeTaskModel::finish(quint64 generation, const QlessReply<BluequeTaskPage> &reply, bool replace,
                              std::function<void(bool ok)> done)
{
    if (generation != m_generation)
        return;
    m_loading = false;
    if (!reply.ok()) {
        m_lastError = reply.error.message;
    } else {
        m_lastError = reply.value.total < 0
                          ? tr("The %1 key is a %2: Blueque never writes that").arg(m_state, reply.value.oddType)
                          : QString();
        m_total = reply.value.total;
        m_next = reply.value.next;
        if (replace) {
            // The window the first page replaces ends at the last held row the page still has:
            // rows below it may only have shifted down (new tasks pushed on top), not gone. When
            // the page ended, the list did too, and whatever is below goes.
            const bool ended = reply.value.rows.size() < PageSize;
            int window = ended ? rowCount() : 0;
            for (const BluequeTaskRow &row : reply.value.rows)
                window = qMax(window, rowOf(row.id) + 1);
            applyWindow(0, window, reply.value.rows, ended);
        } else {
            appendRows(reply.value.rows);
        }
        emit refreshed();
    }
    if (done)
        done(reply.ok());
}

bool BluequeTaskModel::canFetchMore(const QModelIndex &parent) const
{
    if (parent.isValid() || m_loading || m_state.isEmpty() || m_state == QLatin1String("reserved"))
        return false;
    if (m_state == QLatin1String("started"))
        return !m_next.isEmpty() && m_next != "0";
    return rowCount() < m_total;
}

void BluequeTaskModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_loading = true;
    const quint64 generation = m_generation;
    const qint64 offset = m_state == QLatin1String("started") ? m_next.toLongLong() : rowCount();
    m_client->taskPage(m_queue, m_state, offset, PageSize, this,
                       [this, generation](const QlessReply<BluequeTaskPage> &reply) {
                           finish(generation, reply, false, {});
                       });
}

int BluequeTaskModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BluequeTaskModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const BluequeTaskRow &row = rowAt(index.row());
    const int column = index.column();
    if (role == KeyRole)
        return row.id;
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (column) {
        case IdColumn: return QString::fromUtf8(row.id);
        case StatusColumn: return row.keyType == QLatin1String("hash") ? row.status : tr("(%1)").arg(row.keyType);
        case CreatedColumn: return role == SortRole ? QVariant(row.created.seconds.value_or(0)) : timeCell(row.created);
        case UpdatedColumn: return role == SortRole ? QVariant(row.updated.seconds.value_or(0)) : timeCell(row.updated);
        case WhenColumn:
            if (m_state == QLatin1String("scheduled"))
                return timeCell(BluequeTime::from(row.entry.toUtf8()));
            if (m_state == QLatin1String("started"))
                return row.entry.section(QLatin1Char(' '), 0, 1);
            return row.eta.text.isEmpty() ? QString() : timeCell(row.eta);
        case NodeColumn: return row.pid.isEmpty() ? row.node : tr("%1 (pid %2)").arg(row.node, row.pid);
        case ParametersColumn: return oneLine(row.parameters);
        case ErrorColumn: return oneLine(row.error);
        case AnomalyColumn: return anomaly(row, m_state, m_now);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && column == AnomalyColumn)
        return anomaly(row, m_state, m_now);
    if (role == Qt::ForegroundRole && (column == AnomalyColumn || column == ErrorColumn))
        return ThemeColors::text(ThemeColors::Tone::Bad);
    return {};
}

QVariant BluequeTaskModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Task");
    case StatusColumn: return tr("Status");
    case CreatedColumn: return tr("Created");
    case UpdatedColumn: return tr("Updated");
    case WhenColumn:
        return m_state == QLatin1String("scheduled") ? tr("Eta")
               : m_state == QLatin1String("started") ? tr("Listener, pid")
                                                     : tr("Eta");
    case NodeColumn: return tr("Node");
    case ParametersColumn: return tr("Parameters");
    case ErrorColumn: return tr("Error");
    case AnomalyColumn: return tr("What looks wrong");
    default: return {};
    }
}
