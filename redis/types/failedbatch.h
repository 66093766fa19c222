// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

// One batch of a bulk action on a failure group (QlessWrites::failedAction, lua/failedaction.lua):
// the `count` oldest entries of `group` after passing over the `skip` oldest ones.
struct FailedActionRequest
{
    // Retry: each job back into the queue it failed in. Move: into `queue`. Cancel: deleted.
    enum class Kind { Retry, Move, Cancel };
    Kind kind = Kind::Retry;
    QString group;
    QString queue; // Move only
    int count = 500;
    int skip = 0;
    // Names this batch, chosen by the caller (non-empty, new for each batch). Sending a batch again
    // with the same key changes nothing and gives the reply the first one got: safe after a dropped
    // connection. Redis keeps the answer for a day.
    QByteArray key;
    // The key of the batch sent just before this one whose reply has not come yet (empty: none).
    // That one runs first; the entries it leaves in place are passed over as well as `skip`.
    QByteArray after;
};

// What one batch did.
struct FailedBatch
{
    qint64 taken = 0; // entries looked at
    qint64 done = 0;  // jobs retried, moved or cancelled
    // Reason -> jids passed over, oldest first. Removed from the group: "missing" (no such job),
    // "not failed", "duplicate". Left in it (the next batch raises `skip` by leftInPlace()):
    // "has dependents" (cancel), "no queue" (retry). Jids that are not UTF-8 read as \xHH text.
    QMap<QString, QList<QByteArray>> skipped;

    qint64 skippedCount() const
    {
        qint64 n = 0;
        for (const QList<QByteArray> &jids : skipped)
            n += jids.size();
        return n;
    }
    // Entries skipped that stay in the group's list, among the oldest: what `skip` grows by.
    qint64 leftInPlace() const
    {
        return skipped.value(QStringLiteral("has dependents")).size()
               + skipped.value(QStringLiteral("no queue")).size();
    }
    // Of the `skip` entries earlier batches left in place, how many had left the group by this
    // batch (another client took them): the script did not pass over them.
    qint64 unkept = 0;
    // How the count of entries left in place, the next batch's `skip`, changes by this batch.
    qint64 keptChange() const { return leftInPlace() - unkept; }
};
