// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditrecord.h"
#include "failuregroup.h"
#include "job.h"
#include "queuecounts.h"
#include "recurringjob.h"
#include "tagcount.h"
#include "workerinfo.h"

#include <QCoreApplication>
#include <QStringList>

struct TableExportView;

// The header and the cells of each exported table: the window's columns, with values a script or
// a spreadsheet reads (times as ISO 8601 UTC, plain numbers, whole messages) instead of what a
// person glances at ("3 min ago", "2 of 5", a message's first line). No quoting here: CsvText does it.
class TableExportRows final
{
    Q_DECLARE_TR_FUNCTIONS(TableExportRows)

public:
    TableExportRows() = delete;

    static QStringList header(const TableExportView &view);

    // `now`: the server's clock, so that a running job whose lock ran out reads "stalled", as
    // the window shows it and as qless lists it (`jobs stalled`).
    static QStringList job(const Job &job, double now);
    static QStringList queue(const QueueCounts &counts);
    // A failure group; `newest` is its newest failed job when it could be read.
    static QStringList failureGroup(const FailureGroup &group, const Job *newest);
    static QStringList worker(const WorkerSummary &worker);
    static QStringList tag(const TagCount &tag);
    static QStringList recurring(const RecurringJob &recurring);
    static QStringList audit(const AuditRecord &record);

private:
    static QStringList jobHeader();
};
