// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>

#include <sched.h>

// When the core Redis runs on was not running at all: this virtual machine's host holding it
// (another guest on the physical core, the host's own work). Redis's log times a call by the
// wall clock, so such a pause shows as a long call; seen here with a probe like this one: a retry
// batch logged at 20.1 ms while the probe on Redis's core woke 17.8 ms late, an 11.1 ms page read
// beside an 8.4 ms pause. The same calls alone take 1.5 to 3.5 ms of Redis's CPU.
//
// start() pins the server's main thread (the one that runs every command) to one core and puts a
// probe thread there, real-time and one priority above the server, that sleeps SleepMs at a
// time: a wake-up later than PauseFloorMs means the core ran nothing of this machine's meanwhile (a
// real-time thread above everything else on that core is only held up by the core itself, or by
// interrupts, which hold Redis up alike). Each such pause is kept with its time on the wall
// clock (CLOCK_REALTIME, the clock Redis and the console stamp calls with). A pause shorter than
// the sleep can fall between two wake-ups unseen; the calls measured take 3 ms at most, so only
// pauses over 2 ms can take one past 5 ms. Each wake-up costs Redis's core more on this virtual
// machine than its few microseconds: sleeping 1 ms at a time, the median page read went from
// 1.1 to 2.0 ms (2 ms: within this machine's noise). stop() ends the probe and gives the server
// thread back the cores it had.
class HostPauseMeter final
{
public:
    struct Pause
    {
        double endSeconds = 0; // wall clock when the probe woke
        double ms = 0;         // how late it woke
    };

    HostPauseMeter() = default;
    ~HostPauseMeter();
    HostPauseMeter(const HostPauseMeter &) = delete;
    HostPauseMeter &operator=(const HostPauseMeter &) = delete;

    // Empty when measuring; else why not (one core, not permitted, ...), nothing changed then.
    QString start(qint64 serverPid);
    void stop();

    // The longest pause that overlaps [fromSeconds, toSeconds] (wall clock), 0 if none.
    double longestPauseMs(double fromSeconds, double toSeconds) const;
    QList<Pause> pauses() const;

    static constexpr double SleepMs = 2;
    static constexpr double PauseFloorMs = 0.5;

private:
    void probe(int core, int priority);

    qint64 m_serverPid = 0;
    cpu_set_t m_serverCores{};
    bool m_pinned = false;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_probeStarted{0}; // 0 starting, 1 running, -1 could not go real-time
    mutable std::mutex m_mutex;
    QList<Pause> m_pauses;
};
