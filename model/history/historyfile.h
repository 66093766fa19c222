// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

class QSqlError;

// One history file opened on the store's worker thread (a QSqlDatabase connection belongs to the
// thread that made it): WAL, so readers in other windows and processes do not block the writer;
// a busy timeout, so a short lock held by another connection is waited out on this thread, never
// on the GUI's. The writer (the one holding the recorder lock) moves a damaged file, a file that
// is not a history, or one that stays locked past the busy timeout aside (kept beside it as
// <name>.damaged-<time>, with its -wal and -shm) and starts a new one: the record goes on, the
// old one stays for a closer look. A reader only reports such a file.
class HistoryFile final
{
public:
    enum class State { Closed, Writable, ReadOnly, Unavailable };

    HistoryFile(const QString &path, const QString &connectionName, int busyTimeoutMs);
    ~HistoryFile();
    Q_DISABLE_COPY_MOVE(HistoryFile)

    // `problems` gets one sentence per thing that went wrong (and what was done about it).
    State open(bool writer, QStringList *problems);
    void close();
    // After a statement failed: whether that error means the file is damaged or stays locked.
    static bool isDamageOrLock(const QSqlError &error);
    // The writer's way out of such an error: moves the file aside and opens a new one.
    State recover(const QString &why, QStringList *problems);

    State state() const { return m_state; }
    QSqlDatabase &db() { return m_db; }
    const QString &path() const { return m_path; }
    // Where the last damaged file was moved to; empty when none was.
    const QString &movedTo() const { return m_movedTo; }

private:
    State openOnce(bool writer, QString *problem, bool *moveAside);
    bool moveAside(QString *error);

    QString m_path;
    QString m_connectionName;
    int m_busyTimeoutMs;
    QSqlDatabase m_db;
    State m_state = State::Closed;
    QString m_movedTo;
};
