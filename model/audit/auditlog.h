// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditrecord.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// The operator's record of every write made from this console: appended to a JSON Lines file in
// the user's data directory, one record per action, flushed at once so a crash loses nothing
// already done. Read back newest first for the Activity page and exported as CSV. A damaged line
// (a crash mid-write, a hand edit) is skipped and counted, never fatal: the rest still matters.
class AuditLog
{
    Q_DECLARE_TR_FUNCTIONS(AuditLog)

public:
    // The user's log: AppDataLocation/audit.jsonl.
    AuditLog();
    // Another file (tests, or a log chosen elsewhere).
    explicit AuditLog(const QString &filePath);

    static QString defaultFilePath();
    QString filePath() const { return m_filePath; }

    // Appends one line. False when it could not be written, with errorString() saying why; the
    // action itself has happened by then, so the caller reports this rather than undoing anything.
    bool append(const AuditRecord &record);
    QString errorString() const { return m_errorString; }

    // Newest first (the reverse of the order appended), at most `max` when max >= 0. A missing file
    // is an empty log. `skipped`, when given, counts the damaged lines among those read.
    QList<AuditRecord> records(int max = -1, int *skipped = nullptr) const;

    // Every record, oldest first as a log reads, as RFC 4180 CSV with a header row. Written
    // through QSaveFile: on failure the target is left as it was. Empty `error` on success.
    bool exportCsv(const QString &path, QString *error = nullptr) const;

    // The forms written and read; public so tests can build damaged and hand-made lines.
    static QByteArray toJsonLine(const AuditRecord &record);
    // False when the line is not a record (not JSON, not an object, no valid time or action).
    static bool fromJsonLine(const QByteArray &line, AuditRecord *record);

private:
    // The file's lines, or false with `error` when it exists but cannot be read.
    bool readLines(QList<QByteArray> *lines, QString *error) const;

    QString m_filePath;
    QString m_errorString;
};
