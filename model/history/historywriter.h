// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historybatch.h"

#include <QHash>
#include <QString>

class QSqlDatabase;

// Writes batches into an open history file, each in one transaction, at minute resolution: a
// minute's counts replace a reading taken before in the same minute, its event counts add to
// those already there (a batch may hold part of a minute), coverage only ever grows.
class HistoryWriter final
{
public:
    explicit HistoryWriter(QSqlDatabase &db)
        : m_db(db)
    {}

    // False with `error` (and the transaction rolled back) when the file refused a statement.
    bool write(const HistoryBatch &batch, QString *error);
    // After the file was replaced: the queue ids of the old one mean nothing.
    void forgetQueues() { m_queueIds.clear(); }

private:
    qint64 queueId(const QString &name, QString *error);
    bool writeCounts(const QList<HistoryCountsSample> &counts, QString *error);
    bool writeEvents(const QList<HistoryEventCounts> &events, QString *error);
    bool writeCoverage(const QList<HistoryMinuteCoverage> &coverage, QString *error);
    bool writeMarks(const QList<HistoryMark> &marks, QString *error);
    bool writeFailureGrowth(const QList<HistoryFailureGrowth> &growth, QString *error);

    QSqlDatabase &m_db;
    QHash<QString, qint64> m_queueIds;
};
