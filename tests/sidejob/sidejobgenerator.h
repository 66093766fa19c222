// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobportgroup.h"
#include "sidejobports.h"
#include "sidejobstorage.h"

#include <QByteArray>
#include <QHash>
#include <QList>

#include <functional>
#include <utility>

class SyncRedis;

// Writes a SideJob deployment the way the released library (austinche/sidejob 4.1.0 on Sidekiq
// 6.4) writes it, or in the seed's layout as 4.0.2 writes it: the same keys, types and value
// texts, the same commands grouped the same way (one MULTI/EXEC where the library uses multi,
// single commands where it does not), so tests read data no different from a live deployment's.
// Times are given as float seconds since the epoch, never read from a clock. docs/SIDEJOB.md
// describes each step. The logs the library writes (4.0.2's `jobs:logs`) or publishes (4.1.0's
// `/sidejob/log`) for port reads and writes and failures are written too; the channel walk that
// follows a 4.1.0 publish (only reads, unless a job subscribes to the channel) is not.
// JSON arguments (args, port data, worker configs, state values) are texts written as given,
// because Ruby keeps a hash's insertion order where a QJsonObject would sort it. Port defaults are
// the one place we re-encode a parsed value (from the worker config): an object default with
// unsorted keys would come out sorted.
class SideJobGenerator final
{
public:
    // StillRunning leaves the run in the middle of perform: status running, the lock held, nothing
    // logged, as a reader sees a job a worker is running now.
    enum class Outcome { Completed, Suspended, Failed, StillRunning };
    using Port = SideJobPorts::Port;
    struct NewJob
    {
        QByteArray queue = {};
        QByteArray klass = {};
        QByteArray argsJson = "null"; // SideJob keeps null; Sidekiq's item gets []
        QByteArray by = {};           // empty is stored as an empty string, as redis-rb stores nil
        qint64 parent = 0;
        QByteArray name = {}; // the child's name under its parent
        double at = 0;        // later than `now`: Sidekiq's schedule instead of the queue
        QList<Port> inports = {};
        QList<Port> outports = {};
    };

    explicit SideJobGenerator(SyncRedis &redis, SideJobStorage::Layout layout = SideJobStorage::Layout::V4_1);

    // Time.now.utc.iso8601(9) and Ruby's Float#to_s (shortest text that reads back the same).
    static QByteArray isoTime(double seconds);
    static QByteArray floatText(double seconds);

    // Worker.register_all: the queue's registry replaced by `workers` (class, config JSON).
    void registerAll(const QByteArray &queue, const QList<std::pair<QByteArray, QByteArray>> &workers);
    // SideJob.queue (and Job#queue when `parent` is set): returns the new id.
    qint64 queueJob(const NewJob &job, double now);
    // Only SideJob.queue's first two commands: the id counted and listed, no key of its own yet
    // (a reader between two of the library's steps, or a creator that died there).
    qint64 queueJobHalf();
    void addAlias(qint64 id, const QByteArray &name);
    // Job#run: from running, queued, suspended or completed, or any status when forced.
    bool run(qint64 id, double now, bool force = false, double at = 0);
    // Job#terminate: terminating and queued for its shutdown, unless already terminated.
    void terminate(qint64 id, double now, bool recursive = false);
    // Job#delete: only a subtree whose every job is terminated. Returns whether it was deleted.
    bool deleteJob(qint64 id);

    // Port#write on an input port: the value pushed, then the job run.
    void writeInput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now);
    // Many writes at once, for wide ports (a million values): the same keys as one writeInput per
    // value while the job stays queued, in batches of 1000, with 4.0.2's log entries; the 4.1.0
    // log messages, which nobody stores, are not published.
    void writeInputs(qint64 id, const QByteArray &port, const QList<QByteArray> &dataJson, double now);
    // SideJob.publish from outside any worker (4.1.0; nothing in 4.0.2).
    void publish(const QByteArray &channel, const QByteArray &messageJson, double now);

    // One run of the job at the head of `queue`, as Sidekiq's fetch and SideJob's server
    // middleware do it: `perform` is the worker's body, called while the job is running; its
    // writes go through the methods below. Returns the job's id, 0 when the queue is empty.
    qint64 work(const QByteArray &queue, double now, const std::function<Outcome(qint64 id)> &perform = {});
    // Inside `perform`: Port#read of an input (the value's JSON text, the default when empty, empty
    // when neither), Job#set, Port#write on an output port (the value carries the running job as
    // its context; the parent is run; the value is published on the port's channels), and an
    // exception raised with `message`. Reads, and writes with `grouped`, are in one port group (as
    // Worker#for_inputs reads and writes), logged as one entry when `perform` returns.
    QByteArray readInput(qint64 id, const QByteArray &port);
    void setState(qint64 id, const QByteArray &field, const QByteArray &valueJson);
    void writeOutput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now, bool grouped = true);
    Outcome fail(const QByteArray &message);

    QByteArray status(qint64 id);
    QList<qint64> children(qint64 id);
    qint64 parent(qint64 id);

private:
    bool runWorker(qint64 id, double now, const std::function<Outcome(qint64 id)> &perform);
    void sidekiqQueue(qint64 id, double now, double at = 0);
    // How many items of each job wait in the queue, kept as this generator pushes and pops.
    struct QueueContents
    {
        qint64 length = -1;
        QHash<qint64, int> jids;
    };
    const QHash<qint64, int> &queuedJids(const QByteArray &queue);
    void runParent(qint64 id, double now);
    bool allTerminated(qint64 id);

    SyncRedis &m_redis;
    SideJobStorage m_storage;
    // The port group of the run under way, and the message of the exception its worker raised.
    SideJobPortGroup m_group;
    QByteArray m_error;
    SideJobPorts m_ports;
    QHash<QByteArray, QueueContents> m_queued;
};
