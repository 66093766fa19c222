#include "pipelinesimulator.h"

#include "failurecatalog.h"
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

QByteArray number(double value)
{
    return QByteArray::number(value, 'f', 3);
}
} // namespace

PipelineSimulator::PipelineSimulator(RedisConnection *connection, const SimulatorOptions &options, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_options(options)
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

void PipelineSimulator::call(const QString &script, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                             std::function<void(const RedisReply &)> done)
{
    m_connection->send(RedisCommand::writeScript(script, keys, args), this,
                       [this, done, script](const RedisReply &reply) {
                           if (reply.isError()) {
                               ++m_counters.errors;
                               emit errorOccurred(script + QStringLiteral(": ") + reply.error.message);
                           }
                           if (done)
                               done(reply);
                       });
}

void PipelineSimulator::start()
{
    const double t = now();
    for (const QString &stage : std::as_const(m_options.stages)) {
        call(QStringLiteral("config"), {},
             {"set", stage.toUtf8() + "-heartbeat", QByteArray::number(m_options.heartbeatSeconds)});
    }
    // Recurring work of a real deployment: a sitemap refresh and a digest.
    call(QStringLiteral("recur"), {},
         {"on", m_options.stages.first().toUtf8(), "sitemap-refresh", "Pipeline::SitemapRefresh",
          "{\"sitemaps\": 12}", number(t), "interval", "60", "5", "tags", "[\"recurring\"]"});
    call(QStringLiteral("recur"), {},
         {"on", m_options.stages.last().toUtf8(), "daily-digest", "Pipeline::Digest", "{\"format\": \"html\"}",
          number(t), "interval", "300", "30", "priority", "5"});
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
            options << "priority" << "10";
            tags.append(QStringLiteral("rush"));
        } else if (chance(m_jobs, 0.05)) {
            options << "priority" << "-5";
        }
        options << "tags" << QJsonDocument(tags).toJson(QJsonDocument::Compact) << "retries" << "3";
        const double delay = chance(m_jobs, m_options.scheduledShare) ? (30 + m_jobs.bounded(270)) : 0;
        putJob(jid, 0, options, delay);
        if (chance(m_jobs, m_options.trackedShare))
            call(QStringLiteral("track"), {}, {"track", jid, number(now())});
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
    call(QStringLiteral("put"), {m_options.stages.at(stage).toUtf8()},
         QList<QByteArray>{jid, Klasses[qBound(0, stage, 4)], QJsonDocument(data).toJson(QJsonDocument::Compact),
                           number(now()), number(delay)} + options);
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
        m_connection->send(RedisCommand::writeScript(QStringLiteral("pop"), {queue}, {name, "1", number(t)}), this,
                           [this, name](const RedisReply &reply) {
            for (Worker &w : m_workers) {
                if (w.name != name)
                    continue;
                w.busy = false;
                const double at = now();
                if (reply.isError() || reply.elements.isEmpty()) {
                    if (reply.isError()) {
                        ++m_counters.errors;
                        emit errorOccurred(QStringLiteral("pop: ") + reply.error.message);
                    }
                    w.nextPoll = at + 0.5 + m_work.generateDouble();
                    return;
                }
                const QJsonObject job = QJsonDocument::fromJson(reply.elements.first().bytes).object();
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
        call(QStringLiteral("heartbeat"), {}, {worker.jid, worker.name, number(t)});
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
        call(QStringLiteral("fail"), {}, {jid, worker.name, failure.group.toUtf8(), failure.message.toUtf8(), number(t)});
        return;
    }
    if (chance(m_work, m_options.retryRate)) {
        ++m_counters.retried;
        call(QStringLiteral("retry"), {}, {jid, queue, worker.name, number(t), QByteArray::number(m_work.bounded(5, 60))});
        return;
    }
    ++m_counters.completed;
    QList<QByteArray> args{jid, worker.name, queue, number(t), "{\"ok\": true}"};
    if (!last)
        args << "next" << m_options.stages.at(worker.stage + 1).toUtf8();
    call(QStringLiteral("complete"), {}, args);
}

void PipelineSimulator::maybeKillWorker(double dt)
{
    if (chance(m_work, m_options.workerDeathsPerHour / 3600.0 * dt * m_options.speed))
        killOneWorker();
}

bool PipelineSimulator::killOneWorker()
{
    QList<int> working;
    for (int i = 0; i < m_workers.size(); ++i) {
        if (!m_workers.at(i).dead && !m_workers.at(i).jid.isEmpty())
            working.append(i);
    }
    if (working.isEmpty())
        return false;
    Worker &victim = m_workers[working.at(int(m_work.bounded(quint32(working.size()))))];
    // It stops without a word: its job keeps the lock until the heartbeat runs out, then stalls.
    victim.dead = true;
    ++m_counters.workerDeaths;
    hireWorker(victim.stage);
    return true;
}
