// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QVariant>

// One thing a pub/sub subscriber heard, in the order it heard it: a message published on a
// channel, or a gap, when the subscription was lost and taken up again (whatever was published
// in between is gone: Redis keeps no backlog of pub/sub, so the gap is reported, never hidden).
struct PubSubMessage
{
    enum class Kind { Message, Gap };

    Kind kind = Kind::Message;
    QByteArray channel;
    QByteArray payload;
    qint64 receivedMs = 0; // the desktop's clock, ms since the epoch; for a Gap, when it resumed
    // Gap only: when the subscription was lost, and why.
    qint64 lostMs = 0;
    QString reason;
    // What the subscriber's owner made of it on the subscriber's thread (RedisSubscriber::Prepare),
    // so that the thread that shows it does not have to: a decoded event, say.
    QVariant prepared;

    static PubSubMessage message(const QByteArray &channel, const QByteArray &payload, qint64 receivedMs)
    {
        PubSubMessage m;
        m.channel = channel;
        m.payload = payload;
        m.receivedMs = receivedMs;
        return m;
    }
    static PubSubMessage gap(qint64 lostMs, qint64 resumedMs, const QString &reason)
    {
        PubSubMessage m;
        m.kind = Kind::Gap;
        m.lostMs = lostMs;
        m.receivedMs = resumedMs;
        m.reason = reason;
        return m;
    }
};
Q_DECLARE_METATYPE(PubSubMessage)
