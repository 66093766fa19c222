// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// One server's totals as the All servers overview shows them: the sums over its queues, its
// failed jobs and failure groups, and its workers.
struct ServerTotals
{
    int queues = 0;
    int paused = 0;
    qint64 waiting = 0;
    qint64 running = 0;
    qint64 stalled = 0;
    qint64 scheduled = 0;
    qint64 depends = 0;
    qint64 failed = 0;
    qint64 failureGroups = 0;
    qint64 workers = 0;

    ServerTotals &operator+=(const ServerTotals &other)
    {
        queues += other.queues;
        paused += other.paused;
        waiting += other.waiting;
        running += other.running;
        stalled += other.stalled;
        scheduled += other.scheduled;
        depends += other.depends;
        failed += other.failed;
        failureGroups += other.failureGroups;
        workers += other.workers;
        return *this;
    }
};
