// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulksummary.h"

#include <QObject>
#include <QString>

// What the window shows of a bulk run, whatever job system it acts on: qless's BulkRunner and
// Blueque's BluequeBulkRun. The runs panel, the status bar and ActionCenter know runs only
// through this, so a run of another system shows with the same progress, phase and summary.
class BulkProgress : public QObject
{
    Q_OBJECT

public:
    enum class Phase { Ready, Collecting, Running, Paused, Finished };
    Q_ENUM(Phase)

    using QObject::QObject;

    virtual Phase phase() const = 0;
    // "Retry in own queue: all 20,000 jobs of failure group IOError"
    virtual QString describe() const = 0;
    // How many jobs (tasks) the operator was told about when confirming.
    virtual qint64 count() const = 0;
    // While collecting: found so far. Then the summary's total and processed count.
    virtual qint64 collected() const = 0;
    qint64 total() const { return summary().total; }
    qint64 processed() const { return summary().processed(); }
    // Jobs per second since the run began working through them.
    virtual double rate() const = 0;
    // Paused: why ("waiting for the connection: ...").
    virtual QString pauseReason() const = 0;
    virtual bool isCancelling() const = 0;
    virtual const BulkSummary &summary() const = 0;
    // Stops after the work in flight; the summary counts the rest as not attempted.
    virtual void cancel() = 0;

signals:
    void progressed();
    void phaseChanged(BulkProgress::Phase phase);
    void finished(const BulkSummary &summary);
};
