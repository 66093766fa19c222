// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput section: put, pop, complete, fail and unfail, through our connection and through
// hiredis, on each face of our Lua (the seed's per-command scripts and the unified qless.lua).
#include "bench.h"

#include "benchtools.h"
#include "qlesssession.h"
#include "rediscommand.h"
#include "scriptface.h"

#include <QHash>
#include <QJsonDocument>

namespace {
// Who makes a step's calls: through our connection or through hiredis, on one face.
struct Side
{
    QByteArray name;
    bool ours = false;
    const ScriptFace *face = nullptr;
};

QList<RedisCommand> commandsOf(const QList<ScriptCall> &calls)
{
    QList<RedisCommand> out;
    out.reserve(calls.size());
    for (const ScriptCall &call : calls)
        out.append(call.command());
    return out;
}

QList<RawRedis::Argv> argvsOf(const QList<ScriptCall> &calls)
{
    QList<RawRedis::Argv> out;
    out.reserve(calls.size());
    for (const ScriptCall &call : calls)
        out.append(call.argv());
    return out;
}
} // namespace

// put, pop, complete, fail, unfail: `ops` calls each, pipelined `window` at a time. Four sides:
// hiredis and our connection on the per-command scripts (throughput_<op>), and the same two on
// the unified qless.lua (throughput_qless_<op>, our connection on qless.lua against the same raw
// calls of the per-command scripts; throughput_qless_script_<op>, hiredis on qless.lua against
// them: the script's own share, for information). All sides work side by side in the same
// database (their own queue, worker, group and jids), each step run by one side right after the
// other (who goes first turns by round), so that all meet the same load on a busy machine.
// Medians of the rounds.
void Bench::throughput()
{
    const QStringList ops{QStringLiteral("put"), QStringLiteral("pop"), QStringLiteral("complete"),
                          QStringLiteral("fail"), QStringLiteral("unfail")};
    const ScriptFace perCommand = ScriptFace::perCommand();
    QString error;
    const std::optional<ScriptFace> unified = ScriptFace::unified(m_raw, &error);
    QList<Side> sides{{"raw", false, &perCommand}, {"ours", true, &perCommand}};
    if (unified) {
        sides.append({"raw-qless", false, &*unified});
        sides.append({"ours-qless", true, &*unified});
    } else {
        // The per-command figures are still measured; the qless.lua ones stay empty.
        fail(QStringLiteral("throughput through qless.lua: ") + error);
    }
    QList<QHash<QString, QList<double>>> rates(sides.size());
    double stall = 0;
    const int n = m_options.ops;

    for (int round = 0; round < m_options.rounds; ++round) {
        if (!flush())
            return;
        progress(QStringLiteral("throughput, round %1 of %2: %3 calls per step and side, %4 sides")
                     .arg(round + 1)
                     .arg(m_options.rounds)
                     .arg(n)
                     .arg(sides.size()));
        for (const QString &op : ops) {
            for (int turn = 0; turn < sides.size(); ++turn) {
                const int index = (turn + round) % int(sides.size());
                const Side &side = sides.at(index);
                const ScriptFace &face = *side.face;
                const QByteArray queue = "throughput-" + side.name;
                const QByteArray group = "throughput-failed-" + side.name;
                const QByteArray worker = "worker-" + side.name + ".host-1";
                const auto jid = [&side](const char *kind, int i) -> QByteArray {
                    return "tp-" + side.name + "-" + kind + "-" + QByteArray::number(i).rightJustified(8, '0');
                };
                if (op == QLatin1String("fail")) {
                    // Running jobs to fail, set up untimed through hiredis on the side's face.
                    const QByteArray now = seconds(nowSeconds());
                    QList<ScriptCall> setup;
                    for (int i = 0; i < n; ++i)
                        setup.append(face.put(queue, worker, jid("f", i), "{}", now));
                    for (int i = 0; i < n; ++i)
                        setup.append(face.pop(queue, worker, now));
                    qint64 errors = 0;
                    QString last;
                    rawPipeline(argvsOf(setup), &errors, &last);
                    if (errors) {
                        fail(QStringLiteral("throughput: setting up fail (%1): %2")
                                 .arg(QString::fromUtf8(side.name), last));
                        return;
                    }
                }
                // The step's calls, built when it starts (`now` must follow the step before).
                const QByteArray now = seconds(nowSeconds());
                QList<ScriptCall> calls;
                calls.reserve(n);
                for (int i = 0; i < n; ++i) {
                    if (op == QLatin1String("put"))
                        calls.append(
                            face.put(queue, worker, jid("p", i), "{\"n\": " + QByteArray::number(i) + "}", now));
                    else if (op == QLatin1String("pop"))
                        calls.append(face.pop(queue, worker, now));
                    else if (op == QLatin1String("complete"))
                        calls.append(face.complete(jid("p", i), worker, queue, now));
                    else if (op == QLatin1String("fail"))
                        calls.append(face.fail(jid("f", i), worker, group, "Bench::Error: failed on purpose", now));
                    else
                        calls.append(face.unfail(queue, group, now));
                }
                qint64 errors = 0;
                QString last;
                double ms = 0;
                if (side.ours) {
                    const QList<RedisCommand> commands = commandsOf(calls);
                    m_meter.start();
                    ms = oursPipeline(commands, &errors, &last);
                    stall = qMax(stall, m_meter.stop());
                } else {
                    ms = rawPipeline(argvsOf(calls), &errors, &last);
                }
                if (errors) {
                    fail(QStringLiteral("throughput %1 (%2): %3 errors, last: %4")
                             .arg(op, QString::fromUtf8(side.name))
                             .arg(errors)
                             .arg(last));
                    return;
                }
                // What the step must have left, as the side's own face tells it (untimed).
                const QByteArray later = seconds(nowSeconds());
                const RawRedis::Reply countsReply = m_raw.command(face.counts(queue, later).argv());
                const RawRedis::Reply failedReply = m_raw.command(face.failedGroups(later).argv());
                const QJsonObject counts = QJsonDocument::fromJson(RawRedis::text(countsReply.get())).object();
                const qint64 waiting = counts.value(QStringLiteral("waiting")).toInteger();
                const qint64 running = counts.value(QStringLiteral("running")).toInteger();
                const qint64 failed = QJsonDocument::fromJson(RawRedis::text(failedReply.get()))
                                          .object()
                                          .value(QString::fromUtf8(group))
                                          .toInteger();
                const bool ok = op == QLatin1String("put")        ? waiting == n && running == 0
                                : op == QLatin1String("pop")      ? waiting == 0 && running == n
                                : op == QLatin1String("complete") ? waiting == 0 && running == 0
                                : op == QLatin1String("fail")     ? running == 0 && failed == n
                                                                  : waiting == n && failed == 0;
                if (!ok) {
                    fail(QStringLiteral("throughput %1 (%2): left %3 waiting, %4 running, %5 failed")
                             .arg(op, QString::fromUtf8(side.name))
                             .arg(waiting)
                             .arg(running)
                             .arg(failed));
                    return;
                }
                rates[index][op].append(n / (ms / 1000.0));
                m_calls.drain(QStringLiteral("throughput"));
            }
        }
    }

    const QString rounds = QStringLiteral("%1 calls pipelined %2 at a time (ours: one declared unit, "
                                          "RedisConnection::Unit); medians of %3 rounds")
                               .arg(n)
                               .arg(m_options.window)
                               .arg(m_options.rounds);
    // `ours` against `raw` (indexes into `sides`), one figure per op.
    const auto add = [&](const QString &prefix, const QString &what, int ours, int raw, bool judged,
                         const QString &note) {
        for (const QString &op : ops) {
            Figure f;
            f.id = QStringLiteral("throughput_") + prefix + op;
            f.name = QStringLiteral("throughput: %1%2").arg(op, what);
            f.unit = Figure::Unit::PerSecond;
            f.rawSamples = raw < sides.size() ? rates[raw].value(op) : QList<double>();
            f.oursSamples = ours < sides.size() ? rates[ours].value(op) : QList<double>();
            if (!f.oursSamples.isEmpty())
                f.ours = median(f.oursSamples);
            if (!f.rawSamples.isEmpty())
                f.raw = median(f.rawSamples);
            f.maxRatio = 1.3;
            f.judgeRatio = judged;
            if (prefix.isEmpty())
                f.note = rounds;
            else if (op == ops.first())
                f.note = note + QStringLiteral("; ") + rounds;
            m_report.add(f);
        }
    };
    add({}, {}, 1, 0, true, {});
    const QString origin = unified ? unified->origin() : QStringLiteral("qless.lua (not found)");
    add(QStringLiteral("qless_"), QStringLiteral(" through qless.lua"), 3, 0, true,
        QStringLiteral("our connection calling the unified script (%1) against the same hiredis calls of the "
                       "per-command scripts")
            .arg(origin));
    add(QStringLiteral("qless_script_"), QStringLiteral(", qless.lua by hiredis"), 2, 0, false,
        QStringLiteral("for information: hiredis calling the unified script against hiredis calling the "
                       "per-command scripts, the scripts' own difference"));
    addStall(QStringLiteral("stall_throughput"), QStringLiteral("GUI stall: throughput"), stall);
}
