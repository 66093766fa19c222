// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>

// One thing qless published, as the Events page lists it. qless (the unified qless.lua) publishes
// a JSON object with an `event` field on ql:log for every state change and config change, the
// bare jid on ql:<event> for tracked jobs (put, popped, completed, failed, stalled, canceled,
// track, untrack), and copies of lock_lost/canceled on ql:w:<worker> (not listened to: the same
// events are on ql:log). A Gap stands where the stream was lost and taken up again.
struct QlessEvent
{
    enum class Source { Log, Tracked, Gap, Other };

    quint64 sequence = 0;  // order of arrival, given by whoever keeps the events
    qint64 receivedMs = 0; // the desktop's clock; for a Gap, when the stream resumed
    Source source = Source::Log;
    QString event; // put, completed, ..., as published, even when unknown to us
    QString jid;
    QString queue;
    QString worker;
    QString klass;   // not published by qless: filled in when it becomes known
    QString detail;  // the rest, in words: group and message, to, option = value...
    QString problem; // non-empty: the payload could not be read as qless publishes it
    QByteArray channel;
    QByteArray payload; // as received, for a closer look
    qint64 lostMs = 0;  // Gap: when the stream was lost

    bool isGap() const { return source == Source::Gap; }
};
Q_DECLARE_METATYPE(QlessEvent)
