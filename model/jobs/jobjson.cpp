// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobjson.h"

#include "job.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {
QJsonValue dataValue(const QString &data)
{
    // Nested, not a string of escaped JSON: that is what a person pasting it wants to read.
    QJsonParseError error{};
    const QJsonDocument parsed = QJsonDocument::fromJson(data.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return data;
    if (parsed.isObject())
        return parsed.object();
    return parsed.array();
}

QJsonArray historyValue(const QList<JobEvent> &history)
{
    QJsonArray events;
    for (const JobEvent &event : history) {
        // qless writes an event's extra fields beside when and what: kept so here.
        QJsonObject entry = event.extra;
        entry.insert(QStringLiteral("when"), event.when);
        entry.insert(QStringLiteral("what"), event.what);
        if (!event.queue.isEmpty())
            entry.insert(QStringLiteral("q"), event.queue);
        if (!event.worker.isEmpty())
            entry.insert(QStringLiteral("worker"), event.worker);
        if (!event.group.isEmpty())
            entry.insert(QStringLiteral("group"), event.group);
        if (!event.raw.isEmpty())
            entry.insert(QStringLiteral("raw"), event.raw);
        events.append(entry);
    }
    return events;
}
} // namespace

QByteArray JobJson::toJson(const Job &job)
{
    QJsonObject object{
        {QStringLiteral("jid"), QString::fromUtf8(job.jid)},
        {QStringLiteral("klass"), job.klass},
        {QStringLiteral("state"), job.state},
        {QStringLiteral("queue"), job.queue},
        {QStringLiteral("worker"), job.worker},
        {QStringLiteral("tracked"), job.tracked},
        {QStringLiteral("priority"), job.priority},
        {QStringLiteral("expires"), job.expires},
        {QStringLiteral("retries"), job.retries},
        {QStringLiteral("remaining"), job.remaining},
        {QStringLiteral("data"), dataValue(job.data)},
        {QStringLiteral("tags"), QJsonArray::fromStringList(job.tags)},
        {QStringLiteral("history"), historyValue(job.history)},
        {QStringLiteral("dependents"), QJsonArray::fromStringList(job.dependents)},
        {QStringLiteral("dependencies"), QJsonArray::fromStringList(job.dependencies)},
    };
    if (job.failure) {
        object.insert(QStringLiteral("failure"), QJsonObject{{QStringLiteral("group"), job.failure->group},
                                                             {QStringLiteral("message"), job.failure->message},
                                                             {QStringLiteral("when"), job.failure->when},
                                                             {QStringLiteral("worker"), job.failure->worker}});
    } else {
        object.insert(QStringLiteral("failure"), QJsonObject{});
    }
    if (!job.spawnedFrom.isEmpty())
        object.insert(QStringLiteral("spawned_from_jid"), job.spawnedFrom);
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}
