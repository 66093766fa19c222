// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequedecoder.h"

#include "replyvalues.h"

namespace {
using ReplyValues::count;
using ReplyValues::text;

RedisError badReply(const QString &what)
{
    return RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected Blueque reply: %1").arg(what));
}
} // namespace

BluequeTime BluequeTime::from(const QByteArray &text)
{
    BluequeTime time;
    time.text = text;
    bool ok = false;
    const double seconds = text.toDouble(&ok);
    if (ok && qIsFinite(seconds))
        time.seconds = seconds;
    return time;
}

QByteArray BluequeTaskRecord::field(const QString &name) const
{
    for (const auto &pair : fields)
        if (pair.first == name)
            return pair.second;
    return {};
}

namespace BluequeDecoder {
BluequeQueuePage queuePage(const RedisReply &reply, RedisError *error)
{
    BluequeQueuePage page;
    if (!reply.isArray() || reply.elements.isEmpty()) {
        *error = badReply(QStringLiteral("overview is not {total, rows...}"));
        return page;
    }
    page.total = count(reply.elements.at(0));
    for (qsizetype i = 1; i < reply.elements.size(); ++i) {
        const RedisReply &row = reply.elements.at(i);
        if (!row.isArray() || row.elements.size() < 12) {
            *error = badReply(QStringLiteral("an overview row has %1 fields").arg(row.elements.size()));
            return {};
        }
        const auto &e = row.elements;
        BluequeQueue queue;
        queue.name = QString::fromUtf8(text(e.at(0)));
        queue.score = text(e.at(1)).toDouble();
        queue.pending = count(e.at(2));
        queue.scheduled = count(e.at(3));
        queue.overdue = count(e.at(4));
        queue.reserved = count(e.at(5));
        queue.started = count(e.at(6));
        queue.complete = count(e.at(7));
        queue.failed = count(e.at(8));
        queue.listeners = count(e.at(9));
        queue.listenersRead = count(e.at(10));
        queue.odd = QString::fromUtf8(text(e.at(11)));
        if (e.size() > 12)
            queue.stuck = count(e.at(12));
        page.queues << queue;
    }
    return page;
}

BluequeTaskPage taskPage(const RedisReply &reply, RedisError *error)
{
    BluequeTaskPage page;
    if (!reply.isArray() || reply.elements.size() < 2) {
        *error = badReply(QStringLiteral("task page is not {total, next, rows...}"));
        return page;
    }
    page.total = count(reply.elements.at(0));
    if (page.total < 0)
        page.oddType = QString::fromUtf8(text(reply.elements.at(1)));
    else
        page.next = text(reply.elements.at(1));
    for (qsizetype i = 2; i < reply.elements.size(); ++i) {
        const RedisReply &row = reply.elements.at(i);
        if (!row.isArray() || row.elements.size() < 12) {
            *error = badReply(QStringLiteral("a task row has %1 fields").arg(row.elements.size()));
            return {};
        }
        const auto &e = row.elements;
        BluequeTaskRow task;
        task.id = text(e.at(0));
        task.status = QString::fromUtf8(text(e.at(1)));
        task.queue = QString::fromUtf8(text(e.at(2)));
        task.created = BluequeTime::from(text(e.at(3)));
        task.updated = BluequeTime::from(text(e.at(4)));
        task.eta = BluequeTime::from(text(e.at(5)));
        task.node = QString::fromUtf8(text(e.at(6)));
        task.pid = QString::fromUtf8(text(e.at(7)));
        task.entry = QString::fromUtf8(text(e.at(8)));
        task.parameters = QString::fromUtf8(text(e.at(9)));
        task.error = QString::fromUtf8(text(e.at(10)));
        task.keyType = QString::fromUtf8(text(e.at(11)));
        page.rows << task;
    }
    return page;
}

BluequeTaskRecord taskRecord(const RedisReply &reply, RedisError *error)
{
    BluequeTaskRecord record;
    if (!reply.isArray() || reply.elements.size() < 3 || !reply.elements.at(1).isArray()
        || !reply.elements.at(2).isArray()) {
        *error = badReply(QStringLiteral("task record is not {type, fields, holders}"));
        return record;
    }
    record.keyType = QString::fromUtf8(text(reply.elements.at(0)));
    const auto &fields = reply.elements.at(1).elements;
    for (qsizetype i = 0; i + 1 < fields.size(); i += 2)
        record.fields << qMakePair(QString::fromUtf8(text(fields.at(i))), text(fields.at(i + 1)));
    for (const RedisReply &holder : reply.elements.at(2).elements)
        record.holders << QString::fromUtf8(text(holder));
    return record;
}

QString keyType(const RedisReply &reply, RedisError *error)
{
    if (reply.type != RedisReply::Type::Status && !reply.isString()) {
        *error = badReply(QStringLiteral("TYPE gave no type"));
        return {};
    }
    return QString::fromUtf8(reply.bytes);
}
} // namespace BluequeDecoder
