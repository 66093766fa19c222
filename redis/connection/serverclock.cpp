// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverclock.h"

#include <QDateTime>

#include <cmath>

ServerClock::ServerClock(LocalClock local)
    : m_local(std::move(local))
{}

qint64 ServerClock::localMs() const
{
    return m_local ? m_local() : QDateTime::currentMSecsSinceEpoch();
}

bool ServerClock::update(const RedisReply &time, qint64 sentMs, qint64 receivedMs, QString *error)
{
    auto refuse = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (time.isError())
        return refuse(QStringLiteral("TIME was refused: ") + time.error.message);
    if (!time.isArray() || time.elements.size() != 2)
        return refuse(QStringLiteral("TIME did not answer [seconds, microseconds]"));
    bool secondsOk = false;
    bool microsOk = false;
    const qint64 seconds = time.elements.at(0).bytes.toLongLong(&secondsOk);
    const qint64 micros = time.elements.at(1).bytes.toLongLong(&microsOk);
    if (!secondsOk || !microsOk || seconds < 0 || micros < 0 || micros >= 1000000)
        return refuse(QStringLiteral("TIME answered something that is not a time"));
    if (receivedMs < sentMs)
        return refuse(QStringLiteral("the local clock went back during the measurement"));

    // The server read its clock somewhere between our send and its reply; the middle of that
    // window is the best guess, off by at most half the round trip.
    const double serverMs = double(seconds) * 1000.0 + double(micros) / 1000.0;
    const double localMiddleMs = (double(sentMs) + double(receivedMs)) / 2.0;
    m_offsetMs.store(qint64(std::llround(serverMs - localMiddleMs)), std::memory_order_relaxed);
    m_roundTripMs.store(receivedMs - sentMs, std::memory_order_relaxed);
    m_measurements.fetch_add(1, std::memory_order_release);
    return true;
}

QByteArray ServerClock::text(double seconds)
{
    QByteArray text = QByteArray::number(seconds, 'f', 3);
    while (text.contains('.') && (text.endsWith('0') || text.endsWith('.')))
        text.chop(1);
    return text;
}
