// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// One step of a search across every job (qless.lua's desk.search): the jobs that matched among
// the keys this call looked at, and where the walk goes on from. Read on from `cursor` until it
// comes back "0" and every job that was there all along has been returned at least once (some
// may repeat: SCAN's guarantee).
struct JobSearchPage
{
    struct Match
    {
        QByteArray jid;  // the bytes Redis holds
        QString state;   // as the console shows it: a running job whose lock ran out is stalled
        QString message; // the failure message, when asked for (JobSearchQuery::withMessage)
        QByteArray data; // the data's text, when asked for (JobSearchQuery::withData)
    };

    QByteArray cursor; // "0": the walk is over
    qint64 looked = 0; // keys this call looked at
    qint64 keys = 0;   // keys in the database then (jobs and everything else): for progress
    QList<Match> matches;

    bool atEnd() const { return cursor == "0"; }
};
