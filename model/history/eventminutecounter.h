// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"
#include "qlessevent.h"

#include <QHash>
#include <QList>
#include <QString>

#include <deque>

// Counts what ql:log says per queue and minute: put, completed, failed and lock_lost (timed
// out). qless names the queue in put and completed but not in failed or lock_lost, so the queue
// of a jid seen put or completed is remembered (bounded: the first remembered are forgotten
// first), and the others wait, with their minute, for the recorder to look their queue up
// (resolve) or give them up as unknown. qless publishes nothing for a retry: not counted.
class EventMinuteCounter final
{
public:
    static constexpr int MaxRemembered = 100000;
    static constexpr int MaxPending = 20000;
    // Where events whose queue could not be found are counted: the server's totals stay right.
    static QString unknownQueue() { return QStringLiteral("(unknown queue)"); }

    // `minuteMs`: the minute the event arrived in, on the recorder's clock.
    void count(const QlessEvent &event, qint64 minuteMs);
    // Jids whose queue is wanted, oldest first, at most `most`.
    QList<QByteArray> pendingJids(int most) const;
    int pendingCount() const { return int(m_pending.size()); }
    // The queue of a pending jid (empty: the job is gone, counted as unknown).
    void resolve(const QString &jid, const QString &queue);
    // The counts gathered since the last take, then forgotten here (the store adds them up).
    QList<HistoryEventCounts> take();

private:
    enum class Kind { Put, Completed, Failed, TimedOut };
    struct Pending
    {
        QString jid;
        Kind kind;
        qint64 minuteMs;
    };

    void add(const QString &queue, Kind kind, qint64 minuteMs);
    void remember(const QString &jid, const QString &queue);

    QHash<QPair<QString, qint64>, HistoryEventCounts> m_counts;
    QHash<QString, QString> m_queueOf;
    std::deque<QString> m_rememberedOrder;
    std::deque<Pending> m_pending;
};
