// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyworker.h"

#include "historyreader.h"
#include "historytrendreader.h"

#include <QSqlError>

HistoryWorker::HistoryWorker(const QString &path, const QString &connectionName, const HistoryPolicy &policy)
    : m_policy(policy)
    , m_file(path, connectionName, policy.busyTimeoutMs)
    , m_writer(m_file.db())
{}

HistoryWorker::~HistoryWorker() = default;

void HistoryWorker::report(const QStringList &problems)
{
    for (const QString &text : problems)
        emit problem(text);
}

void HistoryWorker::open(bool writer)
{
    QStringList problems;
    const HistoryFile::State state = m_file.open(writer, &problems);
    m_writer.forgetQueues();
    report(problems);
    emit opened(state == HistoryFile::State::Writable, m_file.movedTo());
}

bool HistoryWorker::usable()
{
    return m_file.state() == HistoryFile::State::Writable || m_file.state() == HistoryFile::State::ReadOnly;
}

void HistoryWorker::write(const HistoryBatch &batch)
{
    if (m_file.state() != HistoryFile::State::Writable)
        return;
    QString error;
    if (m_writer.write(batch, &error))
        return;
    if (!HistoryFile::isDamageOrLock(m_file.db().lastError()) && !error.contains(QLatin1String("malformed"))
        && !error.contains(QLatin1String("locked"))) {
        emit problem(QStringLiteral("Could not write to the history file %1: %2").arg(m_file.path(), error));
        return;
    }
    // Damaged (or locked for longer than the busy timeout) while in use: a new file, and this
    // batch goes into it rather than nowhere.
    QStringList problems;
    m_file.recover(error, &problems);
    m_writer.forgetQueues();
    report(problems);
    emit opened(m_file.state() == HistoryFile::State::Writable, m_file.movedTo());
    if (m_file.state() == HistoryFile::State::Writable && !m_writer.write(batch, &error))
        emit problem(QStringLiteral("Could not write to the new history file %1: %2").arg(m_file.path(), error));
}

HistoryRead HistoryWorker::read(const HistoryRange &range)
{
    if (!usable()) {
        HistoryRead result;
        result.error = QStringLiteral("the history file %1 is not open").arg(m_file.path());
        return result;
    }
    return HistoryReader::read(m_file.db(), range, m_policy.coarseMinutes);
}

HistoryWaitingRead HistoryWorker::waitingChanges(qint64 fromMs, qint64 toMs)
{
    if (!usable())
        return HistoryWaitingRead{{}, QStringLiteral("the history file %1 is not open").arg(m_file.path())};
    return HistoryTrendReader::waitingChanges(m_file.db(), fromMs, toMs);
}

HistoryGrowthRead HistoryWorker::failureGrowth(qint64 fromMs, qint64 toMs)
{
    if (!usable())
        return HistoryGrowthRead{{}, QStringLiteral("the history file %1 is not open").arg(m_file.path())};
    return HistoryTrendReader::failureGrowth(m_file.db(), fromMs, toMs);
}

HistoryThroughputRead HistoryWorker::throughput(const QString &queue, qint64 fromMs, qint64 toMs)
{
    if (!usable())
        return HistoryThroughputRead{0, 0, QStringLiteral("the history file %1 is not open").arg(m_file.path())};
    return HistoryTrendReader::throughput(m_file.db(), queue, fromMs, toMs);
}

HistoryRetention::Outcome HistoryWorker::maintain(qint64 nowMs)
{
    if (m_file.state() != HistoryFile::State::Writable) {
        HistoryRetention::Outcome outcome;
        outcome.error = QStringLiteral("not the recorder of this file");
        return outcome;
    }
    HistoryRetention::Outcome outcome = HistoryRetention::run(m_file.db(), nowMs, m_policy);
    if (!outcome.error.isEmpty())
        emit problem(QStringLiteral("The history's retention pass failed: %1").arg(outcome.error));
    return outcome;
}

void HistoryWorker::close()
{
    m_file.close();
}
