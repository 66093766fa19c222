// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediscommand.h"

#include <QList>

#include <functional>

class RedisConnection;
class RedisReply;

// Sends the calls of one read (a page's summaries in parts) keeping at most InFlight of them on
// their way, not all at once. Redis runs every command it took in one read from a client before
// it turns to the next client, so twenty pipelined parts would hold every other client (workers
// heartbeating) up as long as one call of the whole page. With two on their way, the next part
// is ready when one is answered: on a console session (ConnectionSettings::oneUnitAtServer) it
// waits on the connection's thread, not in Redis's input, and is written before the reply is
// decoded, so Redis is idle only for the round trip, and every other client gets its turn
// between two parts.
class BoundedCallSequence final
{
public:
    static constexpr int InFlight = 2;
    // `each(index, reply)` for every call, in order, on the connection's thread (as the
    // connection's callbacks run, but after the next call has been written); then `last()` once,
    // also when the connection is destroyed with replies not decoded yet (those as Closed). After an error reply the calls not sent
    // yet are dropped (each() is not called for them). `serverTimeArg`: as RedisConnection::submit.
    using Each = std::function<void(qsizetype index, const RedisReply &reply)>;
    static void send(RedisConnection *connection, QList<RedisCommand> calls, Each each, std::function<void()> last,
                     int serverTimeArg);
};
