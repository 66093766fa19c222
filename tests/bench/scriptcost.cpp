// SPDX-License-Identifier: GPL-3.0-or-later
// The "scripts" section: our unified qless.lua against another qless.lua (the qless gem's, given
// with --reference-script), on the calls workers make all day (put, pop, complete, fail) and on
// a cheap read (config.get) whose server time is mostly the script's fixed cost per call: Redis
// runs a whole script on every EVALSHA, so what a script defines before its dispatch is paid by
// every call. Both scripts run in the same private redis-server, interleaved, on the same data
// shape, through the raw hiredis connection (no client stack on either side).
#include "bench.h"

#include "scriptlibrary.h"

#include <QCryptographicHash>
#include <QFile>

namespace {
struct Side
{
    QString origin;
    QByteArray sha1;
    QList<double> rates;    // calls per second, per sample
    QList<double> serverUs; // server time per call (INFO commandstats), per sample

    RawRedis::Argv call(const QByteArray &command, double now, const QList<QByteArray> &args) const
    {
        return RawRedis::Argv{"EVALSHA", sha1, "0", command, seconds(now)} + args;
    }
};

// Calls and microseconds the server has spent in EVALSHA so far.
QPair<qint64, qint64> evalshaStats(RawRedis &raw)
{
    const RawRedis::Reply info = raw.command({"INFO", "commandstats"});
    for (const QByteArray &line : RawRedis::text(info.get()).split('\n')) {
        if (!line.startsWith("cmdstat_evalsha:"))
            continue;
        const auto field = [&line](const QByteArray &name) {
            const QByteArray key = name + '=';
            const int at = line.indexOf(key) + key.size();
            return line.mid(at, line.indexOf(',', at) - at).toLongLong();
        };
        return {field("calls"), field("usec")};
    }
    return {0, 0};
}

QByteArray readScript(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(path);
        return {};
    }
    return file.readAll();
}
} // namespace

