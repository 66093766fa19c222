// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "rediscommand.h"
#include "redisreply.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class RedisConnection;

// One step of a pass over a queue's list (requeueall, purge): what it did and what is left.
struct BluequeStep
{
    qint64 done = 0;      // requeueall: requeued; purge: hashes deleted
    qint64 other = 0;     // requeueall: entries left in the list; purge: entries dropped without their hash
    qint64 remaining = 0; // the list's length after the step
};

// The console's Blueque writes (docs/BLUEQUE.md, "What the console may change"): one call of one
// action script of lua/blueque each, atomic in Redis, bounded by the script's -- Bound: comment
// and the caps below. Sent as writes, so a read-only connection refuses them before they leave.
// `done` runs on `context`'s thread unless `context` is gone. A script's refusal ("state is
// reserved") comes back as the error, in the script's words without its name.
class BluequeWriter final : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Done = std::function<void(const QlessReply<T> &)>;

    static constexpr int RequeueIdsPerCall = 100; // requeue.lua's cap
    static constexpr int RequeueAllStep = 500;    // requeueall.lua's cap: about 3 ms of Redis's time
    // purge.lua takes up to 1000 (3.5 ms measured); half keeps a step well inside 5 ms with the
    // host's noise, as requeueall's 500 does.
    static constexpr int PurgeStep = 500;

    // `connection` must outlive the writer.
    explicit BluequeWriter(RedisConnection *connection, QObject *parent = nullptr);

    // Failed tasks of `queue` back to pending; `fromOldest` when the ids are nearer the failed
    // list's oldest end. One outcome per id: "requeued", "missing", "wrong-queue",
    // "not-failed:<status>", "not-listed".
    void requeue(const QString &queue, double now, bool fromOldest, const QList<QByteArray> &ids, QObject *context,
                 Done<QList<QByteArray>> done);
    // One step of requeueing every failed task of `queue`, oldest first (count 1..RequeueAllStep).
    void requeueAllStep(const QString &queue, double now, int count, QObject *context, Done<BluequeStep> done);
    // Deletes one task while it is still in `expectedState` (pending, scheduled, complete,
    // failed) and listed there: how a pending task is cancelled. True when deleted.
    void deleteTask(const QByteArray &id, const QString &expectedState, bool fromOldest, QObject *context,
                    Done<bool> done);
    // A scheduled task to pending now, as the library's enqueue_due_tasks writes it.
    void runNow(const QByteArray &id, double now, QObject *context, Done<bool> done);
    // One step of deleting the oldest `count` (1..PurgeStep) entries of a queue's complete or
    // failed list, with the hashes that still say that state.
    void purgeStep(const QString &queue, const QString &state, int count, QObject *context, Done<BluequeStep> done);

private:
    template<typename T>
    void call(const QString &script, const QList<QByteArray> &args, QObject *context,
              std::function<T(const RedisReply &, RedisError *)> decode, Done<T> done);

    RedisConnection *m_connection;
};
