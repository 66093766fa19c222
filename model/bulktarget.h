#pragma once

#include "jobsource.h"

#include <QByteArray>
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

    static BulkTarget ofJids(const QList<QByteArray> &jids, const QString &description = {});
    static BulkTarget ofSource(const JobSource &source, qint64 expected, const QString &description = {});
    static BulkTarget ofFailureGroup(const QString &group, qint64 expected);

    // The number to state in a confirmation: jids.size(), or `expected`.
    qint64 count() const;
};
