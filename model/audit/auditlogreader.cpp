// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlogreader.h"

#include "auditlog.h"
#include "auditlogmodel.h"
#include "timetext.h"

AuditLogReader::AuditLogReader(const QString &filePath)
    : m_scanner(filePath)
{}

void AuditLogReader::readMore()
{
    if (m_stepQueued)
        return; // the step queued reads what was appended too
    m_stepQueued = true;
    QMetaObject::invokeMethod(this, &AuditLogReader::step, Qt::QueuedConnection);
}

void AuditLogReader::step()
{
    m_stepQueued = false;
    AuditLogScanner::Step step = m_scanner.step(m_chunkBytes);
    if (step.restarted) {
        ++m_generation;
        m_chunkBytes = FirstChunkBytes;
        m_linesFound = 0;
    }
    if (!step.older.isEmpty())
        m_chunkBytes = qMin(LargestChunkBytes, m_chunkBytes * 2);
    AuditLogBatch batch;
    batch.generation = m_generation;
    batch.restarted = step.restarted;
    batch.newer = std::move(step.newer);
    batch.older = std::move(step.older);
    batch.complete = m_scanner.isComplete();
    m_linesFound += batch.newer.size() + batch.older.size();
    const qint64 bytesFound = qMax<qint64>(1, m_scanner.bytesFound());
    batch.expectedLines = qint64(double(m_linesFound) * double(m_scanner.bytesTotal()) / double(bytesFound));
    batch.error = step.error;
    emit found(batch);
    if (!batch.complete && batch.error.isEmpty())
        readMore();
}

void AuditLogReader::decode(quint64 generation, const QList<AuditLine> &lines)
{
    if (generation != m_generation)
        return;
    const QList<QByteArray> bytes = m_scanner.read(lines);
    if (bytes.size() != lines.size())
        return; // the file went away meanwhile: the next step says so
    QList<AuditLogEntry> entries;
    entries.reserve(lines.size());
    for (qsizetype i = 0; i < lines.size(); ++i) {
        AuditLogEntry entry;
        entry.offset = lines.at(i).offset;
        const QByteArray &line = bytes.at(i);
        entry.damaged = !AuditLog::fromJsonLine(line.trimmed(), &entry.record);
        if (!entry.damaged) {
            entry.timeText = TimeText::local(entry.record.time);
            entry.text = AuditLogModel::detailsText(entry.record);
        } else {
            // Control bytes (a binary mess) would garble the cell: shown as the replacement mark.
            entry.text = QString::fromUtf8(line.left(DamagedTextChars * 4)).left(DamagedTextChars);
            for (QChar &c : entry.text) {
                if (c.category() == QChar::Other_Control)
                    c = QChar::ReplacementCharacter;
            }
        }
        entries.append(entry);
    }
    emit decoded(generation, entries);
}
