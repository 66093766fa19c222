// SPDX-License-Identifier: GPL-3.0-or-later
// Every kind of call the console makes of a Blueque deployment, one at a time with nothing else
// running, on the section's deployment (1,000 queues, a failed list of 1,000,000, 100,000 due
// scheduled tasks, a listener set of 10,000): the read scripts, detection, the SCAN and SSCAN
// steps and each action script's one call. Each kind is timed twice: by Redis's own log (judged
// in redis_call_alone against 5 ms, as qless's kinds are) and as a round trip on both sides,
// alternating, the console's connection and client against plain hiredis (a ratio per kind).
// Kinds named by callkinds.cpp take their names from there: tst_costcontract links them.
#include "bench.h"

#include "alonesend.h"
#include "benchtools.h"
#include "bluequebulkrun.h"
#include "bluequeclient.h"
#include "bluequeraw.h"
#include "bluequeseeder.h"
#include "bluequetasksearch.h"
#include "callkinds.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <hiredis/hiredis.h>

namespace {
template<typename T>
std::function<void(const QlessReply<T> &)> answered(const QString &kind, const std::function<void()> &done,
                                                    const std::function<void(const QString &)> &fail)
{
    return [kind, done, fail](const QlessReply<T> &reply) {
        if (!reply.ok())
            fail(QStringLiteral("%1, alone: %2").arg(kind, reply.error.message));
        done();
    };
}
} // namespace

void Bench::bluequeKind(const QString &id, const QString &kind, int calls, RedisCallLog::Counted counted, bool judged,
                        const std::function<RawRedis::Argv(int)> &raw,
                        const std::function<void(int, QObject *, const std::function<void()> &)> &ours,
                        const std::function<void(const redisReply *)> &rawAnswer)
{
    QList<double> rawMs;
    QList<double> oursMs;
    QObject context;
    const auto rawCall = [&](int i) {
        QElapsedTimer timer;
        timer.start();
        const RawRedis::Reply reply = m_raw.command(raw(i));
        rawMs.append(msSince(timer));
        if (!reply || RawRedis::isError(reply.get())) {
            fail(QStringLiteral("%1, alone, raw: %2").arg(kind, QString::fromUtf8(RawRedis::text(reply.get()))));
            return false;
        }
        if (rawAnswer)
            rawAnswer(reply.get());
        return true;
    };
    const auto oursCall = [&](int i) {
        bool done = false;
        QElapsedTimer timer;
        timer.start();
        ours(i, &context, [&done] { done = true; });
        if (!spin([&done] { return done; }, 60000)) {
            fail(QStringLiteral("%1, alone: call %2 got no answer").arg(kind).arg(i));
            return false;
        }
        oursMs.append(msSince(timer));
        return true;
    };
    // Who goes first alternates: the second call of a pair finds what the first read in the
    // server's caches.
    for (int i = 0; i < calls; ++i) {
        if (i % 2 == 0 ? !rawCall(i) || !oursCall(i) : !oursCall(i) || !rawCall(i))
            break;
    }
    m_calls.drainAlone(kind, calls, nullptr, counted);
    const RedisCallLog::Alone &log = m_calls.alone().last();
    Figure f;
    f.id = QStringLiteral("blueque_alone_") + id;
    f.name = QStringLiteral("blueque alone: ") + kind;
    f.ours = median(oursMs);
    f.raw = median(rawMs);
    f.oursSamples = oursMs;
    f.rawSamples = rawMs;
    f.reference = QStringLiteral("raw hiredis, the same call");
    f.maxRatio = 1.3;
    f.judgeRatio = judged;
    f.note = QStringLiteral("%1round trips, medians of %2 calls a side, alternating; Redis's own log of the console's "
                            "calls: longest %3 ms, 1 in 100 over %4 ms (calls under %5 ms are not logged)")
                 .arg(judged ? QString()
                             : QStringLiteral("for information (Redis's work is a few microseconds, so the ratio is "
                                              "the fixed cost of a call through the connection's thread): "))
                 .arg(calls)
                 .arg(qMax(log.longestMs, RedisCallLog::FloorMs), 0, 'f', 2)
                 .arg(log.p99Ms, 0, 'f', 2)
                 .arg(RedisCallLog::FloorMs);
    m_report.add(f);
}

