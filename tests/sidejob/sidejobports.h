// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

#include <functional>

class SideJobPortGroup;
class SideJobStorage;
class SyncRedis;

// A job's ports as SideJob writes them (SideJobGenerator's port half): the port sets, defaults and
// channels a new job gets, values written and read, dynamic ports made from `*`, and 4.1.0's
// channels, where a value published on a channel is written to every job whose input port listens
// to that channel or one of its ancestors ("/a/b" reaches listeners of "/a/b", "/a" and "/").
class SideJobPorts final
{
public:
    // One port's options as SideJob.queue takes them: the default's JSON text (empty: none) and
    // the channels it is connected to.
    struct Port
    {
        QByteArray name;
        QByteArray defaultJson = {};
        QList<QByteArray> channels = {};
    };
    // Job#run of a job, or of its parent.
    using Run = std::function<void(qint64 id, double now)>;

    SideJobPorts(SyncRedis &redis, SideJobStorage &storage, SideJobPortGroup &group, Run run, Run runParent);

    // Job#inports= / outports=: the worker's ports merged with the job's own.
    void set(qint64 id, const QByteArray &type, const QByteArray &workerConfig, const QList<Port> &ports);
    // Port#check_exists, which makes a dynamic port when the job has `*`.
    bool exists(qint64 id, const QByteArray &type, const QByteArray &port);

    // Port#write on an input port: pushed, the job run, logged. `contextJson` is the writer's
    // context (empty outside a worker); `grouped` when written inside a port group.
    void writeInput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now,
                    const QByteArray &contextJson = {}, bool grouped = false, const QByteArray &channel = {});
    void writeInputs(qint64 id, const QByteArray &port, const QList<QByteArray> &dataJson, double now);
    QByteArray readInput(qint64 id, const QByteArray &port);
    // Port#write on an output port by its running job: pushed, the parent run, logged, published
    // on the port's channels.
    void writeOutput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now, bool grouped);
    // SideJob.publish (4.1.0): by job `writer` (0: from outside any worker).
    void publish(const QByteArray &channel, const QByteArray &messageJson, double now, qint64 writer = 0,
                 bool grouped = false);

private:
    void log(qint64 writer, const QByteArray &channel, double now, qint64 id, const QByteArray &port,
             const QByteArray &type, const QByteArray &dataJson, bool grouped);

    SyncRedis &m_redis;
    SideJobStorage &m_storage;
    SideJobPortGroup &m_group;
    Run m_run;
    Run m_runParent;
};
