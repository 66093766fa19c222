// SPDX-License-Identifier: GPL-3.0-or-later
// What the calls-alone kinds share: a reply handler that counts a failed call as a failed
// measurement (said, and the bench fails), never as a short call.
#pragma once

#include "qlessreply.h"

#include <QString>

#include <functional>

template<typename T>
std::function<void(const QlessReply<T> &)> aloneAnswer(const QString &kind, const std::function<void()> &done,
                                                       const std::function<void(const QString &)> &fail)
{
    return [kind, done, fail](const QlessReply<T> &reply) {
        if (!reply.ok())
            fail(QStringLiteral("%1, alone: %2").arg(kind, reply.error.message));
        done();
    };
}
