// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlesseventdecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringList>

namespace {
const QByteArray LogChannel = QByteArrayLiteral("ql:log");
const QByteArray Prefix = QByteArrayLiteral("ql:");

// Tracked jobs' channels, as qless.lua's publish_if_tracked and track() name them.
const QList<QByteArray> &trackedEvents()
{
    static const QList<QByteArray> events{"put",     "popped",   "completed", "failed",
                                          "stalled", "canceled", "track",     "untrack"};
    return events;
}

// Any JSON value as one line of text: strings as they are, the rest as JSON.
QString text(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String: return value.toString();
    case QJsonValue::Undefined:
    case QJsonValue::Null: return QString();
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(value.toDouble(), 'g', 15);
    case QJsonValue::Array: return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object: return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    }
    return QString();
}

void decodeLog(const QByteArray &payload, QlessEvent *event)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(payload, &error);
    if (error.error != QJsonParseError::NoError) {
        event->event = QStringLiteral("?");
        event->problem = QStringLiteral("Not JSON (%1 at byte %2)").arg(error.errorString()).arg(error.offset);
        return;
    }
    if (!document.isObject()) {
        event->event = QStringLiteral("?");
        event->problem = QStringLiteral("Not a JSON object");
        return;
    }
    QJsonObject object = document.object();
    event->event = text(object.take(QStringLiteral("event")));
    if (event->event.isEmpty()) {
        event->event = QStringLiteral("?");
        event->problem = QStringLiteral("No event named");
    }
    event->jid = text(object.take(QStringLiteral("jid")));
    event->queue = text(object.take(QStringLiteral("queue")));
    event->worker = text(object.take(QStringLiteral("worker")));
    QStringList rest;
    // The fields qless publishes first, in a fixed order; anything else after them, by name.
    if (object.contains(QStringLiteral("option")) && object.contains(QStringLiteral("value")))
        rest << text(object.take(QStringLiteral("option"))) + QStringLiteral(" = ")
                    + text(object.take(QStringLiteral("value")));
    for (const QString &key :
         {QStringLiteral("to"), QStringLiteral("group"), QStringLiteral("option"), QStringLiteral("message")}) {
        if (object.contains(key))
            rest << key + QStringLiteral(": ") + text(object.take(key));
    }
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        rest << it.key() + QStringLiteral(": ") + text(it.value());
    event->detail = rest.join(QStringLiteral("; "));
}
} // namespace

namespace QlessEventDecoder {
QList<QByteArray> channels()
{
    QList<QByteArray> all{LogChannel};
    for (const QByteArray &event : trackedEvents())
        all << Prefix + event;
    return all;
}

QStringList knownEvents()
{
    return {QStringLiteral("put"),       QStringLiteral("popped"),     QStringLiteral("completed"),
            QStringLiteral("advanced"),  QStringLiteral("failed"),     QStringLiteral("stalled"),
            QStringLiteral("lock_lost"), QStringLiteral("canceled"),   QStringLiteral("track"),
            QStringLiteral("untrack"),   QStringLiteral("config_set"), QStringLiteral("config_unset"),
            QStringLiteral("gap")};
}

QlessEvent decode(const PubSubMessage &message)
{
    QlessEvent event;
    event.receivedMs = message.receivedMs;
    if (message.kind == PubSubMessage::Kind::Gap) {
        event.source = QlessEvent::Source::Gap;
        event.event = QStringLiteral("gap");
        event.lostMs = message.lostMs;
        event.detail = message.reason;
        return event;
    }
    event.channel = message.channel;
    event.payload = message.payload;
    if (message.channel == LogChannel) {
        event.source = QlessEvent::Source::Log;
        decodeLog(message.payload, &event);
        return event;
    }
    const QByteArray name = message.channel.startsWith(Prefix) ? message.channel.mid(Prefix.size()) : QByteArray();
    if (trackedEvents().contains(name)) {
        event.source = QlessEvent::Source::Tracked;
        event.event = QString::fromUtf8(name);
        event.jid = QString::fromUtf8(message.payload);
        return event;
    }
    // Not a channel we subscribe to: kept, with its payload, rather than dropped.
    event.source = QlessEvent::Source::Other;
    event.event = QString::fromUtf8(message.channel);
    event.detail = QString::fromUtf8(message.payload);
    return event;
}
} // namespace QlessEventDecoder
