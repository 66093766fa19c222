// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"
#include "job.h"
#include "qlessconfig.h"
#include "queuecounts.h"
#include "replydone.h"
#include "trackedjobs.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

class QObject;

// The small reads pages, dialogs and the headless commands make beside their models: one answer
// each, no paging. Pages know this interface, never the client behind it, so that another job
// system's reads can stand beside qless's without a page that does not concern it changing.
// Every call returns at once and answers on `context`'s thread (ReplyDone).
class ServerReads
{
public:
    virtual ~ServerReads() = default;

    // The server's clock in seconds since the epoch, as the server's own records are written:
    // ages shown against it, not against this desktop's clock.
    virtual double now() const = 0;
    // Every queue with its counts, in order of first sight.
    virtual void queueCounts(QObject *context, ReplyDone<QList<QueueCounts>> done) = 0;
    // How the first 1000 tracked jobs stand (the overview's summary).
    virtual void trackedStates(QObject *context, ReplyDone<TrackedStates> done) = 0;
    // One whole job; nullopt when there is none with that jid.
    virtual void job(const QByteArray &jid, QObject *context, ReplyDone<std::optional<Job>> done) = 0;
    // Every option set on the server (unset ones fall back to their defaults).
    virtual void config(QObject *context, ReplyDone<QlessConfig> done) = 0;
    // One option; nullopt when it is not set.
    virtual void configValue(const QString &option, QObject *context, ReplyDone<std::optional<QString>> done) = 0;
    // The queue's figures for the day holding `date` (seconds since the epoch, UTC).
    virtual void dayStats(const QString &queue, double date, QObject *context, ReplyDone<DayStats> done) = 0;
};
