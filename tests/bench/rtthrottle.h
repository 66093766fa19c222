// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// The kernel's cap on real-time threads (/proc/sys/kernel/sched_rt_runtime_us: 950 ms of every
// second by default). A real-time thread busy for longer is held off its core for the rest of
// that second. The bench's redis-server is real-time (RedisPriority), and a step that keeps it
// busy throughout (pipelined throughput, retry-all with a batch always waiting) was held about
// 50 ms once a second: Redis's log showed a single ZADD of 52 ms, the server thread's schedstat
// 52 ms of waiting for a core and none of running, and a busy real-time loop the same stops
// every second, none with the cap lifted. Those are the kernel's stops, not the calls' cost.
//
// lift() writes -1 (no cap) for the bench's run; the value found is written back by the
// destructor and, should the bench be stopped by a signal (Ctrl-C, a crash), by a handler that
// then lets the signal take its course. It is the whole machine's setting: with the cap off, a
// real-time thread that never sleeps keeps a core for good, which only the bench's server is.
class RtThrottle final
{
public:
    RtThrottle() = default;
    ~RtThrottle();
    RtThrottle(const RtThrottle &) = delete;
    RtThrottle &operator=(const RtThrottle &) = delete;

    // Empty when lifted (or there was no cap); else why not, nothing changed.
    QString lift();
    // What the report says: "lifted (was 950000 us a second)", "none", or why it was kept.
    QString describe() const { return m_description; }

private:
    void restore();

    QByteArray m_saved; // the value found, written back; empty when nothing was changed
    QString m_description = QStringLiteral("not touched");
};
