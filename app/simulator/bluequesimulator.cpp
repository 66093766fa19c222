// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequesimulator.h"

#include "bluequewire.h"
#include "keyspaceclaim.h"
#include "redisconnection.h"

#include <QDateTime>
#include <QUuid>

#include <cmath>

namespace {
// What a Python callback raises, as str(exception) puts it in the task's `error`: by the kind of
// work a queue does (its name's start), so failures read as a deployment's do.
QByteArray errorFor(const QByteArray &queue, QRandomGenerator &random)
{
    static const char *const Mail[] = {"ConnectionRefusedError: [Errno 111] Connection refused",
                                       "KeyError: 'recipient'"};
    static const char *const Media[] = {
        "FileNotFoundError: [Errno 2] No such file or directory: '/srv/media/missing.jpg'",
        "OSError: cannot identify image file '/srv/media/broken.jpg'"};
    static const char *const Other[] = {"TimeoutError: the report query took longer than 300 s",
                                        "ValueError: invalid literal for int() with base 10: 'n/a'"};
    const char *const *pick = queue.startsWith("email") ? Mail : queue.startsWith("thumb") ? Media : Other;
    return pick[random.bounded(2)];
}
} // namespace

BluequeSimulator::BluequeSimulator(RedisConnection *connection, const SimulatorOptions &options, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_options(options)
    , m_jobs(options.seed ^ 0x51ed2701u)
    , m_work(options.seed ^ 0x2545f491u)
{
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &BluequeSimulator::tick);
}

double BluequeSimulator::now() const
{
    return QDateTime::currentMSecsSinceEpoch() / 1000.0;
}

bool BluequeSimulator::chance(QRandomGenerator &random, double probability)
{
    return random.generateDouble() < probability;
}

QByteArray BluequeSimulator::newTaskId()
{
    // uuid.uuid4(): random, version 4, RFC 4122 variant, lowercase with dashes.
    QByteArray bytes(16, '\0');
    for (char &b : bytes)
        b = char(m_jobs.bounded(256));
    bytes[6] = char((uchar(bytes.at(6)) & 0x0f) | 0x40);
    bytes[8] = char((uchar(bytes.at(8)) & 0x3f) | 0x80);
    return QUuid::fromRfc4122(bytes).toByteArray(QUuid::WithoutBraces);
}

QByteArray BluequeSimulator::parametersFor(const QByteArray &queue, qint64 n)
{
    // Blueque stores an opaque string: most clients encode JSON, some send plain text.
    if (chance(m_jobs, 0.05))
        return "plain text " + QByteArray::number(n);
    if (queue.startsWith("email"))
        return "{\"to\": \"user" + QByteArray::number(m_jobs.bounded(5000)) + "@example.com\", \"template\": \""
               + (chance(m_jobs, 0.5) ? "welcome" : "digest") + "\"}";
    if (queue.startsWith("thumb"))
        return "{\"image\": \"/srv/media/" + QByteArray::number(m_jobs.bounded(100000))
               + ".jpg\", \"size\": [128, 128]}";
    return "{\"n\": " + QByteArray::number(n) + "}";
}

double BluequeSimulator::workSeconds()
{
    const double spread = std::exp((m_work.generateDouble() - 0.5) * 2.4);
    return 1.5 * spread / qMax(0.01, m_options.speed);
}

void BluequeSimulator::call(const RedisCommand &command, std::function<void(const RedisReply &)> done)
{
    const QString what = command.describe();
    m_connection->send(command, this, [this, done, what](const RedisReply &reply) {
        if (reply.isError()) {
            ++m_counters.errors;
            emit errorOccurred(what + QStringLiteral(": ") + reply.error.message);
        }
        if (done)
            done(reply);
    });
}

void BluequeSimulator::start()
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

void BluequeSimulator::stop()
{
    m_stopped = true;
    m_timer.stop();
}

