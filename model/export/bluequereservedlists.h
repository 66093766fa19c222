// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

class BluequeClient;

// Finds the reserved lists of one Blueque queue: those of the listeners in its listener set
// (SSCAN, step by step) and those left by listeners gone from it (a claimed orphan's list stays),
// which only a SCAN of blueque_reserved_tasks_* finds (COUNT 1000 a step, never KEYS). Queue and
// listener names may both hold "_", so a key is matched to the queue first by the listener set,
// then to the longest known queue name it starts with (docs/BLUEQUE.md, "Names"): a list of a
// listener gone from queue "a" in a deployment that also has queue "a_b" and whose name starts
// with "b_" is taken for a_b's, as anyone reading the keys would have to.
class BluequeReservedLists final : public QObject
{
    Q_OBJECT

public:
    struct List
    {
        QString listener;
        bool listed = true; // in blueque_listeners_{queue}
    };
    using Done = std::function<void(const QlessReply<QList<List>> &)>;

    // `knownQueues`: every member of blueque_queues. `client` must outlive this.
    BluequeReservedLists(BluequeClient *client, const QString &queue, const QStringList &knownQueues,
                         QObject *parent = nullptr);

    // Walks; `done` runs once with the lists, listed ones first, or the first error.
    void find(Done done);

private:
    void walkListeners(const QByteArray &cursor);
    void walkKeys(const QByteArray &cursor);
    // The queue a reserved key belongs to by its name alone: the longest known queue it starts with.
    QString queueOfKey(const QByteArray &key) const;

    BluequeClient *m_client;
    QString m_queue;
    QStringList m_known;
    QStringList m_listed;
    QSet<QString> m_listedSet;
    QStringList m_orphans;
    QSet<QString> m_orphanSet;
    Done m_done;
};
