// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

class RedisConnection;

// Whether the simulator may drive a database: only one it created itself. The simulator sets
// `<stage>-heartbeat` and `-max-concurrency` and pauses stages named ingest, fetch, parse,
// index: on a deployment's Redis that changes production. It knows a database is its own by a
// marker key (MarkerKey) that it writes when it starts on an empty one (DBSIZE 0); a database
// with keys and no marker is refused, with the reason. The check and the marker's write are two
// commands: a database that gets its first key between them is taken as empty (a deployment's
// database is never empty; the window is one round trip on a fresh one). The simulator's
// --any-keyspace skips the claim and writes no marker.
namespace KeyspaceClaim {

inline const QByteArray MarkerKey = QByteArrayLiteral("qlessdesk-simulator:keyspace");

// Asks the server, never blocks; `done` runs on `context`'s thread with an empty text when the
// database is the simulator's (now or from an earlier run), else why it is refused.
void claim(RedisConnection *connection, QObject *context, std::function<void(const QString &refusal)> done);

} // namespace KeyspaceClaim
