// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedcallsequence.h"

#include "redisconnection.h"
#include "redisreply.h"

#include <memory>
#include <mutex>

namespace {
// The calls not sent yet and what to do with the replies, shared by the replies' handlers, which
// run one after another on the connection's thread. The first InFlight calls are handed over by
// the caller's thread: a reply can come back before the caller has handed over the second, and
// its handler must not hand over the third before it (Redis would run them out of order), so
// handing over is done under `sending`.
//
// A reply is decoded in a task of its own, posted behind the next call, and that call is
// written at once (urgent): Redis takes the calls it finds together in one read and sends their
// replies together, so both replies of the two on their way often arrive in one read. Decoding
// them before the next calls were written left Redis idle for both decodes, twice a page.
struct Turns : std::enable_shared_from_this<Turns>
{
    std::mutex sending;
    RedisConnection *connection = nullptr;
    QList<RedisCommand> calls;
    BoundedCallSequence::Each each;
    std::function<void()> last;
    int serverTimeArg = -1;
    qsizetype next = 0;
    qsizetype left = 0;
    qsizetype decoded = 0; // replies handed to each(), in order

    ~Turns()
    {
        // A decode task dropped with the connection (destroyed with replies still queued): the
        // calls it stood for end as closed, so last() still runs exactly once.
        if (left <= 0)
            return;
        const RedisReply closed = RedisReply::fromError(
            RedisError::make(RedisError::Kind::Closed, QStringLiteral("The connection was closed")));
        for (; left > 0 && decoded < next; --left)
            each(decoded++, closed);
        last();
    }

    void submit(qsizetype index, bool urgent)
    {
        connection->submit(
            calls.at(index),
            [self = shared_from_this(), index](const RedisReply &reply) {
                {
                    const std::lock_guard<std::mutex> guard(self->sending);
                    if (reply.isError()) {
                        // The read has failed as a whole: the calls not sent yet are not sent.
                        self->left -= self->calls.size() - self->next;
                        self->next = self->calls.size();
                    } else if (self->next < self->calls.size()) {
                        self->submit(self->next++, true);
                    }
                }
                self->connection->post([self, index, reply] {
                    self->each(index, reply);
                    ++self->decoded;
                    if (--self->left == 0)
                        self->last();
                });
            },
            serverTimeArg, urgent);
    }
};
} // namespace

void BoundedCallSequence::send(RedisConnection *connection, QList<RedisCommand> calls, Each each,
                               std::function<void()> last, int serverTimeArg)
{
    if (calls.isEmpty()) {
        last();
        return;
    }
    auto turns = std::make_shared<Turns>();
    turns->connection = connection;
    turns->calls = std::move(calls);
    turns->each = std::move(each);
    turns->last = std::move(last);
    turns->serverTimeArg = serverTimeArg;
    turns->left = turns->calls.size();
    const std::lock_guard<std::mutex> guard(turns->sending);
    const qsizetype first = qMin<qsizetype>(InFlight, turns->calls.size());
    turns->next = first;
    for (qsizetype index = 0; index < first; ++index)
        turns->submit(index, false);
}
