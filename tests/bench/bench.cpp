#include "bench.h"

#include "auditlog.h"
#include "bulkrunner.h"
#include "bulksummary.h"
#include "bulktarget.h"
#include "jobaction.h"
#include "joblistmodel.h"
#include "jobsource.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "rediscommand.h"
#include "redisconnection.h"
#include "seeder.h"
#include "workerlistmodel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>
#include <QTimer>

#include <hiredis/hiredis.h>
#include <malloc.h>

#include <cmath>
#include <cstdio>

namespace {
void progress(const QString &text)
{
    fprintf(stderr, "bench: %s\n", qPrintable(text));
    fflush(stderr);
}

double nowSeconds()
{
    return double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

QByteArray seconds(double value)
{
    return QByteArray::number(value, 'f', 3);
}

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

// Resident memory of this process, after handing freed heap back to the system so that only
// what is still held counts.
qint64 residentKiB()
{
    malloc_trim(0);
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

ConnectionSettings unixSettings(const QString &socket)
{
    ConnectionSettings settings;
    settings.transport = ConnectionSettings::Transport::Unix;
    settings.socketPath = socket;
    settings.clientName = QStringLiteral("qlessdesk-bench");
    return settings;
}

// One qless script call, to be sent either way.
struct Call
{
    QString script;
    QList<QByteArray> keys;
    QList<QByteArray> args;
};

QList<RedisCommand> commandsOf(const QList<Call> &calls)
{
    QList<RedisCommand> out;
    out.reserve(calls.size());
    for (const Call &call : calls)
        out.append(RedisCommand::writeScript(call.script, call.keys, call.args));
    return out;
}

QList<RawRedis::Argv> argvsOf(const QList<Call> &calls)
{
    QList<RawRedis::Argv> out;
    out.reserve(calls.size());
    for (const Call &call : calls)
        out.append(RawRedis::script(call.script, call.keys, call.args));
    return out;
}

// What a view does when rows arrive: reads the cells it paints.
void touchVisibleRows(const QAbstractItemModel &model, int rows)
{
    const int last = qMin(model.rowCount(), rows);
    for (int row = 0; row < last; ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const QModelIndex index = model.index(row, column);
            model.data(index, Qt::DisplayRole);
            model.data(index, Qt::ToolTipRole);
        }
    }
}

// Scrolls `model` (its first page asked for already) until it holds `rows` rows or ends, asking
// for the next page as a view does when its last row comes into sight.
bool scrollThrough(JobListModel &model, int rows, int timeoutMs)
{
    QObject guard;
    QObject::connect(&model, &QAbstractItemModel::rowsInserted, &guard, [&model, rows] {
        if (model.rowCount() < rows && model.canFetchMore({}))
            model.fetchMore({});
    }, Qt::QueuedConnection);
    bool failed = false;
    QObject::connect(&model, &JobListModel::loadFailed, &guard, [&failed] { failed = true; });
    QElapsedTimer timer;
    timer.start();
    QTimer wake;
    wake.start(50);
    while (model.rowCount() < rows && !failed) {
        if (!model.isLoading() && !model.canFetchMore({}))
            return false; // the list ended short of `rows`
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    }
    return !failed;
}
} // namespace

BenchOptions BenchOptions::quick()
{
    BenchOptions o;
    o.mode = QStringLiteral("quick");
    o.queues = 50;
    o.workers = 500;
    o.group = 20000;
    o.smallGroup = 2000;
    o.rows = 1000;
    o.retry = 2000;
    o.batch = 500;
    o.ops = 500;
    o.repeats = 3;
    o.rounds = 1;
    return o;
}

Bench::Bench(const BenchOptions &options)
    : m_options(options)
{
}

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
    stall.maxOurs = 50;
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
    if (!m_raw.connectUnix(m_server.socketPath(), error) || !m_raw.loadScripts(error))
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
    progress(QStringLiteral("idle GUI thread: longest gap %1 ms").arg(m_idleStallMs, 0, 'f', 2));
}

