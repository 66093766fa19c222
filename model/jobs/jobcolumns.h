// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "tablecolumns.h"

// A job as its file row reads it: with the server's clock, so that a running job whose lock ran
// out reads "stalled", as the window shows it and as qless lists it (`jobs stalled`).
struct JobAtNow
{
    const Job &job;
    double now = 0;
};

// The columns of every job list, written once: JobListModel shows them (its Column enum follows
// their window order) and the table export writes them. Where one cell of the window holds two
// facts ("2 of 5", "group: message"), the file has a column for each.
class JobColumns final
{
public:
    JobColumns() = delete;

    static const TableColumns<JobAtNow> &columns();
};
