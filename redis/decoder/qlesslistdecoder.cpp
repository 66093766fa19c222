// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlesslistdecoder.h"

#include "qlessdecoderfields.h"
#include "qlessjobdecoder.h"

using namespace QlessDecoderFields;

namespace {
QueueCounts queueCounts(const QJsonObject &o)
{
    QueueCounts counts;
    counts.name = compact(o.value(QLatin1String("name")));
    counts.waiting = count(o, QStringLiteral("waiting"));
    counts.running = count(o, QStringLiteral("running"));
    counts.stalled = count(o, QStringLiteral("stalled"));
    counts.scheduled = count(o, QStringLiteral("scheduled"));
    counts.depends = count(o, QStringLiteral("depends"));
    counts.recurring = count(o, QStringLiteral("recurring"));
    const QJsonValue paused = o.value(QLatin1String("paused"));
    counts.paused = paused.isBool() ? paused.toBool() : paused.toDouble() != 0;
    counts.maxConcurrency = qMax<qint64>(0, count(o, QStringLiteral("max_concurrency")));
    const QJsonObject damaged = o.value(QLatin1String("damaged")).toObject();
    for (auto it = damaged.begin(); it != damaged.end(); ++it)
        counts.damaged.insert(it.key(), compact(it.value()));
    return counts;
}
} // namespace

QList<QueueCounts> QlessListDecoder::queues(const RedisReply &reply, RedisError *error)
{
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("queues"), error))
        return {};
    QList<QueueCounts> out;
    for (const QJsonValue &item : array)
        out << queueCounts(item.toObject());
    return out;
}

QueueCounts QlessListDecoder::queue(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    return queueCounts(value.toObject());
}

QueuePage QlessListDecoder::queuePage(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    QJsonArray list;
    if (!o.contains(QLatin1String("total")) || !asList(o.value(QLatin1String("queues")), &list)) {
        badReply(error, QStringLiteral("expected a page of queues {total, queues}"));
        return {};
    }
    QueuePage page;
    page.total = count(o, QStringLiteral("total"));
    for (const QJsonValue &item : std::as_const(list))
        page.queues << queueCounts(item.toObject());
    return page;
}

QList<QByteArray> QlessListDecoder::jids(const RedisReply &reply, RedisError *error)
{
    if (!reply.isArray()) {
        badReply(error, QStringLiteral("expected a list of jids"));
        return {};
    }
    QList<QByteArray> out;
    out.reserve(reply.elements.size());
    for (const RedisReply &element : reply.elements)
        out << element.bytes;
    return out;
}

FailureGroupList QlessListDecoder::failureGroupList(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return {};
    FailureGroupList out;
    if (value.isArray() && value.toArray().isEmpty())
        return out;
    const QJsonObject object = value.toObject();
    const QJsonValue listed = object.value(QLatin1String("groups"));
    if (!listed.isArray() && !(listed.isObject() && listed.toObject().isEmpty())) {
        // qless's failed: {group: count}, every group.
        for (auto it = object.begin(); it != object.end(); ++it) { // QJsonObject keeps keys sorted
            FailureGroup group;
            group.name = it.key();
            group.count = wholeNumber(it.value().toDouble());
            out.groups << group;
        }
        out.total = out.groups.size();
        return out;
    }
    QJsonArray array;
    asList(listed, &array);
    for (const QJsonValue &item : std::as_const(array)) {
        const QJsonObject o = item.toObject();
        FailureGroup group;
        group.name = compact(o.value(QLatin1String("name")));
        group.count = count(o, QStringLiteral("count"));
        group.newestLater = o.value(QLatin1String("later")).toBool();
        const QJsonObject newest = o.value(QLatin1String("newest")).toObject();
        if (!newest.isEmpty()) {
            group.hasNewest = true;
            group.newestJid = compact(newest.value(QLatin1String("jid"))).toUtf8();
            group.newestWhen = number(newest.value(QLatin1String("when")));
            group.newestMessage = compact(newest.value(QLatin1String("message")));
            group.newestWorker = compact(newest.value(QLatin1String("worker")));
            group.newestQueue = compact(newest.value(QLatin1String("queue")));
            group.newestDamaged = compact(newest.value(QLatin1String("damaged")));
        }
        out.groups << group;
    }
    out.total = qMax<qint64>(out.groups.size(), count(object, QStringLiteral("total")));
    const QString cursor = compact(object.value(QLatin1String("cursor")));
    if (!cursor.isEmpty() && cursor != QLatin1String("0"))
        out.cursor = cursor.toUtf8();
    return out;
}

QList<FailureGroup> QlessListDecoder::failureGroups(const RedisReply &reply, RedisError *error)
{
    return failureGroupList(reply, error).groups;
}

namespace {
// desk.failed <group>'s {total, jobs}, each job read by `read`.
FailedJobsPage failedPage(const RedisReply &reply, RedisError *error, Job (*read)(const QJsonValue &, bool))
{
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return {};
    const QJsonObject o = value.toObject();
    FailedJobsPage page;
    page.total = count(o, QStringLiteral("total"));
    page.jobs = jobList(o.value(QLatin1String("jobs")), escaped, error, read);
    return page;
}
} // namespace

