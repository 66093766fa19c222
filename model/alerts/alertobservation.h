// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"
#include "failuregroup.h"
#include "queuecounts.h"
#include "sidekiqtypes.h"
#include "workerinfo.h"

#include <QHash>
#include <QList>
#include <QMetaType>

#include <optional>

// A trend rule's value for one subject, read from the server's history: the growth of a queue's
// waiting count in percent, or the jobs completed a minute.
struct AlertTrendValue
{
    QString subject; // a queue; empty: all queues
    double value = 0;
};

// What one refresh saw, as the alert rules need it. A part left empty was not read this time
// (no enabled rule needs it, or its read failed): the rules on it keep their state.
struct AlertObservation
{
    double now = 0;        // seconds since the epoch, by the server's clock
    bool connected = true; // the connection was ready
    std::optional<QList<QueueCounts>> queues;
    std::optional<QList<FailureGroup>> failureGroups; // names and counts
    std::optional<QList<WorkerSummary>> workers;
    // Since when each queue's longest-waiting job has waited; a queue left out has none waiting.
    std::optional<QHash<QString, double>> waitingSince;
    // The trend rules' values, by rule id; a rule left out had nothing recorded to read (it keeps
    // its state).
    std::optional<QHash<QString, QList<AlertTrendValue>>> trends;
    // Blueque's queues with their counts (every member of blueque_queues; none on a server
    // without Blueque), and since when each queue's longest-started task has run (the earliest
    // `updated` of its started tasks); a queue left out has none started.
    std::optional<QList<BluequeQueue>> bluequeQueues;
    std::optional<QHash<QString, double>> bluequeStartedSince;
    // Sidekiq's queues and processes under SideJob (the overview's first 100 of each), and the
    // failed SideJob jobs by queue as the last whole walk of the jobs counted them (a walk spans
    // refreshes on a large deployment; until the first one ends, left out).
    std::optional<SidekiqOverview> sidekiq;
    std::optional<QHash<QString, qint64>> sideJobFailed;
};

// One change of an alert: a rule fired for a subject (a queue, group or worker; empty for the
// connection or "all groups"), it cleared, or it ended (Ended: acknowledged by the operator, and
// its subject no longer listed, so that no reading would ever clear it; not a sign all is well).
struct AlertEvent
{
    enum class Change { Fired, Cleared, Ended };

    QString ruleId;
    QString subject;
    Change change = Change::Fired;
    double value = 0; // the count, growth or seconds that made the change
    double at = 0;    // AlertObservation::now
    QString text;     // for people: "Waiting jobs in queue crawl: 1,523 (above 1,000)"
};
Q_DECLARE_METATYPE(AlertEvent)
