// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertevaluator.h"

#include "durationtext.h"

#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace {
// A growth rule keeps the smallest count seen in each of this many slices of its window: memory
// stays bounded however often the refresh runs, and the growth is off by one slice at most.
constexpr int SlicesPerWindow = 120;

QString count(double value)
{
    return QLocale().toString(qint64(std::llround(value)));
}
} // namespace

double AlertEvaluator::clearLevel(double threshold)
{
    if (threshold <= 0)
        return 0;
    return std::max(0.0, threshold - std::max(1.0, std::floor(threshold * 0.1)));
}

void AlertEvaluator::setRules(const QList<AlertRule> &rules)
{
    QSet<QString> kept;
    for (const AlertRule &rule : rules) {
        const auto same =
            std::find_if(m_rules.cbegin(), m_rules.cend(), [&rule](const AlertRule &old) { return old.id == rule.id; });
        if (rule.enabled && same != m_rules.cend() && *same == rule)
            kept.insert(rule.id);
    }
    const auto forgotten = [&kept](const QString &k) { return !kept.contains(k.section(QChar(0x1f), 0, 0)); };
    for (auto it = m_states.begin(); it != m_states.end();)
        it = forgotten(it.key()) ? m_states.erase(it) : std::next(it);
    for (auto it = m_since.begin(); it != m_since.end();)
        it = forgotten(it.key()) ? m_since.erase(it) : std::next(it);
    for (auto it = m_samples.begin(); it != m_samples.end();)
        it = forgotten(it.key()) ? m_samples.erase(it) : std::next(it);
    m_rules = rules;
}

AlertEvaluator::Needs AlertEvaluator::needs() const
{
    Needs needs;
    for (const AlertRule &rule : m_rules) {
        if (!rule.enabled)
            continue;
        if (rule.readsHistory()) {
            needs.history = true;
            continue;
        }
        if (rule.isSideJob()) {
            if (rule.kind == AlertRule::Kind::SideJobFailedGrew)
                needs.sideJobFailed = true;
            else
                needs.sidekiq = true;
            continue;
        }
        if (rule.isBlueque()) {
            needs.bluequeQueues = true;
            if (rule.kind == AlertRule::Kind::BluequeStartedFor) {
                const bool everyQueueAlready = needs.bluequeStartedSince && needs.bluequeStartedOf.isEmpty();
                needs.bluequeStartedSince = true;
                if (rule.scope.isEmpty())
                    needs.bluequeStartedOf.clear();
                else if (!everyQueueAlready && !needs.bluequeStartedOf.contains(rule.scope))
                    needs.bluequeStartedOf << rule.scope;
            }
            continue;
        }
        switch (rule.scopeOf()) {
        case AlertRule::ScopeOf::Queue: needs.queues = true; break;
        case AlertRule::ScopeOf::FailureGroup: needs.failureGroups = true; break;
        case AlertRule::ScopeOf::Worker: needs.workers = true; break;
        case AlertRule::ScopeOf::Nothing: break;
        }
        if (rule.kind == AlertRule::Kind::OldestWaitingFor) {
            const bool everyQueueAlready = needs.waitingSince && needs.waitingSinceOf.isEmpty();
            needs.waitingSince = true;
            if (rule.scope.isEmpty())
                needs.waitingSinceOf.clear(); // every queue: whatever other rules name is in it
            else if (!everyQueueAlready && !needs.waitingSinceOf.contains(rule.scope))
                needs.waitingSinceOf << rule.scope;
        }
    }
    return needs;
}

QList<AlertEvent> AlertEvaluator::observe(const AlertObservation &seen)
{
    QList<AlertEvent> events;
    for (const AlertRule &rule : std::as_const(m_rules)) {
        QList<Reading> readings;
        if (rule.enabled && rule.problem().isEmpty() && read(rule, seen, &readings))
            apply(rule, readings, seen.now, &events);
    }
    return events;
}

QList<AlertEvaluator::Active> AlertEvaluator::active() const
{
    QList<Active> out;
    for (const AlertRule &rule : m_rules) {
        QList<Active> ofRule;
        for (const State &state : m_states) {
            if (state.firing && state.ruleId == rule.id)
                ofRule.append({state.ruleId, state.subject, state.firedAt, state.value, state.text});
        }
        std::sort(ofRule.begin(), ofRule.end(), [](const Active &a, const Active &b) { return a.subject < b.subject; });
        out += ofRule;
    }
    return out;
}

