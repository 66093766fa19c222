// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench.h"

#include "auditlog.h"
#include "benchtools.h"
#include "qlesssession.h"
#include "rediscommand.h"
#include "redisconnection.h"
#include "redispriority.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <memory>

BenchOptions BenchOptions::quick()
{
    BenchOptions o;
    o.mode = QStringLiteral("quick");
    o.queues = 50;
    o.workers = 500;
    o.group = 20000;
    o.smallGroup = 2000;
    o.rows = 1000;
    o.activity = 20000;
    o.deepRows = 5000;
    o.retry = 2000;
    o.search = 20000;
    o.batch = 500;
    o.ops = 500;
    o.repeats = 3;
    o.rounds = 1;
    o.eventsSeconds = 3;
    o.bluequeFailed = 20000;
    o.bluequeDue = 5000;
    o.bluequeRequeue = 2000;
    return o;
}

Bench::Bench(const BenchOptions &options)
    : m_options(options)
{}

Bench::~Bench()
{
    m_session.reset();
}

bool Bench::spin(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    // Wakes the loop now and then so the time-out is seen even when nothing else happens.
    // (processEvents with a maximum time would not sleep: it drops WaitForMoreEvents and spins.)
    QTimer wake;
    wake.start(50);
    while (!done()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    }
    return true;
}

void Bench::addStall(const QString &id, const QString &name, std::optional<double> stallMs)
{
    Figure stall;
    stall.id = id;
    stall.name = name;
    stall.ours = stallMs;
    stall.raw = m_idleStallMs;
    stall.reference = QStringLiteral("idle");
    stall.judgeRatio = false;
    stall.hasRatio = false;
    stall.maxOurs = MaxStallMs;
    const StallMeter::Gaps gaps = m_meter.takeGaps();
    if (stallMs && gaps.longestWall.wallMs > 0) {
        const auto parts = [](const StallMeter::Gap &gap) {
            return QStringLiteral("%1 ms: %2 running, %3 waiting for a core, %4 blocked or asleep")
                .arg(gap.wallMs, 0, 'f', 1)
                .arg(gap.ranMs, 0, 'f', 1)
                .arg(gap.waitedMs, 0, 'f', 1)
                .arg(qMax(0.0, gap.wallMs - gap.ranMs - gap.waitedMs), 0, 'f', 1);
        };
        stall.note = QStringLiteral("the most time the GUI thread ran on a core between two ticks of its 2 ms timer; "
                                    "that gap %1; the longest gap by the wall clock %2")
                         .arg(parts(gaps.longestStall), parts(gaps.longestWall));
    }
    m_report.add(stall);
}

void Bench::fail(const QString &what)
{
    progress(QStringLiteral("ERROR: ") + what);
    m_errors.append(what);
}

bool Bench::start(QString *error)
{
    if (!m_server.start(error))
        return false;
    m_redisPriority = QStringLiteral("normal (no --realtime)");
    if (m_options.realtimeRedis) {
        const QString why = RedisPriority::raise(m_server.processId());
        if (why.isEmpty()) {
            // Not for the quick check (the test suite's): it times nothing, and a test should
            // leave the machine's settings alone.
            if (m_options.mode != QLatin1String("quick"))
                m_rtThrottle.lift();
            m_redisPriority =
                QStringLiteral("real-time (SCHED_FIFO 1), the kernel's real-time cap ") + m_rtThrottle.describe();
        } else {
            m_redisPriority = QStringLiteral("normal: ") + why;
        }
    }
    progress(QStringLiteral("redis-server scheduled %1").arg(m_redisPriority));
    if (!m_raw.connectUnix(m_server.socketPath(), error) || !m_raw.loadScripts(error) || !m_calls.start(error))
        return false;
    m_session = std::make_unique<QlessSession>(unixSettings(m_server.socketPath()));
    m_session->setAuditLog(std::make_shared<AuditLog>(m_dir.filePath(QStringLiteral("audit.jsonl"))));
    if (!spin([this] { return m_session->connection()->state().phase == ConnectionState::Phase::Ready; }, 20000)) {
        *error = QStringLiteral("our connection did not become ready");
        return false;
    }
    return true;
}

bool Bench::flush()
{
    const RawRedis::Reply reply = m_raw.command({"FLUSHALL"});
    if (RawRedis::isError(reply.get())) {
        fail(QStringLiteral("FLUSHALL: ") + QString::fromUtf8(RawRedis::text(reply.get())));
        return false;
    }
    return true;
}

