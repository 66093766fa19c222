// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

// The GUI thread's longest stall while it runs: a timer firing every 2 ms on that thread, and the
// largest gap between two of its ticks (from start() to stop(), stop() counting as a tick, so
// work that ends the measurement is inside it). An idle thread shows the interval plus the
// scheduler's jitter; anything that holds the thread up shows as a longer gap.
//
// What counts is the time the thread ran on a core within a gap (the kernel's
// /proc/thread-self/schedstat), not the gap by the wall clock: on this 2-core virtual machine a
// poll() told to wait 2 ms sometimes returns after 16 to 50 ms with the core idle (strace, and
// perf's sched_switch: the thread asleep in poll, the next task the idle one), and redis-server
// with the connection thread can keep both cores busy for as long; in neither case is the
// console holding its thread. Time blocked in a call (a lock, a file) would not count either; the
// GUI thread makes none that wait on anything slow (ARCHITECTURE.md), and each gap's split
// (running, waiting for a core, blocked or asleep) is kept for the report's note, with the
// longest gap by the wall clock, so that one would show.
class StallMeter final : public QObject
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        connect(&m_timer, &QTimer::timeout, this, [this] { tick(); });
    }
    ~StallMeter() override
    {
        if (m_schedstat >= 0)
            ::close(m_schedstat);
    }

    void start()
    {
        if (m_schedstat < 0) // the thread that ticks is the one measured: this one
            m_schedstat = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
        m_maxNs = 0;
        m_maxEndNs = 0;
        m_clock.start();
        m_lastNs = 0;
        const Sched sched = schedNow();
        m_lastWaitNs = sched.waited;
        m_lastRanNs = sched.ran;
        m_timer.start();
    }

    // The longest stall of the console's own making (time run between two ticks), in milliseconds.
    double stop()
    {
        tick();
        m_timer.stop();
        return double(m_maxNs) / 1e6;
    }
    // Where the longest stall ended, and how long the measure ran, in milliseconds since start():
    // a stall at the very start or end of a run is not one in its middle.
    double longestEndedAtMs() const { return double(m_maxEndNs) / 1e6; }
    double ranMs() const { return double(m_lastNs) / 1e6; }

    // A gap between two ticks, in milliseconds: by the wall clock, and how much of it the thread
    // ran on a core and waited runnable for one.
    struct Gap
    {
        double wallMs = 0;
        double ranMs = 0;
        double waitedMs = 0;
    };
    // Since the last take: the gap that counted as the longest stall, and the longest gap by the
    // wall clock.
    struct Gaps
    {
        Gap longestStall;
        Gap longestWall;
    };
    Gaps takeGaps()
    {
        const Gaps gaps = m_gaps;
        m_gaps = {};
        return gaps;
    }

private:
    struct Sched
    {
        qint64 ran = 0;
        qint64 waited = 0;
    };
    // This thread's time on a core and runnable on a run queue, in nanoseconds (0 when the
    // kernel does not say).
    Sched schedNow() const
    {
        if (m_schedstat < 0)
            return {};
        char text[96] = {};
        const ssize_t n = ::pread(m_schedstat, text, sizeof text - 1, 0);
        long long ran = 0;
        long long waited = 0;
        if (n <= 0 || std::sscanf(text, "%lld %lld", &ran, &waited) != 2)
            return {};
        return {ran, waited};
    }

    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const Sched sched = schedNow();
        const qint64 wall = now - m_lastNs;
        const qint64 waited = qBound<qint64>(0, sched.waited - m_lastWaitNs, wall);
        const Gap gap{wall / 1e6, qMax<qint64>(0, sched.ran - m_lastRanNs) / 1e6, waited / 1e6};
        const qint64 ran = qMax<qint64>(0, sched.ran - m_lastRanNs);
        if (ran > m_maxNs) {
            m_maxNs = ran;
            m_maxEndNs = now;
        }
        if (gap.ranMs > m_gaps.longestStall.ranMs)
            m_gaps.longestStall = gap;
        if (gap.wallMs > m_gaps.longestWall.wallMs)
            m_gaps.longestWall = gap;
        m_lastNs = now;
        m_lastWaitNs = sched.waited;
        m_lastRanNs = sched.ran;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_schedstat = -1;
    qint64 m_lastNs = 0;
    qint64 m_lastWaitNs = 0;
    qint64 m_lastRanNs = 0;
    qint64 m_maxNs = 0;
    qint64 m_maxEndNs = 0;
    Gaps m_gaps;
};
