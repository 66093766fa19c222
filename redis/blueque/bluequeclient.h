// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"
#include "qlessreply.h"
#include "rediscommand.h"
#include "redisreply.h"

#include <QObject>

#include <functional>

class RedisConnection;

// The Blueque reads the console needs (docs/BLUEQUE.md), one asynchronous call each, over a
// RedisConnection, as QlessClient does for qless: `done` runs on `context`'s thread with the value
// or a readable error, unless `context` is gone; replies are decoded on the connection's thread.
// Every call is bounded whatever the deployment holds: a window of queues, a page of tasks, one
// task, one SCAN/SSCAN step. Where one call must see a consistent picture (a page of ids with
// their hashes) it is one read-only script of lua/blueque, sent as EVAL (see evalRead).
class BluequeClient final : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Done = std::function<void(const QlessReply<T> &)>;

    static constexpr int QueuesPerCall = 100; // overview.lua's cap
    static constexpr int TasksPerCall = 100;  // taskpage.lua's cap
    static constexpr int ScanCount = 1000;    // keys a SCAN step looks at

    // `connection` must outlive the client.
    explicit BluequeClient(RedisConnection *connection, QObject *parent = nullptr);

    // Whether the server holds Blueque: the TYPE of blueque_queues ("zset": yes; "none": no;
    // anything else: a key of that name Blueque did not write). One O(1) call.
    void detect(QObject *context, Done<QString> done);
    // Queues [offset, offset + count) of blueque_queues (count 1..QueuesPerCall) with their
    // counts; `now` (seconds) decides which scheduled tasks are overdue.
    void queuePage(qint64 offset, int count, double now, QObject *context, Done<BluequeQueuePage> done);
    // Every queue, in windows of QueuesPerCall sent one after another (never together: Redis
    // would run a client's pipelined calls back to back and hold others up as long).
    void queues(double now, QObject *context, Done<QList<BluequeQueue>> done);
    // A page of a queue's tasks in `state` (see lua/blueque/taskpage.lua); for started, `offset`
    // is the SSCAN cursor (0 to start, then the page's `next`); reserved needs the listener.
    void taskPage(const QString &queue, const QString &state, qint64 offset, int count, QObject *context,
                  Done<BluequeTaskPage> done, const QString &listener = {});
    void taskRecord(const QByteArray &id, QObject *context, Done<BluequeTaskRecord> done);
    // One SSCAN step of a queue's listener set: {next cursor ("0": done), names...}.
    void listenerStep(const QString &queue, const QByteArray &cursor, QObject *context, Done<QList<QByteArray>> done);
    // One SCAN step over blueque_reserved_tasks_* (COUNT ScanCount): {next cursor, keys...}.
    // Walk it call by call to find reserved lists of listeners no longer in their set.
    void reservedKeyStep(const QByteArray &cursor, QObject *context, Done<QList<QByteArray>> done);

private:
    template<typename T>
    using Decode = std::function<T(const RedisReply &, RedisError *)>;
    template<typename T>
    void call(const RedisCommand &command, QObject *context, Decode<T> decode, Done<T> done);
    // EVAL <script's source> 0 args (ScriptRead::eval).
    RedisCommand evalRead(const QString &script, const QList<QByteArray> &args) const;

    RedisConnection *m_connection;
};
