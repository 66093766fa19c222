// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessvaluedecoder.h"

#include "qlessdecoderfields.h"
#include "qlesstext.h"

using namespace QlessDecoderFields;

namespace {
DurationFigures figures(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    DurationFigures out;
    out.count = count(o, QStringLiteral("count"));
    out.mean = o.value(QLatin1String("mean")).toDouble();
    out.std = o.value(QLatin1String("std")).toDouble();
    QJsonArray bins;
    asList(o.value(QLatin1String("histogram")), &bins);
    out.histogram.fill(0, 148);
    for (qsizetype i = 0; i < bins.size() && i < 148; ++i)
        out.histogram[i] = wholeNumber(bins.at(i).toDouble());
    return out;
}

DayStats dayStatsOf(const QJsonObject &o)
{
    DayStats stats;
    stats.retries = count(o, QStringLiteral("retries"));
    stats.failed = count(o, QStringLiteral("failed"));
    stats.failures = count(o, QStringLiteral("failures"));
    stats.wait = figures(o.value(QLatin1String("wait")));
    stats.run = figures(o.value(QLatin1String("run")));
    return stats;
}
} // namespace

DayStats QlessValueDecoder::dayStats(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    return dayStatsOf(value.toObject());
}

DayStatsPart QlessValueDecoder::dayStatsPart(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    const QJsonValue stats = o.value(QLatin1String("stats"));
    DayStatsPart part;
    part.summed = count(o, QStringLiteral("summed"));
    if (!stats.isObject() || part.summed < 1) {
        badReply(error, QStringLiteral("expected {summed, stats} of desk.statssum"));
        return {};
    }
    part.stats = dayStatsOf(stats.toObject());
    return part;
}

QlessConfig QlessValueDecoder::config(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    return QlessConfig{value.toObject()};
}

std::optional<QString> QlessValueDecoder::configValue(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    if (!reply.isString()) {
        badReply(error, QStringLiteral("expected a config value"));
        return std::nullopt;
    }
    return QlessText::displayText(reply.bytes);
}

std::optional<RecurringJob> QlessValueDecoder::recurringJob(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return std::nullopt;
    const QJsonObject o = value.toObject();
    RecurringJob job;
    job.escapedBytes = escaped;
    FieldProblems *p = &job.problems;
    job.jid = stringField(o, QStringLiteral("jid"), p, true).toUtf8();
    job.klass = stringField(o, QStringLiteral("klass"), p, true);
    job.queue = stringField(o, QStringLiteral("queue"), p, true);
    job.type = stringField(o, QStringLiteral("type"), p, false);
    job.state = stringField(o, QStringLiteral("state"), p, false);
    job.priority = numberField(o, QStringLiteral("priority"), p, true);
    job.interval = numberField(o, QStringLiteral("interval"), p, true);
    job.retries = numberField(o, QStringLiteral("retries"), p, true);
    job.count = numberField(o, QStringLiteral("count"), p, false);
    job.next = numberField(o, QStringLiteral("next"), p, false);
    job.backlog = numberField(o, QStringLiteral("backlog"), p, false);
    job.data = stringField(o, QStringLiteral("data"), p, true);
    job.tags = listField(o, QStringLiteral("tags"), p);
    return job;
}

FailedBatch QlessValueDecoder::failedBatch(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    const QJsonValue taken = o.value(QLatin1String("taken"));
    const QJsonValue done = o.value(QLatin1String("done"));
    if (!value.isObject() || !taken.isDouble() || !done.isDouble()) {
        badReply(error, QStringLiteral("expected {taken, done, skipped}"));
        return {};
    }
    FailedBatch out;
    out.taken = wholeNumber(taken.toDouble());
    out.done = wholeNumber(done.toDouble());
    // Older scripts do not say: none.
    out.unkept = qMax<qint64>(0, wholeNumber(o.value(QLatin1String("unkept")).toDouble()));
    const QJsonValue skipped = o.value(QLatin1String("skipped"));
    if (skipped.isUndefined() || skipped.isNull() || (skipped.isArray() && skipped.toArray().isEmpty()))
        return out;
    if (!skipped.isObject()) {
        badReply(error, QStringLiteral("expected skipped jids by reason"));
        return {};
    }
    const QJsonObject reasons = skipped.toObject();
    for (auto it = reasons.begin(); it != reasons.end(); ++it) {
        QJsonArray list;
        if (!asList(it.value(), &list)) {
            badReply(error, QStringLiteral("expected a list of jids skipped as ") + it.key());
            return {};
        }
        QList<QByteArray> jids;
        jids.reserve(list.size());
        for (const QJsonValue &jid : list)
            jids << compact(jid).toUtf8();
        if (!jids.isEmpty())
            out.skipped.insert(it.key(), jids);
    }
    return out;
}

bool QlessValueDecoder::flag(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return false;
    if (reply.type == RedisReply::Type::Integer)
        return reply.integer != 0;
    if (reply.type == RedisReply::Type::Status || reply.isString())
        return true;
    badReply(error, QStringLiteral("expected true or false"));
    return false;
}

qint64 QlessValueDecoder::integer(const RedisReply &reply, RedisError *error)
{
    if (reply.type == RedisReply::Type::Integer)
        return reply.integer;
    bool ok = false;
    const qint64 value = reply.bytes.toLongLong(&ok);
    if (!reply.isString() || !ok)
        badReply(error, QStringLiteral("expected a number"));
    return value;
}

QStringList QlessValueDecoder::strings(const RedisReply &reply, RedisError *error)
{
    QStringList out;
    if (reply.isArray() || reply.isNil()) {
        for (const RedisReply &element : reply.elements)
            out << QlessText::displayText(element.bytes);
        return out;
    }
    badReply(error, QStringLiteral("expected a list"));
    return out;
}
