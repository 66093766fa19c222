// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtimeline.h"

#include <cmath>
#include <optional>

using Kind = JobTimeline::Span::Kind;

// Walks the entries in list order, the order qless wrote them, keeping the span under way.
class JobTimeline::Builder
{
public:
    explicit Builder(JobTimeline &timeline)
        : m_t(timeline)
    {}

    void take(const JobEvent &event)
    {
        if (!event.raw.isEmpty() || event.what == QLatin1String("invalid")) {
            ++m_t.m_unreadable;
            return;
        }
        if (!(event.when > 0) || !std::isfinite(event.when)) { // NaN and infinity too
            ++m_t.m_untimed;
            return;
        }
        double when = event.when;
        if (m_last > 0 && when < m_last) {
            ++m_t.m_outOfOrder;
            when = m_last;
        }
        m_last = when;
        if (m_t.m_start <= 0)
            m_t.m_start = when;
        const QString &what = event.what;
        if (!event.queue.isEmpty())
            m_queue = event.queue;
        if (what == QLatin1String("put")) {
            close(when, what);
            open(Kind::Waiting, when);
        } else if (what == QLatin1String("throttled")) {
            close(when, what);
            open(Kind::Throttled, when);
        } else if (what == QLatin1String("popped")) {
            // A pop while it already ran: the worker gave it back (a retry writes no entry).
            if (m_current && m_current->kind == Kind::Running)
                m_current->kind = Kind::Retried;
            close(when, what);
            open(Kind::Running, when).worker = event.worker;
        } else if (what == QLatin1String("failed")) {
            const QString worker = !event.worker.isEmpty() ? event.worker : runningWorker();
            close(when, what);
            Span &failed = open(Kind::Failed, when);
            failed.group = event.group;
            failed.worker = worker;
        } else if (what == QLatin1String("done")) {
            close(when, what);
            m_t.m_marks.append({Mark::Kind::Done, when, tr("completed")});
        } else if (what == QLatin1String("timed-out")) {
            const QString worker = runningWorker();
            close(when, what);
            open(Kind::Stalled, when).worker = worker;
            m_t.m_marks.append({Mark::Kind::TimedOut, when,
                                worker.isEmpty() ? tr("timed out") : tr("timed out: %1 lost its lock").arg(worker)});
        } else {
            m_t.m_marks.append({Mark::Kind::Note, when, what.left(200)});
        }
    }

    // Entries are missing from here to the next one: what was under way is not known to have
    // lasted, so it becomes Unknown up to that entry.
    void gapUntil(const JobEvent &next)
    {
        if (m_last <= 0 || !(next.when > 0) || !std::isfinite(next.when))
            return;
        const double until = std::max(next.when, m_last);
        if (!m_current)
            open(Kind::Unknown, m_last);
        m_current->kind = Kind::Unknown;
        m_current->worker.clear();
        m_current->group.clear();
        close(until, QString());
    }

    void finish(double now, const Options &options)
    {
        if (!m_current)
            return;
        Span span = *m_current;
        m_current.reset();
        span.open = true;
        span.end = std::max(now, span.start);
        const QString &state = options.state;
        if (span.kind == Kind::Running && (state == QLatin1String("waiting") || state == QLatin1String("scheduled"))) {
            span.kind = Kind::Retried; // given back after its last pop
        } else if (span.kind == Kind::Waiting && state == QLatin1String("depends")) {
            span.kind = Kind::Depends;
        } else if (span.kind == Kind::Waiting && state == QLatin1String("scheduled")) {
            span.kind = Kind::Scheduled;
        } else if (span.kind == Kind::Waiting && state == QLatin1String("waiting") && options.due > span.start
                   && options.due < span.end) {
            // Put with a delay that has run out: scheduled until due, waiting since.
            Span scheduled = span;
            scheduled.kind = Kind::Scheduled;
            scheduled.end = options.due;
            scheduled.open = false;
            scheduled.endedBy = tr("due");
            m_t.m_spans.append(scheduled);
            span.start = options.due;
        }
        m_t.m_spans.append(span);
    }

private:
    Span &open(Kind kind, double when)
    {
        m_current = Span{};
        m_current->kind = kind;
        m_current->start = when;
        m_current->end = when;
        m_current->queue = m_queue;
        return *m_current;
    }

    void close(double when, const QString &by)
    {
        if (!m_current)
            return;
        m_current->end = when;
        m_current->endedBy = by;
        m_t.m_spans.append(*m_current);
        m_current.reset();
    }

    QString runningWorker() const
    {
        return m_current && m_current->kind == Kind::Running ? m_current->worker : QString();
    }

    JobTimeline &m_t;
    std::optional<Span> m_current;
    QString m_queue;
    double m_last = 0;
};

JobTimeline JobTimeline::build(const QList<JobEvent> &events, double now)
{
    return build(events, now, Options{});
}

