// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rawredis.h"

#include <QByteArray>
#include <QString>

// Fills the benchmark's private Redis, untimed, through the raw connection.
//  - The overview: `queues` queues, each with waiting and scheduled jobs, and `workers` workers
//    that each popped one job; all through our put and pop scripts.
//  - A failure group of any size: one template job is put, popped and failed through our
//    scripts; the rest are copies of its job hash (jid changed) pushed onto the group's list by a
//    bench-only Lua snippet, in chunks. That is the layout fail.lua writes, minus the per-day
//    stats counters (nothing under test reads them); verify() reads a sample back through the
//    `get` and `failed` scripts and compares it with the template.
class Seeder final
{
public:
    explicit Seeder(RawRedis &redis)
        : m_redis(redis)
    {}

    bool overview(int queues, int workers, double now, QString *error);
    bool failureGroup(const QString &group, const QString &queue, qint64 size, double now, QString *error);
    bool verifyGroup(const QString &group, qint64 size, QString *error);

    static QByteArray queueName(int i);
    // 32 characters, like the uuid hex jids qless clients make: a prefix per group and a number.
    static QByteArray jid(const QString &group, qint64 n);

private:
    RawRedis &m_redis;
};
