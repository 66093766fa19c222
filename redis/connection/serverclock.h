// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisreply.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <functional>

// The Redis server's clock as seen from the desktop: the local clock plus an offset measured
// with TIME. qless scripts cannot read a clock, so every `now` we hand them comes from here; a
// desktop minutes off would otherwise make locks expire early or late and put stats on the
// wrong day. The connection thread measures (update); any thread may read, without waiting.
class ServerClock final
{
public:
    // Milliseconds since the epoch; tests inject a shifted one.
    using LocalClock = std::function<qint64()>;

    // An empty `local` is the system clock.
    explicit ServerClock(LocalClock local = {});
    Q_DISABLE_COPY_MOVE(ServerClock)

    qint64 localMs() const;
    // The server's time now, as best known (the local clock until the first measurement).
    qint64 nowMs() const { return localMs() + offsetMs(); }
    double nowSeconds() const { return double(nowMs()) / 1000.0; }

    // Server minus local, in milliseconds; 0 until measured.
    qint64 offsetMs() const { return m_offsetMs.load(std::memory_order_relaxed); }
    bool isMeasured() const { return m_measurements.load(std::memory_order_acquire) > 0; }
    // How many TIME replies were taken so far (reconnects and periodic checks add to it).
    int measurements() const { return m_measurements.load(std::memory_order_acquire); }
    // The round trip of the last measurement: the offset is exact to within half of it.
    qint64 roundTripMs() const { return m_roundTripMs.load(std::memory_order_relaxed); }

    // Takes a TIME reply ([seconds, microseconds]) to a request sent at local `sentMs` and
    // answered at local `receivedMs`. False, with the offset unchanged, when it is not one.
    bool update(const RedisReply &time, qint64 sentMs, qint64 receivedMs, QString *error = nullptr);

    // Seconds as the scripts take them: millisecond precision, no exponent.
    static QByteArray text(double seconds);

private:
    LocalClock m_local;
    std::atomic<qint64> m_offsetMs{0};
    std::atomic<qint64> m_roundTripMs{-1};
    std::atomic<int> m_measurements{0};
};
