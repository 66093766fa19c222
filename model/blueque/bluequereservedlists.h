// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

class BluequeClient;

// Finds the reserved lists of Blueque queues: those of the listeners in each queue's listener
// set (SSCAN, step by step) and those left by listeners gone from it (a claimed orphan's list
// stays), which only a SCAN of blueque_reserved_tasks_* finds (COUNT 1000 a step, never KEYS; one
// walk for all the queues asked about). Queue and listener names may both hold "_", so a key is
// matched to a queue first by its listener sets, then to the longest known queue name it starts
// with (docs/BLUEQUE.md, "Names"): a list of a listener gone from queue "a" in a deployment that
// also has queue "a_b" and whose name starts with "b_" is taken for a_b's, as anyone reading the
// keys would have to.
class BluequeReservedLists final : public QObject
{
    Q_OBJECT

public:
    struct List
    {
        QString listener;
        bool listed = true; // in blueque_listeners_{queue}
    };
    using Lists = QHash<QString, QList<List>>; // by queue; listed ones first
    using Done = std::function<void(const QlessReply<Lists> &)>;

    // `queues`: those whose lists are wanted; `knownQueues`: every member of blueque_queues.
    // `client` must outlive this.
    BluequeReservedLists(BluequeClient *client, const QStringList &queues, const QStringList &knownQueues,
                         QObject *parent = nullptr);

    // Walks; `done` runs once with the lists, or the first error.
    void find(Done done);

private:
    void walkListeners(int queueIndex, const QByteArray &cursor);
    void walkKeys(const QByteArray &cursor);
    // The queue a reserved key belongs to: one whose listener set names the rest of the key, else
    // the longest known queue it starts with; `listener` gets the rest.
    QString queueOfKey(const QByteArray &key, QString *listener, bool *listed) const;

    BluequeClient *m_client;
    QStringList m_queues;
    QStringList m_known;
    QHash<QString, QSet<QString>> m_listedSets;
    Lists m_lists;
    Done m_done;
};
