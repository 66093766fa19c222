// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulktarget.h"
#include "job.h"

#include <QList>
#include <QString>

#include <functional>

class JobListModel;
class QAbstractItemView;

// What an operator picked in a job list: the rows selected (ctrl/shift ranges, Ctrl+A for all
// rows shown), and the whole list behind them, loaded or not, for "all N jobs in this list".
struct JobSelection
{
    QList<Job> jobs;   // the selected rows, in view order
    BulkTarget all;    // every job of the list (Source, or FailureGroup); count() < 0: none
    QString listState; // the state all jobs of the list are in, or empty for mixed lists
    QString listName;  // "waiting in crawl", "failure group IOError"
    // Whether any job of `all` is in a state, where the list knows (JobSource::holdsState).
    std::function<bool(const QString &state)> holdsState;

    bool hasAll() const { return all.count() > 0; }
    QList<QByteArray> jids() const;
    BulkTarget selected() const;
    // The tags any selected job carries, sorted, for "Remove tags".
    QStringList tags() const;
    bool anyInState(const QString &state) const;

    // Reads the selection of `view`, whose model is `model` or a proxy over it. `group`: the
    // failure group the list shows, so "all" goes to the server in batches.
    static JobSelection of(const QAbstractItemView *view, const JobListModel *model, const QString &group = {});
};
