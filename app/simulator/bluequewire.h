// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediscommand.h"

#include <QByteArray>
#include <QList>

// The commands ustudio/Blueque v1.0.0 sends for each of its steps (docs/BLUEQUE.md, "What each
// operation writes"), for the simulator to play a Blueque deployment: the same keys, fields,
// value formats and order. Where the library groups commands in a MULTI/EXEC transaction
// (redis-py's pipeline), the group is sent as one script running the same commands in the same
// order: Redis runs it whole, as it runs a transaction, so other clients see the same states and
// a dropped connection can never leave half a group behind. Where the library sends single
// commands (a dequeue's RPOPLPUSH, then its HSET; claim_orphan's four), they stay single, so the
// windows between them are there to see as in a deployment.
namespace BluequeWire {

// A time as redis-py sends a Python float: repr, the shortest text that reads back the same, with
// ".0" on whole numbers.
QByteArray timeText(double seconds);

// Queue.enqueue and Queue.schedule (an eta not in the future is an enqueue, as in the library).
RedisCommand enqueue(const QByteArray &queue, const QByteArray &id, const QByteArray &parameters, double now);
RedisCommand schedule(const QByteArray &queue, const QByteArray &id, const QByteArray &parameters, double eta,
                      double now);
// Queue.enqueue_due_tasks: every scheduled task due at `now` to pending, earliest eta first. The
// library WATCHes the set and runs again when another client wrote it; one script cannot be raced.
RedisCommand enqueueDue(const QByteArray &queue, double now);
// A Listener's construction (add_listener).
RedisCommand addListener(const QByteArray &queue, const QByteArray &listener);
// Listener.listen's dequeue: the RPOPLPUSH (its reply is the id, or nil), then the status write.
RedisCommand reserve(const QByteArray &queue, const QByteArray &listener);
RedisCommand markReserved(const QByteArray &id, const QByteArray &listener, double now);
// Processor.start, complete and fail, with the listener and the child's pid.
RedisCommand start(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid, double now);
RedisCommand complete(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                      const QByteArray &result, double now);
RedisCommand fail(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                  const QByteArray &error, double now);
// Listener.claim_orphan's single commands for a dead listener `dead`: SREM (its reply says
// whether this claim removed it), then ZINCRBY -1 only if it did, LINDEX 0 of its reserved list,
// and HSET reclaimed_node on the id found there.
RedisCommand removeListener(const QByteArray &queue, const QByteArray &dead);
RedisCommand lowerListenerCount(const QByteArray &queue);
RedisCommand reservedHead(const QByteArray &queue, const QByteArray &dead);
RedisCommand markReclaimed(const QByteArray &id, const QByteArray &by);

} // namespace BluequeWire