bool AlertEvaluator::read(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings)
{
    switch (rule.kind) {
    case AlertRule::Kind::WaitingAbove:
    case AlertRule::Kind::StalledAbove:
        if (!seen.queues)
            return false;
        readCounts(rule, *seen.queues, readings);
        return true;
    case AlertRule::Kind::FailuresGrew: {
        if (!seen.failureGroups)
            return false;
        qint64 failures = 0;
        for (const FailureGroup &group : *seen.failureGroups) {
            if (matches(rule, group.name))
                failures += group.count;
        }
        readGrowth(rule, failures, seen.now, rule.scope.isEmpty() ? tr("all groups") : tr("group %1").arg(rule.scope),
                   readings);
        return true;
    }
    case AlertRule::Kind::BluequePendingAbove:
    case AlertRule::Kind::BluequeFailuresGrew:
    case AlertRule::Kind::BluequeStartedFor:
        if (!seen.bluequeQueues || (rule.kind == AlertRule::Kind::BluequeStartedFor && !seen.bluequeStartedSince))
            return false;
        readBlueque(rule, seen, readings);
        return true;
    case AlertRule::Kind::SideJobFailedGrew:
    case AlertRule::Kind::SidekiqQueueAbove:
    case AlertRule::Kind::SidekiqNoBeatFor: return readSideJob(rule, seen, readings);
    case AlertRule::Kind::AtMaxConcurrencyFor:
    case AlertRule::Kind::PausedFor:
        if (!seen.queues)
            return false;
        for (const QueueCounts &queue : *seen.queues) {
            if (!matches(rule, queue.name))
                continue;
            const bool holds = rule.kind == AlertRule::Kind::PausedFor
                                   ? queue.paused
                                   : queue.maxConcurrency > 0 && queue.running >= queue.maxConcurrency;
            readDuration(rule, queue.name, holds, seen.now, readings);
            readings->last().limit = double(queue.maxConcurrency);
        }
        return true;
    case AlertRule::Kind::OldestWaitingFor:
        if (!seen.queues || !seen.waitingSince)
            return false;
        for (const QueueCounts &queue : *seen.queues) {
            if (!matches(rule, queue.name))
                continue;
            Reading r;
            r.subject = queue.name;
            const auto since = seen.waitingSince->constFind(queue.name);
            r.value = since == seen.waitingSince->cend() ? 0 : std::max(0.0, seen.now - *since);
            r.bad = r.value > rule.threshold;
            r.clear = !r.bad;
            readings->append(r);
        }
        return true;
    case AlertRule::Kind::WorkerNotSeenFor:
        if (!seen.workers)
            return false;
        for (const WorkerSummary &worker : *seen.workers) {
            if (!matches(rule, worker.name))
                continue;
            Reading r;
            r.subject = worker.name;
            r.value = std::max(0.0, seen.now - worker.lastSeen);
            r.bad = r.value > rule.threshold;
            r.clear = !r.bad;
            readings->append(r);
        }
        return true;
    case AlertRule::Kind::WaitingGrewPercent:
    case AlertRule::Kind::ThroughputBelow: return readTrend(rule, seen, readings);
    case AlertRule::Kind::ConnectionDownFor:
        readDuration(rule, QString(), !seen.connected, seen.now, readings);
        readings->last().text = tr("Connection down for %1").arg(DurationText::format(readings->last().value));
        return true;
    }
    return false;
}

void AlertEvaluator::readCounts(const AlertRule &rule, const QList<QueueCounts> &queues, QList<Reading> *readings) const
{
    const bool waiting = rule.kind == AlertRule::Kind::WaitingAbove;
    for (const QueueCounts &queue : queues) {
        if (!matches(rule, queue.name))
            continue;
        Reading r;
        r.subject = queue.name;
        r.value = double(waiting ? queue.waiting : queue.stalled);
        r.bad = r.value > rule.threshold;
        r.clear = r.value <= clearLevel(rule.threshold);
        readings->append(r);
    }
}

