// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequelistenermodel.h"

#include "bluequeclient.h"
#include "bluequereservedlists.h"
#include "themecolors.h"
#include "timetext.h"

#include <QLocale>

#include <algorithm>
#include <optional>

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
    if (queue != m_queue) {
        applySnapshot({});
        m_pageStarts = {PageStart{}};
        m_page = 0;
        m_hasNext = false;
        m_goneNames.clear();
        m_sinceWalk.invalidate();
    }
    m_queue = queue;
    m_now = now;
    readPage(generation, m_pageStarts.at(m_page), 0, std::make_shared<QList<QByteArray>>(), std::move(done));
}

bool BluequeListenerModel::turnPage(int delta)
{
    const int page = m_page + delta;
    if (page < 0 || (delta > 0 && (!m_hasNext || page >= m_pageStarts.size())))
        return false;
    m_page = page;
    return true;
}

void BluequeListenerModel::readPage(quint64 generation, PageStart start, int steps,
                                    std::shared_ptr<QList<QByteArray>> names, std::function<void(bool ok)> done)
{
    m_client->listenerStep(m_queue, start.cursor, this,
                           [this, generation, start, steps, names, done](const QlessReply<QList<QByteArray>> &step) {
                               if (generation != m_generation)
                                   return;
                               if (!step.ok()) {
                                   finish(generation, {}, step.error.message, done);
                                   return;
                               }
                               const QByteArray next = step.value.value(0);
                               const bool last = next.isEmpty() || next == "0";
                               const QList<QByteArray> found = step.value.mid(1 + start.skip);
                               const qsizetype room = MaxListeners - names->size();
                               std::optional<PageStart> nextPage;
                               if (found.size() > room) {
                                   *names << found.mid(0, room);
                                   // The rest of this step starts the next page: SSCAN names the same members again from
                                   // the same cursor while the set does not change.
                                   nextPage = PageStart{start.cursor, int(start.skip + room)};
                               } else {
                                   *names << found;
                                   if (!last && (found.size() == room || steps + 1 >= MaxStepsAPage))
                                       nextPage = PageStart{next, 0};
                                   else if (!last) {
                                       readPage(generation, PageStart{next, 0}, steps + 1, names, done);
                                       return;
                                   }
                               }
                               m_hasNext = nextPage.has_value();
                               m_pageStarts.resize(m_page + 1);
                               if (nextPage)
                                   m_pageStarts << *nextPage;
                               // SSCAN may name a member twice: once a page.
                               QList<QByteArray> unique;
                               QSet<QByteArray> seen;
                               for (const QByteArray &name : std::as_const(*names))
                                   if (!seen.contains(name)) {
                                       seen.insert(name);
                                       unique << name;
                                   }
                               auto rows = std::make_shared<QList<BluequeListenerRow>>();
                               readHeld(
                                   generation, std::make_shared<QList<QByteArray>>(unique), false, rows,
                                   [this, generation, rows, done] { readGone(generation, rows, done); }, done);
                           });
}

void BluequeListenerModel::readHeld(quint64 generation, std::shared_ptr<QList<QByteArray>> names, bool gone, Rows rows,
                                    std::function<void()> then, std::function<void(bool ok)> done)
{
    if (names->isEmpty()) {
        then();
        return;
    }
    const QString name = QString::fromUtf8(names->takeFirst());
    m_client->taskPage(
        m_queue, QStringLiteral("reserved"), 0, TasksRead, this,
        [this, generation, names, gone, rows, then, done, name](const QlessReply<BluequeTaskPage> &reply) {
            if (generation != m_generation)
                return;
            if (!reply.ok()) {
                finish(generation, {}, reply.error.message, done);
                return;
            }
            BluequeListenerRow row;
            row.name = name;
            row.queue = m_queue;
            row.listed = !gone;
            row.held = reply.value.total;
            for (const BluequeTaskRow &task : reply.value.rows) {
                row.ids << QString::fromUtf8(task.id);
                if (task.status == QLatin1String("started"))
                    ++row.started;
                else if (task.status == QLatin1String("pending"))
                    ++row.stillPending;
                if (task.updated.seconds && (!row.lastChange || *task.updated.seconds > *row.lastChange))
                    row.lastChange = task.updated.seconds;
            }
            // An empty list is gone from Redis: a list found by the walk and emptied since is not shown.
            if (!gone || row.held != 0)
                rows->append(row);
            readHeld(generation, names, gone, rows, then, done);
        },
        name);
}

void BluequeListenerModel::readGone(quint64 generation, Rows rows, std::function<void(bool ok)> done)
{
    auto readThem = [this, generation, rows, done] {
        auto names = std::make_shared<QList<QByteArray>>(m_goneNames.mid(0, MaxListeners));
        readHeld(
            generation, names, true, rows,
            [this, generation, rows, done] {
                auto byName = [](const BluequeListenerRow &a, const BluequeListenerRow &b) {
                    return a.listed != b.listed ? a.listed : a.name < b.name; // the listed first
                };
                std::sort(rows->begin(), rows->end(), byName);
                finish(generation, *rows, {}, done);
            },
            done);
    };
    if (m_sinceWalk.isValid() && m_sinceWalk.elapsed() < m_walkIntervalMs) {
        readThem();
        return;
    }
    QStringList known = m_knownQueues;
    if (!known.contains(m_queue))
        known << m_queue;
    auto *walk = new BluequeReservedLists(m_client, {m_queue}, known, this);
    walk->find([this, generation, walk, readThem, done](const QlessReply<BluequeReservedLists::Lists> &reply) {
        walk->deleteLater();
        if (generation != m_generation)
            return;
        if (!reply.ok()) {
            finish(generation, {}, reply.error.message, done);
            return;
        }
        m_goneNames.clear();
        for (const BluequeReservedLists::List &list : reply.value.value(m_queue))
            if (!list.listed)
                m_goneNames << list.listener.toUtf8();
        std::sort(m_goneNames.begin(), m_goneNames.end());
        m_sinceWalk.start();
        readThem();
    });
}

void BluequeListenerModel::finish(quint64 generation, const QList<BluequeListenerRow> &rows, const QString &error,
                                  std::function<void(bool ok)> done)
{
    if (generation != m_generation)
        return;
    m_lastError = error;
    if (error.isEmpty()) {
        m_goneCount =
            int(std::count_if(rows.cbegin(), rows.cend(), [](const BluequeListenerRow &r) { return !r.listed; }));
        applySnapshot(rows);
    }
    if (done)
        done(error.isEmpty());
}

QString BluequeListenerModel::briefNote(const BluequeListenerRow &row)
{
    QStringList out;
    if (!row.listed)
        out << tr("Gone from the listener set");
    if (row.stillPending > 0)
        out << tr("%n still pending", nullptr, int(row.stillPending));
    return out.join(QStringLiteral("; "));
}

QString BluequeListenerModel::note(const BluequeListenerRow &row)
{
    QStringList out;
    if (!row.listed)
        out << tr("Not in the listener set: its listener is gone (claim_orphan removed it) and left this reserved "
                  "list. Blueque claims only the newest task of it; the others are never run.");
    if (row.stillPending > 0)
        out << tr("%n held task(s) still say pending: a dequeue cut short, or one just taken", nullptr,
                  int(row.stillPending));
    return out.join(QLatin1Char(' '));
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
        case NoteColumn: return briefNote(row);
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole)
        return note(row);
    if (role == Qt::ForegroundRole && (!row.listed || (index.column() == NoteColumn && row.stillPending > 0)))
        return ThemeColors::text(ThemeColors::Tone::Bad);
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
