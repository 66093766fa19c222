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
// What counts is the gap less the time the thread sat runnable waiting for a core (the kernel's
// /proc/thread-self/schedstat): on a 2-core machine where redis-server, the connection thread and
// whatever else runs share the cores, the GUI thread can wait 30 ms for its turn having done
// nothing, and that says nothing about the console. Work on the thread, and blocking on a lock
// or a file, still count. How the longest gap divides (running, waiting for a core, the rest:
// asleep) is kept for the report's note, with the longest gap by the wall clock.
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

    // The longest stall of the console's own making, in milliseconds.
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
        if (wall - waited > m_maxNs) {
            m_maxNs = wall - waited;
            m_maxEndNs = now;
        }
        if (gap.wallMs - gap.waitedMs > m_gaps.longestStall.wallMs - m_gaps.longestStall.waitedMs)
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