void AlertEvaluator::readGrowth(const AlertRule &rule, qint64 failures, double now, const QString &where,
                                QList<Reading> *readings)
{
    const double window = rule.windowMinutes * 60.0;
    const double slice = window / SlicesPerWindow;
    QMap<double, qint64> &samples = m_samples[key(rule.id, rule.scope)];
    const double start = std::floor(now / slice) * slice;
    auto here = samples.find(start);
    if (here == samples.end())
        samples.insert(start, failures);
    else
        *here = std::min(*here, failures);
    while (!samples.isEmpty() && samples.firstKey() + slice <= now - window)
        samples.erase(samples.begin());
    const qint64 least = *std::min_element(samples.cbegin(), samples.cend());

    Reading r;
    r.subject = rule.scope;
    r.value = double(failures - least);
    r.bad = r.value > rule.threshold;
    r.clear = r.value <= clearLevel(rule.threshold);
    r.text = tr("Failures in %1 grew by %2 in %n minute(s) (more than %3)", nullptr, rule.windowMinutes)
                 .arg(where, count(r.value), count(rule.threshold));
    readings->append(r);
}

bool AlertEvaluator::readTrend(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings) const
{
    if (!seen.trends)
        return false;
    const auto values = seen.trends->constFind(rule.id);
    if (values == seen.trends->cend())
        return false; // nothing recorded to read: the rule keeps its state
    const bool floor = rule.kind == AlertRule::Kind::ThroughputBelow;
    for (const AlertTrendValue &value : *values) {
        Reading r;
        r.subject = value.subject;
        r.value = value.value;
        r.bad = floor ? r.value < rule.threshold : r.value > rule.threshold;
        r.clear = floor ? r.value >= floorClearLevel(rule.threshold) : r.value <= clearLevel(rule.threshold);
        readings->append(r);
    }
    return true;
}

void AlertEvaluator::readDuration(const AlertRule &rule, const QString &subject, bool holds, double now,
                                  QList<Reading> *readings)
{
    const QString k = key(rule.id, subject);
    Reading r;
    r.subject = subject;
    if (holds) {
        const double since = m_since.value(k, now);
        m_since.insert(k, since);
        r.value = now - since;
        r.bad = r.value > rule.threshold;
    } else {
        m_since.remove(k);
        r.clear = true;
    }
    readings->append(r);
}

void AlertEvaluator::apply(const AlertRule &rule, const QList<Reading> &readings, double now, QList<AlertEvent> *events)
{
    const auto change = [&](const State &state, AlertEvent::Change what) {
        events->append({rule.id, state.subject, what, state.value, now, state.text});
    };
    QSet<QString> seen;
    for (const Reading &r : readings) {
        const QString k = key(rule.id, r.subject);
        seen.insert(k);
        auto it = m_states.find(k);
        if (it == m_states.end()) {
            if (!r.bad)
                continue;
            State fresh;
            fresh.ruleId = rule.id;
            fresh.subject = r.subject;
            it = m_states.insert(k, fresh);
        }
        State &state = *it;
        state.listed = true;
        if (!state.firing) {
            state.firing = true;
            state.firedAt = now;
            state.value = r.value;
            state.text = describe(rule, r);
            change(state, AlertEvent::Change::Fired);
            continue;
        }
        if (!r.clear) {
            state.clearSince = -1; // in the band, or bad again: the all-clear starts over
            state.value = r.value;
            state.text = describe(rule, r);
            continue;
        }
        if (state.clearSince < 0)
            state.clearSince = now;
        if (now - state.clearSince >= m_clearHold) {
            state.value = r.value;
            state.text = describe(rule, r);
            change(state, AlertEvent::Change::Cleared);
            m_states.erase(it);
        }
    }
    // A subject no longer listed (a queue forgotten, a group emptied) is all clear, and waits out
    // the hold like any other.
    for (auto it = m_states.begin(); it != m_states.end();) {
        if (it->ruleId != rule.id || seen.contains(it.key())) {
            ++it;
            continue;
        }
        it->listed = false;
        // Not so a worker whose alert is on and that has not been seen since: qless drops a worker
        // from its list once it has not been seen for max-worker-age (a day by default), which is
        // the very alert going on, not a worker back. Clearing then would tell the alert command
        // (a pager, say) that all is well about a worker nobody has seen, while no one may have
        // looked yet. So it stays on until the worker is seen again (listed with a fresh time), or
        // the operator changes the rule, or has acknowledged it: then it ends (Ended, not Cleared),
        // since a restarted worker comes back under a new name and nothing else would end it. One
        // whose worker was seen again before it went from the list (a clean exit deregisters it)
        // was clearing already and goes on clearing.
        if (rule.kind == AlertRule::Kind::WorkerNotSeenFor && it->clearSince < 0) {
            if (it->acknowledged) {
                change(*it, AlertEvent::Change::Ended);
                m_since.remove(it.key());
                it = m_states.erase(it);
            } else {
                ++it;
            }
            continue;
        }
        if (it->clearSince < 0)
            it->clearSince = now;
        if (now - it->clearSince >= m_clearHold) {
            it->text = tr("%1: no longer listed").arg(it->subject);
            change(*it, AlertEvent::Change::Cleared);
            it = m_states.erase(it);
        } else {
            ++it;
        }
    }
}