void Bench::bluequeCallsAlone(BluequeClient *client)
{
    RedisConnection *connection = m_session->connection();
    const auto failHere = [this](const QString &what) { fail(what); };
    const QByteArray big = BluequeSeeder::queueName(0);
    const QByteArray listeners = BluequeSeeder::queueName(1);
    const QByteArray due = BluequeSeeder::queueName(2);
    const qint64 size = m_options.bluequeFailed;
    // Task n of the failed list sits at index FirstFree + size - 1 - n from the newest end.
    const auto failedAt = [&](qint64 index) {
        return BluequeSeeder::taskId(big, BluequeSeeder::FirstFree + size - 1 - index);
    };
    const qint64 middle = size / 2;
    // Actions use the list up: fewer of them on a small list (--quick).
    const int steps = qBound(2, int(size / 40000), 20);
    progress(QStringLiteral("blueque: the console's calls alone, each kind"));
    if (!aloneLuaState())
        return;
    if (!loadBluequeScripts()) {
        restoreRawScripts();
        return;
    }
    const auto now = [connection] { return seconds(connection->serverNow()); };
    using Counted = RedisCallLog::Counted;

    const QString detect = CallKinds::of("TYPE");
    bluequeKind(
        QStringLiteral("detect"), detect, 200, Counted::Plain, false,
        [](int) {
            return RawRedis::Argv{"TYPE", "blueque_queues"};
        },
        [&](int, QObject *context, const std::function<void()> &done) {
            client->detect(context, answered<QString>(detect, done, failHere));
        });

    const int windows = qMax(1, (m_options.queues + BluequeClient::QueuesPerCall - 1) / BluequeClient::QueuesPerCall);
    const auto window = [windows](int i) {
        return QByteArray::number(qint64(i % windows) * BluequeClient::QueuesPerCall);
    };
    const QString overview = CallKinds::of("blueque overview");
    bluequeKind(
        QStringLiteral("overview"), overview, 100, Counted::Scripts, true,
        [&](int i) {
            return bluequeEval(QStringLiteral("overview"),
                               {window(i), QByteArray::number(BluequeClient::QueuesPerCall), now()});
        },
        [&](int i, QObject *context, const std::function<void()> &done) {
            client->queuePage(window(i).toLongLong(), BluequeClient::QueuesPerCall, connection->serverNow(), context,
                              answered<BluequeQueuePage>(overview, done, failHere));
        });

    // Pages of the failed list: at the top, and halfway down (where LRANGE walks furthest).
    const int page = BluequeClient::TasksPerCall;
    for (const bool deep : {false, true}) {
        const QString kind =
            deep ? CallKinds::of("blueque taskpage") : QStringLiteral("blueque page of 100 failed tasks at the top");
        const auto offset = [&](int i) { return deep ? middle + qint64(i) * page : qint64(i % 10) * page; };
        bluequeKind(
            deep ? QStringLiteral("taskpage_deep") : QStringLiteral("taskpage_top"), kind, 100, Counted::Scripts, true,
            [&](int i) {
                return bluequeEval(QStringLiteral("taskpage"),
                                   {big, "failed", QByteArray::number(offset(i)), QByteArray::number(page)});
            },
            [&](int i, QObject *context, const std::function<void()> &done) {
                client->taskPage(QString::fromUtf8(big), QStringLiteral("failed"), offset(i), page, context,
                                 answered<BluequeTaskPage>(kind, done, failHere));
            });
    }

    const QString record = CallKinds::of("blueque taskrecord");
    bluequeKind(
        QStringLiteral("taskrecord"), record, 200, Counted::Scripts, false,
        [&](int i) { return bluequeEval(QStringLiteral("taskrecord"), {failedAt(middle + i)}); },
        [&](int i, QObject *context, const std::function<void()> &done) {
            client->taskRecord(failedAt(middle - 1 - i), context, answered<BluequeTaskRecord>(record, done, failHere));
        });

    // The task search's step (BluequeTaskSearch), for a text no task holds so that each step
    // does its whole budget (KeysPerCall keys or 1 ms). The console walks on; the raw side repeats
    // the walk's first step, which does the same amount of work.
    QByteArray oursSearch = "0";
    const QByteArray keys = QByteArray::number(BluequeTaskSearch::KeysPerCall);
    const QString search = CallKinds::of("blueque search");
    bluequeKind(
        QStringLiteral("search"), search, 100, Counted::Scripts, true,
        [&](int) {
            return bluequeEval(QStringLiteral("search"), {"0", keys, "no task holds this"});
        },
        [&](int, QObject *context, const std::function<void()> &done) {
            client->searchStep(oursSearch, BluequeTaskSearch::KeysPerCall, QStringLiteral("no task holds this"),
                               QString(), QString(), context,
                               [&oursSearch, search, done, failHere](const QlessReply<BluequeSearchStep> &reply) {
                                   if (!reply.ok())
                                       failHere(QStringLiteral("%1, alone: %2").arg(search, reply.error.message));
                                   else
                                       oursSearch = reply.value.cursor;
                                   done();
                               });
        });

    // The SCAN walk over every key for reserved lists, each side its own cursor, the raw side's
    // some steps ahead so that the two never read the same buckets one after the other.
    QByteArray rawCursor = "0";
    for (int i = 0; i < 50; ++i) {
        const RawRedis::Reply step = m_raw.command({"SCAN", rawCursor, "COUNT", "1000"});
        if (!step || step->type != REDIS_REPLY_ARRAY || step->elements != 2)
            break;
        rawCursor = RawRedis::text(step->element[0]);
    }
    QByteArray oursCursor = "0";
    const QString scan = CallKinds::of("SCAN");
    bluequeKind(
        QStringLiteral("scan"), scan, 200, Counted::Plain, true,
        [&](int) {
            return RawRedis::Argv{"SCAN",  rawCursor,
                                  "MATCH", "blueque_reserved_tasks_*",
                                  "COUNT", QByteArray::number(BluequeClient::ScanCount)};
        },
        [&](int, QObject *context, const std::function<void()> &done) {
            client->reservedKeyStep(oursCursor, context,
                                    [&oursCursor, scan, done, failHere](const QlessReply<QList<QByteArray>> &reply) {
                                        if (!reply.ok())
                                            failHere(QStringLiteral("%1, alone: %2").arg(scan, reply.error.message));
                                        else
                                            oursCursor = reply.value.value(0, "0");
                                        done();
                                    });
        },
        [&rawCursor](const redisReply *reply) {
            rawCursor = reply->type == REDIS_REPLY_ARRAY && reply->elements == 2 ? RawRedis::text(reply->element[0])
                                                                                 : QByteArray("0");
        });

    const QString sscan = CallKinds::of("SSCAN");
    bluequeKind(
        QStringLiteral("sscan"), sscan, 100, Counted::Plain, false,
        [&](int) {
            return RawRedis::Argv{"SSCAN", "blueque_listeners_" + listeners, "0", "COUNT",
                                  QByteArray::number(BluequeClient::ScanCount)};
        },
        [&](int, QObject *context, const std::function<void()> &done) {
            client->listenerStep(QString::fromUtf8(listeners), {}, context,
                                 answered<QList<QByteArray>>(sscan, done, failHere));
        });

    // Actions, each side on tasks of its own: the raw side takes even turns, the console odd.
    const auto action = [&](const QString &id, const QString &kind, int calls, const QString &script,
                            const std::function<QList<QByteArray>(int turn)> &args) {
        // runnow's work is a few microseconds, like detection's.
        const bool judged = script != QLatin1String("runnow");
        bluequeKind(
            id, kind, calls, Counted::Scripts, judged, [&](int i) { return bluequeEvalSha(script, args(2 * i)); },
            [&](int i, QObject *context, const std::function<void()> &done) {
                aloneSend(connection, RedisCommand::write(bluequeEvalSha(script, args(2 * i + 1))), kind, context, done,
                          failHere);
            });
    };
    // A row the user picked halfway down: the LREM walks half the list from the end named.
    action(QStringLiteral("requeue_deep"), CallKinds::of("blueque requeue"), steps, QStringLiteral("requeue"),
           [&](int turn) {
               return QList<QByteArray>{big, now(), "newest", failedAt(middle + 3 * turn)};
           });
    action(QStringLiteral("delete_deep"), CallKinds::of("blueque delete"), steps, QStringLiteral("delete"),
           [&](int turn) {
               return QList<QByteArray>{failedAt(middle + 3 * turn + 1), "failed", "newest"};
           });
    // The rows on screen at the top, 100 a call (requeue's cap): each call takes the newest 100.
    action(QStringLiteral("requeue_top"), QStringLiteral("blueque requeue of 100 tasks at the top"), steps,
           QStringLiteral("requeue"), [&](int turn) {
               QList<QByteArray> args{big, now(), "newest"};
               for (int k = 0; k < 100; ++k)
                   args << failedAt(qint64(turn) * 100 + k);
               return args;
           });
    // The most one requeue call is given: BluequeBulkRun packs ids searched from one end while
    // their walks add up to WalkBudget, so 100 ids about WalkBudget / 100 deep make its longest
    // call (one id deeper than that goes alone, as requeue_deep measures). After requeue_top,
    // whose ids are gone by then, so each id sits at the depth named here when it is sent.
    const qint64 topEnd = 2 * qint64(steps) * 100;
    const qint64 budgetDepth = qMin<qint64>(BluequeBulkRun::WalkBudget / 100 - 200, size / 8);
    action(QStringLiteral("requeue_budget"), QStringLiteral("blueque requeue of 100 tasks within the walk budget"), 3,
           QStringLiteral("requeue"), [&](int turn) {
               QList<QByteArray> args{big, now(), "newest"};
               for (int k = 0; k < 100; ++k)
                   args << failedAt(topEnd + budgetDepth + qint64(turn) * 100 + k);
               return args;
           });
    action(QStringLiteral("runnow"), CallKinds::of("blueque runnow"), 100, QStringLiteral("runnow"), [&](int turn) {
        return QList<QByteArray>{BluequeSeeder::taskId(due, BluequeSeeder::FirstFree + turn), now()};
    });
    action(QStringLiteral("enqueuedue"), CallKinds::of("blueque enqueuedue"), steps, QStringLiteral("enqueuedue"),
           [&](int) {
               return QList<QByteArray>{due, now(), "0", "500"};
           });
    // From the oldest end of the failed list of 1,000,000: each call takes the next oldest.
    action(QStringLiteral("requeueall"), CallKinds::of("blueque requeueall"), steps, QStringLiteral("requeueall"),
           [&](int) {
               return QList<QByteArray>{big, now(), QByteArray::number(RequeueAllStep)};
           });
    action(QStringLiteral("purge"), CallKinds::of("blueque purge"), steps, QStringLiteral("purge"), [&](int) {
        return QList<QByteArray>{big, "failed", "1000"};
    });
    restoreRawScripts();
}
