// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rawredis.h"

#include <QString>

// A large deployment for the operator's walk (issue #30), seeded untimed through the raw
// connection, in steps that never hold Redis long: Seeder's queues with waiting, scheduled and
// running jobs and its workers; `days` days of every queue's statistics (wait and run histograms
// a few dozen bins deep, retries and failures); `groups` failure groups of one job whose failure
// carries a 6 KB backtrace; and one failure group of `bigGroup` jobs (Seeder::failureGroup).
class DeploymentSeeder final
{
public:
    struct Size
    {
        int queues = 1000;
        int workers = 10000;
        int days = 90;
        int groups = 10000;
        qint64 bigGroup = 100000;
    };

    explicit DeploymentSeeder(RawRedis &redis)
        : m_redis(redis)
    {}

    bool seed(const Size &size, double now, QString *error);

    // The big group's name, and the queue its jobs were failed from.
    static QString bigGroupName() { return QStringLiteral("Net::ReadTimeout (deployment)"); }
    static QString bigGroupQueue();

private:
    bool stats(int queues, int days, QString *error);
    bool groups(int count, QString *error);

    RawRedis &m_redis;
};