std::optional<AlertEvent> AlertEvaluator::acknowledge(const QString &ruleId, const QString &subject, double now)
{
    const QString k = key(ruleId, subject);
    const auto it = m_states.find(k);
    if (it == m_states.end() || !it->firing)
        return std::nullopt;
    it->acknowledged = true;
    if (it->listed)
        return std::nullopt;
    const AlertEvent ended{ruleId, subject, AlertEvent::Change::Ended, it->value, now, it->text};
    m_states.erase(it);
    m_since.remove(k); // listed again some day, its time starts then
    return ended;
}

QString AlertEvaluator::describe(const AlertRule &rule, const Reading &r)
{
    if (!r.text.isEmpty())
        return r.text;
    switch (rule.kind) {
    case AlertRule::Kind::WaitingAbove:
        return tr("Waiting jobs in queue %1: %2 (above %3)").arg(r.subject, count(r.value), count(rule.threshold));
    case AlertRule::Kind::StalledAbove:
        return tr("Stalled jobs in queue %1: %2 (above %3)").arg(r.subject, count(r.value), count(rule.threshold));
    case AlertRule::Kind::PausedFor: return tr("Queue %1 paused for %2").arg(r.subject, DurationText::format(r.value));
    case AlertRule::Kind::AtMaxConcurrencyFor:
        return tr("Queue %1 running at its max-concurrency (%2) for %3")
            .arg(r.subject, count(r.limit), DurationText::format(r.value));
    case AlertRule::Kind::OldestWaitingFor:
        return tr("A job in queue %1 waiting for %2").arg(r.subject, DurationText::format(r.value));
    case AlertRule::Kind::WorkerNotSeenFor:
        return tr("Worker %1 not seen for %2").arg(r.subject, DurationText::format(r.value));
    case AlertRule::Kind::WaitingGrewPercent:
        return tr("Waiting jobs in queue %1 grew by %2 % in %n minute(s) (more than %3 %)", nullptr, rule.windowMinutes)
            .arg(r.subject, count(r.value), count(rule.threshold));
    case AlertRule::Kind::ThroughputBelow:
        return tr("Jobs completed in %1: %2 a minute over %n minute(s) (under %3)", nullptr, rule.windowMinutes)
            .arg(r.subject.isEmpty() ? tr("all queues") : tr("queue %1").arg(r.subject),
                 QLocale().toString(r.value, 'f', 1), QLocale().toString(rule.threshold));
    case AlertRule::Kind::BluequePendingAbove:
        return tr("Pending tasks in Blueque queue %1: %2 (above %3)")
            .arg(r.subject, count(r.value), count(rule.threshold));
    case AlertRule::Kind::BluequeStartedFor:
        return tr("A task in Blueque queue %1 started %2 ago").arg(r.subject, DurationText::format(r.value));
    case AlertRule::Kind::SidekiqQueueAbove:
        return tr("Jobs in Sidekiq queue %1: %2 (above %3)").arg(r.subject, count(r.value), count(rule.threshold));
    case AlertRule::Kind::SidekiqNoBeatFor:
        if (!r.text.isEmpty())
            break; // no beat at all: its reading says so
        return tr("Sidekiq process %1 without a beat for %2").arg(r.subject, DurationText::format(r.value));
    case AlertRule::Kind::FailuresGrew:
    case AlertRule::Kind::BluequeFailuresGrew:
    case AlertRule::Kind::SideJobFailedGrew:
    case AlertRule::Kind::ConnectionDownFor: break; // their one reading carries its text
    }
    return r.text;
}

QString AlertEvaluator::key(const QString &ruleId, const QString &subject)
{
    return ruleId + QChar(0x1f) + subject;
}

bool AlertEvaluator::matches(const AlertRule &rule, const QString &name)
{
    return rule.scope.isEmpty() || rule.scope == name;
}
