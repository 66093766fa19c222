// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequelistenermodel.h"

#include "bluequeclient.h"
#include "timetext.h"

#include <QLocale>

#include <memory>

BluequeListenerModel::BluequeListenerModel(BluequeClient *client, QObject *parent)
    : KeyedTableModel<BluequeListenerRow>(parent)
    , m_client(client)
{}

bool BluequeListenerModel::sameRow(const BluequeListenerRow &a, const BluequeListenerRow &b) const
{
    return a.queue == b.queue && a.name == b.name && a.listed == b.listed && a.held == b.held && a.started == b.started
           && a.stillPending == b.stillPending && a.ids == b.ids && a.lastChange == b.lastChange;
}

void BluequeListenerModel::refresh(const QString &queue, double now, std::function<void(bool ok)> done)
{
    const quint64 generation = ++m_generation;
    if (queue != m_queue)
        applySnapshot({});
    m_queue = queue;
    m_now = now;
    m_client->listenerStep(queue, {}, this, [this, generation, queue, done](const QlessReply<QList<QByteArray>> &step) {
        if (generation != m_generation)
            return;
        if (!step.ok()) {
            finish(generation, {}, step.error.message, done);
            return;
        }
        auto names = std::make_shared<QList<QByteArray>>(step.value.mid(1, MaxListeners));
        auto rows = std::make_shared<QList<BluequeListenerRow>>();
        auto next = std::make_shared<std::function<void()>>();
        std::weak_ptr<std::function<void()>> weakNext = next;
        *next = [this, generation, queue, done, names, rows, weakNext] {
            if (generation != m_generation)
                return;
            if (names->isEmpty()) {
                std::sort(rows->begin(), rows->end(),
                          [](const BluequeListenerRow &a, const BluequeListenerRow &b) { return a.name < b.name; });
                finish(generation, *rows, {}, done);
                return;
            }
            const QString name = QString::fromUtf8(names->takeFirst());
            m_client->taskPage(
                queue, QStringLiteral("reserved"), 0, TasksRead, this,
                [this, generation, queue, done, rows, name,
                 self = weakNext.lock()](const QlessReply<BluequeTaskPage> &reply) {
                    if (generation != m_generation)
                        return;
                    if (!reply.ok()) {
                        finish(generation, {}, reply.error.message, done);
                        return;
                    }
                    BluequeListenerRow row;
                    row.queue = queue;
                    row.name = name;
                    row.held = reply.value.total;
                    for (const BluequeTaskRow &task : reply.value.rows) {
                        row.ids << QString::fromUtf8(task.id);
                        if (task.status == QLatin1String("started"))
                            ++row.started;
                        else if (task.status == QLatin1String("pending"))
                            ++row.stillPending;
                        row.noteChange(task.updated.seconds);
                    }
                    rows->append(row);
                    (*self)();
                },
                name);
        };
        (*next)();
    });
}

void BluequeListenerModel::finish(quint64 generation, const QList<BluequeListenerRow> &rows, const QString &error,
                                  std::function<void(bool ok)> done)
{
    if (generation != m_generation)
        return;
    m_lastError = error;
    if (error.isEmpty())
        applySnapshot(rows);
    if (done)
        done(error.isEmpty());
}

int BluequeListenerModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : BluequeListenerRow::columns().windowCount();
}

QVariant BluequeListenerModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const BluequeListenerRow &row = rowAt(index.row());
    if (role == KeyRole)
        return row.name;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn: return row.name;
        case HeldColumn: return row.held < 0 ? tr("bad key") : QLocale().toString(row.held);
        case StartedColumn: return QLocale().toString(row.started);
        case LastChangeColumn:
            return row.lastChange ? TimeText::relative(*row.lastChange, m_now)
                                  : (row.held > 0 ? tr("unknown") : tr("—"));
        case TasksColumn: return row.ids.join(QStringLiteral(", "));
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && row.stillPending > 0)
        return tr("%n held task(s) still say pending: a dequeue cut short, or one just taken", nullptr,
                  int(row.stillPending));
    if (role == Qt::TextAlignmentRole && (index.column() == HeldColumn || index.column() == StartedColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant BluequeListenerModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return BluequeListenerRow::columns().windowHeader(section);
}
