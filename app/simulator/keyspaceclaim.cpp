// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyspaceclaim.h"

#include "redisconnection.h"

#include <QDateTime>

namespace KeyspaceClaim {

namespace {
QString unreadable(const RedisReply &reply)
{
    return QStringLiteral("cannot tell whether this database is the simulator's: %1").arg(reply.error.message);
}
} // namespace

void claim(RedisConnection *connection, QObject *context, std::function<void(const QString &refusal)> done)
{
    // Bound: one key.
    connection->send(
        RedisCommand::read({"EXISTS", MarkerKey}), context, [connection, context, done](const RedisReply &marked) {
            if (marked.isError()) {
                done(unreadable(marked));
                return;
            }
            if (marked.integer > 0) {
                done({}); // created by an earlier run
                return;
            }
            // Bound: constant (a kept count).
            connection->send(
                RedisCommand::read({"DBSIZE"}), context, [connection, context, done](const RedisReply &size) {
                    if (size.isError()) {
                        done(unreadable(size));
                        return;
                    }
                    if (size.integer > 0) {
                        done(QStringLiteral(
                                 "refusing to drive a database it did not create: it holds %1 keys and no %2 key. "
                                 "The simulator changes heartbeats, max-concurrency and pauses of stages named "
                                 "ingest, fetch, parse, index: point it at an empty database (it marks it as its "
                                 "own), or pass --any-keyspace if this one is really meant for it")
                                 .arg(QString::number(size.integer), QString::fromLatin1(MarkerKey)));
                        return;
                    }
                    const QByteArray note = "created by qlessdesk-simulator at "
                                            + QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toLatin1();
                    // Bound: one small key.
                    connection->send(RedisCommand::write({"SET", MarkerKey, note, "NX"}), context,
                                     [done](const RedisReply &set) {
                                         // Nil: another simulator marked it first, which makes it a simulator's database too.
                                         done(set.isError() ? unreadable(set) : QString());
                                     });
                });
        });
}

} // namespace KeyspaceClaim