void BluequeSimulator::begin()
{
    // Each listener on a host of its own, as a deployment's ForkingRunners usually are.
    for (const QString &queue : std::as_const(m_options.bluequeQueues)) {
        for (int i = 0; i < m_options.workersPerStage; ++i) {
            const int index = hire(queue.toUtf8(), "worker-" + QByteArray::number(++m_hosts) + ".example.com");
            call(BluequeWire::addListener(m_listeners.at(index).queue, m_listeners.at(index).name));
        }
    }
    m_nextScheduler = now();
    m_clock.start();
    m_lastTickMs = 0;
    m_timer.start();
}

int BluequeSimulator::hire(const QByteArray &queue, const QByteArray &host)
{
    Listener listener;
    listener.queue = queue;
    listener.host = host;
    listener.name = host + '_' + QByteArray::number(1000 + m_work.bounded(60000));
    listener.nextPoll = now() + m_work.generateDouble() / qMax(0.01, m_options.speed);
    m_listeners.append(listener);
    return int(m_listeners.size() - 1);
}

void BluequeSimulator::tick()
{
    const qint64 elapsed = m_clock.elapsed();
    const double dt = (elapsed - m_lastTickMs) / 1000.0;
    m_lastTickMs = elapsed;
    const double t = now();
    produce(dt);
    if (chance(m_work, m_options.workerDeathsPerHour / 3600.0 * dt * m_options.speed))
        killOneListener(chance(m_work, 0.3));
    maybePauseScheduler(dt, t);
    if (t >= m_nextScheduler && t >= m_schedulerPausedUntil) {
        runScheduler(t);
        m_nextScheduler = t + 1.0 / qMax(0.01, m_options.speed);
    }
    for (int i = 0; i < m_listeners.size(); ++i)
        stepListener(i, t);
}

void BluequeSimulator::produce(double dt)
{
    if (m_options.bluequeQueues.isEmpty())
        return;
    m_owed += m_options.jobsPerSecond * m_options.speed * dt;
    while (m_owed >= 1) {
        const qint64 put = m_counters.enqueued + m_counters.scheduled;
        if (m_options.maxJobs > 0 && put >= m_options.maxJobs) {
            m_owed = 0;
            return;
        }
        m_owed -= 1;
        const QByteArray queue =
            m_options.bluequeQueues.at(m_jobs.bounded(int(m_options.bluequeQueues.size()))).toUtf8();
        const QByteArray id = newTaskId();
        const QByteArray parameters = parametersFor(queue, put);
        const double t = now();
        if (chance(m_jobs, m_options.scheduledShare)) {
            const double eta = t + (5 + m_jobs.bounded(55)) / qMax(0.01, m_options.speed);
            call(BluequeWire::schedule(queue, id, parameters, eta, t));
            ++m_counters.scheduled;
        } else {
            call(BluequeWire::enqueue(queue, id, parameters, t));
            ++m_counters.enqueued;
        }
    }
}

void BluequeSimulator::runScheduler(double t)
{
    for (const QString &queue : std::as_const(m_options.bluequeQueues))
        call(BluequeWire::enqueueDue(queue.toUtf8(), t));
}

void BluequeSimulator::maybePauseScheduler(double dt, double t)
{
    if (t < m_schedulerPausedUntil || !chance(m_work, m_options.schedulerPausesPerHour / 3600.0 * dt * m_options.speed))
        return;
    m_schedulerPausedUntil = t + m_options.pauseSeconds / qMax(0.01, m_options.speed);
    ++m_counters.schedulerPauses;
}

