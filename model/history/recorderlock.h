// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// Across processes, one recorder per history file: an advisory flock(2) on <file>.lock, held for
// as long as this object lives. The kernel lets it go when the process ends however it ends, so
// no stale lock is ever left to guess about. flock is per open file, so a second RecorderLock in
// the same process is refused too. The holder writes its pid into the file for the message the
// others show.
class RecorderLock final
{
public:
    explicit RecorderLock(const QString &databasePath);
    ~RecorderLock();
    Q_DISABLE_COPY_MOVE(RecorderLock)

    // Non-blocking: true when this object holds the lock now.
    bool tryLock();
    bool isHeld() const { return m_fd >= 0; }
    // Why tryLock failed, in words ("held by process 1234").
    const QString &refusal() const { return m_refusal; }
    const QString &lockPath() const { return m_lockPath; }

private:
    QString m_lockPath;
    int m_fd = -1;
    QString m_refusal;
};
