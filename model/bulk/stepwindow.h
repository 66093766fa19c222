// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// How many per-job steps of a bulk run go to Redis at once. Redis works through every command
// of one read of a client's socket before it serves another client, so the steps sent together
// are, for the workers, one call as long as all of them. A step's cost depends on the job: a
// retry is a qless put (a fraction of a millisecond), plus, for a failed job, taking its jid out
// of its group's list, which reads the list from its nearer end up to the entry
// (Qless.failure_list_remove): milliseconds for a job deep in a group of a million. So the number
// sent at once follows
// the work Redis did for the last batch, measured on the server's clock (its TIME before and
// after the batch: the network's round trip is not work): as many steps as fit in BudgetMicros
// at the last batch's cost a step, one at the least, at most twice the last batch (a cheap
// batch does not let a jump past the budget follow it), at most `most`. The first batch is one
// step. Steps of uneven cost (cheap ones, then a run of jobs deep in a large group) can pass the
// budget for one batch, by the ratio of their costs; the batch after it is sized by it.
class StepWindow final
{
public:
    // Redis's work for the steps sent at once, leaving room under the console's 5 ms for the
    // script's start and the host's noise. The batch is one unit at Redis
    // (ConnectionSettings::oneUnitAtServer): no other call of the console is queued with it.
    static constexpr qint64 BudgetMicros = 4000;

    explicit StepWindow(int most)
        : m_most(qMax(1, most))
    {}

    // Steps to send in the next batch.
    int size() const { return m_size; }
    // A batch of `steps` took Redis `micros` (from the first of them to the last; other clients'
    // calls between them included, which can only make the next batch smaller).
    void measured(int steps, qint64 micros);

private:
    int m_most;
    int m_size = 1;
};