// put, pop, complete, fail, unfail: `ops` calls each, pipelined `window` at a time, through
// hiredis and through our connection. Both sides work side by side in the same database (their
// own queue, worker, group and jids), each step run by one side right after the other (who goes
// first alternates by round), so that both meet the same load on a busy machine. Medians of the
// rounds.
void Bench::throughput()
{
    const QStringList ops{QStringLiteral("put"), QStringLiteral("pop"), QStringLiteral("complete"),
                          QStringLiteral("fail"), QStringLiteral("unfail")};
    QHash<QString, QList<double>> rates[2]; // [0] raw, [1] ours
    double stall = 0;
    const int n = m_options.ops;

    for (int round = 0; round < m_options.rounds; ++round) {
        if (!flush())
            return;
        progress(QStringLiteral("throughput, round %1 of %2: %3 calls per step and side")
                     .arg(round + 1).arg(m_options.rounds).arg(n));
        for (const QString &op : ops) {
            for (int turn = 0; turn < 2; ++turn) {
                const int side = (turn + round) % 2;
                const bool ours = side == 1;
                const QByteArray name = ours ? "ours" : "raw";
                const QByteArray queue = "throughput-" + name;
                const QByteArray group = "throughput-failed-" + name;
                const QByteArray worker = "worker-" + name + ".host-1";
                const auto jid = [&name](const char *kind, int i) -> QByteArray {
                    return "tp-" + name + "-" + kind + "-" + QByteArray::number(i).rightJustified(8, '0');
                };
                if (op == QLatin1String("fail")) {
                    // Running jobs to fail, set up untimed through hiredis for both sides.
                    const QByteArray now = seconds(nowSeconds());
                    QList<Call> setup;
                    for (int i = 0; i < n; ++i)
                        setup.append({QStringLiteral("put"), {queue}, {jid("f", i), "Bench::Job", "{}", now, "0"}});
                    for (int i = 0; i < n; ++i)
                        setup.append({QStringLiteral("pop"), {queue}, {worker, "1", now}});
                    qint64 errors = 0;
                    QString last;
                    rawPipeline(argvsOf(setup), &errors, &last);
                    if (errors) {
                        fail(QStringLiteral("throughput: setting up fail: ") + last);
                        return;
                    }
                }
                // The step's calls, built when it starts (`now` must follow the step before).
                const QByteArray now = seconds(nowSeconds());
                QList<Call> calls;
                calls.reserve(n);
                for (int i = 0; i < n; ++i) {
                    if (op == QLatin1String("put"))
                        calls.append({op, {queue}, {jid("p", i), "Bench::Job", "{\"n\": " + QByteArray::number(i) + "}", now, "0"}});
                    else if (op == QLatin1String("pop"))
                        calls.append({op, {queue}, {worker, "1", now}});
                    else if (op == QLatin1String("complete"))
                        calls.append({op, {}, {jid("p", i), worker, queue, now, "{}"}});
                    else if (op == QLatin1String("fail"))
                        calls.append({op, {}, {jid("f", i), worker, group, "Bench::Error: failed on purpose", now}});
                    else
                        calls.append({op, {}, {now, group, queue, "1"}});
                }
                qint64 errors = 0;
                QString last;
                double ms = 0;
                if (ours) {
                    const QList<RedisCommand> commands = commandsOf(calls);
                    m_meter.start();
                    ms = oursPipeline(commands, &errors, &last);
                    stall = qMax(stall, m_meter.stop());
                } else {
                    ms = rawPipeline(argvsOf(calls), &errors, &last);
                }
                if (errors) {
                    fail(QStringLiteral("throughput %1 (%2): %3 errors, last: %4")
                             .arg(op, QString::fromUtf8(name)).arg(errors).arg(last));
                    return;
                }
                // What the step must have left, as the scripts tell it (untimed).
                const QJsonObject counts = queueCounts(queue);
                const qint64 waiting = counts.value(QStringLiteral("waiting")).toInteger();
                const qint64 running = counts.value(QStringLiteral("running")).toInteger();
                const qint64 failed = groupSize(group);
                const bool ok = op == QLatin1String("put")        ? waiting == n && running == 0
                              : op == QLatin1String("pop")        ? waiting == 0 && running == n
                              : op == QLatin1String("complete")   ? waiting == 0 && running == 0
                              : op == QLatin1String("fail")       ? running == 0 && failed == n
                                                                  : waiting == n && failed == 0;
                if (!ok) {
                    fail(QStringLiteral("throughput %1 (%2): left %3 waiting, %4 running, %5 failed")
                             .arg(op, QString::fromUtf8(name)).arg(waiting).arg(running).arg(failed));
                    return;
                }
                rates[side][op].append(n / (ms / 1000.0));
            }
        }
    }
    for (const QString &op : ops) {
        Figure f;
        f.id = QStringLiteral("throughput_") + op;
        f.name = QStringLiteral("throughput: %1").arg(op);
        f.unit = Figure::Unit::PerSecond;
        f.rawSamples = rates[0].value(op);
        f.oursSamples = rates[1].value(op);
        f.ours = median(f.oursSamples);
        f.raw = median(f.rawSamples);
        f.maxRatio = 1.3;
        f.note = QStringLiteral("%1 calls pipelined %2 at a time; medians of %3 rounds")
                     .arg(n).arg(m_options.window).arg(m_options.rounds);
        m_report.add(f);
    }
    addStall(QStringLiteral("stall_throughput"), QStringLiteral("GUI stall: throughput"), stall);
}

