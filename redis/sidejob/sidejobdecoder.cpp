// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobdecoder.h"

#include "replyvalues.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace {
using ReplyValues::count;
using ReplyValues::text;

RedisError badReply(const QString &what)
{
    return RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected SideJob reply: %1").arg(what));
}

QString string(const RedisReply &reply)
{
    return QString::fromUtf8(text(reply));
}

bool isArray(const RedisReply &reply, qsizetype atLeast)
{
    return reply.isArray() && reply.elements.size() >= atLeast;
}

// {total, name, value, ...}
qint64 pairs(const RedisReply &reply, QList<QPair<QString, QByteArray>> *out)
{
    if (!isArray(reply, 1))
        return 0;
    const auto &e = reply.elements;
    for (qsizetype i = 1; i + 1 < e.size(); i += 2)
        out->append({string(e.at(i)), text(e.at(i + 1))});
    return count(e.at(0));
}

qint64 ports(const RedisReply &reply, QList<SideJobPort> *out)
{
    if (!isArray(reply, 1))
        return 0;
    const auto &e = reply.elements;
    for (qsizetype i = 1; i + 4 < e.size(); i += 5)
        out->append({string(e.at(i)), count(e.at(i + 1)), text(e.at(i + 2)), text(e.at(i + 3)), text(e.at(i + 4))});
    return count(e.at(0));
}

QByteArray field(const SideJobRecord &record, const char *name)
{
    for (const auto &pair : record.fields)
        if (pair.first == QLatin1String(name))
            return pair.second;
    return {};
}

// The fields of the job's own record in its layout; 4.0's state fields are the hash's others.
void interpret(SideJobRecord *record)
{
    using SideJobDecoder::jsonText;
    if (record->layout == QLatin1String("4.1")) {
        record->status = QString::fromUtf8(field(*record, "status"));
        record->createdAt = QString::fromUtf8(field(*record, "created_at"));
        record->createdBy = QString::fromUtf8(field(*record, "created_by"));
        record->ranAt = QString::fromUtf8(field(*record, "ran_at"));
        record->parent = field(*record, "parent");
        const QByteArray worker = field(*record, "worker");
        const QJsonDocument document = QJsonDocument::fromJson(worker);
        if (document.isObject()) {
            record->workerParsed = true;
            record->queue = document.object().value(QLatin1String("queue")).toString();
            record->klass = document.object().value(QLatin1String("class")).toString();
            // The args as written (the library puts them last), not re-encoded.
            const qsizetype at = worker.indexOf(",\"args\":");
            record->args = at >= 0 ? worker.mid(at + 8).chopped(1) : QByteArray();
        }
        return;
    }
    if (record->layout != QLatin1String("4.0"))
        return;
    record->status = jsonText(field(*record, "status"));
    record->queue = jsonText(field(*record, "queue"));
    record->klass = jsonText(field(*record, "class"));
    record->args = field(*record, "args");
    record->createdAt = jsonText(field(*record, "created_at"));
    record->createdBy = jsonText(field(*record, "created_by"));
    record->ranAt = jsonText(field(*record, "ran_at"));
    record->parent = field(*record, "parent");
    static const QSet<QString> own{QStringLiteral("status"), QStringLiteral("queue"),      QStringLiteral("class"),
                                   QStringLiteral("args"),   QStringLiteral("created_at"), QStringLiteral("created_by"),
                                   QStringLiteral("ran_at"), QStringLiteral("parent")};
    for (const auto &pair : record->fields)
        if (!own.contains(pair.first))
            record->state << pair;
    record->stateTotal = record->state.size();
}
} // namespace

