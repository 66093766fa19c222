// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// Puts the bench's redis-server ahead of every ordinary thread on the machine (SCHED_FIFO at the
// lowest real-time priority), as if it ran on a host of its own, which is where a production
// Redis runs. On a 2-core machine the server otherwise queues for a core behind the console's
// threads, the raw client and anything else running, and Redis's own log (SLOWLOG: wall time
// from a command's start to its end) counts that wait as the call's time: a search step that
// ran 3 ms on the CPU was logged at 40 ms while builds ran (measured with the server thread's
// /proc schedstat). With the server first in line, the log says what a call itself holds Redis
// for. Both sides of every figure share the server, so ratios stay fair either way.
class RedisPriority final
{
public:
    // Every thread of process `pid` made SCHED_FIFO 1. Empty when done, else why not (not
    // permitted without root or CAP_SYS_NICE, say); nothing is changed then.
    static QString raise(qint64 pid);
};
