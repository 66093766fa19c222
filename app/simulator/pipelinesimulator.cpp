// SPDX-License-Identifier: GPL-3.0-or-later
#include "pipelinesimulator.h"

#include "failurecatalog.h"
#include "keyspaceclaim.h"
#include "redisconnection.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace {
const char *const Customers[] = {"acme", "globex", "initech", "umbrella", "hooli", "stark"};
const char *const Klasses[] = {"Pipeline::Ingest", "Pipeline::Fetch", "Pipeline::Parse", "Pipeline::Index",
                               "Pipeline::Notify"};

// The first job of a pop reply: a JSON list of jobs (current qless) or one JSON job per array
// element (the 2012 pop).
QJsonObject firstPopped(const RedisReply &reply)
{
    if (reply.isArray())
        return reply.elements.isEmpty() ? QJsonObject()
                                        : QJsonDocument::fromJson(reply.elements.first().bytes).object();
    return QJsonDocument::fromJson(reply.bytes).array().at(0).toObject();
}

// Who the producer is to current qless's put (the worker-name argument).
const QByteArray Producer = "pipeline-producer";
} // namespace

PipelineSimulator::PipelineSimulator(RedisConnection *connection, const SimulatorOptions &options, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_options(options)
    , m_wire(options.shape)
    , m_jobs(options.seed)
    , m_work(options.seed ^ 0x9e3779b9u)
{
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &PipelineSimulator::tick);
}

double PipelineSimulator::now() const
{
    return QDateTime::currentMSecsSinceEpoch() / 1000.0;
}

bool PipelineSimulator::chance(QRandomGenerator &random, double probability)
{
    return random.generateDouble() < probability;
}

QByteArray PipelineSimulator::newJid()
{
    // 32 hex digits, like the uuids qless clients use.
    return QByteArray::number(m_jobs.generate64() | (quint64(1) << 63), 16)
           + QByteArray::number(m_jobs.generate64() | (quint64(1) << 63), 16);
}

double PipelineSimulator::workSeconds(int stage)
{
    // Log-normal-ish: most jobs quick, a long tail, each stage its own typical length.
    static const double typical[] = {0.8, 3.0, 1.5, 2.5, 0.6};
    const double base = typical[qBound(0, stage, 4)];
    const double spread = std::exp((m_work.generateDouble() - 0.5) * 2.4);
    return base * spread / qMax(0.01, m_options.speed);
}

void PipelineSimulator::call(const RedisCommand &command, std::function<void(const RedisReply &)> done)
{
    // For messages: the qless command ("put"), whichever shape carried it.
    const QString what = command.script == QLatin1String("qless") && !command.args.isEmpty()
                             ? QString::fromUtf8(command.args.first())
                             : command.script;
    m_connection->send(command, this, [this, done, what](const RedisReply &reply) {
        if (reply.isError()) {
            ++m_counters.errors;
            emit errorOccurred(what + QStringLiteral(": ") + reply.error.message);
        }
        if (done)
            done(reply);
    });
}

void PipelineSimulator::call(const std::optional<RedisCommand> &command)
{
    if (command)
        call(*command);
}

void PipelineSimulator::start()
{
    m_stopped = false;
    if (m_options.anyKeyspace) {
        begin();
        return;
    }
    KeyspaceClaim::claim(m_connection, this, [this](const QString &refusal) {
        if (!refusal.isEmpty()) {
            m_refusal = refusal;
            emit refused(refusal);
            return;
        }
        if (!m_stopped)
            begin();
    });
}

void PipelineSimulator::begin()
{
    const double t = now();
    for (const QString &stage : std::as_const(m_options.stages))
        call(m_wire.setConfig(t, stage.toUtf8() + "-heartbeat", QByteArray::number(m_options.heartbeatSeconds)));
    const bool current = m_wire.shape() == SimulatorWire::Shape::Current;
    if (current && m_options.limitedStage >= 0 && m_options.limitedStage < m_options.stages.size()) {
        call(m_wire.setConfig(t, m_options.stages.at(m_options.limitedStage).toUtf8() + "-max-concurrency",
                              QByteArray::number(qMax(1, m_options.workersPerStage - 1))));
    }
    // Recurring work of a real deployment: a sitemap refresh and a digest.
    SimulatorWire::Args sitemap{"tags", "[\"recurring\"]"};
    if (current && m_options.recurBacklog > 0)
        sitemap << "backlog" << QByteArray::number(m_options.recurBacklog);
    call(m_wire.recur(t, m_options.stages.first().toUtf8(), "sitemap-refresh", "Pipeline::SitemapRefresh",
                      "{\"sitemaps\": 12}", 60, 5, sitemap));
    call(m_wire.recur(t, m_options.stages.last().toUtf8(), "daily-digest", "Pipeline::Digest", "{\"format\": \"html\"}",
                      300, 30, {"priority", "5"}));
    for (int stage = 0; stage < m_options.stages.size(); ++stage) {
        for (int i = 0; i < m_options.workersPerStage; ++i)
            hireWorker(stage);
    }
    m_clock.start();
    m_lastTickMs = 0;
    m_timer.start();
}

