// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>

// A worker's view of Redis while the console works: a connection of its own that sends PING
// every IntervalMs and times each until its reply (the wait behind whatever Redis serves first,
// the console's queued commands included). The thread runs real-time when it may, so that its
// own waits for a core do not count as Redis's; whether it did is in describe(). Given Redis's
// core (HostPauseMeter pins the server to one), it runs there, one level above the server: it
// sends at once even while Redis runs, and a stop of that core by the host, which would hold
// its wait up as much as Redis, is one the meter sees. (On the other core, waits many times the
// target came with Redis logging no long command and the meter seeing no stop of its core.)
class PingProbe final
{
public:
    struct Wait
    {
        qint64 sentNs = 0; // monotonic clock (BurstLog::monotonicNs)
        double ms = 0;
    };

    PingProbe() = default;
    ~PingProbe();
    PingProbe(const PingProbe &) = delete;
    PingProbe &operator=(const PingProbe &) = delete;

    // Empty when pinging; else why not.
    // `core` < 0: any core, real-time level 1; else that core, level `priority`.
    QString start(const QString &socketPath, int core = -1, int priority = 1);
    void stop();

    int pings() const { return m_pings.load(); }
    // Every wait longer than KeptOverMs, in order.
    QList<Wait> longWaits() const;
    // The longest wait (its time 0 when it was under KeptOverMs).
    Wait longest() const;
    // The pings-th/100 longest wait: the tail most pings saw at most.
    double p99Ms() const;
    QString describe() const { return m_scheduling; }

    static constexpr int IntervalMs = 5;
    static constexpr double KeptOverMs = 0.5;

private:
    void run(void *context);

    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_pings{0};
    mutable std::mutex m_mutex;
    QList<Wait> m_long;
    QList<double> m_all;
    QString m_scheduling;
};
