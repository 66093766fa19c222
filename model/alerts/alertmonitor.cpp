// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertmonitor.h"

#include "alerttrendreader.h"
#include "bluequeclient.h"
#include "historystore.h"
#include "qlessclient.h"

#include <QDateTime>

AlertMonitor::AlertMonitor(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void AlertMonitor::setHistory(std::shared_ptr<HistoryStore> store)
{
    m_history = std::move(store);
    m_trendReadMs = -1;
}

void AlertMonitor::setRules(const QList<AlertRule> &rules)
{
    m_evaluator.setRules(rules);
    m_trendReadMs = -1; // a new rule's window is read anew
    // A round under way read for the old rules: its replies are dropped, the next check reads anew.
    if (m_pending > 0) {
        ++m_round;
        m_pending = 0;
    }
}

void AlertMonitor::setConnected(bool connected)
{
    if (connected == m_connected)
        return;
    m_connected = connected;
    check();
}

void AlertMonitor::check()
{
    if (m_pending > 0) {
        m_again = true;
        return;
    }
    const quint64 round = ++m_round;
    m_seen = AlertObservation();
    m_seen.connected = m_connected;
    const AlertEvaluator::Needs needs = m_evaluator.needs();
    if (!m_connected || !m_client) {
        // Nothing can be read; the desktop's clock stands in for the server's, which is out of reach.
        m_seen.now = m_client ? m_client->now() : double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        evaluate();
        return;
    }
    m_pending = 1; // held until every read is sent, so a quick reply cannot end the round early
    if (needs.queues) {
        ++m_pending;
        m_client->queueReads().queueCounts(this, [this, round, needs](const QlessReply<QList<QueueCounts>> &reply) {
            if (round != m_round)
                return;
            if (reply.ok()) {
                m_seen.queues = reply.value;
                if (needs.waitingSince)
                    readWaitingSince(needs.waitingSinceOf, round);
                emit queuesRead(reply.value);
            }
            partDone(round);
        });
    }
    if (needs.failureGroups) {
        ++m_pending;
        m_groupsSoFar.clear();
        readFailureGroups({}, round);
    }
    if (needs.history && m_history) {
        // The server's clock, as the rest of the check (a test's clock with it).
        const qint64 nowMs = qint64(m_client->now() * 1000.0);
        if (m_trendReadMs >= 0 && nowMs / 60000 == m_trendReadMs / 60000 && nowMs - m_trendReadMs < TrendReuseMs) {
            m_seen.trends = m_trendValues;
        } else {
            ++m_pending;
            AlertTrendReader::read(m_history.get(), m_evaluator.rules(), nowMs, this,
                                   [this, round, nowMs](const QHash<QString, QList<AlertTrendValue>> &values) {
                                       if (round != m_round)
                                           return;
                                       m_trendReadMs = nowMs;
                                       m_trendValues = values;
                                       m_seen.trends = values;
                                       partDone(round);
                                   });
        }
    }
    if (needs.bluequeQueues) {
        ++m_pending;
        readBlueque(needs, round);
    }
    if (needs.sidekiq) {
        ++m_pending;
        readSidekiq(round);
    }
    if (needs.sideJobFailed) {
        ++m_pending;
        readSideJobFailed(0, round);
    }
    if (needs.workers) {
        ++m_pending;
        m_client->workerReads().workers(this, [this, round](const QlessReply<QList<WorkerSummary>> &reply) {
            if (round != m_round)
                return;
            if (reply.ok())
                m_seen.workers = reply.value;
            partDone(round);
        });
    }
    partDone(round);
}

// How long the queues' jobs have waited, for the queues with a job waiting (asked of the named
// ones only, or of every queue when a rule watches them all).
void AlertMonitor::readWaitingSince(const QStringList &of, quint64 round)
{
    QStringList queues;
    for (const QueueCounts &queue : std::as_const(*m_seen.queues)) {
        if (queue.waiting > 0 && (of.isEmpty() || of.contains(queue.name)))
            queues << queue.name;
    }
    ++m_pending;
    m_client->queueReads().waitingSince(queues, this, [this, round](const QlessReply<QHash<QString, double>> &reply) {
        if (round != m_round)
            return;
        if (reply.ok())
            m_seen.waitingSince = reply.value;
        partDone(round);
    });
}

// Blueque's queues with their counts (windows of 100 queues a call, as the Blueque page reads them),
// then, for a rule on started tasks, the started sets of the queues with tasks started.
void AlertMonitor::readBlueque(const AlertEvaluator::Needs &needs, quint64 round)
{
    if (!m_blueque)
        m_blueque = new BluequeClient(m_client->connection(), this);
    m_blueque->queues(m_client->now(), this, [this, round, needs](const QlessReply<QList<BluequeQueue>> &reply) {
        if (round != m_round)
            return;
        if (reply.ok()) {
            m_seen.bluequeQueues = reply.value;
            if (needs.bluequeStartedSince) {
                QStringList queues;
                for (const BluequeQueue &queue : reply.value) {
                    if (queue.started > 0
                        && (needs.bluequeStartedOf.isEmpty() || needs.bluequeStartedOf.contains(queue.name)))
                        queues << queue.name;
                }
                m_seen.bluequeStartedSince = QHash<QString, double>();
                ++m_pending;
                readBluequeStarted(queues, 0, QByteArray("0"), 0, round);
            }
        }
        partDone(round);
    });
}

// The earliest `updated` of the tasks that still say `started`, queue after queue, a page of the
// started set (SSCAN) a call, at most BluequeStartedPages a queue.
void AlertMonitor::readBluequeStarted(const QStringList &queues, int index, const QByteArray &cursor, int pages,
                                      quint64 round)
{
    if (index >= queues.size()) {
        partDone(round);
        return;
    }
    const QString queue = queues.at(index);
    m_blueque->taskPage(queue, QStringLiteral("started"), cursor.toLongLong(), BluequeClient::TasksPerCall, this,
                        [this, queues, index, pages, round, queue](const QlessReply<BluequeTaskPage> &reply) {
                            if (round != m_round)
                                return;
                            if (!reply.ok()) {
                                m_seen.bluequeStartedSince.reset(); // left out: its rules keep their state
                                partDone(round);
                                return;
                            }
                            QHash<QString, double> &since = *m_seen.bluequeStartedSince;
                            for (const BluequeTaskRow &task : reply.value.rows) {
                                if (task.status != QLatin1String("started") || !task.updated.seconds)
                                    continue;
                                const double at = *task.updated.seconds;
                                const auto known = since.constFind(queue);
                                if (known == since.cend() || at < *known)
                                    since.insert(queue, at);
                            }
                            const QByteArray next = reply.value.next;
                            if (!next.isEmpty() && next != "0" && pages + 1 < BluequeStartedPages)
                                readBluequeStarted(queues, index, next, pages + 1, round);
                            else
                                readBluequeStarted(queues, index + 1, QByteArray("0"), 0, round);
                        });
}

// Every group's count, a bounded step a call (desk.failurecounts: names and counts, no newest
// failure read): a growth rule on all groups sums them all. A group a later step lists again
// (SSCAN may, when the set grows meanwhile) is kept once, so it is not summed twice.
void AlertMonitor::readFailureGroups(const QByteArray &cursor, quint64 round)
{
    if (cursor.isEmpty())
        m_groupNamesSoFar.clear();
    m_client->failureReads().failureGroupCounts(cursor, this, [this, round](const QlessReply<FailureGroupList> &reply) {
        if (round != m_round)
            return;
        if (!reply.ok()) {
            partDone(round); // left out: the growth rules keep their state
            return;
        }
        for (const FailureGroup &group : reply.value.groups) {
            if (!m_groupNamesSoFar.contains(group.name)) {
                m_groupNamesSoFar.insert(group.name);
                m_groupsSoFar += group;
            }
        }
        if (!reply.value.cursor.isEmpty()) {
            readFailureGroups(reply.value.cursor, round);
            return;
        }
        m_seen.failureGroups = m_groupsSoFar;
        m_groupsSoFar.clear();
        m_groupNamesSoFar.clear();
        partDone(round);
    });
}

void AlertMonitor::partDone(quint64 round)
{
    if (round != m_round || --m_pending > 0)
        return;
    m_seen.now = m_client->now(); // when the replies are in: what the rules compare last-seen with
    evaluate();
}

void AlertMonitor::evaluate()
{
    const QList<AlertEvent> events = m_evaluator.observe(m_seen);
    m_seen = AlertObservation();
    if (!events.isEmpty())
        emit changed(events);
    emit checked();
    if (m_again) {
        m_again = false;
        check();
    }
}