void PipelineSimulator::stop()
{
    m_stopped = true;
    m_timer.stop();
}

void PipelineSimulator::hireWorker(int stage)
{
    Worker worker;
    worker.stage = stage;
    worker.name = QByteArray("worker-") + m_options.stages.at(stage).toUtf8() + "-" + QByteArray::number(++m_hired)
                  + "." + QByteArray::number(1000 + m_work.bounded(9000));
    m_workers.append(worker);
}

void PipelineSimulator::tick()
{
    const qint64 elapsed = m_clock.elapsed();
    const double dt = (elapsed - m_lastTickMs) / 1000.0;
    m_lastTickMs = elapsed;
    produce(dt);
    maybeKillWorker(dt);
    const double t = now();
    if (m_wire.shape() == SimulatorWire::Shape::Current) {
        maybeTimeOutAJob(dt);
        maybePauseAStage(dt, t);
    }
    for (int i = 0; i < m_workers.size(); ++i)
        stepWorker(i, t);
}

void PipelineSimulator::produce(double dt)
{
    if (m_options.maxJobs > 0 && m_counters.put >= m_options.maxJobs)
        return;
    m_pending += m_options.jobsPerSecond * m_options.speed * dt;
    while (m_pending >= 1) {
        // A slow tick owes several jobs at once: the limit holds inside the loop too.
        if (m_options.maxJobs > 0 && m_counters.put >= m_options.maxJobs)
            return;
        m_pending -= 1;
        const QByteArray jid = newJid();
        QList<QByteArray> options;
        const char *customer = Customers[m_jobs.bounded(6)];
        QJsonArray tags{QStringLiteral("customer:%1").arg(QLatin1String(customer))};
        if (chance(m_jobs, 0.1)) {
            options << "priority"
                    << "10";
            tags.append(QStringLiteral("rush"));
        } else if (chance(m_jobs, 0.05)) {
            options << "priority"
                    << "-5";
        }
        options << "tags" << QJsonDocument(tags).toJson(QJsonDocument::Compact) << "retries"
                << "3";
        const double delay = chance(m_jobs, m_options.scheduledShare) ? (30 + m_jobs.bounded(270)) : 0;
        putJob(jid, 0, options, delay);
        if (chance(m_jobs, m_options.trackedShare))
            call(m_wire.track(now(), jid));
        if (chance(m_jobs, m_options.batchShare)) {
            // A batch: a few jobs and a report that waits for all of them.
            QJsonArray parts;
            for (int i = 0; i < 3; ++i) {
                const QByteArray part = newJid();
                putJob(part, 0, {"tags", "[\"batch\"]"}, 0);
                parts.append(QString::fromLatin1(part));
            }
            putJob(newJid(), int(m_options.stages.size()) - 1,
                   {"depends", QJsonDocument(parts).toJson(QJsonDocument::Compact), "tags", "[\"batch-report\"]"}, 0);
        }
    }
}

void PipelineSimulator::putJob(const QByteArray &jid, int stage, const QList<QByteArray> &options, double delay)
{
    QJsonObject data{{QStringLiteral("url"), QStringLiteral("https://example.org/page/%1").arg(m_jobs.bounded(100000))},
                     {QStringLiteral("depth"), int(m_jobs.bounded(4))},
                     {QStringLiteral("headers"), QJsonObject{{QStringLiteral("accept"), QStringLiteral("text/html")}}}};
    ++m_counters.put;
    call(m_wire.put(now(), Producer, m_options.stages.at(stage).toUtf8(), jid, Klasses[qBound(0, stage, 4)],
                    QJsonDocument(data).toJson(QJsonDocument::Compact), delay, options));
}

void PipelineSimulator::stepWorker(int index, double t)
{
    Worker &worker = m_workers[index];
    if (worker.dead || worker.busy)
        return;
    const QByteArray queue = m_options.stages.at(worker.stage).toUtf8();
    if (worker.jid.isEmpty()) {
        if (t < worker.nextPoll)
            return;
        worker.busy = true;
        const QByteArray name = worker.name;
        m_connection->send(m_wire.pop(t, queue, name, 1), this, [this, name](const RedisReply &reply) {
            for (Worker &w : m_workers) {
                if (w.name != name)
                    continue;
                w.busy = false;
                const double at = now();
                if (reply.isError()) {
                    if (reply.isError()) {
                        ++m_counters.errors;
                        emit errorOccurred(QStringLiteral("pop: ") + reply.error.message);
                    }
                    w.nextPoll = at + 0.5 + m_work.generateDouble();
                    return;
                }
                const QJsonObject job = firstPopped(reply);
                if (job.isEmpty()) {
                    w.nextPoll = at + 0.5 + m_work.generateDouble();
                    return;
                }
                w.jid = job.value(QStringLiteral("jid")).toString().toUtf8();
                w.doneAt = at + workSeconds(w.stage);
                w.nextHeartbeat = at + m_options.heartbeatSeconds / 2.0;
                ++m_counters.popped;
                return;
            }
        });
        return;
    }
    if (t >= worker.doneAt) {
        finishJob(index, t);
        return;
    }
    if (t >= worker.nextHeartbeat) {
        worker.nextHeartbeat = t + m_options.heartbeatSeconds / 2.0;
        call(m_wire.heartbeat(t, worker.jid, worker.name));
    }
}