QJsonObject Bench::queueCounts(const QByteArray &queue)
{
    const RawRedis::Reply reply =
        m_raw.command(RawRedis::script(QStringLiteral("queues"), {}, {seconds(nowSeconds()), queue}));
    return QJsonDocument::fromJson(RawRedis::text(reply.get())).object();
}

qint64 Bench::groupSize(const QByteArray &group)
{
    const RawRedis::Reply reply = m_raw.command(RawRedis::script(QStringLiteral("failed"), {}, {}));
    return QJsonDocument::fromJson(RawRedis::text(reply.get())).object().value(QString::fromUtf8(group)).toInteger();
}

double Bench::oursPipeline(const QList<RedisCommand> &commands, qint64 *errors, QString *lastError)
{
    RedisConnection *connection = m_session->connection();
    QObject context;
    qsizetype sent = 0;
    qsizetype answered = 0;
    double lastMs = 0;
    QElapsedTimer timer;
    std::function<void()> sendWindow;
    const auto onReply = [&](const RedisReply &reply) {
        if (reply.isError()) {
            ++*errors;
            *lastError = reply.error.message;
        }
        if (++answered == commands.size())
            lastMs = msSince(timer);
        else if (answered == sent)
            sendWindow();
    };
    sendWindow = [&] {
        const qsizetype end = qMin(commands.size(), sent + m_options.window);
        // `sent` moves first: no reply is delivered before this returns (same thread).
        const qsizetype from = sent;
        sent = end;
        // The transport's throughput: the window is one declared unit, so the session's one
        // unit at Redis at a time (ConnectionSettings::oneUnitAtServer) does not split it.
        const RedisConnection::Unit unit;
        for (qsizetype i = from; i < end; ++i)
            connection->send(commands.at(i), &context, onReply);
    };
    timer.start();
    sendWindow();
    if (!spin([&] { return answered == commands.size(); })) {
        *errors += commands.size() - answered;
        *lastError = QStringLiteral("timed out");
    }
    return lastMs;
}

double Bench::rawPipeline(const QList<RawRedis::Argv> &commands, qint64 *errors, QString *lastError)
{
    QByteArray last;
    QElapsedTimer timer;
    timer.start();
    const qint64 bad = m_raw.pipeline(commands, m_options.window, &last);
    const double ms = msSince(timer);
    if (bad != 0) {
        *errors += bad < 0 ? commands.size() : bad;
        *lastError = bad < 0 ? QStringLiteral("connection failed") : QString::fromUtf8(last);
    }
    return ms;
}

// Idle: what the stall meter reads when nothing runs (the interval plus this machine's jitter).
void Bench::idle()
{
    m_meter.start();
    QElapsedTimer timer;
    timer.start();
    spin([&timer] { return timer.elapsed() >= 500; });
    m_idleStallMs = m_meter.stop();
    m_meter.takeGaps();
    progress(QStringLiteral("idle GUI thread: longest gap %1 ms").arg(m_idleStallMs, 0, 'f', 2));
}

