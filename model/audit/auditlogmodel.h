// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditlogreader.h"
#include "auditrecord.h"

#include <QAbstractTableModel>
#include <QCache>
#include <QSet>
#include <QThread>
#include <QTimer>

// The Activity page: the audit log newest first, one row per line of the file. The file is read
// by an AuditLogReader on a thread of its own, never on the GUI thread: what the model holds per
// row is where the line lies (8 bytes), and a row is decoded when a view asks for it, a block at a
// time, so a log of a million records pages through like one of ten. A reload reads only what was
// appended since (new rows on top, selection kept; no reset), and starts over when the file was
// cut or replaced. A line that is not a record is a row marked damaged, not a gap.
class AuditLogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditLogModel)

public:
    enum Column { TimeColumn, ServerColumn, ActionColumn, DetailsColumn, CountColumn, OutcomeColumn, ColumnCount };
    // The raw value behind a cell (the outcome as written, the time in ms); "damaged" for a damaged
    // line's outcome.
    static constexpr int SortRole = Qt::UserRole;
    // The row's identity: the line's byte offset in the file (it never changes while the file
    // only grows).
    static constexpr int KeyRole = Qt::UserRole + 1;
    // True once the row is decoded (until then its cells are empty but for a mark). Asking it of a
    // row not decoded yet asks for the row, as any other role does.
    static constexpr int DecodedRole = Qt::UserRole + 2;
    // A bulk run's id (the "run" argument its rows carry; empty for other rows), for a link to
    // the run from elsewhere (the History page's marks).
    static constexpr int RunRole = Qt::UserRole + 3;
    // Rows decoded together: what a view shows at once, and a little more.
    static constexpr int BlockRows = 64;
    // Rows found further back are taken into the table a slice at a time, InsertPauseMs apart
    // (see insertOlder). A slice's cost on the GUI thread grows with its rows (the view and its
    // header take each in), and how fast depends on the machine and the moment: a fixed slice
    // that fits in a frame on one day does not on another. So each slice is sized from the time the last full one took, for about InsertSliceMs, within
    // the bounds; InsertSliceRows is the first.
    static constexpr int InsertSliceRows = 2048;
    static constexpr int InsertSliceMinRows = 256;
    static constexpr int InsertSliceMaxRows = 16384;
    static constexpr double InsertSliceMs = 6.0;
    static constexpr int InsertPauseMs = 16;
    // Decoded rows kept: several screens' worth, however far the operator scrolls.
    static constexpr int KeptRecords = 4096;

    // Starts reading `filePath` at once, off this thread.
    explicit AuditLogModel(const QString &filePath, QObject *parent = nullptr);
    ~AuditLogModel() override;

    QString filePath() const { return m_filePath; }
    // Asks for what was appended since (or the whole file, if it was replaced); returns at once.
    void reload();
    // Every line of the file known when the last read ended (rows may still be decoding).
    bool isComplete() const { return m_readerComplete && m_older.isEmpty(); }
    // The file exists but cannot be read (a folder, no permission); empty otherwise.
    QString readError() const { return m_error; }
    // Damaged lines among those decoded so far (the ones shown: a line is only read when shown).
    int damagedLines() const { return int(m_damaged.size()); }
    // The thread the file is read on (tests: never this one).
    QThread *readerThread() const { return const_cast<QThread *>(&m_thread); }
    // Lives on readerThread(); its signals may be watched (tests), never its functions called.
    AuditLogReader *reader() const { return m_reader; }

    // The arguments and message as one line: "queue=q1, group=boom; 3 skipped (gone)".
    static QString detailsText(const AuditRecord &record);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // A read was taken in: rows, damage, completeness or the error may have changed.
    void statusChanged();

private:
    void take(const AuditLogBatch &batch);
    void insertOlder();
    void takeDecoded(quint64 generation, const QList<AuditLogEntry> &entries);
    // A view asked for a row not decoded yet: its block is asked of the reader (once), soon.
    void want(int row) const;
    void askForWanted();
    // The row of the line at `offset`, or -1 (rows are newest first: offsets descend).
    int rowOf(quint64 offset) const;
    QVariant decodedData(const AuditLogEntry &entry, int column, int role) const;
    QString outcomeText(const QString &outcome) const;

    QString m_filePath;
    QThread m_thread;
    AuditLogReader *m_reader;
    quint64 m_generation = 0;
    QList<AuditLine> m_lines; // newest first
    QList<AuditLine> m_older; // found further back, not in the table yet (newest first)
    QTimer m_insertTimer;
    int m_sliceRows = InsertSliceRows; // the next slice's, from the last one's time
    bool m_readerComplete = false;
    QString m_error;
    QSet<quint64> m_damaged;
    mutable QCache<quint64, AuditLogEntry> m_decoded{KeptRecords};
    mutable QSet<quint64> m_asked;    // offsets asked of the reader, not answered yet
    mutable QSet<int> m_wantedBlocks; // blocks to ask for when the event loop comes round
    mutable bool m_askQueued = false;
};
