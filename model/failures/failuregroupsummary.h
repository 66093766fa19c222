// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A failure group as the Failed page lists it: its size, and what its newest failure looked like
// (when, where, the message's first line), so the operator sees which group is burning now.
struct FailureGroupSummary
{
    QString name;
    qint64 count = 0;
    double latestWhen = 0; // 0: not known (not looked up, or the newest jid's job is gone)
    QString latestQueue;
    QString latestMessage; // first line
};