// The longest single call the console made in any scenario, as Redis timed it: what one refresh
// or one batch held every other client of that Redis up by, host pauses and a busy machine in
// (for information); and the console's calls of each kind made alone, judged against the target
// with the host's pauses set aside (callsalone.cpp).
void Bench::longestCalls()
{
    m_calls.drain(QStringLiteral("end"));
    const RedisCallLog::Longest ours = m_calls.console();
    const RedisCallLog::Longest raw = m_calls.raw();
    Figure f;
    f.id = QStringLiteral("redis_longest_call");
    f.name = QStringLiteral("longest single Redis call by the console, in the scenarios");
    // Nothing logged: no call reached the log's floor.
    f.ours = ours.ms >= 0 ? ours.ms : RedisCallLog::FloorMs;
    f.raw = raw.ms >= 0 ? raw.ms : RedisCallLog::FloorMs;
    f.reference = QStringLiteral("raw hiredis, longest");
    f.judgeRatio = false;
    QStringList each;
    for (const RedisCallLog::Longest &scenario : m_calls.perScenario())
        each << QStringLiteral("%1 %2 ms (%3; %4 calls over %5 ms)")
                    .arg(scenario.scenario)
                    .arg(scenario.ms, 0, 'f', 2)
                    .arg(QString::fromUtf8(scenario.command))
                    .arg(scenario.over)
                    .arg(RedisCallLog::OverMs);
    f.note = QStringLiteral("for information (the calls' own cost is judged alone, redis_call_alone): execution time "
                            "by Redis's own log (SLOWLOG, calls of %1 ms or more), the console's connections told by "
                            "client name, beside everything else the scenario runs; the reference is the longest "
                            "script call of the raw side. Per scenario: %2%3")
                 .arg(RedisCallLog::FloorMs)
                 .arg(each.isEmpty() ? QStringLiteral("none over %1 ms").arg(RedisCallLog::FloorMs)
                                     : each.join(QStringLiteral("; ")),
                      m_calls.overflowed() ? QStringLiteral(". The log filled between two reads: calls may be missing")
                                           : QString());
    m_report.add(f);

    const QList<RedisCallLog::Alone> &kinds = m_calls.alone();
    Figure alone;
    alone.id = QStringLiteral("redis_call_alone");
    alone.name = QStringLiteral("longest single Redis call by the console, each kind alone");
    alone.reference = QStringLiteral("the same, host pauses in");
    alone.hasRatio = false;
    alone.maxOurs = LongestCallMs;
    double own = -1;
    double logged = -1;
    QStringList lines;
    for (const RedisCallLog::Alone &kind : kinds) {
        own = qMax(own, kind.ownMs);
        logged = qMax(logged, kind.longestMs);
        QString line = QStringLiteral("%1: %2 calls, 1 in 100 over %3 ms, longest %4 ms")
                           .arg(kind.kind)
                           .arg(kind.calls)
                           .arg(kind.p99Ms, 0, 'f', 2)
                           .arg(qMax(kind.longestMs, RedisCallLog::FloorMs), 0, 'f', 2);
        if (kind.over > 0)
            line += QStringLiteral(" (%1; %2 over %3 ms, %4 of them beside a host pause, the longest's %5 ms)")
                        .arg(QString::fromUtf8(kind.longestCommand))
                        .arg(kind.over)
                        .arg(RedisCallLog::OverMs)
                        .arg(kind.explained)
                        .arg(kind.longestPauseMs, 0, 'f', 1);
        if (kind.ownMs > RedisCallLog::OverMs)
            line += QStringLiteral(", the longest not beside one %1 ms (%2)")
                        .arg(kind.ownMs, 0, 'f', 2)
                        .arg(QString::fromUtf8(kind.ownCommand));
        lines << line;
    }
    if (!kinds.isEmpty()) {
        alone.ours = qMax(own, RedisCallLog::FloorMs);
        alone.raw = qMax(logged, RedisCallLog::FloorMs);
    }
    alone.note =
        QStringLiteral("calls made one at a time with nothing else running, Redis's own log (calls of %1 ms "
                       "or more); a call over %2 ms is set aside as the host's when a probe on Redis's core "
                       "(HostPauseMeter) saw the core stopped beside it for at least its excess. %3%4")
            .arg(RedisCallLog::FloorMs)
            .arg(RedisCallLog::OverMs)
            .arg(lines.isEmpty() ? QStringLiteral("No kind measured (--only without group, overview or search).")
                                 : lines.join(QStringLiteral("; ")) + QLatin1Char('.'),
                 m_hostPauseTrouble.isEmpty() ? QString()
                                              : QStringLiteral(" Host pauses not measured: ") + m_hostPauseTrouble);
    m_report.add(alone);
}

