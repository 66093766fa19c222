// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "rediscommand.h"
#include "redisreply.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class RedisConnection;

// The console's SideJob writes (docs/SIDEJOB.md, "Written: lua/sidejob"): one call of one action
// script each, atomic in Redis, bounded by the script's -- Bound: comment and the caps below. Sent
// as writes, so a read-only connection refuses them before they leave. Every reply is the
// script's list of outcomes, one per job ("queued", "terminating:in-queue", "wrong-status:failed",
// "deleted:12", ...), passed on as it came; a script's error (bad arguments) comes back as the
// error. `done` runs on `context`'s thread unless `context` is gone.
class SideJobWriter final : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const QlessReply<QList<QByteArray>> &)>;

    static constexpr int IdsPerCall = 100; // run.lua's and terminate.lua's cap
    // Entries of queue:{q} searched for a job's own item, in all, per call, split among the call's
    // ids, so a call stays within its bound whatever the queue holds. Half the scripts' cap: a
    // terminate of 100 jobs searching 10,000 entries came near 5 ms on a busy host; a job whose
    // item lies deeper gets a second item, which its worker drops (docs/SIDEJOB.md).
    static constexpr int ScanPerCall = 5000;
    static constexpr int ScanPerJob = 1000;
    static constexpr int DeleteLimit = 64; // deleteterminated.lua's cap on a subtree

    // `connection` must outlive the writer.
    explicit SideJobWriter(RedisConnection *connection, QObject *parent = nullptr);

    // `now` as the scripts want it (Float#to_s text: digits, a dot, digits).
    static QByteArray timeArg(double now);
    // The same instant as the library's log timestamps write it (ISO 8601 UTC, nine decimals).
    static QByteArray isoArg(double now);
    // How many queue entries each of `ids` jobs may have searched.
    static int scanFor(qsizetype ids);

    // Jobs (1..IdsPerCall, one layout) queued again; `force` whatever their status.
    void run(double now, const QString &layout, bool force, const QList<QByteArray> &ids, QObject *context, Done done);
    // Jobs (1..IdsPerCall, one layout) set terminating and pushed.
    void terminate(double now, const QString &layout, const QList<QByteArray> &ids, QObject *context, Done done);
    // One value (JSON text) written to an input port of one job, which is then run.
    void writeInput(double now, const QString &layout, const QByteArray &id, const QString &port,
                    const QByteArray &json, QObject *context, Done done);
    // A terminated job and its subtree of at most `limit` (1..DeleteLimit) jobs deleted.
    void deleteTerminated(const QString &layout, int limit, const QByteArray &id, QObject *context, Done done);

private:
    void call(const QString &script, const QList<QByteArray> &args, qsizetype outcomes, QObject *context, Done done);

    RedisConnection *m_connection;
};
