// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequereservedlists.h"

#include "bluequeclient.h"

namespace {
const QByteArray ReservedPrefix = QByteArrayLiteral("blueque_reserved_tasks_");
} // namespace

BluequeReservedLists::BluequeReservedLists(BluequeClient *client, const QString &queue, const QStringList &knownQueues,
                                           QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_queue(queue)
    , m_known(knownQueues)
{}

void BluequeReservedLists::find(Done done)
{
    m_done = std::move(done);
    m_listed.clear();
    m_listedSet.clear();
    m_orphans.clear();
    m_orphanSet.clear();
    walkListeners(QByteArray("0"));
}

void BluequeReservedLists::walkListeners(const QByteArray &cursor)
{
    m_client->listenerStep(m_queue, cursor, this, [this](const QlessReply<QList<QByteArray>> &reply) {
        if (!reply.ok()) {
            m_done({{}, reply.error});
            return;
        }
        for (qsizetype i = 1; i < reply.value.size(); ++i) {
            const QString name = QString::fromUtf8(reply.value.at(i));
            if (!m_listedSet.contains(name)) { // SSCAN may name a member twice
                m_listedSet.insert(name);
                m_listed << name;
            }
        }
        const QByteArray next = reply.value.value(0);
        if (!next.isEmpty() && next != "0")
            walkListeners(next);
        else
            walkKeys(QByteArray("0"));
    });
}

void BluequeReservedLists::walkKeys(const QByteArray &cursor)
{
    m_client->reservedKeyStep(cursor, this, [this](const QlessReply<QList<QByteArray>> &reply) {
        if (!reply.ok()) {
            m_done({{}, reply.error});
            return;
        }
        const QByteArray own = ReservedPrefix + m_queue.toUtf8() + '_';
        for (qsizetype i = 1; i < reply.value.size(); ++i) {
            const QByteArray &key = reply.value.at(i);
            if (!key.startsWith(own))
                continue;
            const QString listener = QString::fromUtf8(key.mid(own.size()));
            if (m_listedSet.contains(listener) || m_orphanSet.contains(listener))
                continue;
            if (queueOfKey(key) != m_queue)
                continue;
            m_orphanSet.insert(listener);
            m_orphans << listener;
        }
        const QByteArray next = reply.value.value(0);
        if (!next.isEmpty() && next != "0") {
            walkKeys(next);
            return;
        }
        QList<List> lists;
        for (const QString &name : std::as_const(m_listed))
            lists << List{name, true};
        for (const QString &name : std::as_const(m_orphans))
            lists << List{name, false};
        m_done({lists, {}});
    });
}

QString BluequeReservedLists::queueOfKey(const QByteArray &key) const
{
    QString best;
    for (const QString &queue : m_known) {
        const QByteArray prefix = ReservedPrefix + queue.toUtf8() + '_';
        if (key.startsWith(prefix) && key.size() > prefix.size() && queue.size() > best.size())
            best = queue;
    }
    return best;
}
