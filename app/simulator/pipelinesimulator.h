// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simulatoroptions.h"

#include <QElapsedTimer>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

#include <optional>

class RedisConnection;
struct RedisReply;

// A live qless pipeline for demos and tests, driven through our scripts on one connection as a
// deployment's clients drive qless (SimulatorWire: current qless by default, or the 2012 API): jobs
// enter the first stage and move on stage by stage (complete with `next`); simulated workers pop,
// heartbeat, complete, fail (into realistic failure groups) or retry them; some jobs are
// scheduled, tagged, tracked, prioritised or wait on others; recurring templates spawn jobs; now
// and then a worker dies mid-job and leaves it to stall. With current qless, workers also log
// notes, an operator times out a running job now and then, a stage is paused for a while, one
// stage runs under max-concurrency and a template has a backlog. Choices come from two generators seeded
// by the options: one names and shapes the jobs put, one decides what workers do, so the same
// seed puts the same jobs however the replies interleave. Times given to the
// scripts are the real clock, so what the console shows (running, stalled, due) is true; `speed`
// scales rates and durations. Never blocks: every call is asynchronous. It drives only a database
// it created (KeyspaceClaim), unless SimulatorOptions::anyKeyspace says otherwise.
class PipelineSimulator final : public QObject
{
    Q_OBJECT

public:
    struct Counters
    {
        qint64 put = 0;
        qint64 popped = 0;
        qint64 completed = 0;
        qint64 failed = 0;
        qint64 retried = 0;
        qint64 workerDeaths = 0;
        qint64 timedOut = 0;
        qint64 pauses = 0;
        qint64 notes = 0;
        qint64 errors = 0;
    };

    PipelineSimulator(RedisConnection *connection, const SimulatorOptions &options, QObject *parent = nullptr);

    // Claims the database (KeyspaceClaim), then starts; or emits refused() and changes nothing.
    void start();
    void stop();
    // Why start() refused the database; empty while it did not.
    QString refusal() const { return m_refusal; }
    // Lets one working worker die now (tests; the demo lets chance decide).
    bool killOneWorker();
    const Counters &counters() const { return m_counters; }

signals:
    void errorOccurred(const QString &message);
    void refused(const QString &why);

private:
    struct Worker
    {
        QByteArray name;
        int stage = 0;
        bool busy = false; // a request is in flight
        bool dead = false;
        QByteArray jid; // the job it works on, if any
        double doneAt = 0;
        double nextHeartbeat = 0;
        double nextPoll = 0;
    };

    void begin();
    void tick();
    void produce(double dt);
    void putJob(const QByteArray &jid, int stage, const QList<QByteArray> &options, double delay);
    void stepWorker(int index, double now);
    void finishJob(int index, double now);
    void maybeKillWorker(double dt);
    void maybeTimeOutAJob(double dt);
    void maybePauseAStage(double dt, double now);
    void hireWorker(int stage);
    void call(const RedisCommand &command, std::function<void(const RedisReply &)> done = {});
    void call(const std::optional<RedisCommand> &command);
    int pickWorkingWorker();
    QByteArray newJid();
    double workSeconds(int stage);
    double now() const;
    bool chance(QRandomGenerator &random, double probability);

    RedisConnection *m_connection;
    SimulatorOptions m_options;
    SimulatorWire m_wire;
    QRandomGenerator m_jobs; // what is put: jids, attributes, batches
    QRandomGenerator m_work; // what workers do: durations, outcomes, deaths
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastTickMs = 0;
    double m_pending = 0; // fractional jobs owed to the producer
    QList<Worker> m_workers;
    int m_hired = 0;
    QByteArray m_pausedStage; // paused until m_unpauseAt
    double m_unpauseAt = 0;
    Counters m_counters;
    QString m_refusal;
    bool m_stopped = false; // stop() came before the claim's answer
};
