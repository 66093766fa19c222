// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simulatoroptions.h"

#include <QElapsedTimer>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

#include <functional>

class RedisConnection;
struct RedisCommand;
struct RedisReply;

// A live Blueque deployment for demos and tests, in the layout ustudio/Blueque v1.0.0 writes
// (docs/BLUEQUE.md), driven by the library's own steps (BluequeWire): a producer enqueues tasks
// and schedules some for later; a scheduler process calls enqueue_due_tasks every second; per
// queue, listeners poll once a second, reserve a task (RPOPLPUSH, then the status write apart),
// start it under a child's pid and complete or fail it. Now and then, as in a deployment:
//  - the scheduler stops for a while, and scheduled tasks go past their eta;
//  - a listener dies, either while its task runs (the task stays started for ever) or between its
//    dequeue's two commands (the task stays in its reserved list still saying `pending`); a new
//    listener on the same host then starts and claims the dead one's orphans as the library's
//    claim_orphan does (the dead listener leaves the set; its reserved list stays).
// Those are the only anomalies it makes; everything else reads as a healthy deployment. Choices
// come from two generators seeded by the options (what is put; what listeners do). Times are the
// real clock, written as redis-py writes a float. Never blocks. Like PipelineSimulator it drives
// only a database it created (KeyspaceClaim), unless SimulatorOptions::anyKeyspace says otherwise.
class BluequeSimulator final : public QObject
{
    Q_OBJECT

public:
    struct Counters
    {
        qint64 enqueued = 0;
        qint64 scheduled = 0;
        qint64 reserved = 0;
        qint64 completed = 0;
        qint64 failed = 0;
        qint64 diedRunning = 0;  // listeners dead with a task started
        qint64 halfDequeues = 0; // listeners dead between RPOPLPUSH and the status write
        qint64 claimed = 0;      // orphans marked reclaimed by a new listener on the host
        qint64 schedulerPauses = 0;
        qint64 errors = 0;
    };

    BluequeSimulator(RedisConnection *connection, const SimulatorOptions &options, QObject *parent = nullptr);

    void start();
    void stop();
    QString refusal() const { return m_refusal; }
    const Counters &counters() const { return m_counters; }
    // Lets a listener die now (tests; the demo lets chance decide): one running a task, or, with
    // `midDequeue`, an idle one at its next dequeue that finds a task. False when none can.
    bool killOneListener(bool midDequeue);

signals:
    void errorOccurred(const QString &message);
    void refused(const QString &why);

private:
    struct Listener
    {
        QByteArray queue;
        QByteArray host;
        QByteArray name; // {host}_{pid}, as the library names it
        bool busy = false;
        bool dead = false;
        bool dieOnDequeue = false;
        bool replaced = false; // a new listener on its host has started (and claimed its orphan)
        QByteArray task;
        qint64 child = 0; // the pid of the process running `task`
        double doneAt = 0;
        double nextPoll = 0;
        double replaceAt = 0;
    };

    void begin();
    void tick();
    void produce(double dt);
    void runScheduler(double t);
    void maybePauseScheduler(double dt, double t);
    void stepListener(int index, double t);
    void finishTask(int index, double t);
    void die(int index);
    void replace(int index);
    void claim(const QByteArray &queue, const QByteArray &dead, const QByteArray &by);
    int hire(const QByteArray &queue, const QByteArray &host);
    void call(const RedisCommand &command, std::function<void(const RedisReply &)> done = {});
    QByteArray newTaskId();
    QByteArray parametersFor(const QByteArray &queue, qint64 n);
    double workSeconds();
    double now() const;
    static bool chance(QRandomGenerator &random, double probability);

    RedisConnection *m_connection;
    SimulatorOptions m_options;
    QRandomGenerator m_jobs; // what is put
    QRandomGenerator m_work; // what listeners do
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickMs = 0;
    double m_owed = 0; // fractional tasks owed to the producer
    double m_nextScheduler = 0;
    double m_schedulerPausedUntil = 0;
    QList<Listener> m_listeners;
    int m_hosts = 0;
    Counters m_counters;
    QString m_refusal;
    bool m_stopped = false;
};