void PipelineSimulator::finishJob(int index, double t)
{
    Worker &worker = m_workers[index];
    const QByteArray jid = worker.jid;
    const QByteArray queue = m_options.stages.at(worker.stage).toUtf8();
    const bool last = worker.stage + 1 >= m_options.stages.size();
    worker.jid.clear();
    worker.nextPoll = t;
    if (chance(m_work, m_options.failureRate)) {
        const FailureCatalog::Failure failure = FailureCatalog::pick(QString::fromUtf8(queue), jid, m_work);
        ++m_counters.failed;
        call(m_wire.fail(t, jid, worker.name, failure.group.toUtf8(), failure.message.toUtf8()));
        return;
    }
    if (chance(m_work, m_options.retryRate)) {
        ++m_counters.retried;
        call(m_wire.retry(t, jid, queue, worker.name, m_work.bounded(5, 60)));
        return;
    }
    if (m_wire.shape() == SimulatorWire::Shape::Current && chance(m_work, m_options.noteShare)) {
        ++m_counters.notes;
        const QByteArray data = "{\"bytes\":" + QByteArray::number(m_work.bounded(1000, 900000)) + ",\"cache\":\""
                                + (chance(m_work, 0.5) ? "hit" : "miss") + "\"}";
        call(m_wire.log(t, jid, "fetched", data));
    }
    ++m_counters.completed;
    call(m_wire.complete(t, jid, worker.name, queue, "{\"ok\": true}",
                         last ? QByteArray() : m_options.stages.at(worker.stage + 1).toUtf8()));
}

void PipelineSimulator::maybeKillWorker(double dt)
{
    if (chance(m_work, m_options.workerDeathsPerHour / 3600.0 * dt * m_options.speed))
        killOneWorker();
}

int PipelineSimulator::pickWorkingWorker()
{
    QList<int> working;
    for (int i = 0; i < m_workers.size(); ++i) {
        if (!m_workers.at(i).dead && !m_workers.at(i).busy && !m_workers.at(i).jid.isEmpty())
            working.append(i);
    }
    if (working.isEmpty())
        return -1;
    return working.at(int(m_work.bounded(quint32(working.size()))));
}

bool PipelineSimulator::killOneWorker()
{
    const int index = pickWorkingWorker();
    if (index < 0)
        return false;
    Worker &victim = m_workers[index];
    // It stops without a word: its job keeps the lock until the heartbeat runs out, then stalls.
    victim.dead = true;
    ++m_counters.workerDeaths;
    hireWorker(victim.stage);
    return true;
}

void PipelineSimulator::maybeTimeOutAJob(double dt)
{
    if (!chance(m_work, m_options.timeoutsPerHour / 3600.0 * dt * m_options.speed))
        return;
    const int index = pickWorkingWorker();
    if (index < 0)
        return;
    // As an operator's `timeout` does: the job waits first in line again, and its worker, told on
    // its channel that the lock is lost, drops it.
    Worker &worker = m_workers[index];
    ++m_counters.timedOut;
    call(m_wire.timeout(now(), worker.jid));
    worker.jid.clear();
    worker.nextPoll = now() + 1;
}

void PipelineSimulator::maybePauseAStage(double dt, double t)
{
    if (!m_pausedStage.isEmpty()) {
        if (t >= m_unpauseAt) {
            call(m_wire.unpause(t, m_pausedStage));
            m_pausedStage.clear();
        }
        return;
    }
    if (m_options.stages.size() < 2 || !chance(m_work, m_options.pausesPerHour / 3600.0 * dt * m_options.speed))
        return;
    // Never the first stage: the producer keeps filling it, so the pause shows as a backlog
    // building up behind a stage whose workers get nothing.
    m_pausedStage = m_options.stages.at(1 + int(m_work.bounded(quint32(m_options.stages.size() - 1)))).toUtf8();
    m_unpauseAt = t + m_options.pauseSeconds / qMax(0.01, m_options.speed);
    ++m_counters.pauses;
    call(m_wire.pause(t, m_pausedStage));
}
