// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// What qless.lua's desk.search tests each job against, on the server: every field set must hold
// (empty: any). Exact where a name is meant (queue, worker, state, tag, failure group), a prefix
// of the jid, a part of the class ignoring case, and plain text (exact case) contained in the
// failure message or the data. A regular expression is no server matter: Lua has none; the
// console asks for the texts instead (`withMessage`, `withData`) and tests them itself.
struct JobSearchQuery
{
    QString jidPrefix;
    QString tag;
    QString klass;
    QString queue;
    QString worker;
    QString state; // waiting, running, stalled, scheduled, depends, failed, complete
    QString group;
    QString message;
    QString data;
    bool withMessage = false;
    bool withData = false;
};
