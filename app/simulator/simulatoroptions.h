// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simulatorwire.h"

#include <QStringList>
#include <QtGlobal>

// How the simulated pipeline behaves. Rates are per second of simulated time; `speed` scales
// simulated time against the wall clock (2 = twice as fast), so a demo can be lively and a test
// quick.
struct SimulatorOptions
{
    quint32 seed = 1;
    double speed = 1.0;
    double jobsPerSecond = 4.0; // new jobs put into the first stage
    int workersPerStage = 3;
    double failureRate = 0.06;    // share of jobs a stage fails
    double retryRate = 0.04;      // share a worker hands back for a retry
    double scheduledShare = 0.08; // new jobs put with a delay
    double batchShare = 0.03;     // new jobs that start a batch: a report depending on them
    double trackedShare = 0.02;
    double workerDeathsPerHour = 6; // a worker vanishing mid-job, leaving its jobs to stall
    int heartbeatSeconds = 20;      // per-queue heartbeat set at start (short, so stalls show)
    qint64 maxJobs = 0;             // stop putting new jobs after this many (0 = never)
    // Drive a database the simulator did not create (KeyspaceClaim); never a deployment's.
    bool anyKeyspace = false;
    // Current: the unified qless.lua as today's gem and qless-py call it; Seed: the 2012 scripts.
    SimulatorWire::Shape shape = SimulatorWire::Shape::Current;
    // What only current qless has (ignored in the Seed shape):
    double timeoutsPerHour = 4; // an operator timing out a running job
    double pausesPerHour = 3;   // a stage paused for a while (pauseSeconds), then unpaused
    double pauseSeconds = 45;
    double noteShare = 0.2; // finished jobs that log a note (with data) before completing
    int limitedStage = 3;   // the stage run with max-concurrency workersPerStage - 1 (-1: none)
    int recurBacklog = 3;   // the sitemap template's backlog
    QStringList stages{QStringLiteral("ingest"), QStringLiteral("fetch"), QStringLiteral("parse"),
                       QStringLiteral("index"), QStringLiteral("notify")};
    // Blueque (BluequeSimulator), which also takes the seed, speed, rate, workers (listeners per
    // queue), failure rate, scheduled share, deaths, max jobs and pause length above:
    QStringList bluequeQueues{QStringLiteral("emails"), QStringLiteral("thumbnails"), QStringLiteral("reports_daily")};
    double schedulerPausesPerHour = 3; // the enqueue_due_tasks process stopped a while (scheduled tasks go overdue)
};
