// SPDX-License-Identifier: GPL-3.0-or-later
#include "seeder.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <hiredis/hiredis.h>

namespace {
QByteArray seconds(double value)
{
    return QByteArray::number(value, 'f', 3);
}

QByteArray prefixOf(const QString &group)
{
    return QCryptographicHash::hash(group.toUtf8(), QCryptographicHash::Md5).toHex().left(20);
}

// The traceback a failed job typically carries: a few hundred bytes over several lines.
const QByteArray Message = "Net::ReadTimeout: Net::ReadTimeout with #<TCPSocket:(closed)>\n"
                           "/usr/lib/ruby/3.1.0/net/protocol.rb:219:in `rbuf_fill'\n"
                           "/usr/lib/ruby/3.1.0/net/protocol.rb:193:in `readuntil'\n"
                           "/usr/lib/ruby/3.1.0/net/protocol.rb:203:in `readline'\n"
                           "/usr/lib/ruby/3.1.0/net/http/response.rb:42:in `read_status_line'\n"
                           "/srv/pipeline/app/jobs/fetch_page.rb:31:in `perform'\n"
                           "/srv/pipeline/vendor/bundle/ruby/3.1.0/gems/qless-0.12.0/lib/qless/job.rb:106:in `perform'";

// ARGV: group, jid prefix, first n, last n, the template's jid, then the template's hash as
// field, value pairs. Writes ql:j:<jid> for each n (the template's fields, jid replaced) and its
// history list (ql:j:<jid>-history, where current qless and our faces keep the events) as the
// template's, and pushes the jid onto the group's list, newest first as fail.lua does.
const QByteArray CloneScript = R"lua(
local group, prefix = ARGV[1], ARGV[2]
local first, last = tonumber(ARGV[3]), tonumber(ARGV[4])
local history = redis.call('lrange', 'ql:j:' .. ARGV[5] .. '-history', 0, -1)
local fields, jidAt = {}, nil
for i = 6, #ARGV, 2 do
  table.insert(fields, ARGV[i])
  table.insert(fields, ARGV[i + 1])
  if ARGV[i] == 'jid' then jidAt = #fields end
end
local list = 'ql:f:' .. group
for n = first, last do
  local jid = prefix .. string.format('%012x', n)
  fields[jidAt] = jid
  redis.call('hset', 'ql:j:' .. jid, unpack(fields))
  if #history > 0 then redis.call('rpush', 'ql:j:' .. jid .. '-history', unpack(history)) end
  redis.call('lpush', list, jid)
end
return last - first + 1
)lua";
} // namespace

QByteArray Seeder::queueName(int i)
{
    return "queue-" + QByteArray::number(i).rightJustified(5, '0');
}

QByteArray Seeder::jid(const QString &group, qint64 n)
{
    return prefixOf(group) + QByteArray::number(n, 16).rightJustified(12, '0');
}

bool Seeder::overview(int queues, int workers, double now, QString *error)
{
    // Per queue: a few waiting and scheduled jobs, and one job per worker assigned to it.
    QList<RawRedis::Argv> puts;
    const int perQueue = workers / qMax(1, queues) + 1;
    for (int q = 0; q < queues; ++q) {
        const QByteArray queue = queueName(q);
        for (int j = 0; j < perQueue + 7; ++j) {
            const QByteArray jid = queue + "-job-" + QByteArray::number(j);
            const QByteArray delay = j >= perQueue + 5 ? "3600" : "0";
            puts.append(
                RawRedis::script(QStringLiteral("put"), {queue},
                                 {jid, "Pipeline::Fetch", "{\"url\": \"https://example.com/\"}", seconds(now), delay}));
        }
    }
    QList<RawRedis::Argv> pops;
    for (int w = 0; w < workers; ++w) {
        const QByteArray worker = "worker-" + QByteArray::number(w) + ".host-" + QByteArray::number(w % 97);
        pops.append(RawRedis::script(QStringLiteral("pop"), {queueName(w % qMax(1, queues))},
                                     {worker, "1", seconds(now + 0.001)}));
    }
    QByteArray last;
    if (m_redis.pipeline(puts, 1000, &last) != 0 || m_redis.pipeline(pops, 1000, &last) != 0) {
        *error = QStringLiteral("seeding the overview: ") + QString::fromUtf8(last);
        return false;
    }
    return true;
}

