// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidekiqdecoder.h"

#include "replyvalues.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {
using ReplyValues::count;
using ReplyValues::text;

RedisError badReply(const QString &what)
{
    return RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected Sidekiq reply: %1").arg(what));
}

QString string(const RedisReply &reply)
{
    return QString::fromUtf8(text(reply));
}

// A JSON number as it was written, so that the milliseconds rule reads the number itself.
std::optional<double> timeValue(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    return SidekiqTime::seconds(QByteArray::number(value.toDouble(), 'f', 6));
}

// An item's jid as written: an integer (SideJob's) or a string (ordinary Sidekiq jobs).
QByteArray jidOf(const QJsonObject &item)
{
    const QJsonValue jid = item.value(QLatin1String("jid"));
    if (jid.isDouble())
        return QByteArray::number(qint64(jid.toDouble()));
    return jid.toString().toUtf8();
}
} // namespace

namespace SidekiqTime {
std::optional<double> seconds(const QByteArray &text)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !qIsFinite(value) || value < 0)
        return std::nullopt;
    return value > 1e11 ? value / 1000.0 : value;
}
} // namespace SidekiqTime

namespace SidekiqDecoder {
SidekiqOverview overview(const RedisReply &reply, RedisError *error)
{
    SidekiqOverview overview;
    const auto &e = reply.elements;
    if (!reply.isArray() || e.size() < 3 || !e.at(0).isArray() || e.at(0).elements.size() < 5 || !e.at(1).isArray()
        || e.at(1).elements.isEmpty() || !e.at(2).isArray() || e.at(2).elements.isEmpty()) {
        *error = badReply(QStringLiteral("overview is not {stats, queues, processes}"));
        return overview;
    }
    const auto &stats = e.at(0).elements;
    overview.processed = text(stats.at(0));
    overview.failed = text(stats.at(1));
    overview.schedule = count(stats.at(2));
    overview.retry = count(stats.at(3));
    overview.dead = count(stats.at(4));
    const auto &queues = e.at(1).elements;
    overview.queueTotal = count(queues.at(0));
    for (qsizetype i = 1; i + 4 < queues.size(); i += 5) {
        SidekiqQueue queue;
        queue.name = string(queues.at(i));
        queue.length = count(queues.at(i + 1));
        queue.oldest = text(queues.at(i + 2));
        queue.registered = count(queues.at(i + 3));
        queue.orphans = count(queues.at(i + 4));
        const QJsonDocument item = QJsonDocument::fromJson(queue.oldest);
        if (item.isObject())
            queue.oldestEnqueuedAt = timeValue(item.object().value(QLatin1String("enqueued_at")));
        overview.queues << queue;
    }
    const auto &processes = e.at(2).elements;
    overview.processTotal = count(processes.at(0));
    for (qsizetype i = 1; i + 5 < processes.size(); i += 6) {
        SidekiqProcess process;
        process.identity = string(processes.at(i));
        process.present = count(processes.at(i + 1)) == 1;
        process.info = text(processes.at(i + 2));
        const QByteArray busy = text(processes.at(i + 3));
        process.busy = busy.isEmpty() ? -1 : count(processes.at(i + 3));
        process.beatText = text(processes.at(i + 4));
        process.beat = SidekiqTime::seconds(process.beatText);
        process.quiet = text(processes.at(i + 5)) == "true";
        const QJsonDocument info = QJsonDocument::fromJson(process.info);
        if (info.isObject()) {
            const QJsonObject o = info.object();
            process.hostname = o.value(QLatin1String("hostname")).toString();
            process.pid = qint64(o.value(QLatin1String("pid")).toDouble());
            process.concurrency = o.value(QLatin1String("concurrency")).toInt();
            process.tag = o.value(QLatin1String("tag")).toString();
            process.startedAt = timeValue(o.value(QLatin1String("started_at")));
            for (const QJsonValue &queue : o.value(QLatin1String("queues")).toArray())
                process.queues << queue.toString();
        }
        overview.processes << process;
    }
    return overview;
}

SidekiqItemPage itemPage(const RedisReply &reply, RedisError *error)
{
    SidekiqItemPage page;
    if (!reply.isArray() || reply.elements.isEmpty()) {
        *error = badReply(QStringLiteral("sorted page is not {total, items...}"));
        return page;
    }
    const auto &e = reply.elements;
    page.total = count(e.at(0));
    for (qsizetype i = 1; i + 2 < e.size(); i += 3) {
        SidekiqItem item;
        item.item = text(e.at(i));
        item.score = text(e.at(i + 1)).toDouble();
        item.at = SidekiqTime::seconds(text(e.at(i + 1)));
        item.known = int(count(e.at(i + 2)));
        const QJsonDocument document = QJsonDocument::fromJson(item.item);
        if (document.isObject()) {
            const QJsonObject o = document.object();
            item.jid = jidOf(o);
            item.klass = o.value(QLatin1String("class")).toString();
            item.queue = o.value(QLatin1String("queue")).toString();
            item.error = o.value(QLatin1String("error_message")).toString();
        }
        page.items << item;
    }
    return page;
}
} // namespace SidekiqDecoder
