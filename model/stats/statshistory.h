// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"

#include <QDate>
#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

class QlessClient;

// The per-day stats the Stats page shows, as far as they have been read, and the reads that fill
// it. One queue's days are that queue's; the days of several queues ("All queues") are held only
// added up (desk.statssum adds up to QlessStatsReads::StatsQueuesPerCall queues of a day a call), so
// what is kept grows with the days, not with queues x days: one DayStats (about 2.4 KB) a day of
// the sum, and a day of each of the last QueuesHeld single queues looked at.
//
// A day that has ended no longer changes, so it is read once; today and yesterday (a job popped
// before midnight may complete after it) are read again on every load. A day of the sum read over
// fewer queues than asked now (a queue appeared since) has only the new queues added to it; one
// read over a queue that is gone now is read again whole. Days are UTC, as qless keeps them.
class StatsHistory final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatsHistory)

public:
    using Done = std::function<void(const QString &error)>;
    using Progress = std::function<void()>;

    // The calls of one round: sent two on their way at a time (QlessStatsReads::statsSums), then the
    // days they completed are kept and the next round goes. Rounds let a later load take over and
    // let the page show days as they come.
    static constexpr int RoundCalls = 16;
    static constexpr int QueuesHeld = 8;

    explicit StatsHistory(QlessClient *client, QObject *parent = nullptr);

    // Reads what is not held of `days` (in the order given) for `queues`: one queue, its own
    // figures; more, all of them added up. `progress` runs after each round that completed a
    // day; `done` once at the end, with the first error's message (empty when all went well).
    // A later load ends this one before its next round: `done` then runs with no error, and
    // the days it completed are kept; the later one starts once the round on its way is
    // answered, so one round at most is ever on its way. Never blocks.
    void load(const QStringList &queues, const QList<QDate> &days, Done done, Progress progress = {});

    bool has(const QStringList &queues, const QDate &day) const;
    // The figures of `queues` on `day` (one queue: its own; more: added up); zero for what is
    // not held.
    DayStats figures(const QStringList &queues, const QDate &day) const;
    void clear();

    // What is held, for the tests of its bound: days of the sum and of single queues, and the
    // distinct lists of queues the sums were made over.
    qsizetype heldDays() const;
    qsizetype heldQueueLists() const;
    // The most rounds ever on their way at once (one, by design).
    int mostRoundsOut() const { return m_mostRoundsOut; }

    // The UTC day qless files "now" under.
    static QDate today();
    // A moment inside `day` as the stats script takes it: seconds since the epoch, at UTC noon.
    static double timestampOf(const QDate &day);

private:
    using QueueList = std::shared_ptr<const QStringList>;
    struct Round;
    struct Item;
    struct Sum
    {
        DayStats stats;
        QueueList queues; // the queues it adds up
    };

    QueueList sumList(const QStringList &queues);
    void addItems(Round *round, const QStringList &queues, const QList<QDate> &days);
    void nextRound(const std::shared_ptr<Round> &round);
    void roundAnswered();
    void keep(const Round &round, const Item &item);
    void touchQueue(const QString &queue);

    QlessClient *m_client;
    QHash<QDate, Sum> m_sums;
    QueueList m_sumQueues; // the latest list summed over: loads with the same queues share it
    QHash<QString, QHash<QDate, DayStats>> m_queueDays;
    QStringList m_recentQueues; // single queues held, the most recently loaded last
    int m_ticket = 0;
    int m_roundsOut = 0;
    int m_mostRoundsOut = 0;
    std::shared_ptr<Round> m_waiting; // the latest load, waiting for the round on its way
};
