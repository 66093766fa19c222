// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QList>
#include <QString>

// Reads the audit log from its first line to its last, a bounded piece per call, so that a caller
// on the GUI thread (an export of the Activity view) can hand the event loop back between pieces
// and memory stays bounded however large the log has grown. Only complete lines are handed out: a
// last line without its '\n' (a writer in the middle of an append) is not one yet. Blank lines (a
// hand edit) are not records and are passed over.
class AuditLogForwardReader final
{
    Q_DECLARE_TR_FUNCTIONS(AuditLogForwardReader)

public:
    explicit AuditLogForwardReader(const QString &filePath);
    Q_DISABLE_COPY_MOVE(AuditLogForwardReader)

    // True when the file can be read or does not exist yet (an empty log); false with `error`
    // when it exists but cannot be read (a folder, no permission).
    bool open(QString *error = nullptr);
    // The next complete lines, oldest first, from about `chunkBytes` of the file (more only for a
    // line longer than that). Empty at the end.
    QList<QByteArray> next(qint64 chunkBytes = DefaultChunkBytes);
    bool atEnd() const { return !m_file.isOpen() || m_file.atEnd(); }

    // Only spaces, tabs and '\r' between `begin` and `end`.
    static bool isBlank(const char *begin, const char *end);

    static constexpr qint64 DefaultChunkBytes = 1 << 20;

private:
    QFile m_file;
    QByteArray m_carry; // the start of a line whose end the next piece holds
};
