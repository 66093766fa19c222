// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditlogscanner.h"
#include "auditrecord.h"

#include <QList>
#include <QObject>
#include <QString>

// What one step of the reader found (see AuditLogScanner::Step), for the model on the GUI thread.
struct AuditLogBatch
{
    quint64 generation = 0; // the file as the reader knows it: a restart starts another one
    bool restarted = false;
    QList<AuditLine> newer;   // newest first, to go on top
    QList<AuditLine> older;   // newest first, to go at the bottom
    bool complete = false;    // every line of the file is known (for now)
    qint64 expectedLines = 0; // the file's lines, as the part read so far suggests
    QString error;
};

// One line of the log decoded: its record, or what the line holds when it is not one.
struct AuditLogEntry
{
    quint64 offset = 0;
    bool damaged = false;
    AuditRecord record; // when not damaged
    // For the table, made here on the reader's thread so that painting a screen of rows does not
    // format them: when not damaged, the local time and the details (AuditLogModel::detailsText);
    // when damaged, the start of the line as it is, for people to recognise.
    QString timeText;
    QString text;
};

// The audit log's reader: lives on a thread of its own (AuditLogModel makes it), so the GUI thread
// never waits on the file. It finds the lines a step at a time (the newest first, then further
// back) and decodes the ones asked for, those on screen. The steps of the first pass are queued
// one after another, so a request to decode (the operator scrolled) gets in between two of them.
class AuditLogReader final : public QObject
{
    Q_OBJECT

public:
    explicit AuditLogReader(const QString &filePath);

    // Reads what was appended and goes on with the first pass until it is complete.
    void readMore();
    // Decodes `lines`, found in `generation`; a request for an older generation is dropped (the
    // file was replaced since, the lines are not in it).
    void decode(quint64 generation, const QList<AuditLine> &lines);

    // The first step reads little, so the newest rows come at once; each step after reads twice
    // as much, up to the largest, so a long log takes few steps (each one a few ms of reading).
    static constexpr qint64 FirstChunkBytes = 256 * 1024;
    static constexpr qint64 LargestChunkBytes = 16 * 1024 * 1024;
    // Shown of a damaged line: enough to find it in the file.
    static constexpr int DamagedTextChars = 160;

signals:
    void found(const AuditLogBatch &batch);
    void decoded(quint64 generation, const QList<AuditLogEntry> &entries);

private:
    void step();

    AuditLogScanner m_scanner;
    quint64 m_generation = 1;
    qint64 m_chunkBytes = FirstChunkBytes;
    qint64 m_linesFound = 0;
    bool m_stepQueued = false;
};
