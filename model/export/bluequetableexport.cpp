// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequetableexport.h"

#include "bluequeclient.h"
#include "bluequereservedlists.h"
#include "bluequesession.h"

#include <algorithm>
#include <memory>

namespace {
// taskpage.lua cuts parameters and error to this many bytes; a text this long may have been cut.
constexpr int CutBytes = 200;

bool mayBeCut(const QString &text)
{
    return text.size() * 3 >= CutBytes && text.toUtf8().size() >= CutBytes;
}
} // namespace

BluequeTableExport::BluequeTableExport(BluequeSession *session, const TableExportView &view, QObject *parent)
    : TableRowReader(view, parent)
    , m_session(session)
    , m_client(session ? session->client() : nullptr)
{}

QStringList BluequeTableExport::header() const
{
    return BluequeExportRows::header(view());
}

void BluequeTableExport::read()
{
    m_seen.clear();
    if (!view().isBlueque())
        return finish(false, tr("Not a Blueque view: %1.").arg(TableExportView::nameOf(view().kind)));
    if (!m_client)
        return finish(false, tr("Not connected to a server."));
    // A server without Blueque is said, not exported as an empty table.
    m_client->detect(this, [this](const QlessReply<QString> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        if (reply.value == QLatin1String("none"))
            return finish(false, tr("The server holds no Blueque deployment (no key blueque_queues)."));
        if (reply.value != QLatin1String("zset"))
            return finish(false, tr("blueque_queues is a %1, not the sorted set Blueque writes.").arg(reply.value));
        readQueues();
    });
}

void BluequeTableExport::readQueues()
{
    m_client->queues(m_session->now(), this, [this](const QlessReply<QList<BluequeQueue>> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        withQueues(reply.value);
    });
}

void BluequeTableExport::withQueues(const QList<BluequeQueue> &queues)
{
    m_queueNames.clear();
    for (const BluequeQueue &q : queues)
        m_queueNames << q.name;
    switch (view().kind) {
    case TableExportView::Kind::BluequeQueues: {
        QList<QStringList> rows;
        for (const BluequeQueue &q : queues)
            rows << BluequeExportRows::queue(q);
        if (deliver(rows, rows.size()))
            finish(true);
        return;
    }
    case TableExportView::Kind::BluequeListeners: readListeners(); return;
    default: break;
    }
    if (!m_queueNames.contains(view().queue))
        return finish(false, tr("No Blueque queue \"%1\" in blueque_queues (it lists %2).")
                                 .arg(view().queue, namesForMessage(m_queueNames, 20)));
    if (view().state != QLatin1String("reserved")) {
        readTasks(view().state, QByteArray("0"), QString(), [this] { finish(true); });
        return;
    }
    auto *lists = new BluequeReservedLists(m_client, {view().queue}, m_queueNames, this);
    lists->find([this, lists](const QlessReply<BluequeReservedLists::Lists> &reply) {
        lists->deleteLater();
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        QList<QString> listeners;
        for (const BluequeReservedLists::List &list : reply.value.value(view().queue))
            listeners << list.listener;
        readReservedOf(listeners, 0);
    });
}

void BluequeTableExport::readReservedOf(const QList<QString> &listeners, int index)
{
    if (index >= listeners.size())
        return finish(true);
    readTasks(QStringLiteral("reserved"), QByteArray("0"), listeners.at(index),
              [this, listeners, index] { readReservedOf(listeners, index + 1); });
}

void BluequeTableExport::readTasks(const QString &state, const QByteArray &at, const QString &listener,
                                   std::function<void()> then)
{
    const bool byCursor = state == QLatin1String("started");
    const qint64 offset = at.toLongLong();
    m_client->taskPage(
        view().queue, state, offset, PageSize, this,
        [this, state, byCursor, offset, listener, then](const QlessReply<BluequeTaskPage> &reply) {
            if (!isRunning())
                return;
            if (!reply.ok())
                return fail(reply.error.message);
            const BluequeTaskPage page = reply.value;
            if (page.total < 0)
                return finish(false, tr("The %1 key of Blueque queue %2 is a %3, not what Blueque writes.")
                                         .arg(state, view().queue, page.oddType));
            auto rows = std::make_shared<Rows>();
            for (BluequeTaskRow row : page.rows) {
                if (m_seen.contains(row.id))
                    continue;
                m_seen.insert(row.id);
                if (!listener.isEmpty())
                    row.entry = listener; // the reserved list it was found in
                rows->append(row);
            }
            completeTexts(rows, 0, [this, rows, page, state, byCursor, offset, listener, then] {
                QList<QStringList> cells;
                for (const BluequeTaskRow &row : std::as_const(*rows))
                    cells << BluequeExportRows::task(row, m_full.value(row.id, row.parameters),
                                                     m_fullError.value(row.id, row.error));
                m_full.clear();
                m_fullError.clear();
                if (!deliver(cells, listener.isEmpty() ? page.total : -1))
                    return;
                QByteArray nextAt;
                bool more = false;
                if (byCursor) {
                    nextAt = page.next;
                    more = !nextAt.isEmpty() && nextAt != "0";
                } else {
                    const qint64 next = offset + page.rows.size();
                    more = page.rows.size() == PageSize && next < page.total;
                    nextAt = QByteArray::number(next);
                }
                if (more)
                    readTasks(state, nextAt, listener, then);
                else
                    then();
            });
        },
        listener);
}

