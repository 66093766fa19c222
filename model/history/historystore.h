// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historybatch.h"
#include "historypolicy.h"
#include "historyretention.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QThread>

#include <functional>
#include <memory>

class HistoryWorker;
class RecorderLock;

// One server's history file, for every window (and the recorder) of this process: share it
// through HistoryRegistry. All disk work runs on a thread of its own; every call here returns at
// once and a read's answer comes back on the context's thread. Whether this process may write is
// settled at construction by the recorder lock (a non-blocking flock, no disk wait): the first
// process records, the others only read what it writes (WAL lets them).
class HistoryStore final : public QObject
{
    Q_OBJECT

public:
    enum class Mode { Record, Read };
    template<typename T>
    using Done = std::function<void(const T &)>;

    HistoryStore(const QString &path, Mode mode, const HistoryPolicy &policy = {}, QObject *parent = nullptr);
    // Writes what was queued, then closes (waits for the thread: only at the end of a window).
    ~HistoryStore() override;

    const QString &path() const { return m_path; }
    const HistoryPolicy &policy() const { return m_policy; }
    // This process holds the recorder lock (writes are taken).
    bool isWriter() const;
    // Why this process may not write: another recorder's pid, or the file unusable.
    QString whyReadOnly() const;
    // Every problem reported so far (also signalled one by one).
    const QStringList &problems() const { return m_problems; }
    // Where a damaged file was last moved to; empty when none was.
    const QString &movedTo() const { return m_movedTo; }

    // Tries the recorder lock again (the process that held it may have ended): when it is taken
    // now, the file is opened again for writing, on the store's thread. Whether this store writes.
    bool tryToBecomeWriter();
    // One recorder per process and file: the first to claim it (while it lives) is the one.
    bool claimRecording(QObject *recorder);

    void append(const HistoryBatch &batch);
    void read(const HistoryRange &range, QObject *context, Done<HistoryRead> done);
    // For the trend alerts: each queue's first and last waiting count sampled in [fromMs, toMs).
    void readWaitingChanges(qint64 fromMs, qint64 toMs, QObject *context, Done<HistoryWaitingRead> done);
    // For the throughput alert: jobs completed in `queue` (empty: all) over the minutes heard whole.
    void readThroughput(const QString &queue, qint64 fromMs, qint64 toMs, QObject *context,
                        Done<HistoryThroughputRead> done);
    // The failure groups that grew, minute by minute, in [fromMs, toMs).
    void readFailureGrowth(qint64 fromMs, qint64 toMs, QObject *context, Done<HistoryGrowthRead> done);
    void maintain(qint64 nowMs, QObject *context = nullptr, Done<HistoryRetention::Outcome> done = {});
    // `done` runs on the context's thread once everything asked before has been done.
    void whenIdle(QObject *context, std::function<void()> done);

signals:
    void problem(const QString &text);
    // The file was opened (again, after a recovery): whether it takes writes.
    void opened(bool writable);

private:
    void onOpened(bool writable, const QString &movedTo);
    void onProblem(const QString &text);

    QString m_path;
    HistoryPolicy m_policy;
    std::unique_ptr<RecorderLock> m_lock;
    QThread m_thread;
    HistoryWorker *m_worker = nullptr;
    QPointer<QObject> m_recorder;
    QStringList m_problems;
    QString m_movedTo;
    bool m_writable = false;
};
