// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertevaluator.h"

#include <QObject>
#include <QSet>

#include <memory>
#include <optional>

class BluequeClient;
class HistoryStore;
class QlessClient;
class SideJobClient;

// Checks the alert rules of one connection once per refresh: reads, in one round, only what the
// enabled rules need (the queues' counts, the failure groups' sizes, the workers' last-seen
// times, and from the history file what the trend rules compare), each read bounded as the
// pages' own reads are, and hands what it saw to the AlertEvaluator (and, for a rule on waiting
// time, since when the queues with jobs waiting have had them; for Blueque's rules, its queues'
// counts and since when their oldest started tasks have run; for SideJob's, Sidekiq's overview and
// the failed jobs counted by a walk of the jobs spread over checks). A read that fails leaves its part out (its rules keep their state); a check
// asked for while one is under way is folded into it. While the connection is down nothing is
// read, and the connection rule sees it down.
class AlertMonitor final : public QObject
{
    Q_OBJECT

public:
    explicit AlertMonitor(QlessClient *client, QObject *parent = nullptr);

    void setRules(const QList<AlertRule> &rules);
    const QList<AlertRule> &rules() const { return m_evaluator.rules(); }
    QList<AlertEvaluator::Active> active() const { return m_evaluator.active(); }
    AlertEvaluator &evaluator() { return m_evaluator; }

    // The server's history, which the trend rules read (AlertTrendReader); without it they never
    // fire.
    void setHistory(std::shared_ptr<HistoryStore> store);

    // The connection is ready (true) or not; a change is checked at once.
    void setConnected(bool connected);
    // One round of reads and an evaluation; checked() follows.
    void check();
    bool isChecking() const { return m_pending > 0; }

signals:
    // Alerts that fired or cleared in this check (none: no signal).
    void changed(const QList<AlertEvent> &events);
    // A check has ended (after changed, when there were changes).
    void checked();
    // The queues' counts this check read (for others who need them after each refresh: the
    // window title's paused count), when a rule needed them and the read succeeded.
    void queuesRead(const QList<QueueCounts> &queues);

private:
    void readFailureGroups(const QByteArray &cursor, quint64 round);
    void readWaitingSince(const QStringList &of, quint64 round);
    void readBlueque(const AlertEvaluator::Needs &needs, quint64 round);
    void readBluequeStarted(const QStringList &queues, int index, const QByteArray &cursor, int pages, quint64 round);
    void readSidekiq(quint64 round);
    // The failed SideJob jobs counted, from where the last check stopped: at most
    // SideJobFailedCallsPerCheck calls a check (alertmonitorsidejob.cpp).
    void readSideJobFailed(int calls, quint64 round);
    void partDone(quint64 round);
    void evaluate();

    QlessClient *m_client;
    BluequeClient *m_blueque = nullptr; // over m_client's connection, made when a Blueque rule is on
    // Pages of 100 entries read of one queue's started set a check: a task started long ago among
    // more than this many running ones may be missed, but a check stays a few bounded calls.
    static constexpr int BluequeStartedPages = 10;
    SideJobClient *m_sidejob = nullptr; // over m_client's connection, made when a SideJob rule is on
    // jobpage calls (300 ids each) a check spends walking the jobs for failed ones: a deployment of
    // up to 3,000 ids is counted whole every check, a larger one once every few checks, each call
    // bounded as the page's own.
    static constexpr int SideJobFailedCallsPerCheck = 10;
    qint64 m_failedCursor = 0;                             // where the walk goes on (0: a new walk from jobs:last_id)
    QHash<QString, qint64> m_failedSoFar;                  // by queue, in the walk under way
    std::optional<QHash<QString, qint64>> m_failedCounted; // by the last whole walk
    std::shared_ptr<HistoryStore> m_history;
    // The history changes about once a minute: trend values read recently in the same minute
    // serve the checks after (the recorder writes a minute's sample a moment after it starts).
    static constexpr qint64 TrendReuseMs = 20000;
    qint64 m_trendReadMs = -1; // when (server clock) m_trendValues were read; -1: to read anew
    QHash<QString, QList<AlertTrendValue>> m_trendValues;
    AlertEvaluator m_evaluator;
    AlertObservation m_seen;
    QList<FailureGroup> m_groupsSoFar;
    QSet<QString> m_groupNamesSoFar; // of m_groupsSoFar
    bool m_connected = true;
    bool m_again = false; // a check was asked for while one was under way
    int m_pending = 0;    // reads of this round still out
    quint64 m_round = 0;  // replies of an earlier round (rules changed since) are dropped
};
