// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// A worker as the workers script lists it: running and stalled job counts, when it was last seen.
struct WorkerSummary
{
    QString name;
    qint64 jobs = 0;
    qint64 stalled = 0;
    double lastSeen = 0;
};

// One call's share of the workers list (desk.workerpage), least recently seen first. The next
// page starts after (nextSince, nextAfter); nextSince empty on the last page.
struct WorkerPage
{
    qint64 total = 0;
    QList<WorkerSummary> workers;
    QByteArray nextSince;
    QString nextAfter;
};

// One worker's jobs: a page of its list (stalled first, then running; desk.workers lists at most
// 1000 a call) and how many of each the worker holds in all.
struct WorkerJobs
{
    QStringList running;
    QStringList stalled;
    qint64 runningTotal = 0;
    qint64 stalledTotal = 0;
};
