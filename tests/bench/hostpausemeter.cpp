// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostpausemeter.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <pthread.h>

namespace {
qint64 nanoseconds(clockid_t clock)
{
    timespec now{};
    clock_gettime(clock, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

QString lastError(const char *what)
{
    return QStringLiteral("%1: %2").arg(QString::fromLatin1(what), QString::fromLocal8Bit(std::strerror(errno)));
}
} // namespace

HostPauseMeter::~HostPauseMeter()
{
    stop();
}

QString HostPauseMeter::start(qint64 serverPid)
{
    stop();
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_pauses.clear();
    }
    if (serverPid <= 0)
        return QStringLiteral("the server is not running");
    const pid_t server = pid_t(serverPid); // the main thread's id is the process's
    if (sched_getaffinity(server, sizeof m_serverCores, &m_serverCores) != 0)
        return lastError("sched_getaffinity");
    if (CPU_COUNT(&m_serverCores) < 2)
        return QStringLiteral("the server has one core: nothing to pin it to");
    int core = -1; // the last core the server may use: the bench's own threads start on the first
    for (int i = 0; i < CPU_SETSIZE; ++i) {
        if (CPU_ISSET(i, &m_serverCores))
            core = i;
    }
    sched_param param{};
    if (sched_getparam(server, &param) != 0)
        return lastError("sched_getparam");
    const int priority = qMin(param.sched_priority + 1, sched_get_priority_max(SCHED_FIFO));

    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(core, &one);
    if (sched_setaffinity(server, sizeof one, &one) != 0)
        return lastError("sched_setaffinity");
    m_serverPid = serverPid;
    m_pinned = true;
    m_stop = false;
    m_probeStarted = 0;
    m_thread = std::thread([this, core, priority] { probe(core, priority); });
    while (m_probeStarted.load() == 0)
        std::this_thread::yield();
    if (m_probeStarted.load() < 0) {
        stop();
        return QStringLiteral("the probe could not run real-time on core %1").arg(core);
    }
    return {};
}

void HostPauseMeter::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
    if (m_pinned) {
        sched_setaffinity(pid_t(m_serverPid), sizeof m_serverCores, &m_serverCores);
        m_pinned = false;
    }
}

void HostPauseMeter::probe(int core, int priority)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(core, &one);
    sched_param param{};
    param.sched_priority = priority;
    if (pthread_setaffinity_np(pthread_self(), sizeof one, &one) != 0
        || pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) != 0) {
        m_probeStarted = -1;
        return;
    }
    m_probeStarted = 1;
    const qint64 sleepNs = qint64(SleepMs * 1e6);
    const qint64 floorNs = qint64(PauseFloorMs * 1e6);
    while (!m_stop.load(std::memory_order_relaxed)) {
        const qint64 before = nanoseconds(CLOCK_MONOTONIC);
        const timespec interval{0, long(sleepNs)};
        clock_nanosleep(CLOCK_MONOTONIC, 0, &interval, nullptr);
        const qint64 late = nanoseconds(CLOCK_MONOTONIC) - before - sleepNs;
        if (late > floorNs) {
            const Pause pause{double(nanoseconds(CLOCK_REALTIME)) / 1e9, double(late) / 1e6};
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_pauses.append(pause);
        }
    }
    param.sched_priority = 0;
    pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
}

double HostPauseMeter::longestPauseMs(double fromSeconds, double toSeconds) const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    double longest = 0;
    for (const Pause &pause : m_pauses) {
        const double began = pause.endSeconds - pause.ms / 1000.0;
        if (pause.endSeconds >= fromSeconds && began <= toSeconds)
            longest = qMax(longest, pause.ms);
    }
    return longest;
}

QList<HostPauseMeter::Pause> HostPauseMeter::pauses() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_pauses;
}