FailedJobsPage QlessListDecoder::failedJobs(const RedisReply &reply, RedisError *error)
{
    return failedPage(reply, error, &QlessJobDecoder::job);
}

FailedJobsPage QlessListDecoder::failedSummaries(const RedisReply &reply, RedisError *error)
{
    return failedPage(reply, error, &QlessJobDecoder::jobSummary);
}

namespace {
// One {name, jobs, stalled, last} of desk.workers / desk.workerpage.
WorkerSummary workerSummary(const QJsonObject &o)
{
    return WorkerSummary{compact(o.value(QLatin1String("name"))), count(o, QStringLiteral("jobs")),
                         count(o, QStringLiteral("stalled")), o.value(QLatin1String("last")).toDouble()};
}
} // namespace

QList<WorkerSummary> QlessListDecoder::workers(const RedisReply &reply, RedisError *error)
{
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("workers"), error))
        return {};
    QList<WorkerSummary> out;
    for (const QJsonValue &item : array)
        out << workerSummary(item.toObject());
    return out;
}

WorkerPage QlessListDecoder::workerPage(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    QJsonArray list;
    if (!o.contains(QLatin1String("total")) || !asList(o.value(QLatin1String("workers")), &list)) {
        badReply(error, QStringLiteral("expected a page of workers {total, workers}"));
        return {};
    }
    WorkerPage page;
    page.total = count(o, QStringLiteral("total"));
    for (const QJsonValue &item : std::as_const(list))
        page.workers << workerSummary(item.toObject());
    const QJsonObject next = o.value(QLatin1String("next")).toObject();
    if (!next.isEmpty()) {
        // The score as Redis wrote it, so the next page starts exactly there.
        page.nextSince = compact(next.value(QLatin1String("since"))).toUtf8();
        page.nextAfter = compact(next.value(QLatin1String("after")));
    }
    return page;
}

WorkerJobs QlessListDecoder::workerJobs(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    WorkerJobs out;
    QJsonArray list;
    if (asList(o.value(QLatin1String("jobs")), &list))
        out.running = stringList(list);
    if (asList(o.value(QLatin1String("stalled")), &list))
        out.stalled = stringList(list);
    // A reply without totals (an older script) listed every job.
    const auto total = [&o](const char *key, qsizetype listed) {
        const QJsonValue given = o.value(QLatin1String(key));
        return given.isDouble() ? qint64(given.toDouble()) : qint64(listed);
    };
    out.runningTotal = total("jobs_total", out.running.size());
    out.stalledTotal = total("stalled_total", out.stalled.size());
    return out;
}

namespace {
// desk.tracked's {total, jobs, expired}, each job read by `read`.
TrackedJobs trackedPage(const RedisReply &reply, RedisError *error, Job (*read)(const QJsonValue &, bool))
{
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return {};
    const QJsonObject o = value.toObject();
    TrackedJobs out;
    out.jobs = jobList(o.value(QLatin1String("jobs")), escaped, error, read);
    QJsonArray expired;
    if (asList(o.value(QLatin1String("expired")), &expired))
        out.expired = stringList(expired);
    // A reply without a total (an older script) listed every tracked jid.
    const QJsonValue total = o.value(QLatin1String("total"));
    out.total = total.isDouble() ? qint64(total.toDouble()) : qint64(out.jobs.size() + out.expired.size());
    return out;
}
} // namespace

TrackedJobs QlessListDecoder::trackedJobs(const RedisReply &reply, RedisError *error)
{
    return trackedPage(reply, error, &QlessJobDecoder::job);
}

TrackedJobs QlessListDecoder::trackedSummaries(const RedisReply &reply, RedisError *error)
{
    return trackedPage(reply, error, &QlessJobDecoder::jobSummary);
}

TrackedStates QlessListDecoder::trackedStates(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return {};
    const QJsonObject o = value.toObject();
    TrackedStates out;
    out.total = count(o, QStringLiteral("total"));
    out.counted = count(o, QStringLiteral("counted"));
    out.expired = count(o, QStringLiteral("expired"));
    const QJsonObject states = o.value(QLatin1String("states")).toObject();
    for (auto it = states.begin(); it != states.end(); ++it)
        out.states.insert(it.key(), qint64(it.value().toDouble()));
    return out;
}

std::optional<QStringList> QlessListDecoder::tags(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("tags"), error))
        return std::nullopt;
    return stringList(array);
}

TaggedJobsPage QlessListDecoder::taggedJobs(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    TaggedJobsPage page;
    page.total = count(o, QStringLiteral("total"));
    QJsonArray jids;
    if (asList(o.value(QLatin1String("jobs")), &jids))
        page.jids = stringList(jids);
    return page;
}

QList<TagCount> QlessListDecoder::topTags(const RedisReply &reply, RedisError *error)
{
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("tags"), error))
        return {};
    QList<TagCount> out;
    for (const QJsonValue &item : array) {
        const QJsonObject o = item.toObject();
        out << TagCount{compact(o.value(QLatin1String("tag"))), count(o, QStringLiteral("count"))};
    }
    return out;
}