// The Overview's two big lists: every queue's counts and every worker, from the request to both
// models updated; against the same two scripts pipelined through hiredis.
void Bench::overview()
{
    if (!flush())
        return;
    progress(QStringLiteral("overview: seeding %1 queues and %2 workers").arg(m_options.queues).arg(m_options.workers));
    Seeder seeder(m_raw);
    QString error;
    if (!seeder.overview(m_options.queues, m_options.workers, nowSeconds(), &error)) {
        fail(error);
        return;
    }

    QueueListModel queues(m_session->client());
    WorkerListModel workers(m_session->client());
    const auto ours = [&] {
        int left = 2;
        double ms = 0;
        QElapsedTimer timer;
        const auto done = [&] {
            if (--left == 0)
                ms = msSince(timer);
        };
        timer.start();
        queues.refresh(done);
        workers.refresh(done);
        spin([&left] { return left == 0; });
        return ms;
    };
    const auto raw = [&] {
        const QByteArray now = seconds(nowSeconds());
        qint64 errors = 0;
        QString last;
        const double ms = rawPipeline({RawRedis::script(QStringLiteral("queues"), {}, {now}),
                                       RawRedis::script(QStringLiteral("workers"), {}, {now})},
                                      &errors, &last);
        if (errors)
            fail(QStringLiteral("overview, raw: ") + last);
        return ms;
    };

    progress(QStringLiteral("overview: %1 refreshes each side").arg(m_options.repeats));
    QList<double> rawSamples;
    QList<double> oursSamples;
    double stall = 0;
    rawSamples.append(raw());
    m_meter.start();
    const double first = ours();
    stall = qMax(stall, m_meter.stop());
    if (queues.rowCount() != m_options.queues || workers.rowCount() != m_options.workers)
        fail(QStringLiteral("overview: the models hold %1 queues and %2 workers; expected %3 and %4 (%5 %6)")
                 .arg(queues.rowCount()).arg(workers.rowCount()).arg(m_options.queues).arg(m_options.workers)
                 .arg(queues.lastError(), workers.lastError()));
    for (int i = 0; i < m_options.repeats; ++i) {
        rawSamples.append(raw());
        m_meter.start();
        oursSamples.append(ours());
        stall = qMax(stall, m_meter.stop());
    }

    Figure fill;
    fill.id = QStringLiteral("overview_first_fill");
    fill.name = QStringLiteral("overview: first fill (%1 queues, %2 workers)").arg(m_options.queues).arg(m_options.workers);
    fill.ours = first;
    fill.raw = median(rawSamples);
    fill.oursSamples = {first};
    fill.rawSamples = rawSamples;
    fill.maxRatio = 1.3;
    fill.note = QStringLiteral("empty models filled; against the median raw call");
    m_report.add(fill);

    Figure refresh;
    refresh.id = QStringLiteral("overview_refresh");
    refresh.name = QStringLiteral("overview: refresh (%1 queues, %2 workers)").arg(m_options.queues).arg(m_options.workers);
    refresh.ours = median(oursSamples);
    refresh.raw = median(rawSamples);
    refresh.oursSamples = oursSamples;
    refresh.rawSamples = rawSamples;
    refresh.maxRatio = 1.3;
    refresh.note = QStringLiteral("request to both models updated (keyed diff); medians of %1").arg(m_options.repeats);
    m_report.add(refresh);

    addStall(QStringLiteral("stall_overview"), QStringLiteral("GUI stall: overview refresh"), stall);
}

