// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rawredis.h"

#include <QByteArray>
#include <QString>

// Fills the benchmark's private Redis with a Blueque deployment (docs/BLUEQUE.md), untimed, by
// pipelined raw writes: the keys, types, fields and value formats the released library writes
// (the shapes of tests/blueque/BluequeGenerator, which follows it step by step), without its
// MULTI/EXEC grouping, which no reader can tell afterwards. Ids are UUID-shaped and made from
// the queue and a number, so a section can name any task without reading it back.
class BluequeSeeder final
{
public:
    explicit BluequeSeeder(RawRedis &redis)
        : m_redis(redis)
    {}

    // `queues` queues, each as a live deployment leaves it: 20 pending, 5 scheduled (2 past
    // their eta), `listeners` listeners each running one task (reserved list, started entry),
    // one dequeue cut short (a reserved task still `pending`), 20 complete, 5 failed; and one
    // reserved list of a listener no longer in the set (a claimed orphan's).
    bool deployment(int queues, int listeners, double now, QString *error);
    // `count` failed tasks of `queue`, numbered from `first`, pushed as the library fails them
    // (LPUSH: the highest number ends at the head, the newest end).
    bool failed(const QByteArray &queue, qint64 first, qint64 count, double now, QString *error);
    // `count` scheduled tasks of `queue`, numbered from FirstFree, whose eta is before `now` (no
    // scheduler running), the earliest the lowest number.
    bool dueScheduled(const QByteArray &queue, qint64 count, double now, QString *error);
    // `count` idle listeners more in `queue`'s set (no reserved lists).
    bool idleListeners(const QByteArray &queue, int count, QString *error);

    static QByteArray queueName(int i);
    // A task id as the library makes one (36 characters, lowercase, dashes), for task `n` of
    // `queue`'s seeding.
    static QByteArray taskId(const QByteArray &queue, qint64 n);
    static QByteArray listenerName(int queue, int listener);

    // Numbers of the deployment's tasks within each queue (taskId's `n`).
    static constexpr int Pending = 20;
    static constexpr int Scheduled = 5;
    static constexpr int Overdue = 2;
    static constexpr int Complete = 20;
    static constexpr int Failed = 5;
    // The first number past a deployment queue's own tasks: failed() and dueScheduled() start here.
    static constexpr qint64 FirstFree = 1000;

private:
    bool write(const QList<RawRedis::Argv> &commands, const QString &what, QString *error);

    RawRedis &m_redis;
};
