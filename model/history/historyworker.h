// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historybatch.h"
#include "historyfile.h"
#include "historypolicy.h"
#include "historyretention.h"
#include "historywriter.h"

#include <QObject>

// The store's half on its own thread: owns the SQLite connection and does every read, write and
// retention pass there, so the GUI thread never waits on the disk. Called through queued
// invocations only (HistoryStore); reports problems back by signal.
class HistoryWorker final : public QObject
{
    Q_OBJECT

public:
    HistoryWorker(const QString &path, const QString &connectionName, const HistoryPolicy &policy);
    ~HistoryWorker() override;

    void open(bool writer);
    void write(const HistoryBatch &batch);
    HistoryRead read(const HistoryRange &range);
    HistoryWaitingRead waitingChanges(qint64 fromMs, qint64 toMs);
    HistoryGrowthRead failureGrowth(qint64 fromMs, qint64 toMs);
    HistoryThroughputRead throughput(const QString &queue, qint64 fromMs, qint64 toMs);
    HistoryRetention::Outcome maintain(qint64 nowMs);
    void close();

signals:
    void problem(const QString &text);
    void opened(bool writable, const QString &movedTo);

private:
    bool usable();
    void report(const QStringList &problems);

    HistoryPolicy m_policy;
    HistoryFile m_file;
    HistoryWriter m_writer;
};