void Bench::scriptCost()
{
    if (m_options.referenceScript.isEmpty()) {
        progress(QStringLiteral("scripts: skipped, no --reference-script PATH (another qless.lua, e.g. the qless gem's "
                                "lib/qless/lua/qless.lua) to compare our qless.lua with"));
        return;
    }
    QString error;
    Side ours, reference;
    QByteArray oursSource;
#ifdef QLESSDESK_GENERATED_LUA_DIR
    ours.origin = QStringLiteral(QLESSDESK_GENERATED_LUA_DIR "/qless.lua");
    oursSource = readScript(ours.origin, &error);
#endif
    if (oursSource.isEmpty()) {
        if (const LuaScript *embedded = ScriptLibrary::instance().find(QStringLiteral("qless"))) {
            ours.origin = QStringLiteral(":/qless/qless.lua");
            oursSource = embedded->source;
        }
    }
    reference.origin = m_options.referenceScript;
    const QByteArray referenceSource = readScript(reference.origin, &error);
    if (oursSource.isEmpty() || referenceSource.isEmpty()) {
        fail(QStringLiteral("scripts: ") + (error.isEmpty() ? QStringLiteral("no qless.lua of ours") : error));
        return;
    }
    for (auto [side, source] : {std::pair{&ours, oursSource}, std::pair{&reference, referenceSource}}) {
        const RawRedis::Reply loaded = m_raw.command({"SCRIPT", "LOAD", source});
        if (RawRedis::isError(loaded.get())) {
            fail(QStringLiteral("scripts: SCRIPT LOAD %1: %2")
                     .arg(side->origin, QString::fromUtf8(RawRedis::text(loaded.get()))));
            return;
        }
        side->sha1 = RawRedis::text(loaded.get());
    }

    const int n = m_options.ops;
    const QByteArray queue = "bench-scripts", worker = "bench-worker", group = "bench-group";
    const auto jid = [](int i) -> QByteArray { return "scripts-" + QByteArray::number(i); };
    const auto puts = [&](const Side &side, double now) {
        QList<RawRedis::Argv> calls;
        for (int i = 0; i < n; ++i)
            calls << side.call("put", now, {worker, queue, jid(i), "Bench.Job", R"({"n":1})", "0"});
        return calls;
    };
    const auto pops = [&](const Side &side, double now) {
        return QList<RawRedis::Argv>(n, side.call("pop", now, {queue, worker, "1"}));
    };
    using Step = std::function<QList<RawRedis::Argv>(const Side &, double)>;
    struct Op
    {
        QByteArray name;
        QList<Step> before; // untimed, in order
        Step timed;
    };
    const QList<Op> ops = {
        {"put", {}, puts},
        {"pop", {puts}, pops},
        {"complete",
         {puts, pops},
         [&](const Side &side, double now) {
             QList<RawRedis::Argv> calls;
             for (int i = 0; i < n; ++i)
                 calls << side.call("complete", now, {jid(i), worker, queue, "{}"});
             return calls;
         }},
        {"fail",
         {puts, pops},
         [&](const Side &side, double now) {
             QList<RawRedis::Argv> calls;
             for (int i = 0; i < n; ++i)
                 calls << side.call("fail", now, {jid(i), worker, group, "bench failure", "{}"});
             return calls;
         }},
        {"config.get",
         {},
         [&](const Side &side, double now) {
             return QList<RawRedis::Argv>(n, side.call("config.get", now, {"heartbeat"}));
         }},
    };
    // One sample: the data set up by that script, then `n` calls timed, the server's time read.
    const auto sample = [&](const Op &op, Side *side) {
        if (!flush())
            return false;
        double now = nowSeconds();
        for (const Step &step : op.before) {
            QByteArray last;
            if (m_raw.pipeline(step(*side, now), m_options.window, &last) != 0) {
                fail(QStringLiteral("scripts: setting up %1 with %2: %3")
                         .arg(QString::fromUtf8(op.name), side->origin, QString::fromUtf8(last)));
                return false;
            }
            now += 1;
        }
        const QList<RawRedis::Argv> calls = op.timed(*side, now);
        const auto before = evalshaStats(m_raw);
        QElapsedTimer timer;
        timer.start();
        QByteArray last;
        const qint64 errors = m_raw.pipeline(calls, m_options.window, &last);
        const double ms = timer.nsecsElapsed() / 1e6;
        const auto after = evalshaStats(m_raw);
        if (errors != 0) {
            fail(QStringLiteral("scripts: %1 through %2: %3 errors, the last: %4")
                     .arg(QString::fromUtf8(op.name), side->origin)
                     .arg(errors)
                     .arg(QString::fromUtf8(last)));
            return false;
        }
        side->rates << calls.size() / (ms / 1000.0);
        // The two INFO calls themselves are not EVALSHA: the delta is the timed calls alone.
        side->serverUs << double(after.second - before.second) / qMax<qint64>(1, after.first - before.first);
        return true;
    };

    for (const Op &op : ops) {
        progress(QStringLiteral("scripts: %1, %2 calls a sample, ours and the reference interleaved")
                     .arg(QString::fromUtf8(op.name))
                     .arg(n));
        ours.rates.clear(), ours.serverUs.clear(), reference.rates.clear(), reference.serverUs.clear();
        for (int r = 0; r < m_options.repeats; ++r) {
            Side *first = r % 2 == 0 ? &ours : &reference;
            Side *second = first == &ours ? &reference : &ours;
            if (!sample(op, first) || !sample(op, second))
                return;
        }
        const QString oursUs = QString::number(median(ours.serverUs), 'f', 1);
        const QString referenceUs = QString::number(median(reference.serverUs), 'f', 1);
        Figure figure;
        figure.reference = QStringLiteral("reference qless.lua");
        figure.note =
            QStringLiteral("server time per call (INFO commandstats, median): ours %1 us, the reference %2 us; "
                           "ours %3, the reference %4")
                .arg(oursUs, referenceUs, ours.origin, reference.origin);
        if (op.name == "config.get") {
            // The fixed cost of a call: what a script runs before and around a trivial command.
            figure.id = QStringLiteral("scripts_fixed_cost");
            figure.name = QStringLiteral("qless.lua fixed cost per call (config.get, server time)");
            figure.unit = Figure::Unit::Milliseconds;
            figure.ours = median(ours.serverUs) / 1000.0;
            figure.raw = median(reference.serverUs) / 1000.0;
            for (double us : std::as_const(ours.serverUs))
                figure.oursSamples << us / 1000.0;
            for (double us : std::as_const(reference.serverUs))
                figure.rawSamples << us / 1000.0;
            figure.maxRatio = 1.0;
        } else {
            figure.id = QStringLiteral("scripts_") + QString::fromUtf8(op.name);
            figure.name =
                QStringLiteral("qless.lua %1 calls per second vs the reference script").arg(QString::fromUtf8(op.name));
            figure.unit = Figure::Unit::PerSecond;
            figure.ours = median(ours.rates);
            figure.raw = median(reference.rates);
            figure.oursSamples = ours.rates;
            figure.rawSamples = reference.rates;
            figure.maxRatio = 1.0; // at least the reference's throughput
        }
        m_report.add(figure);
    }
    flush();
}
