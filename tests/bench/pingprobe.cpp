// SPDX-License-Identifier: GPL-3.0-or-later
#include "pingprobe.h"

#include "burstlog.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <ctime>
#include <pthread.h>
#include <sched.h>

PingProbe::~PingProbe()
{
    stop();
}

QString PingProbe::start(const QString &socketPath, int core, int priority)
{
    stop();
    redisContext *context = redisConnectUnix(socketPath.toLocal8Bit().constData());
    if (!context || context->err) {
        const QString why = context ? QString::fromLocal8Bit(context->errstr) : QStringLiteral("out of memory");
        redisFree(context);
        return why;
    }
    freeReplyObject(redisCommand(context, "CLIENT SETNAME bench-worker-ping"));
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_long.clear();
        m_all.clear();
    }
    m_pings = 0;
    m_stop = false;
    // Real-time, one level: above the bench's and the console's threads, so a reply read late is
    // Redis's lateness, not this thread's wait for a core (the server is at level 1 as well).
    sched_param param{};
    param.sched_priority = priority;
    m_scheduling = QStringLiteral("real-time (SCHED_FIFO %1)").arg(priority);
    m_thread = std::thread([this, context] { run(context); });
    if (core >= 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(core, &one);
        if (pthread_setaffinity_np(m_thread.native_handle(), sizeof one, &one) == 0)
            m_scheduling += QStringLiteral(" on Redis's core, %1").arg(core);
        else
            m_scheduling += QStringLiteral(" (not on Redis's core: refused)");
    }
    if (pthread_setschedparam(m_thread.native_handle(), SCHED_FIFO, &param) != 0)
        m_scheduling = QStringLiteral("normal (real-time refused)");
    return {};
}

void PingProbe::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

void PingProbe::run(void *opaque)
{
    auto *context = static_cast<redisContext *>(opaque);
    timespec next{};
    clock_gettime(CLOCK_MONOTONIC, &next);
    while (!m_stop.load(std::memory_order_relaxed)) {
        next.tv_nsec += IntervalMs * 1000000L;
        if (next.tv_nsec >= 1000000000L) {
            next.tv_nsec -= 1000000000L;
            ++next.tv_sec;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, nullptr);
        const qint64 sent = BurstLog::monotonicNs();
        redisReply *reply = static_cast<redisReply *>(redisCommand(context, "PING"));
        const double ms = double(BurstLog::monotonicNs() - sent) / 1e6;
        if (!reply)
            break;
        freeReplyObject(reply);
        ++m_pings;
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_all.append(ms);
        if (ms > KeptOverMs)
            m_long.append({sent, ms});
        // A PING late by more than the interval: the next goes at once, not in a burst of catch-ups.
        clock_gettime(CLOCK_MONOTONIC, &next);
    }
    redisFree(context);
}

QList<PingProbe::Wait> PingProbe::longWaits() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_long;
}

PingProbe::Wait PingProbe::longest() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    Wait most;
    for (const Wait &wait : m_long) {
        if (wait.ms > most.ms)
            most = wait;
    }
    // None kept (all under KeptOverMs): the longest of the rest, its time not kept.
    for (const double ms : m_all)
        most.ms = qMax(most.ms, ms);
    return most;
}

double PingProbe::p99Ms() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (m_all.isEmpty())
        return 0;
    QList<double> sorted = m_all;
    std::sort(sorted.begin(), sorted.end(), std::greater<double>());
    return sorted.at(qMin<qsizetype>(sorted.size() - 1, sorted.size() / 100));
}
