// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequereservedlists.h"

#include "bluequeclient.h"

#include <algorithm>

namespace {
const QByteArray ReservedPrefix = QByteArrayLiteral("blueque_reserved_tasks_");
} // namespace

BluequeReservedLists::BluequeReservedLists(BluequeClient *client, const QStringList &queues,
                                           const QStringList &knownQueues, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_queues(queues)
    , m_known(knownQueues)
{}

void BluequeReservedLists::find(Done done)
{
    m_done = std::move(done);
    m_listedSets.clear();
    m_lists.clear();
    if (m_queues.isEmpty()) {
        m_done({m_lists, {}});
        return;
    }
    walkListeners(0, QByteArray("0"));
}

void BluequeReservedLists::walkListeners(int queueIndex, const QByteArray &cursor)
{
    const QString queue = m_queues.at(queueIndex);
    m_client->listenerStep(queue, cursor, this, [this, queueIndex, queue](const QlessReply<QList<QByteArray>> &reply) {
        if (!reply.ok()) {
            m_done({{}, reply.error});
            return;
        }
        QSet<QString> &listed = m_listedSets[queue];
        for (qsizetype i = 1; i < reply.value.size(); ++i) {
            const QString name = QString::fromUtf8(reply.value.at(i));
            if (!listed.contains(name)) { // SSCAN may name a member twice
                listed.insert(name);
                m_lists[queue] << List{name, true};
            }
        }
        const QByteArray next = reply.value.value(0);
        if (!next.isEmpty() && next != "0")
            walkListeners(queueIndex, next);
        else if (queueIndex + 1 < m_queues.size())
            walkListeners(queueIndex + 1, QByteArray("0"));
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
        for (qsizetype i = 1; i < reply.value.size(); ++i) {
            QString listener;
            bool listed = false;
            const QString queue = queueOfKey(reply.value.at(i), &listener, &listed);
            if (listed || !m_listedSets.contains(queue))
                continue; // a listed one has its list already; another queue's is not asked for
            QList<List> &lists = m_lists[queue];
            const bool known = std::any_of(lists.cbegin(), lists.cend(),
                                           [&listener](const List &l) { return l.listener == listener; });
            if (!known) // SCAN may name a key twice
                lists << List{listener, false};
        }
        const QByteArray next = reply.value.value(0);
        if (!next.isEmpty() && next != "0")
            walkKeys(next);
        else
            m_done({m_lists, {}});
    });
}

QString BluequeReservedLists::queueOfKey(const QByteArray &key, QString *listener, bool *listed) const
{
    QString best;
    for (const QString &queue : m_known) {
        const QByteArray prefix = ReservedPrefix + queue.toUtf8() + '_';
        if (!key.startsWith(prefix) || key.size() == prefix.size())
            continue;
        const QString rest = QString::fromUtf8(key.mid(prefix.size()));
        const auto set = m_listedSets.constFind(queue);
        if (set != m_listedSets.cend() && set->contains(rest)) {
            *listener = rest;
            *listed = true;
            return queue;
        }
        if (queue.size() > best.size()) {
            best = queue;
            *listener = rest;
        }
    }
    *listed = false;
    return best;
}
