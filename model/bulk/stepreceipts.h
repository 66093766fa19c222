// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

#include <functional>
#include <optional>
#include <utility>

struct BulkRun;
class BulkRunControl;

// The receipts of a run's per-job steps (desk.once) and what was counted with them: a step's
// receipt is kept while its reply may still be asked for, and released (desk.release) once its
// batch has replied, before the next batch goes out, so Redis holds a bounded number of them
// whatever the run's size. Each release is numbered and recorded on the server
// (ql:desk:run:<run>): after a restart that record says which steps the server still holds,
// where the deleted receipts no longer can, and the steps counted done since are looked up.
class StepReceipts final
{
public:
    StepReceipts(BulkRun &run, BulkRunControl &control);

    // The receipt key of a job's step in this run (desk.once): the same for every send of it.
    QByteArray stepKey(const QByteArray &jid) const;
    // Counts a job done (kept, so that a restarted server can be asked again).
    void countDone(const QByteArray &jid);
    // A step replied: its receipt is alive until the next release.
    void keep(const QByteArray &jid, bool done);
    // Steps replied and not released yet.
    bool hasUnreleased() const { return !m_unreleasedDone.isEmpty() || !m_unreleasedOthers.isEmpty(); }
    // Sends the release of the answered steps' receipts, one call of at most ReleasePerCall, then `then`.
    void release(const std::function<void()> &then);
    // After a restart: checks what was counted before against the server, then `then`.
    void recheck(const std::function<void()> &then);
    // Steps a restarted server holds no receipt of: to send again.
    QList<QByteArray> takeLost() { return std::exchange(m_lost, {}); }
    // Cancelled while paused: the steps counted before a restart and not checked since stay unknown.
    void abandonRecheck();
    // For the run's end, which deletes their receipts: the steps answered and not released
    // (dropped now), and those counted before a restart and not checked yet.
    QList<QByteArray> takeUnreleased();
    const QList<QByteArray> &unchecked() const { return m_recheck; }
    // Steps whose reply was lost: unknown, their receipts go at the run's end.
    void keepUnknown(const QList<QByteArray> &jids) { m_unreleasedOthers += jids; }

private:
    // The release sent (m_releaseSent) was applied: its steps leave the unreleased ones.
    void commitRelease();
    // recheck once the server's count of the run's releases is known.
    void recheckFromRelease(qint64 applied, const std::function<void()> &then);
    void recheckNext(const std::function<void()> &then);

    BulkRun &m_run;
    BulkRunControl &m_control;
    // Steps that replied, their receipts alive until released: counted done, and the others.
    QList<QByteArray> m_unreleasedDone;
    QList<QByteArray> m_unreleasedOthers;
    // Release n (from 1) is m_releases[n - 1]: the steps whose receipts it deleted, as they were
    // counted. After a restart the server's record says which releases it still has.
    struct Release
    {
        QList<QByteArray> done;
        QList<QByteArray> others;
    };
    QList<Release> m_releases;
    // The release sent and not answered yet, or whose reply was lost: sent again as it is, and
    // after a restart counted as applied when the server's record says so.
    std::optional<Release> m_releaseSent;
    QList<QByteArray> m_recheck; // counted done before a restart, receipt not looked up yet
    qint64 m_recheckTotal = 0;
    qint64 m_recheckStillDone = 0;
    QList<QByteArray> m_lost; // looked up, no receipt: to send again
};
