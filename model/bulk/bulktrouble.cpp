// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulktrouble.h"

BulkTrouble bulkTroubleOf(const RedisError &error)
{
    using Kind = RedisError::Kind;
    if (error.isNull())
        return BulkTrouble::None;
    // Lost, full, loading, busy, failing over: the same will work later. A failed TLS handshake
    // and a connection that gave up reconnecting wait too: for the operator's Reconnect.
    if (error.isPassing() || error.kind == Kind::TlsHandshake || error.kind == Kind::Closed)
        return BulkTrouble::Connection;
    switch (error.kind) {
    case Kind::ReadOnlyMode:
    case Kind::WrongPassword:
    case Kind::NoPermission:
    case Kind::InvalidSettings:
    case Kind::NotMaster:   // a replica without Sentinel: every job would be refused alike
    case Kind::NotAllowed:  // the connection will not send it: nor for the next job
    case Kind::OutOfMemory: // maxmemory reached: the next write is refused alike, until raised
        return BulkTrouble::Fatal;
    default: return BulkTrouble::Refused;
    }
}
