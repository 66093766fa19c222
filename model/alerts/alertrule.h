// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

// One alert rule of a connection profile: what to watch, where, and from when on it is bad.
// Rules are plain values, saved per profile and exchanged as JSON (import/export); the evaluator
// (AlertEvaluator) decides when one fires and when it clears.
struct AlertRule
{
    Q_DECLARE_TR_FUNCTIONS(AlertRule)

public:
    enum class Kind {
        WaitingAbove,        // a queue's waiting jobs above `threshold`
        StalledAbove,        // a queue's stalled jobs above `threshold`
        FailuresGrew,        // failures (one group, or all) grown by more than `threshold` in `windowMinutes`
        AtMaxConcurrencyFor, // a queue running at its max-concurrency for longer than `threshold` seconds
        WorkerNotSeenFor,    // a worker not seen for longer than `threshold` seconds
        ConnectionDownFor,   // the connection down for longer than `threshold` seconds
        PausedFor,           // a queue left paused for longer than `threshold` seconds
        OldestWaitingFor,    // a queue's longest-waiting job waiting for longer than `threshold` seconds
        // From the server's history (HistoryStore), not the refresh's reads:
        WaitingGrewPercent, // a queue's waiting count grown by more than `threshold` % in `windowMinutes`
        ThroughputBelow,    // completed jobs a minute (one queue, or all) under `threshold`, over `windowMinutes`
        // Blueque's (docs/BLUEQUE.md), on a Blueque queue, or every one:
        BluequePendingAbove, // a queue's pending tasks above `threshold`
        BluequeFailuresGrew, // failed tasks (one queue, or all) grown by more than `threshold` in `windowMinutes`
        BluequeStartedFor,   // a task of a queue started longer than `threshold` seconds ago
        // SideJob's (docs/SIDEJOB.md) and the Sidekiq it runs on:
        SideJobFailedGrew, // failed SideJob jobs (of one queue, or all) grown by more than `threshold` in `windowMinutes`
        SidekiqQueueAbove, // a Sidekiq queue's length above `threshold`
        SidekiqNoBeatFor,  // a Sidekiq process (scope: its identity) without a beat for longer than `threshold` seconds
    };

    QString id; // stable within a profile: alerts in the history name their rule by it
    Kind kind = Kind::WaitingAbove;
    QString scope;         // a queue (Blueque's for the Blueque kinds), a failure group or a worker, by name;
                           // empty: every one of them
    double threshold = 0;  // a count, or seconds for the "...For" kinds
    int windowMinutes = 0; // the kinds that look back over a window (isWindowed()) only
    bool enabled = true;

    // What the rule watches, in words: "Waiting in crawl above 1,000".
    QString describe() const;
    // Whether `threshold` is a duration in seconds (else a count of jobs).
    bool thresholdIsDuration() const;
    // Whether the rule looks back over `windowMinutes` (the growth and trend kinds).
    bool isWindowed() const;
    // Whether the rule reads the server's history rather than what each refresh reads.
    bool readsHistory() const;
    // Whether the rule watches Blueque (its scope then names a Blueque queue).
    bool isBlueque() const;
    // Whether the rule watches SideJob or its Sidekiq (its scope then names a SideJob queue, or a
    // Sidekiq process's identity).
    bool isSideJob() const;
    // Whether the rule names a queue, a failure group, a worker, or nothing at all.
    enum class ScopeOf { Queue, FailureGroup, Worker, Nothing };
    ScopeOf scopeOf() const;

    // Empty when the rule can be evaluated; else what is wrong with it, for people.
    QString problem() const;

    QJsonObject toJson() const;
    // A rule from its JSON; false with `error` saying what is wrong (the rule is not used).
    static bool fromJson(const QJsonObject &json, AlertRule *rule, QString *error);

    // Rules as a file holds them ({"rules": [...]}) and back. Reading is all or nothing: one bad
    // rule and `error` names it, and no rule is returned.
    static QJsonObject listToJson(const QList<AlertRule> &rules);
    static bool listFromJson(const QJsonObject &json, QList<AlertRule> *rules, QString *error);

    static QString kindKey(Kind kind); // "waiting-above", ... (the JSON's names; never translated)
    static bool kindFromKey(const QString &key, Kind *kind);
    static QList<Kind> kinds();

    bool operator==(const AlertRule &other) const;
    bool operator!=(const AlertRule &other) const { return !(*this == other); }
};
