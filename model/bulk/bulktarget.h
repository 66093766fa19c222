// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobsource.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

// The jobs an action applies to, as the operator chose them: the rows selected, every job a list
// holds (rows not loaded yet included: collected from the source when the run starts, so the
// set is the one confirmed even while the list changes), or a whole failure group, done in
// batches on the server however large it is.
struct BulkTarget
{
    enum class Kind { Jids, Source, FailureGroup };

    Kind kind = Kind::Jids;
    QList<QByteArray> jids; // Jids
    JobSource source;       // Source
    QString group;          // FailureGroup
    // How many jobs the operator was told about (Source: the list's total; FailureGroup: the
    // group's size). The run does at most this many; -1: as many as there are.
    qint64 expected = -1;
    // For people: "3 selected jobs", "all 1,234 waiting in crawl", "failure group IOError".
    QString description;
    // Jids: the state each job was shown in when the operator chose it (absent: not known).
    QHash<QByteArray, QString> states;

    static BulkTarget ofJids(const QList<QByteArray> &jids, const QString &description = {});
    static BulkTarget ofSource(const JobSource &source, qint64 expected, const QString &description = {});
    static BulkTarget ofFailureGroup(const QString &group, qint64 expected);

    // The number to state in a confirmation: jids.size(), or `expected`.
    qint64 count() const;
    // The state job `jid` was listed in when the operator chose it: its own (Jids), the list's
    // (Source: empty for a list of mixed states), "failed" (FailureGroup); empty: not known.
    QString listedState(const QByteArray &jid) const;
    // Whether the operator chose `jid` as a running job: shown running, or one of a list of
    // running jobs or of one that holds running jobs among others (a tag, a worker, a search).
    bool listedRunning(const QByteArray &jid) const;
    // Whether any job was chosen as a running one (what a cancel's confirmation must say).
    bool listsRunning() const;
};