bool Seeder::failureGroup(const QString &group, const QString &queue, qint64 size, double now, QString *error)
{
    const QByteArray g = group.toUtf8();
    const QByteArray q = queue.toUtf8();
    const QByteArray worker = "worker-bench.host-1";
    const QByteArray templateJid = jid(group, 0);
    const QList<RawRedis::Argv> steps{
        RawRedis::script(QStringLiteral("put"), {q},
                         {templateJid, "Pipeline::Fetch",
                          "{\"url\": \"https://example.com/articles/2024/05/some-page.html\", \"attempt\": 1, "
                          "\"crawl\": \"weekly\"}",
                          seconds(now - 60), "0"}),
        RawRedis::script(QStringLiteral("pop"), {q}, {worker, "1", seconds(now - 59)}),
        RawRedis::script(QStringLiteral("fail"), {}, {templateJid, worker, g, Message, seconds(now - 58)}),
    };
    for (const RawRedis::Argv &step : steps) {
        const RawRedis::Reply reply = m_redis.command(step);
        if (RawRedis::isError(reply.get()) || reply->type == REDIS_REPLY_NIL) {
            *error = QStringLiteral("seeding %1: %2 gave %3")
                         .arg(group, QString::fromUtf8(step.at(1)), QString::fromUtf8(RawRedis::text(reply.get())));
            return false;
        }
    }
    const RawRedis::Reply hash = m_redis.command({"HGETALL", "ql:j:" + templateJid});
    if (!hash || hash->type != REDIS_REPLY_ARRAY || hash->elements == 0) {
        *error = QStringLiteral("seeding %1: the template job is missing").arg(group);
        return false;
    }
    RawRedis::Argv fields;
    for (size_t i = 0; i < hash->elements; ++i)
        fields.append(RawRedis::text(hash->element[i]));

    const qint64 chunk = 10000;
    for (qint64 first = 1; first < size; first += chunk) {
        const qint64 last = qMin(size - 1, first + chunk - 1);
        RawRedis::Argv argv{
            "EVAL",     CloneScript, "0", g, prefixOf(group), QByteArray::number(first), QByteArray::number(last),
            templateJid};
        argv += fields;
        const RawRedis::Reply reply = m_redis.command(argv);
        if (RawRedis::isError(reply.get())) {
            *error = QStringLiteral("seeding %1: %2").arg(group, QString::fromUtf8(RawRedis::text(reply.get())));
            return false;
        }
        if (size >= 200000 && (last + 1) % 200000 < chunk)
            fprintf(stderr, "  %s: %lld of %lld jobs\n", qPrintable(group), last + 1, size);
    }
    return verifyGroup(group, size, error);
}

bool Seeder::verifyGroup(const QString &group, qint64 size, QString *error)
{
    const auto get = [this](const QByteArray &jid) {
        const RawRedis::Reply reply = m_redis.command(RawRedis::script(QStringLiteral("get"), {}, {jid}));
        return QJsonDocument::fromJson(RawRedis::text(reply.get())).object();
    };
    QJsonObject model = get(jid(group, 0));
    if (model.value(QStringLiteral("state")).toString() != QLatin1String("failed")) {
        *error = QStringLiteral("%1: the template job is not failed").arg(group);
        return false;
    }
    model.remove(QStringLiteral("jid"));
    for (const qint64 n : {qint64(1), size / 2, size - 1}) {
        if (n <= 0 || n >= size)
            continue;
        QJsonObject copy = get(jid(group, n));
        if (copy.value(QStringLiteral("jid")).toString().toUtf8() != jid(group, n)) {
            *error = QStringLiteral("%1: job %2 does not read back").arg(group).arg(n);
            return false;
        }
        copy.remove(QStringLiteral("jid"));
        if (copy != model) {
            *error = QStringLiteral("%1: job %2 reads back unlike the job our scripts failed").arg(group).arg(n);
            return false;
        }
    }
    const RawRedis::Reply page =
        m_redis.command(RawRedis::script(QStringLiteral("failed"), {}, {group.toUtf8(), "0", "1"}));
    const QJsonObject listed = QJsonDocument::fromJson(RawRedis::text(page.get())).object();
    const QJsonObject newest = listed.value(QStringLiteral("jobs")).toArray().first().toObject();
    if (listed.value(QStringLiteral("total")).toInteger() != size
        || newest.value(QStringLiteral("jid")).toString().toUtf8() != jid(group, size - 1)) {
        *error = QStringLiteral("%1: the failed script lists %2 jobs, newest %3; expected %4, newest %5")
                     .arg(group)
                     .arg(listed.value(QStringLiteral("total")).toInteger())
                     .arg(newest.value(QStringLiteral("jid")).toString(), QString::number(size),
                          QString::fromUtf8(jid(group, size - 1)));
        return false;
    }
    const RawRedis::Reply groups = m_redis.command(RawRedis::script(QStringLiteral("failed"), {}, {}));
    if (QJsonDocument::fromJson(RawRedis::text(groups.get())).object().value(group).toInteger() != size) {
        *error = QStringLiteral("%1: not listed among the failure groups with %2 jobs").arg(group).arg(size);
        return false;
    }
    return true;
}
