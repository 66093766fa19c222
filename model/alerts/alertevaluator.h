// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertobservation.h"
#include "alertrule.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

// Decides, refresh after refresh, when an alert rule fires and when it clears, on what the
// refresh saw (AlertObservation): no read of its own. With hysteresis, so a value that flaps
// around its threshold does not fire again and again:
//  - a count rule fires above its threshold and clears only at or below a lower level (10 % of
//    the threshold, at least one job, below it);
//  - a rule clears only when its all-clear has held for clearHoldSeconds (a minute by default);
//    a value back in the band between the two levels starts that wait over;
//  - a throughput rule, which fires under its floor, clears only 10 % above it.
// A rule on every queue (or worker, or group) fires and clears for each one on its own. A subject
// no longer listed is all clear, but for a worker not seen: qless ageing it out of its list is no
// sign of it (see apply()).
class AlertEvaluator final
{
    Q_DECLARE_TR_FUNCTIONS(AlertEvaluator)

public:
    struct Needs
    {
        bool queues = false;
        bool failureGroups = false;
        bool workers = false;
        bool waitingSince = false;
        QStringList waitingSinceOf; // the queues whose waiting time is needed; empty: every queue
        bool history = false;       // a trend rule reads the server's history
        bool bluequeQueues = false;
        bool bluequeStartedSince = false;
        QStringList bluequeStartedOf; // the Blueque queues whose started tasks are read; empty: every queue
        bool sidekiq = false;         // SideJob's Sidekiq overview
        bool sideJobFailed = false;   // the failed SideJob jobs counted by queue
    };

    struct Active
    {
        QString ruleId;
        QString subject;
        double since = 0; // when it fired
        double value = 0; // as last seen
        QString text;
    };

    // The rules to evaluate from now on. Alerts of a rule that is gone, disabled or changed end
    // without a Cleared event (the operator changed the rule; nothing cleared by itself).
    void setRules(const QList<AlertRule> &rules);
    const QList<AlertRule> &rules() const { return m_rules; }
    // What the enabled rules need read at each refresh.
    Needs needs() const;

    // The changes `observation` makes, in the rules' order.
    QList<AlertEvent> observe(const AlertObservation &observation);
    // The alerts firing now, in the rules' order.
    QList<Active> active() const;
    // The operator has seen the alert of `ruleId` on `subject`. When the last observation no
    // longer listed its subject it ends now: the Ended event (with the alert's last text) is
    // returned. A worker qless aged out stays on (see apply()), and once someone has seen it
    // nothing else would end it. Nothing when the alert is not on or its subject is still listed:
    // that one goes on as before, but a worker-not-seen alert ends (in observe()) when qless
    // drops the worker later.
    std::optional<AlertEvent> acknowledge(const QString &ruleId, const QString &subject, double now);

    void setClearHoldSeconds(double seconds) { m_clearHold = seconds; }
    double clearHoldSeconds() const { return m_clearHold; }
    static constexpr double DefaultClearHoldSeconds = 60;

    // The level a count rule clears at: below its threshold by 10 %, at least one job.
    static double clearLevel(double threshold);
    // The level a floor rule (throughput) clears at: above its floor by 10 %.
    static double floorClearLevel(double floor) { return floor * 1.1; }

private:
    // One subject of one rule as seen now: how bad, whether over the line, whether all clear.
    struct Reading
    {
        QString subject;
        double value = 0;
        bool bad = false;
        bool clear = false;
        // Filled by the rules with one reading (growth, connection); the others' text is made by
        // describe() only for a reading that fires or updates an alert: formatting it for each of
        // tens of thousands of workers every check would hold the GUI thread past a frame.
        QString text;
        double limit = 0; // at max-concurrency: the queue's limit, for the text
    };
    // Where a rule stands for one subject between refreshes.
    struct State
    {
        QString ruleId;
        QString subject;
        bool firing = false;
        double firedAt = 0;
        double clearSince = -1; // the all-clear has held since then; -1: not all clear
        bool listed = true;     // the last observation that read its rule listed its subject
        bool acknowledged = false;
        double value = 0;
        QString text;
    };
    // Since when a condition of a "...For" rule has held, per rule and subject.
    using Since = QHash<QString, double>;

    // False when the observation lacks what the rule reads.
    bool read(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings);
    void readCounts(const AlertRule &rule, const QList<QueueCounts> &queues, QList<Reading> *readings) const;
    void readGrowth(const AlertRule &rule, qint64 failures, double now, const QString &where, QList<Reading> *readings);
    void readBlueque(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings);
    // False when the observation lacks what the rule reads.
    bool readSideJob(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings);
    bool readTrend(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings) const;
    void readDuration(const AlertRule &rule, const QString &subject, bool holds, double now, QList<Reading> *readings);
    void apply(const AlertRule &rule, const QList<Reading> &readings, double now, QList<AlertEvent> *events);
    // The reading's text: its own when it has one, else the rule kind's wording.
    static QString describe(const AlertRule &rule, const Reading &reading);

    static QString key(const QString &ruleId, const QString &subject);
    static bool matches(const AlertRule &rule, const QString &name);

    QList<AlertRule> m_rules;
    QHash<QString, State> m_states;                 // by key(rule, subject)
    Since m_since;                                  // by key(rule, subject)
    QHash<QString, QMap<double, qint64>> m_samples; // the growth kinds: failures counted, by key, by time
    double m_clearHold = DefaultClearHoldSeconds;
};
