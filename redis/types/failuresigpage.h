// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// One page of desk.failuresigs: a failure group's failures from its oldest end, each with what a
// cluster signature needs (FailureSignature::of takes `text`), and how many the group holds.
struct FailureSigPage
{
    struct Failure
    {
        QByteArray jid;  // the bytes Redis holds
        double when = 0; // 0: the job is gone or its failure unreadable
        QString text;    // the first line and the possible top frames
    };
    qint64 total = 0;
    QList<Failure> failures;
};
