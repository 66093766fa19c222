// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

class SyncRedis;

// One small SideJob deployment (4.1.0) with a job in every status and every anomaly a console must
// show, each written by SideJobGenerator through the library's own steps (or their crash windows),
// plus one job left in the seed's 4.0.2 layout and one Sidekiq 6.4.1 process running a job.
// Queue "q1" holds everything; the workers are the walkthrough's Adder, Waiter and Breaker.
// Times are `now` and after it, within one minute.
struct SideJobSample
{
    static constexpr const char *queue = "q1";
    static constexpr const char *process = "worker-1:4242:0123456789ab";

    qint64 pipeline = 0;    // completed Adder, alias "pipeline", a value on its output port
    qint64 waiting = 0;     // suspended Waiter, child "kid" of pipeline, a value on a dynamic port
    qint64 failed = 0;      // failed Breaker
    qint64 scheduled = 0;   // queued, in Sidekiq's schedule for an hour later
    qint64 queued = 0;      // queued, waiting in queue:q1
    qint64 running = 0;     // running now, locked, busy in the process
    qint64 unlocked = 0;    // running, its lock gone (worker died)
    qint64 lost = 0;        // queued, its Sidekiq item fetched and lost
    qint64 dying = 0;       // terminated, child "child" terminated too: a deletable subtree
    qint64 dyingChild = 0;  //
    qint64 terminating = 0; // terminating, queued for its shutdown
    qint64 halfCreated = 0; // in `jobs`, no key
    qint64 deleted = 0;     // deleted; its item still in queue:q1
    qint64 oldLayout = 0;   // a 4.0.2 hash job:{id}, queued
    qint64 wideValues = 0;  // how many values wait on queued's input port "in"

    static SideJobSample write(SyncRedis &redis, double now, int wideValues = 3);
};
