// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlesslistdecoder.h"
#include "qlessscriptcaller.h"
#include "qlesstext.h"
#include "qlessvaluedecoder.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// The queues' reads: every queue's counts (walked in bounded pages), one queue's counts and
// length, and how long each queue's oldest waiting job has waited.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessQueueReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessQueueReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // Every queue's counts, in order of first sight, read in bounded pages (desk.queuepage,
    // QueuePageSize a call, one after another) so no call holds Redis up however many queues.
    void queueCounts(QObject *context, Done<QList<QueueCounts>> done);
    void queueCounts(const QString &queue, QObject *context, Done<QueueCounts> done);
    // When each queue's longest-waiting job started waiting (seconds since the epoch), for the
    // queues that have a job waiting; read from the queues' sorted sets, no job read
    // (desk.waitingsince, 100 queues a call, two on their way at a time).
    void waitingSince(const QStringList &queues, QObject *context, Done<QHash<QString, double>> done);
    // qless's length: the jobs the queue holds (running, waiting, scheduled).
    void queueLength(const QString &queue, QObject *context, Done<qint64> done);
    // A queue costs Redis seven counts, the pause and the limit: a page of 25 stays well under
    // the 5 ms a call of ours may hold Redis beside a busy host, 50 did not always; the extra
    // round trips cost a refresh of 1,000 queues a few ms, less than a long call holding every
    // other client up.
    static constexpr int QueuePageSize = 25;

private:
    // One page of queueCounts' walk: the queues [offset, offset + count) of ql:queues, with the total.
    void queuePage(qint64 offset, int count, QObject *context, Done<QueuePage> done);
    QlessScriptCaller &m_caller;
};