void BluequeSimulator::stepListener(int index, double t)
{
    Listener &listener = m_listeners[index];
    if (listener.dead) {
        if (!listener.replaced && t >= listener.replaceAt)
            replace(index);
        return;
    }
    if (listener.busy)
        return;
    if (!listener.task.isEmpty()) {
        if (t >= listener.doneAt)
            finishTask(index, t);
        return;
    }
    if (t < listener.nextPoll)
        return;
    listener.busy = true;
    call(BluequeWire::reserve(listener.queue, listener.name), [this, index](const RedisReply &reply) {
        Listener &l = m_listeners[index];
        l.busy = false;
        const QByteArray id = reply.isString() ? reply.bytes : QByteArray();
        const double at = now();
        if (id.isEmpty()) {
            l.nextPoll = at + 1.0 / qMax(0.01, m_options.speed); // the library sleeps a second
            return;
        }
        ++m_counters.reserved;
        if (l.dieOnDequeue) {
            // Gone before the status write: the task sits in its reserved list saying `pending`.
            ++m_counters.halfDequeues;
            die(index);
            return;
        }
        call(BluequeWire::markReserved(id, l.name, at));
        // The ForkingRunner forks; the child starts the task under its own pid.
        l.task = id;
        l.child = 1000 + m_work.bounded(60000);
        call(BluequeWire::start(l.queue, id, l.name, l.child, at));
        l.doneAt = at + workSeconds();
    });
}

void BluequeSimulator::finishTask(int index, double t)
{
    Listener &listener = m_listeners[index];
    if (chance(m_work, m_options.failureRate)) {
        const QByteArray error = errorFor(listener.queue, m_work);
        call(BluequeWire::fail(listener.queue, listener.task, listener.name, listener.child, error, t));
        ++m_counters.failed;
    } else {
        const QByteArray result = "{\"ok\": true, \"ms\": " + QByteArray::number(m_work.bounded(5000)) + "}";
        call(BluequeWire::complete(listener.queue, listener.task, listener.name, listener.child, result, t));
        ++m_counters.completed;
    }
    listener.task.clear();
    listener.nextPoll = t; // the runner listens again at once
}

bool BluequeSimulator::killOneListener(bool midDequeue)
{
    QList<int> candidates;
    for (int i = 0; i < m_listeners.size(); ++i) {
        const Listener &l = m_listeners.at(i);
        if (l.dead || l.busy || l.dieOnDequeue)
            continue;
        if (midDequeue ? l.task.isEmpty() : !l.task.isEmpty())
            candidates << i;
    }
    if (candidates.isEmpty())
        return false;
    const int index = candidates.at(m_work.bounded(int(candidates.size())));
    if (midDequeue) {
        m_listeners[index].dieOnDequeue = true; // at its next dequeue that finds a task
    } else {
        ++m_counters.diedRunning;
        die(index);
    }
    return true;
}

void BluequeSimulator::die(int index)
{
    Listener &listener = m_listeners[index];
    listener.dead = true;
    // Its host's supervisor starts a new runner a little later.
    listener.replaceAt = now() + 3.0 / qMax(0.01, m_options.speed);
}

void BluequeSimulator::replace(int index)
{
    m_listeners[index].replaced = true;
    const QByteArray queue = m_listeners.at(index).queue;
    const QByteArray host = m_listeners.at(index).host;
    const int fresh = hire(queue, host);
    const QByteArray by = m_listeners.at(fresh).name;
    // A Listener is constructed (add_listener), then its runner claims the orphans of the dead
    // listeners of its host before it listens.
    call(BluequeWire::addListener(queue, by));
    for (const Listener &other : std::as_const(m_listeners)) {
        if (other.dead && other.queue == queue && other.host == host)
            claim(queue, other.name, by);
    }
}

// claim_orphan for one dead listener: four single commands. The runner then does nothing more
// for the tasks our deaths leave: `started` (it waits for the dead pid, which never finishes the
// task) or still `pending` (it only runs a task that says `reserved`).
void BluequeSimulator::claim(const QByteArray &queue, const QByteArray &dead, const QByteArray &by)
{
    call(BluequeWire::removeListener(queue, dead), [this, queue, dead, by](const RedisReply &removed) {
        if (removed.type != RedisReply::Type::Integer || removed.integer != 1)
            return; // claimed already: not this runner's
        call(BluequeWire::lowerListenerCount(queue));
        call(BluequeWire::reservedHead(queue, dead), [this, by](const RedisReply &head) {
            if (!head.isString() || head.bytes.isEmpty())
                return;
            call(BluequeWire::markReclaimed(head.bytes, by));
            ++m_counters.claimed;
        });
    });
}
