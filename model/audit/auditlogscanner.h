// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QList>
#include <QString>

#include <functional>

// Where one line of the audit log lies in the file: 8 bytes, so that a log of a million records
// costs 8 MB to page through, not the lines themselves. The record is read and decoded only when
// it comes on screen. A line longer than the length field holds (16 MB, never a real record) is
// cut there and reads as damaged.
struct AuditLine
{
    quint64 offset : 40; // up to a terabyte of log
    quint64 length : 24; // without its '\n'

    static constexpr qint64 MaxLength = (qint64(1) << 24) - 1;
};

// Finds the lines of the audit log file without decoding them, a bounded piece at a time, for a
// reader on a worker thread (never the GUI thread: the file may be large, on a slow disk).
//
// - The first pass goes from the end of the file towards its start, one chunk per step, so the
//   newest records (the ones shown first) are found at once however long the log has grown.
// - After that only what was appended is read: the end read so far is remembered. A last line
//   without its '\n' (a writer in the middle of an append) is left for a later step.
// - A file cut shorter than what was read, or another file put in its place (rotated, deleted
//   and written anew), is read again from scratch: `restarted` says so and every line found
//   before is void.
// Blank lines (a hand edit) are not records and are passed over.
class AuditLogScanner final
{
    Q_DECLARE_TR_FUNCTIONS(AuditLogScanner)

public:
    explicit AuditLogScanner(const QString &filePath);
    Q_DISABLE_COPY_MOVE(AuditLogScanner)

    struct Step
    {
        QList<AuditLine> newer; // appended since the last step, newest first (they go on top)
        QList<AuditLine> older; // further back in the file, newest first (they go at the bottom)
        bool restarted = false; // the file was cut or replaced: drop every line found before
        QString error;          // the file exists but cannot be read (a folder, no permission)
    };

    // Reads what was appended, then at most `chunkBytes` of the first pass (more only for a line
    // longer than that).
    Step step(qint64 chunkBytes = DefaultChunkBytes);
    // The first pass has reached the start of the file: every line is known (or there is no
    // file to read).
    bool isComplete() const { return !m_opened || m_low == 0; }
    // Bytes of the file the lines found cover (the start of the oldest one to the end of the
    // newest one): for progress.
    qint64 bytesFound() const { return m_high - m_low; }
    qint64 bytesTotal() const { return m_high; }

    // The bytes of `lines` (found by this scanner since its last restart), in their order. Lines
    // that lie next to each other are read in one go. Empty when the file cannot be read.
    QList<QByteArray> read(const QList<AuditLine> &lines);

    // Every complete line of the file at `filePath`, oldest first, read a chunk at a time (memory
    // stays bounded however large the log). False with `error` when the file exists but cannot
    // be read.
    static bool forEachLine(const QString &filePath, const std::function<void(const QByteArray &line)> &each,
                            QString *error = nullptr);

    static constexpr qint64 DefaultChunkBytes = 1 << 20;

private:
    // Opens the file again if it was replaced; false when it is missing or unreadable.
    bool ensureOpen(Step *step);
    bool sameFileAtPath() const;
    bool endStillALineEnd();
    void readAppended(Step *step);
    void readBackward(Step *step, qint64 chunkBytes);
    void restart(Step *step);
    // Lines of `bytes`, which starts at file offset `base` and holds whole lines only.
    static void splitLines(const QByteArray &bytes, qint64 base, QList<AuditLine> *newestFirst);

    QString m_filePath;
    QFile m_file;
    bool m_opened = false;
    qint64 m_low = 0;  // the first pass has found every line from here to m_high
    qint64 m_high = 0; // just past the '\n' of the newest complete line found
};
