// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

class SyncRedis;

// One small Blueque deployment with a task in every state and every anomaly a console must show,
// each written by BluequeGenerator through the library's own steps (or their crash windows).
// Queue "my_queue" holds everything; queue "a_b" with listener "c_d_12" makes key names
// ambiguous ("blueque_reserved_tasks_a_b_c_d_12"). Times are `now` and before it.
struct BluequeSample
{
    static constexpr const char *queue = "my_queue";
    static constexpr const char *live = "node_a.example_101";    // reserved + reclaimer
    static constexpr const char *runner = "node_a.example_102";  // started, complete, failed
    static constexpr const char *halfway = "node_b.example_103"; // its dequeue was cut short
    static constexpr const char *dead = "node_a.example_104";    // reclaimed: gone from the set

    QByteArray pending;
    QByteArray scheduled;        // eta an hour after now
    QByteArray scheduledPastEta; // eta 5 minutes before now, no scheduler ran
    QByteArray reserved;
    QByteArray started;
    QByteArray complete; // also has a started entry left behind
    QByteArray failed;
    QByteArray reservedStillPending; // in halfway's reserved list, status pending
    QByteArray orphaned;             // in dead's reserved list, reclaimed_node = live
    QByteArray otherQueueFailed;     // in queue a_b, failed by c_d_12

    static BluequeSample write(SyncRedis &redis, double now);
};