// A failure group of `group` jobs opened in a JobListModel: time to the first rows, and to
// `rows` rows scrolled through; memory then, for this group and one ten times smaller.
void Bench::failureGroup()
{
    if (!flush())
        return;
    const QString big = QStringLiteral("Net::ReadTimeout");
    const QString small = QStringLiteral("Net::OpenTimeout");
    Seeder seeder(m_raw);
    QString error;
    progress(QStringLiteral("failure groups: seeding %1 and %2 jobs").arg(m_options.group).arg(m_options.smallGroup));
    if (!seeder.failureGroup(big, QStringLiteral("fetch"), m_options.group, nowSeconds(), &error)
        || !seeder.failureGroup(small, QStringLiteral("fetch"), m_options.smallGroup, nowSeconds(), &error)) {
        fail(error);
        return;
    }

    QlessClient *client = m_session->client();
    const int page = JobListModel(client).pageSize();
    const QByteArray groupBytes = big.toUtf8();

    // First rows.
    progress(QStringLiteral("failure group: first rows, %1 times each side").arg(m_options.repeats));
    QList<double> rawFirst;
    QList<double> oursFirst;
    double firstStall = 0;
    for (int i = 0; i < m_options.repeats; ++i) {
        QElapsedTimer timer;
        timer.start();
        const RawRedis::Reply reply = m_raw.command(
            RawRedis::script(QStringLiteral("failed"), {}, {groupBytes, "0", QByteArray::number(page)}));
        rawFirst.append(msSince(timer));
        if (RawRedis::isError(reply.get()))
            fail(QStringLiteral("first rows, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));

        JobListModel model(client);
        double ms = -1;
        QObject::connect(&model, &QAbstractItemModel::rowsInserted, &model, [&] {
            if (ms >= 0)
                return;
            touchVisibleRows(model, 40);
            ms = msSince(timer);
        });
        m_meter.start();
        timer.start();
        model.setSource(JobSource::failureGroup(client, big));
        if (!spin([&] { return ms >= 0 || !model.lastError().isEmpty(); }, 60000) || ms < 0) {
            m_meter.stop();
            fail(QStringLiteral("first rows, ours: ") + model.lastError());
            return;
        }
        firstStall = qMax(firstStall, m_meter.stop());
        oursFirst.append(ms);
        if (model.total() != m_options.group)
            fail(QStringLiteral("first rows: the model says %1 jobs, not %2").arg(model.total()).arg(m_options.group));
    }
    Figure first;
    first.id = QStringLiteral("group_first_rows");
    first.name = QStringLiteral("failure group of %1: first rows").arg(m_options.group);
    first.ours = median(oursFirst);
    first.raw = median(rawFirst);
    first.oursSamples = oursFirst;
    first.rawSamples = rawFirst;
    first.maxRatio = 1.3;
    first.maxOurs = 150;
    first.note = QStringLiteral("setSource to the first page of %1 rows in the model and the visible cells read; "
                                "medians of %2").arg(page).arg(m_options.repeats);
    m_report.add(first);

    addStall(QStringLiteral("stall_first_rows"), QStringLiteral("GUI stall: first rows"), firstStall);

    // Scrolling.
    progress(QStringLiteral("failure group: scrolling %1 rows, %2 times each side").arg(m_options.rows).arg(m_options.rounds));
    QList<double> rawScroll;
    QList<double> oursScroll;
    double scrollStall = 0;
    for (int i = 0; i < m_options.rounds; ++i) {
        QElapsedTimer timer;
        timer.start();
        for (int offset = 0; offset < m_options.rows; offset += page) {
            const RawRedis::Reply reply = m_raw.command(RawRedis::script(
                QStringLiteral("failed"), {}, {groupBytes, QByteArray::number(offset), QByteArray::number(page)}));
            if (RawRedis::isError(reply.get())) {
                fail(QStringLiteral("scrolling, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));
                return;
            }
        }
        rawScroll.append(msSince(timer));

        JobListModel model(client);
        m_meter.start();
        timer.start();
        model.setSource(JobSource::failureGroup(client, big));
        const bool ok = scrollThrough(model, m_options.rows, 600000);
        const double ms = msSince(timer);
        scrollStall = qMax(scrollStall, m_meter.stop());
        if (!ok) {
            fail(QStringLiteral("scrolling, ours: %1 rows only; %2").arg(model.rowCount()).arg(model.lastError()));
            return;
        }
        oursScroll.append(ms);
    }
    Figure scroll;
    scroll.id = QStringLiteral("group_scroll");
    scroll.name = QStringLiteral("failure group of %1: scroll %2 rows").arg(m_options.group).arg(m_options.rows);
    scroll.ours = median(oursScroll);
    scroll.raw = median(rawScroll);
    scroll.oursSamples = oursScroll;
    scroll.rawSamples = rawScroll;
    scroll.maxRatio = 1.3;
    scroll.note = QStringLiteral("pages of %1 asked for one after another, as a view scrolled to the end does; "
                                 "medians of %2").arg(page).arg(m_options.rounds);
    m_report.add(scroll);

    addStall(QStringLiteral("stall_scroll"), QStringLiteral("GUI stall: scrolling"), scrollStall);

    memory();
}

QJsonObject Bench::memoryProbe(const QString &side, const QString &group)
{
    QProcess child;
    child.setProgram(QCoreApplication::applicationFilePath());
    child.setArguments({QStringLiteral("--probe-memory"), side, QStringLiteral("--socket"), m_server.socketPath(),
                        QStringLiteral("--probe-group"), group, QStringLiteral("--rows"), QString::number(m_options.rows)});
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start();
    // Waiting is fine here: the harness, not the GUI under test (nothing is being measured now).
    if (!child.waitForFinished(600000) || child.exitCode() != 0) {
        fail(QStringLiteral("memory probe %1 %2 failed (exit %3)").arg(side, group).arg(child.exitCode()));
        return {};
    }
    const QList<QByteArray> lines = child.readAllStandardOutput().trimmed().split('\n');
    return QJsonDocument::fromJson(lines.last()).object();
}

// In fresh processes, so that nothing measured before is in the way: resident memory added by
// opening the group and scrolling `rows` rows, for the big group and the small one (ours), and
// for the same rows' replies kept by hiredis (raw).
void Bench::memory()
{
    progress(QStringLiteral("failure group: memory after %1 rows, in child processes").arg(m_options.rows));
    const QString big = QStringLiteral("Net::ReadTimeout");
    const QString small = QStringLiteral("Net::OpenTimeout");
    const QJsonObject oursBig = memoryProbe(QStringLiteral("ours"), big);
    const QJsonObject oursSmall = memoryProbe(QStringLiteral("ours"), small);
    const QJsonObject rawBig = memoryProbe(QStringLiteral("raw"), big);
    const auto grown = [](const QJsonObject &probe) -> std::optional<double> {
        if (!probe.contains(QStringLiteral("after_kib")))
            return std::nullopt;
        return qMax(1.0, probe.value(QStringLiteral("after_kib")).toDouble() - probe.value(QStringLiteral("before_kib")).toDouble());
    };

    Figure growth;
    growth.id = QStringLiteral("group_memory");
    growth.name = QStringLiteral("failure group of %1: memory after %2 rows").arg(m_options.group).arg(m_options.rows);
    growth.unit = Figure::Unit::Kilobytes;
    growth.ours = grown(oursBig);
    growth.raw = grown(oursSmall);
    growth.reference = QStringLiteral("ours, group of %1").arg(m_options.smallGroup);
    growth.maxRatio = 1.3;
    growth.note = QStringLiteral("resident memory added by the model and connection, in a fresh process; "
                                 "the reference is the same for a group %1 times smaller: it must not grow with the group")
                      .arg(double(m_options.group) / double(qMax<qint64>(1, m_options.smallGroup)));
    m_report.add(growth);

    Figure raw;
    raw.id = QStringLiteral("group_memory_vs_raw");
    raw.name = QStringLiteral("failure group of %1: memory after %2 rows, vs replies kept").arg(m_options.group).arg(m_options.rows);
    raw.unit = Figure::Unit::Kilobytes;
    raw.ours = grown(oursBig);
    raw.raw = grown(rawBig);
    raw.maxRatio = 1.3;
    raw.judgeRatio = false;
    raw.note = QStringLiteral("for information: decoded rows (Job values, UTF-16 text) against hiredis's reply "
                              "objects holding the same JSON");
    m_report.add(raw);
}

// Retry every job of a failure group of `retry` jobs: BulkRunner (failedaction batches) against
// the unfail script called in a tight loop with the same batch size; jobs per second. Each round
// seeds a fresh group for each side; who goes first alternates by round. Medians of the rounds.
void Bench::retryAll()
{
    Figure f;
    f.id = QStringLiteral("retry_all");
    f.name = QStringLiteral("retry-all of %1 failed jobs").arg(m_options.retry);
    f.unit = Figure::Unit::PerSecond;
    f.maxRatio = 1.3;
    f.note = QStringLiteral("BulkRunner, batches of %1, against unfail in a tight loop with the same count; "
                            "medians of %2 rounds").arg(m_options.batch).arg(m_options.rounds);
    double stall = 0;

    for (int round = 0; round < m_options.rounds; ++round) {
        if (!flush())
            return;
        const QString rawGroup = QStringLiteral("retry-raw");
        const QString oursGroup = QStringLiteral("retry-ours");
        const QString rawQueue = QStringLiteral("retry-raw-q");
        const QString oursQueue = QStringLiteral("retry-ours-q");
        Seeder seeder(m_raw);
        QString error;
        progress(QStringLiteral("retry-all, round %1 of %2: seeding two groups of %3 jobs")
                     .arg(round + 1).arg(m_options.rounds).arg(m_options.retry));
        if (!seeder.failureGroup(rawGroup, rawQueue, m_options.retry, nowSeconds(), &error)
            || !seeder.failureGroup(oursGroup, oursQueue, m_options.retry, nowSeconds(), &error)) {
            fail(error);
            return;
        }
        for (int turn = 0; turn < 2; ++turn) {
            const bool ours = (turn + round) % 2 == 1;
            QElapsedTimer timer;
            if (!ours) {
                progress(QStringLiteral("retry-all: raw unfail loop, batches of %1").arg(m_options.batch));
                qint64 moved = 0;
                timer.start();
                for (;;) {
                    const RawRedis::Reply reply = m_raw.command(RawRedis::script(
                        QStringLiteral("unfail"), {},
                        {seconds(nowSeconds()), rawGroup.toUtf8(), rawQueue.toUtf8(), QByteArray::number(m_options.batch)}));
                    if (RawRedis::isError(reply.get())) {
                        fail(QStringLiteral("retry-all, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));
                        return;
                    }
                    const long long n = RawRedis::integer(reply.get());
                    if (n <= 0)
                        break;
                    moved += n;
                }
                const double ms = msSince(timer);
                if (moved != m_options.retry) {
                    fail(QStringLiteral("retry-all, raw: %1 jobs moved, not %2").arg(moved).arg(m_options.retry));
                    return;
                }
                f.rawSamples.append(moved / (ms / 1000.0));
                continue;
            }
            progress(QStringLiteral("retry-all: BulkRunner, batches of %1").arg(m_options.batch));
            BulkRunner runner(m_session.get(), JobAction::retry(), BulkTarget::ofFailureGroup(oursGroup, m_options.retry));
            runner.setBatchSize(m_options.batch);
            bool finished = false;
            BulkSummary summary;
            double ms = 0;
            QObject::connect(&runner, &BulkRunner::finished, &runner, [&](const BulkSummary &result) {
                ms = msSince(timer);
                summary = result;
                finished = true;
            });
            m_meter.start();
            timer.start();
            runner.start();
            const bool ok = spin([&finished] { return finished; });
            stall = qMax(stall, m_meter.stop());
            if (!ok || summary.done != m_options.retry) {
                fail(QStringLiteral("retry-all, ours: %1").arg(ok ? summary.text() : QStringLiteral("did not finish")));
                return;
            }
            const qint64 waiting = queueCounts(oursQueue.toUtf8()).value(QStringLiteral("waiting")).toInteger();
            if (waiting != m_options.retry || groupSize(oursGroup.toUtf8()) != 0) {
                fail(QStringLiteral("retry-all, ours: %1 jobs waiting in %2 afterwards, not %3")
                         .arg(waiting).arg(oursQueue).arg(m_options.retry));
                return;
            }
            f.oursSamples.append(summary.done / (ms / 1000.0));
        }
    }
    if (!f.rawSamples.isEmpty())
        f.raw = median(f.rawSamples);
    if (!f.oursSamples.isEmpty())
        f.ours = median(f.oursSamples);
    m_report.add(f);
    addStall(QStringLiteral("stall_retry_all"), QStringLiteral("GUI stall: retry-all"),
             f.oursSamples.isEmpty() ? std::nullopt : std::optional<double>(stall));
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
    if (wanted("group"))
        failureGroup();
    if (wanted("retry"))
        retryAll();

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
        {QStringLiteral("sizes"), QJsonObject{
             {QStringLiteral("queues"), m_options.queues},
             {QStringLiteral("workers"), m_options.workers},
             {QStringLiteral("group"), double(m_options.group)},
             {QStringLiteral("small_group"), double(m_options.smallGroup)},
             {QStringLiteral("rows"), m_options.rows},
             {QStringLiteral("retry"), double(m_options.retry)},
             {QStringLiteral("batch"), m_options.batch},
             {QStringLiteral("ops"), m_options.ops},
             {QStringLiteral("window"), m_options.window},
             {QStringLiteral("repeats"), m_options.repeats},
             {QStringLiteral("rounds"), m_options.rounds}}},
        {QStringLiteral("machine"), QJsonObject{
             {QStringLiteral("cpus"), QThread::idealThreadCount()},
             {QStringLiteral("loadavg_at_start"), QString::fromUtf8(load)},
             {QStringLiteral("redis_version"), redisVersion}}},
        {QStringLiteral("idle_stall_ms"), m_idleStallMs},
        {QStringLiteral("errors"), QJsonArray::fromStringList(m_errors)},
    };

    const QString table = m_report.table();
    fprintf(stdout, "\nqlessdesk benchmarks (%s; ratio = our cost / reference cost; load at start %s)\n\n%s",
            qPrintable(m_options.mode), load.constData(), qPrintable(table));
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
    if (!m_errors.isEmpty()) {
        progress(QStringLiteral("%1 error(s); see above").arg(m_errors.size()));
        return 1;
    }
    return 0;
}

int Bench::probeMemory(const QString &side, const QString &socket, const QString &group, int rows)
{
    // Pages as the model asks for them.
    const int page = JobListModel(nullptr).pageSize();
    const QByteArray groupBytes = group.toUtf8();
    qint64 before = -1;
    qint64 after = -1;
    int loaded = 0;
    if (side == QLatin1String("raw")) {
        RawRedis raw;
        QString error;
        if (!raw.connectUnix(socket, &error)) {
            fprintf(stderr, "probe: %s\n", qPrintable(error));
            return 1;
        }
        raw.command(RawRedis::script(QStringLiteral("failed"), {}, {groupBytes, "0", "1"}));
        before = residentKiB();
        std::vector<RawRedis::Reply> kept;
        for (int offset = 0; offset < rows; offset += page) {
            kept.push_back(raw.command(RawRedis::script(
                QStringLiteral("failed"), {}, {groupBytes, QByteArray::number(offset), QByteArray::number(page)})));
            if (RawRedis::isError(kept.back().get()))
                return 1;
            loaded += qMin(page, rows - offset);
        }
        after = residentKiB();
    } else {
        RedisConnection connection(unixSettings(socket));
        QlessClient client(&connection);
        if (!spin([&connection] { return connection.state().phase == ConnectionState::Phase::Ready; }, 20000))
            return 1;
        bool warm = false;
        client.failedJobs(group, 0, 1, &client, [&warm](const QlessReply<FailedJobsPage> &) { warm = true; });
        spin([&warm] { return warm; }, 20000);
        before = residentKiB();
        JobListModel model(&client);
        model.setSource(JobSource::failureGroup(&client, group));
        if (!scrollThrough(model, rows, 600000))
            return 1;
        loaded = model.rowCount();
        after = residentKiB();
    }
    const QJsonObject result{{QStringLiteral("side"), side}, {QStringLiteral("group"), group},
                             {QStringLiteral("rows"), loaded}, {QStringLiteral("before_kib"), double(before)},
                             {QStringLiteral("after_kib"), double(after)}};
    fprintf(stdout, "%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return 0;
}
