// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeseeder.h"

#include "bluequegenerator.h"

#include <QCryptographicHash>

#include <tuple>

namespace {
QByteArray key(const QByteArray &kind, const QByteArray &queue)
{
    return "blueque_" + kind + "_" + queue;
}

QByteArray taskKey(const QByteArray &id)
{
    return "blueque_task_" + id;
}

QByteArray time(double seconds)
{
    return BluequeGenerator::timeText(seconds);
}

QByteArray parameters(qint64 n)
{
    return "{\"url\": \"https://example.com/items/" + QByteArray::number(n) + "\", \"attempt\": 1}";
}

// What a failed task's error holds: str() of a Python exception, as the library stores it.
const QByteArray Error = "upstream timed out after 30.0 s: GET https://example.com/items (read timeout=30.0); "
                         "HTTPSConnectionPool(host='example.com', port=443): Read timed out.";

// A task's hash as the library leaves it after `status` (enqueue or schedule, then the
// listener's steps): the fields in the order it writes them.
RawRedis::Argv task(const QByteArray &queue, const QByteArray &id, const QByteArray &status, qint64 n, double created,
                    double updated)
{
    return {"HSET",       taskKey(id),   "status",  status,        "queue",   queue,
            "parameters", parameters(n), "created", time(created), "updated", time(updated)};
}

// Runs `listener`'s part of a task: dequeue (node), start (pid).
void ranBy(RawRedis::Argv *hset, const QByteArray &listener, int pid)
{
    *hset << "node" << listener << "pid" << QByteArray::number(pid);
}
} // namespace

QByteArray BluequeSeeder::queueName(int i)
{
    return "bench_queue_" + QByteArray::number(i).rightJustified(5, '0');
}

QByteArray BluequeSeeder::listenerName(int queue, int listener)
{
    // {fqdn}_{pid}: the library splits at the last '_'.
    return "worker-" + QByteArray::number(queue) + "-" + QByteArray::number(listener) + ".example.com_"
           + QByteArray::number(1000 + listener);
}

QByteArray BluequeSeeder::taskId(const QByteArray &queue, qint64 n)
{
    const QByteArray hash = QCryptographicHash::hash(queue, QCryptographicHash::Md5).toHex();
    return hash.left(8) + '-' + hash.mid(8, 4) + "-4" + hash.mid(12, 3) + "-8" + hash.mid(15, 3) + '-'
           + QByteArray::number(n, 16).rightJustified(12, '0');
}

bool BluequeSeeder::write(const QList<RawRedis::Argv> &commands, const QString &what, QString *error)
{
    QByteArray last;
    const qint64 errors = m_redis.pipeline(commands, 1000, &last);
    if (errors != 0) {
        *error =
            QStringLiteral("seeding Blueque, %1: %2 errors (%3)").arg(what).arg(errors).arg(QString::fromUtf8(last));
        return false;
    }
    return true;
}

bool BluequeSeeder::deployment(int queues, int listeners, double now, QString *error)
{
    for (int q = 0; q < queues; ++q) {
        const QByteArray queue = queueName(q);
        QList<RawRedis::Argv> commands;
        qint64 n = 0;
        // enqueue: ZINCRBY 0 lists the queue even with no listener.
        commands.append({"ZINCRBY", "blueque_queues", "0", queue});
        RawRedis::Argv pending{"LPUSH", key("pending_tasks", queue)};
        for (int i = 0; i < Pending; ++i, ++n) {
            const QByteArray id = taskId(queue, n);
            commands.append(task(queue, id, "pending", n, now - 60 + i, now - 60 + i));
            pending << id;
        }
        commands.append(pending);
        for (int i = 0; i < Scheduled; ++i, ++n) {
            const QByteArray id = taskId(queue, n);
            const QByteArray eta = time(i < Overdue ? now - 120 + i : now + 3600 + i);
            RawRedis::Argv hset = task(queue, id, "scheduled", n, now - 7200, now - 7200);
            hset << "eta" << eta;
            commands.append(hset);
            commands.append({"ZADD", key("scheduled_tasks", queue), eta, id});
        }
        for (int k = 0; k < listeners; ++k, ++n) {
            // add_listener, then a dequeue (reserved list, node) and a start (started entry, pid).
            const QByteArray listener = listenerName(q, k);
            commands.append({"SADD", key("listeners", queue), listener});
            commands.append({"ZINCRBY", "blueque_queues", "1", queue});
            const QByteArray id = taskId(queue, n);
            RawRedis::Argv hset = task(queue, id, "started", n, now - 30, now - 10);
            ranBy(&hset, listener, 4000 + k);
            commands.append(hset);
            commands.append({"LPUSH", "blueque_reserved_tasks_" + queue + "_" + listener, id});
            commands.append(
                {"SADD", key("started_tasks", queue), listener + ' ' + QByteArray::number(4000 + k) + ' ' + id});
        }
        if (listeners > 0) {
            // A dequeue cut short: the id moved to the first listener's list, its status never written.
            const QByteArray id = taskId(queue, n);
            commands.append(task(queue, id, "pending", n++, now - 600, now - 600));
            commands.append({"LPUSH", "blueque_reserved_tasks_" + queue + "_" + listenerName(q, 0), id});
        }
        for (const auto &[status, count, field, value] :
             {std::tuple<QByteArray, int, QByteArray, QByteArray>{"complete", Complete, "result", "{\"ok\": true}"},
              std::tuple<QByteArray, int, QByteArray, QByteArray>{"failed", Failed, "error", Error}}) {
            RawRedis::Argv list{"LPUSH", key(status + "_tasks", queue)};
            for (int i = 0; i < count; ++i, ++n) {
                const QByteArray id = taskId(queue, n);
                RawRedis::Argv hset = task(queue, id, status, n, now - 3600, now - 1800 + i);
                ranBy(&hset, listenerName(q, 0), 3000 + i);
                hset << field << value;
                commands.append(hset);
                list << id;
            }
            commands.append(list);
        }
        // A claimed orphan: its listener gone from the set, the head of its list marked reclaimed.
        const QByteArray gone = "gone-" + QByteArray::number(q) + ".example.com_4242";
        const QByteArray orphan = taskId(queue, n);
        RawRedis::Argv hset = task(queue, orphan, "reserved", n, now - 86400, now - 86400);
        hset << "node" << gone << "reclaimed_node" << listenerName(q, 0);
        commands.append(hset);
        commands.append({"LPUSH", "blueque_reserved_tasks_" + queue + "_" + gone, orphan});
        if (!write(commands, QStringLiteral("queue %1").arg(QString::fromUtf8(queue)), error))
            return false;
    }
    return true;
}

