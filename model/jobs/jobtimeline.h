// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// A job's life as spans over time, worked out from the history qless keeps (JobEvent): waiting
// in a queue from each put, running on a worker from each pop, stalled after a timeout, failed
// from a failure until the next put. What qless does not record is said, not guessed: a retry
// writes no entry (a pop that follows a pop without a failure or completion in between means the
// worker gave the job back at a moment not known: that stretch is one `Retried` span), a put's
// delay is not in its entry, and a history longer than qless's `max-job-history` keeps only its
// first entry and the latest ones (the stretch between them is `Unknown`).
// Odd histories are shown as found: an entry earlier than the one before it is kept in list order
// (qless appends in the order things happened) at the earlier entry's time and counted; entries
// without a time or that could not be read are counted and left out of the spans.
class JobTimeline final
{
    Q_DECLARE_TR_FUNCTIONS(JobTimeline)

public:
    struct Span
    {
        enum class Kind {
            Waiting,   // in `queue` after a put, until popped
            Scheduled, // put with a delay (known only for the job's current state): until `due`
            Depends,   // waiting on other jobs (known only for the job's current state)
            Throttled, // held back by a throttle in `queue`
            Running,   // held by `worker`
            Retried,   // ran on `worker`, was given back (no entry) and waited: the split is not known
            Stalled,   // its lock was lost (timed-out) until it was handed out again
            Failed,    // in failure `group`
            Unknown,   // entries missing here (history trimmed, or read only in part)
        };
        Kind kind = Kind::Unknown;
        double start = 0;
        double end = 0;
        bool open = false; // still going: ends at the `now` the timeline was made for
        QString queue;
        QString worker;
        QString group;
        QString endedBy; // the entry that closed it (popped, done, failed, timed-out, put...)
        double duration() const { return end - start; }
    };

    // A moment without a span of its own: completion, a timeout, a worker's log note, an odd entry.
    struct Mark
    {
        enum class Kind { Done, TimedOut, Note, Odd };
        Kind kind = Kind::Note;
        double when = 0;
        QString text;
    };

    struct Options
    {
        // qless's `max-job-history` (its default): a history of at least this many entries may
        // have lost some between its first and the rest. 0: qless keeps everything.
        int historyCap = 100;
        // Entries read at most (the first and the latest): a history of 100,000 entries would
        // cost the GUI thread more than a frame.
        int maxEvents = 5000;
        // The job as it stands now, to finish the last span: `state` (scheduled, depends,
        // waiting...) and `due` (a scheduled job's due time).
        QString state;
        double due = 0;
    };

    struct Totals
    {
        double waited = 0; // waiting, scheduled, depends, throttled, stalled
        double ran = 0;
        double retried = 0; // runs and waits of retries, not split
        int waits = 0;
        int runs = 0;
        int retries = 0;
        int failures = 0;
        int timeouts = 0;
    };

    JobTimeline() = default;
    static JobTimeline build(const QList<JobEvent> &events, double now, const Options &options);
    static JobTimeline build(const QList<JobEvent> &events, double now);

    const QList<Span> &spans() const { return m_spans; }
    const QList<Mark> &marks() const { return m_marks; }
    const Totals &totals() const { return m_totals; }
    double start() const { return m_start; }
    double end() const { return m_end; }
    bool isEmpty() const { return m_spans.isEmpty() && m_marks.isEmpty(); }

    // What is missing or odd, for the view to say.
    bool mayBeTrimmed() const { return m_mayBeTrimmed; } // by qless's max-job-history
    int skippedByUs() const { return m_skippedByUs; }    // entries over Options::maxEvents
    int outOfOrder() const { return m_outOfOrder; }
    int untimed() const { return m_untimed; }
    int unreadable() const { return m_unreadable; }
    int historyCap() const { return m_historyCap; }
    // One sentence per caveat above, empty when there is none.
    QStringList caveats() const;

    // The last failure's run and the wait before that run, when the history shows them: what a
    // failure group's timing summary measures (negative: not known).
    double lastFailedRun() const;
    double waitBeforeLastFailedRun() const;

    static QString kindName(Span::Kind kind);

private:
    class Builder;

    QList<Span> m_spans;
    QList<Mark> m_marks;
    Totals m_totals;
    double m_start = 0;
    double m_end = 0;
    bool m_mayBeTrimmed = false;
    int m_skippedByUs = 0;
    int m_outOfOrder = 0;
    int m_untimed = 0;
    int m_unreadable = 0;
    int m_historyCap = 0;
};