int Bench::run()
{
    m_clock.start();
    QString error;
    progress(QStringLiteral("starting a private redis-server"));
    if (!start(&error)) {
        fail(error);
        return 1;
    }
    QFile loadavg(QStringLiteral("/proc/loadavg"));
    const QByteArray load = loadavg.open(QIODevice::ReadOnly) ? loadavg.readAll().trimmed() : QByteArray();

    const auto wanted = [this](const char *section) {
        return m_options.only.isEmpty() || m_options.only.contains(QLatin1String(section));
    };
    idle();
    if (wanted("throughput"))
        throughput();
    if (wanted("overview"))
        overview();
    if (wanted("alerts"))
        alerts();
    if (wanted("group"))
        failureGroup();
    if (wanted("priority"))
        priorityRefresh();
    if (wanted("malformed"))
        malformed();
    if (wanted("activity"))
        activity();
    if (wanted("clusters"))
        clusters();
    if (wanted("retry"))
        retryAll();
    if (wanted("events"))
        events();
    if (wanted("search"))
        search();
    if (wanted("blueque"))
        blueque();
    if (wanted("scripts"))
        scriptCost();
    if (wanted("operator"))
        operatorWalk();
    longestCalls();

    const RawRedis::Reply info = m_raw.command({"INFO", "server"});
    QString redisVersion;
    for (const QByteArray &line : RawRedis::text(info.get()).split('\n')) {
        if (line.startsWith("redis_version:"))
            redisVersion = QString::fromUtf8(line.mid(14).trimmed());
    }
    const QJsonObject header{
        {QStringLiteral("mode"), m_options.mode},
        {QStringLiteral("only"), QJsonArray::fromStringList(m_options.only)},
        {QStringLiteral("finished"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("seconds"), m_clock.elapsed() / 1000.0},
        {QStringLiteral("sizes"), QJsonObject{{QStringLiteral("queues"), m_options.queues},
                                              {QStringLiteral("workers"), m_options.workers},
                                              {QStringLiteral("group"), double(m_options.group)},
                                              {QStringLiteral("small_group"), double(m_options.smallGroup)},
                                              {QStringLiteral("rows"), m_options.rows},
                                              {QStringLiteral("activity"), double(m_options.activity)},
                                              {QStringLiteral("deep_rows"), m_options.deepRows},
                                              {QStringLiteral("retry"), double(m_options.retry)},
                                              {QStringLiteral("search"), double(m_options.search)},
                                              {QStringLiteral("batch"), m_options.batch},
                                              {QStringLiteral("ops"), m_options.ops},
                                              {QStringLiteral("window"), m_options.window},
                                              {QStringLiteral("repeats"), m_options.repeats},
                                              {QStringLiteral("rounds"), m_options.rounds},
                                              {QStringLiteral("events_seconds"), m_options.eventsSeconds},
                                              {QStringLiteral("events_rate"), m_options.eventsRate},
                                              {QStringLiteral("blueque_failed"), double(m_options.bluequeFailed)},
                                              {QStringLiteral("blueque_due"), double(m_options.bluequeDue)},
                                              {QStringLiteral("blueque_requeue"), double(m_options.bluequeRequeue)}}},
        {QStringLiteral("machine"), QJsonObject{{QStringLiteral("cpus"), QThread::idealThreadCount()},
                                                {QStringLiteral("loadavg_at_start"), QString::fromUtf8(load)},
                                                {QStringLiteral("redis_version"), redisVersion},
                                                {QStringLiteral("redis_scheduling"), m_redisPriority}}},
        {QStringLiteral("idle_stall_ms"), m_idleStallMs},
        {QStringLiteral("errors"), QJsonArray::fromStringList(m_errors)},
    };

    const QString table = m_report.table();
    fprintf(stdout,
            "\nqlessdesk benchmarks (%s; ratio = our cost / reference cost; load at start %s; redis-server %s)\n\n%s",
            qPrintable(m_options.mode), load.constData(), qPrintable(m_redisPriority), qPrintable(table));
    for (const Figure &figure : m_report.figures()) {
        if (!figure.note.isEmpty())
            fprintf(stdout, "  %s: %s\n", qPrintable(figure.id), qPrintable(figure.note));
    }
    fflush(stdout);

    QFileInfo out(m_options.out);
    QDir().mkpath(out.absolutePath());
    QFile file(out.absoluteFilePath());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(QJsonDocument(m_report.toJson(header)).toJson()) < 0) {
        fail(QStringLiteral("cannot write %1: %2").arg(out.absoluteFilePath(), file.errorString()));
    } else {
        progress(QStringLiteral("results written to %1").arg(out.absoluteFilePath()));
    }
    // The table again as Markdown beside the JSON (results.md), as docs/BENCHMARKS.md shows it.
    QFile markdown(out.absolutePath() + QLatin1Char('/') + out.completeBaseName() + QStringLiteral(".md"));
    if (!markdown.open(QIODevice::WriteOnly | QIODevice::Truncate) || markdown.write(m_report.markdown().toUtf8()) < 0)
        fail(QStringLiteral("cannot write %1: %2").arg(markdown.fileName(), markdown.errorString()));
    if (!m_errors.isEmpty()) {
        progress(QStringLiteral("%1 error(s); see above").arg(m_errors.size()));
        return 1;
    }
    return 0;
}
