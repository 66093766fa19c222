// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"

#include <QObject>
#include <QTest>

#include <functional>
#include <optional>

// Runs one asynchronous client call (BluequeClient's, SideJobClient's: any that takes a context
// and a `done` of QlessReply<T>) and spins the test's event loop until its reply comes (a Timeout
// error after `timeoutMs`). Only for tests.
template<typename T>
QlessReply<T> awaitCall(const std::function<void(QObject *, std::function<void(const QlessReply<T> &)>)> &call,
                        int timeoutMs = 20000)
{
    QObject context;
    std::optional<QlessReply<T>> reply;
    call(&context, [&reply](const QlessReply<T> &r) { reply = r; });
    if (!QTest::qWaitFor([&reply] { return reply.has_value(); }, timeoutMs))
        return {{}, RedisError::make(RedisError::Kind::Timeout, QStringLiteral("test: no reply in time"))};
    return *reply;
}
