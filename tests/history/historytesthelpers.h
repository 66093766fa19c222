// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historystore.h"

#include <QTest>

#include <optional>

// Reads from a store the way a chart would, but waits for the answer (tests only).
inline HistoryRead readHistory(HistoryStore &store, const HistoryRange &range)
{
    QObject context;
    std::optional<HistoryRead> result;
    store.read(range, &context, [&result](const HistoryRead &read) { result = read; });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, 20000)) {
        HistoryRead timedOut;
        timedOut.error = QStringLiteral("test: no answer in time");
        return timedOut;
    }
    return *result;
}

inline bool waitIdle(HistoryStore &store)
{
    QObject context;
    bool idle = false;
    store.whenIdle(&context, [&idle] { idle = true; });
    return QTest::qWaitFor([&idle] { return idle; }, 20000);
}

inline HistoryRetention::Outcome maintainNow(HistoryStore &store, qint64 nowMs)
{
    QObject context;
    std::optional<HistoryRetention::Outcome> result;
    store.maintain(nowMs, &context, [&result](const HistoryRetention::Outcome &o) { result = o; });
    if (!QTest::qWaitFor([&result] { return result.has_value(); }, 60000))
        return HistoryRetention::Outcome{0, 0, false, QStringLiteral("test: no answer")};
    return result.value_or(HistoryRetention::Outcome{0, 0, false, QStringLiteral("test: no answer")});
}

// A whole minute, some days back from a fixed origin: tests do not depend on today's date.
constexpr qint64 TestOriginMs = qint64(1764000000) * 1000; // a whole minute
inline qint64 minuteAt(qint64 minutesFromOrigin)
{
    return TestOriginMs + minutesFromOrigin * 60000;
}