namespace SideJobDecoder {
QString jsonText(const QByteArray &stored)
{
    if (stored.isEmpty() || stored == "null")
        return {};
    const QJsonDocument document = QJsonDocument::fromJson("[" + stored + "]");
    if (document.isArray() && document.array().size() == 1 && document.array().at(0).isString())
        return document.array().at(0).toString();
    return QString::fromUtf8(stored);
}

SideJobPresence presence(const RedisReply &reply, RedisError *error)
{
    SideJobPresence presence;
    if (!isArray(reply, 6)) {
        *error = badReply(QStringLiteral("detect is not {jobs, last_id, count, id, layouts, logs}"));
        return presence;
    }
    const auto &e = reply.elements;
    presence.jobsType = string(e.at(0));
    presence.lastIdType = string(e.at(1));
    presence.jobCount = count(e.at(2));
    presence.lastId = text(e.at(3));
    presence.layouts = string(e.at(4)).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    presence.logsType = string(e.at(5));
    return presence;
}

SideJobPage page(const RedisReply &reply, RedisError *error)
{
    SideJobPage page;
    if (!isArray(reply, 3)) {
        *error = badReply(QStringLiteral("job page is not {next, total, last id, rows...}"));
        return page;
    }
    page.next = count(reply.elements.at(0));
    page.total = count(reply.elements.at(1));
    page.lastId = text(reply.elements.at(2));
    for (qsizetype i = 3; i < reply.elements.size(); ++i) {
        const RedisReply &row = reply.elements.at(i);
        if (!isArray(row, 11)) {
            *error = badReply(QStringLiteral("a job row has %1 fields").arg(row.elements.size()));
            return {};
        }
        const auto &e = row.elements;
        SideJobRow job;
        job.id = count(e.at(0));
        job.layout = string(e.at(1));
        job.status = string(e.at(2));
        job.queue = string(e.at(3));
        job.klass = string(e.at(4));
        job.args = text(e.at(5));
        job.createdAt = string(e.at(6));
        job.createdBy = string(e.at(7));
        job.ranAt = string(e.at(8));
        job.parent = text(e.at(9));
        job.locked = count(e.at(10)) == 1;
        page.rows << job;
    }
    return page;
}

SideJobRecord record(const RedisReply &reply, RedisError *error)
{
    SideJobRecord record;
    if (!isArray(reply, 12)) {
        *error = badReply(QStringLiteral("job record has %1 parts").arg(reply.elements.size()));
        return record;
    }
    const auto &e = reply.elements;
    record.inJobs = count(e.at(0)) == 1;
    record.layout = string(e.at(1));
    if (e.at(2).isArray())
        for (qsizetype i = 0; i + 1 < e.at(2).elements.size(); i += 2)
            record.fields.append({string(e.at(2).elements.at(i)), text(e.at(2).elements.at(i + 1))});
    if (record.layout == QLatin1String("4.1"))
        record.stateTotal = pairs(e.at(3), &record.state);
    if (isArray(e.at(4), 2)) {
        const auto &c = e.at(4).elements;
        record.childTotal = count(c.at(0));
        record.childNext = text(c.at(1));
        for (qsizetype i = 2; i + 2 < c.size(); i += 3)
            record.children.append({string(c.at(i)), text(c.at(i + 1)), string(c.at(i + 2))});
    }
    record.parentStatus = string(e.at(5));
    record.inportTotal = ports(e.at(6), &record.inports);
    record.outportTotal = ports(e.at(7), &record.outports);
    if (isArray(e.at(8), 1)) {
        record.aliasTotal = count(e.at(8).elements.at(0));
        for (qsizetype i = 1; i < e.at(8).elements.size(); ++i)
            record.aliases << string(e.at(8).elements.at(i));
    }
    if (isArray(e.at(9), 3)) {
        record.lockToken = text(e.at(9).elements.at(0));
        record.lockTtl = count(e.at(9).elements.at(1));
        record.workerTaking = count(e.at(9).elements.at(2)) == 1;
    }
    record.rate = text(e.at(10));
    if (isArray(e.at(11), 2)) {
        record.inQueue = count(e.at(11).elements.at(0)) == 1;
        record.inSchedule = count(e.at(11).elements.at(1)) == 1;
    }
    interpret(&record);
    return record;
}

SideJobPortPage portPage(const RedisReply &reply, RedisError *error)
{
    SideJobPortPage page;
    if (!isArray(reply, 2)) {
        *error = badReply(QStringLiteral("port page is not {total, type, values...}"));
        return page;
    }
    page.total = count(reply.elements.at(0));
    page.type = string(reply.elements.at(1));
    for (qsizetype i = 2; i < reply.elements.size(); ++i)
        page.values << text(reply.elements.at(i));
    return page;
}
} // namespace SideJobDecoder