JobTimeline JobTimeline::build(const QList<JobEvent> &events, double now, const Options &options)
{
    JobTimeline timeline;
    timeline.m_historyCap = options.historyCap;
    if (events.isEmpty())
        return timeline;
    Builder builder(timeline);
    const qsizetype count = events.size();
    const int maxEvents = std::max(2, options.maxEvents);
    // qless keeps the first entry and the latest ones (max-job-history); so do we, past maxEvents.
    timeline.m_mayBeTrimmed = options.historyCap > 0 && count >= options.historyCap;
    timeline.m_skippedByUs = count > maxEvents ? int(count - maxEvents) : 0;
    const qsizetype restFrom = 1 + timeline.m_skippedByUs;
    builder.take(events.first());
    if ((timeline.m_mayBeTrimmed || timeline.m_skippedByUs > 0) && restFrom < count)
        builder.gapUntil(events.at(restFrom));
    for (qsizetype i = restFrom; i < count; ++i)
        builder.take(events.at(i));
    double last = timeline.m_start;
    for (const Span &span : std::as_const(timeline.m_spans))
        last = std::max(last, span.end);
    for (const Mark &mark : std::as_const(timeline.m_marks))
        last = std::max(last, mark.when);
    builder.finish(now > 0 ? now : last, options);

    Totals &totals = timeline.m_totals;
    for (const Span &span : std::as_const(timeline.m_spans)) {
        timeline.m_end = std::max(timeline.m_end, span.end);
        switch (span.kind) {
        case Kind::Waiting:
        case Kind::Scheduled:
        case Kind::Depends:
        case Kind::Throttled:
        case Kind::Stalled:
            totals.waited += span.duration();
            ++totals.waits;
            break;
        case Kind::Running:
            totals.ran += span.duration();
            ++totals.runs;
            break;
        case Kind::Retried:
            totals.retried += span.duration();
            ++totals.retries;
            break;
        case Kind::Failed: ++totals.failures; break;
        case Kind::Unknown: break;
        }
    }
    for (const Mark &mark : std::as_const(timeline.m_marks)) {
        timeline.m_end = std::max(timeline.m_end, mark.when);
        if (mark.kind == Mark::Kind::TimedOut)
            ++totals.timeouts;
    }
    return timeline;
}

QStringList JobTimeline::caveats() const
{
    QStringList out;
    if (m_mayBeTrimmed)
        out << tr("qless keeps at most %1 entries of a job's history (max-job-history): the first and the latest. "
                  "Entries between them may have been dropped; that stretch is shown as unknown.")
                   .arg(m_historyCap);
    if (m_skippedByUs > 0)
        out << tr("%n entries between the first and the latest are not drawn (too many to draw).", nullptr,
                  m_skippedByUs);
    if (m_outOfOrder > 0)
        out << tr("%n entries carry a time earlier than the entry before them; they are drawn at that entry's time.",
                  nullptr, m_outOfOrder);
    if (m_untimed > 0)
        out << tr("%n entries have no time and are not drawn.", nullptr, m_untimed);
    if (m_unreadable > 0)
        out << tr("%n entries could not be read and are not drawn.", nullptr, m_unreadable);
    return out;
}

namespace {
qsizetype lastFailedIndex(const QList<JobTimeline::Span> &spans)
{
    for (qsizetype i = spans.size() - 1; i >= 0; --i) {
        if (spans.at(i).kind == Kind::Failed)
            return i;
    }
    return -1;
}

bool isWait(Kind kind)
{
    return kind == Kind::Waiting || kind == Kind::Scheduled || kind == Kind::Depends || kind == Kind::Throttled
           || kind == Kind::Stalled;
}
} // namespace

double JobTimeline::lastFailedRun() const
{
    const qsizetype failed = lastFailedIndex(m_spans);
    if (failed < 1 || m_spans.at(failed - 1).kind != Kind::Running)
        return -1;
    return m_spans.at(failed - 1).duration();
}

double JobTimeline::waitBeforeLastFailedRun() const
{
    const qsizetype failed = lastFailedIndex(m_spans);
    if (failed < 2 || m_spans.at(failed - 1).kind != Kind::Running || !isWait(m_spans.at(failed - 2).kind))
        return -1;
    return m_spans.at(failed - 2).duration();
}

QString JobTimeline::kindName(Span::Kind kind)
{
    switch (kind) {
    case Kind::Waiting: return tr("waiting");
    case Kind::Scheduled: return tr("scheduled");
    case Kind::Depends: return tr("waiting on dependencies");
    case Kind::Throttled: return tr("throttled");
    case Kind::Running: return tr("running");
    case Kind::Retried: return tr("ran, retried, waited");
    case Kind::Stalled: return tr("stalled");
    case Kind::Failed: return tr("failed");
    case Kind::Unknown: return tr("unknown");
    }
    return {};
}
