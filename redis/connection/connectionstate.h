// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"

#include <QMetaType>
#include <QString>

// What the connection is doing, for a status line: connecting, ready, reconnecting in N s
// (after `error`), failed (with `error`; it will not try again until told to), or closed.
struct ConnectionState
{
    enum class Phase { Idle, Connecting, Ready, Reconnecting, Failed, Closed };

    Phase phase = Phase::Idle;
    int retryInMs = 0; // Reconnecting: when the next attempt starts
    int attempt = 0;   // Connecting/Reconnecting: failed attempts so far
    RedisError error;  // Reconnecting/Failed: why
    QString address;   // the server it is (or was) talking to; for Sentinel, the master found

    QString describe() const;
};
Q_DECLARE_METATYPE(ConnectionState)
