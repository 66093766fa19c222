// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

// The plain values the history is written and read as (no SQL in them), for the recorder, the
// store and a chart. Times are milliseconds since the epoch, UTC; buckets start on a whole
// minute (or a whole coarse bucket once downsampled).

// One queue's counts by state at one minute, as QlessQueueReads::queueCounts read them.
struct HistoryCountsSample
{
    QString queue;
    qint64 minuteMs = 0;
    qint64 waiting = 0;
    qint64 scheduled = 0;
    qint64 running = 0;
    qint64 stalled = 0;
    qint64 depends = 0;
    qint64 recurring = 0;
};

// What qless's ql:log said about one queue in one minute. qless publishes no event when a
// worker retries a job (the retry command is silent on ql:log), so there is no retried count:
// it is missing from the record, not zero.
struct HistoryEventCounts
{
    QString queue;
    qint64 minuteMs = 0;
    qint64 put = 0;
    qint64 completed = 0;
    qint64 failed = 0;
    qint64 timedOut = 0; // qless's lock_lost: a job whose worker stopped heartbeating

    bool isEmpty() const { return put == 0 && completed == 0 && failed == 0 && timedOut == 0; }
};

// Which minutes were recorded at all: a minute without coverage is a gap (nothing is known),
// never zero. countsSampled: the queue counts were read in it; eventsWhole: the event stream
// was listened to for the whole minute (no reconnect in it), so a queue without events in it
// had none.
struct HistoryMinuteCoverage
{
    qint64 minuteMs = 0;
    bool countsSampled = false;
    bool eventsWhole = false;
};

// How much one failure group grew in one minute: the difference between two readings of the
// groups' sizes (qless's `failed` command, as the Failures page reads them) a minute apart.
// qless publishes no event when a job is retried or when its retries run out, so this count is
// where a failure group's growth comes from; it is the net growth (jobs unfailed or retried in the
// same minute make it smaller) and a minute without a reading either side has none.
struct HistoryFailureGrowth
{
    qint64 minuteMs = 0;
    QString group;
    qint64 grew = 0;
};

// Per queue, the first and the last waiting count sampled in a range (for a trend alert).
struct HistoryWaitingChange
{
    QString queue;
    qint64 firstMinuteMs = 0;
    qint64 firstWaiting = 0;
    qint64 lastMinuteMs = 0;
    qint64 lastWaiting = 0;
};

struct HistoryWaitingRead
{
    QList<HistoryWaitingChange> queues; // by queue name
    QString error;                      // empty: read
};

// The jobs completed (one queue, or all) over the minutes the event stream was heard whole in a
// range: throughput is completed / minutesListened.
struct HistoryThroughputRead
{
    qint64 completed = 0;
    int minutesListened = 0;
    QString error; // empty: read
};

struct HistoryGrowthRead
{
    QList<HistoryFailureGrowth> rows; // by minute, then group
    QString error;                    // empty: read
};

// Something that matters on a chart's time axis.
struct HistoryMark
{
    enum class Kind { Reconnect, Pause, Unpause, ConfigChange, BulkRun };

    qint64 timeMs = 0;
    Kind kind = Kind::Reconnect;
    QString text;
    // BulkRun: the run's id (the "run" argument of its Activity rows, which the History page
    // links to); empty for the other kinds.
    QString ref = {}; // "= {}": a mark made of its first three fields draws no missing-initializer warning

    static QString kindName(Kind kind);
    static bool kindFromName(const QString &name, Kind *kind);
};

// What a chart asks for: one queue (or all of them summed: queue empty) over [fromMs, toMs).
// Resolution 0 picks the finest kept for the range's start; else buckets of this many minutes
// (1 or the coarse level's), coarser levels are never refined.
struct HistoryRange
{
    QString queue; // empty: every queue, summed per bucket
    qint64 fromMs = 0;
    qint64 toMs = 0;
    int resolutionMinutes = 0;
};

// One bucket of a read. Buckets nothing was recorded in are not listed at all (gaps stay gaps).
// Counts are the mean over the samples taken in the bucket (exact for a minute); events the sum
// over the minutes listened to (minutesListened of resolutionMinutes).
struct HistoryPoint
{
    qint64 startMs = 0;
    int resolutionMinutes = 1;
    bool hasCounts = false;
    double waiting = 0;
    double scheduled = 0;
    double running = 0;
    double stalled = 0;
    double depends = 0;
    double recurring = 0;
    int samples = 0;
    bool hasEvents = false;
    qint64 put = 0;
    qint64 completed = 0;
    qint64 failed = 0;
    qint64 timedOut = 0;
    int minutesListened = 0;
};

struct HistoryRead
{
    QList<HistoryPoint> points; // by startMs
    QList<HistoryMark> marks;   // in the range, by time
    QString error;              // empty: read
};