bool BluequeSeeder::failed(const QByteArray &queue, qint64 first, qint64 count, double now, QString *error)
{
    const qint64 chunk = 10000;
    const QByteArray list = key("failed_tasks", queue);
    for (qint64 from = first; from < first + count; from += chunk) {
        QList<RawRedis::Argv> commands{{"ZINCRBY", "blueque_queues", "0", queue}};
        RawRedis::Argv push{"LPUSH", list};
        const qint64 to = qMin(first + count, from + chunk);
        for (qint64 n = from; n < to; ++n) {
            const QByteArray id = taskId(queue, n);
            // Failed in number order, a few a second, the newest just now.
            const double failedAt = now - double(first + count - n) / 100.0;
            RawRedis::Argv hset = task(queue, id, "failed", n, failedAt - 5, failedAt);
            ranBy(&hset, "worker-failing.example.com_77", 5000 + int(n % 1000));
            hset << "error" << Error;
            commands.append(hset);
            push << id;
            if (push.size() == 1002 || n + 1 == to) {
                commands.append(push);
                push = {"LPUSH", list};
            }
        }
        if (!write(commands, QStringLiteral("failed tasks of %1").arg(QString::fromUtf8(queue)), error))
            return false;
    }
    return true;
}

bool BluequeSeeder::dueScheduled(const QByteArray &queue, qint64 count, double now, QString *error)
{
    const qint64 chunk = 10000;
    const QByteArray set = key("scheduled_tasks", queue);
    for (qint64 from = 0; from < count; from += chunk) {
        QList<RawRedis::Argv> commands{{"ZINCRBY", "blueque_queues", "0", queue}};
        RawRedis::Argv zadd{"ZADD", set};
        const qint64 to = qMin(count, from + chunk);
        for (qint64 i = from; i < to; ++i) {
            const qint64 n = FirstFree + i;
            const QByteArray id = taskId(queue, n);
            const QByteArray eta = time(now - 86400 + double(i) / 10.0);
            RawRedis::Argv hset = task(queue, id, "scheduled", n, now - 90000, now - 90000);
            hset << "eta" << eta;
            commands.append(hset);
            zadd << eta << id;
            if (zadd.size() == 2002 || i + 1 == to) {
                commands.append(zadd);
                zadd = {"ZADD", set};
            }
        }
        if (!write(commands, QStringLiteral("scheduled tasks of %1").arg(QString::fromUtf8(queue)), error))
            return false;
    }
    return true;
}

bool BluequeSeeder::idleListeners(const QByteArray &queue, int count, QString *error)
{
    QList<RawRedis::Argv> commands;
    RawRedis::Argv sadd{"SADD", key("listeners", queue)};
    for (int i = 0; i < count; ++i) {
        sadd << "idle-" + QByteArray::number(i) + ".example.com_" + QByteArray::number(20000 + i);
        if (sadd.size() == 1002 || i + 1 == count) {
            commands.append(sadd);
            sadd = {"SADD", key("listeners", queue)};
        }
    }
    commands.append({"ZINCRBY", "blueque_queues", QByteArray::number(count), queue});
    return write(commands, QStringLiteral("listeners of %1").arg(QString::fromUtf8(queue)), error);
}