void BluequeTableExport::completeTexts(const std::shared_ptr<Rows> &rows, int index, std::function<void()> then)
{
    int i = index;
    while (i < rows->size() && !mayBeCut(rows->at(i).parameters) && !mayBeCut(rows->at(i).error))
        ++i;
    if (i >= rows->size())
        return then();
    const QByteArray id = rows->at(i).id;
    m_client->taskRecord(id, this, [this, rows, i, id, then](const QlessReply<BluequeTaskRecord> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        // A hash gone meanwhile keeps the text the page read.
        if (reply.value.keyType == QLatin1String("hash")) {
            m_full.insert(id, QString::fromUtf8(reply.value.field(QStringLiteral("parameters"))));
            m_fullError.insert(id, QString::fromUtf8(reply.value.field(QStringLiteral("error"))));
        }
        completeTexts(rows, i + 1, then);
    });
}

// Every queue's reserved lists are found in one walk first (one SCAN of the keyspace for all
// queues), then each queue's started set and lists are counted.
void BluequeTableExport::readListeners()
{
    auto *lists = new BluequeReservedLists(m_client, m_queueNames, m_queueNames, this);
    lists->find([this, lists](const QlessReply<BluequeReservedLists::Lists> &reply) {
        lists->deleteLater();
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        m_reservedLists = reply.value;
        readListenersOf(0);
    });
}

void BluequeTableExport::readListenersOf(int queueIndex)
{
    if (queueIndex >= m_queueNames.size())
        return finish(true);
    m_listeners.clear();
    m_seen.clear();
    const QString queue = m_queueNames.at(queueIndex);
    for (const BluequeReservedLists::List &list : m_reservedLists.value(queue)) {
        BluequeListenerRow row;
        row.queue = queue;
        row.name = list.listener;
        row.listed = list.listed;
        m_listeners << row;
    }
    countStarted(queueIndex, QByteArray("0"));
}

// The started set's entries ("listener pid id") counted by listener, page by page.
void BluequeTableExport::countStarted(int queueIndex, const QByteArray &cursor)
{
    const QString queue = m_queueNames.at(queueIndex);
    m_client->taskPage(queue, QStringLiteral("started"), cursor.toLongLong(), PageSize, this,
                       [this, queue, queueIndex](const QlessReply<BluequeTaskPage> &reply) {
                           if (!isRunning())
                               return;
                           if (!reply.ok())
                               return fail(reply.error.message);
                           for (const BluequeTaskRow &task : reply.value.rows) {
                               const QByteArray entry = task.entry.toUtf8();
                               if (m_seen.contains(entry))
                                   continue;
                               m_seen.insert(entry);
                               const QString listener = task.entry.section(QLatin1Char(' '), 0, 0);
                               auto row = std::find_if(m_listeners.begin(), m_listeners.end(),
                                                       [&](const BluequeListenerRow &r) { return r.name == listener; });
                               if (row == m_listeners.end()) {
                                   // Every listener of the set has its row: this one left it.
                                   BluequeListenerRow gone;
                                   gone.queue = queue;
                                   gone.name = listener;
                                   gone.listed = false;
                                   m_listeners << gone;
                                   row = m_listeners.end() - 1;
                               }
                               ++row->started;
                               row->noteChange(task.updated.seconds);
                           }
                           const QByteArray next = reply.value.next;
                           if (reply.value.total > 0 && !next.isEmpty() && next != "0")
                               countStarted(queueIndex, next);
                           else
                               countReserved(queueIndex, 0, 0);
                       });
}

void BluequeTableExport::countReserved(int queueIndex, int listIndex, qint64 offset)
{
    if (listIndex >= m_listeners.size())
        return deliverListeners(queueIndex);
    const QString queue = m_queueNames.at(queueIndex);
    m_client->taskPage(
        queue, QStringLiteral("reserved"), offset, PageSize, this,
        [this, queueIndex, listIndex, offset](const QlessReply<BluequeTaskPage> &reply) {
            if (!isRunning())
                return;
            if (!reply.ok())
                return fail(reply.error.message);
            BluequeListenerRow &row = m_listeners[listIndex];
            row.held = reply.value.total;
            for (const BluequeTaskRow &task : reply.value.rows)
                row.noteChange(task.updated.seconds);
            const qint64 next = offset + reply.value.rows.size();
            if (reply.value.rows.size() == PageSize && next < reply.value.total)
                countReserved(queueIndex, listIndex, next);
            else
                countReserved(queueIndex, listIndex + 1, 0);
        },
        m_listeners.at(listIndex).name);
}

void BluequeTableExport::deliverListeners(int queueIndex)
{
    QList<QStringList> rows;
    for (const BluequeListenerRow &row : std::as_const(m_listeners))
        rows << BluequeExportRows::listener(row);
    if (deliver(rows, -1))
        readListenersOf(queueIndex + 1);
}
