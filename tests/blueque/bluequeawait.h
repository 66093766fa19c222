// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "awaitcall.h"

// One BluequeClient call awaited (awaitCall, shared with the other job systems' tests).
template<typename T>
QlessReply<T> awaitBlueque(const std::function<void(QObject *, std::function<void(const QlessReply<T> &)>)> &call,
                           int timeoutMs = 20000)
{
    return awaitCall<T>(call, timeoutMs);
}
