// SPDX-License-Identifier: GPL-3.0-or-later
#include "statshistory.h"

#include "daystatssum.h"
#include "qlessclient.h"

#include <QDateTime>
#include <QSet>

#include <optional>
#include <utility>

// A day to read: `queues[first, first + count)` for each of `pending`, joined to `sum`.
struct StatsHistory::Item
{
    struct Range
    {
        qsizetype first = 0;
        qsizetype count = 0;
    };
    QDate day;
    QueueList queues; // what is still to be added up this load
    QueueList covers; // what the sum covers once done (the sum's list; empty for one queue)
    QList<Range> pending;
    std::optional<DayStats> sum;
    int sent = 0; // calls of this round not answered yet
};

struct StatsHistory::Round
{
    int ticket = 0;
    QString queue; // one queue's days; empty for a sum
    QList<Item> items;
    Done done;
    Progress progress;
};

namespace {
// What a day not read shows: the sum of nothing (zero figures, zero bins).
DayStats nothing()
{
    return DayStatsSum::combine(QList<DayStats>{});
}
} // namespace

StatsHistory::StatsHistory(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

QDate StatsHistory::today()
{
    return QDateTime::currentDateTimeUtc().date();
}

double StatsHistory::timestampOf(const QDate &day)
{
    return double(QDateTime(day, QTime(12, 0), Qt::UTC).toSecsSinceEpoch());
}

void StatsHistory::load(const QStringList &queues, const QList<QDate> &days, Done done, Progress progress)
{
    auto round = std::make_shared<Round>();
    round->ticket = ++m_ticket;
    round->done = std::move(done);
    round->progress = std::move(progress);
    if (!queues.isEmpty())
        addItems(round.get(), queues, days);
    if (m_roundsOut > 0) {
        if (m_waiting)
            m_waiting->done(QString()); // taken over before it started
        m_waiting = round;
        return;
    }
    nextRound(round);
}

void StatsHistory::roundAnswered()
{
    --m_roundsOut;
    if (m_waiting)
        nextRound(std::exchange(m_waiting, nullptr));
}

StatsHistory::QueueList StatsHistory::sumList(const QStringList &queues)
{
    if (!m_sumQueues || *m_sumQueues != queues)
        m_sumQueues = std::make_shared<const QStringList>(queues);
    return m_sumQueues;
}

void StatsHistory::addItems(Round *round, const QStringList &queues, const QList<QDate> &days)
{
    const QDate settled = today().addDays(-1);
    if (queues.size() == 1) {
        round->queue = queues.first();
        touchQueue(round->queue);
        const QHash<QDate, DayStats> &held = m_queueDays[round->queue];
        const auto list = std::make_shared<const QStringList>(queues);
        for (const QDate &day : days) {
            if (day >= settled || !held.contains(day))
                round->items.append(Item{day, list, nullptr, {{0, 1}}, std::nullopt, 0});
        }
        return;
    }
    const QueueList list = sumList(queues);
    // The queues that appeared since a held sum was made, by the list it was made over: the
    // days of one list share it. Null when a queue it covers is gone (read again whole).
    QHash<const QStringList *, QueueList> added;
    for (const QDate &day : days) {
        const auto held = m_sums.constFind(day);
        if (day < settled && held != m_sums.constEnd()) {
            if (held->queues == list)
                continue;
            const QStringList *before = held->queues.get();
            if (!added.contains(before)) {
                const QSet<QString> had(before->begin(), before->end());
                QSet<QString> gone = had;
                gone.subtract(QSet<QString>(list->begin(), list->end()));
                QStringList fresh;
                for (const QString &queue : *list) {
                    if (!had.contains(queue))
                        fresh << queue;
                }
                added.insert(before, gone.isEmpty() ? std::make_shared<const QStringList>(fresh) : nullptr);
            }
            const QueueList fresh = added.value(before);
            if (fresh) {
                Item item{day, fresh, list, {}, held->stats, 0};
                if (!fresh->isEmpty())
                    item.pending.append(Item::Range{0, fresh->size()});
                round->items.append(item);
                continue;
            }
        }
        round->items.append(Item{day, list, list, {{0, list->size()}}, std::nullopt, 0});
    }
}

void StatsHistory::nextRound(const std::shared_ptr<Round> &round)
{
    if (round->ticket != m_ticket) {
        round->done(QString()); // a later load took over
        return;
    }
    // Days with nothing left to add (a held sum whose new queues were all there) are kept now.
    bool completed = false;
    for (qsizetype i = 0; i < round->items.size();) {
        if (round->items.at(i).pending.isEmpty() && round->items.at(i).sent == 0) {
            keep(*round, round->items.at(i));
            round->items.removeAt(i);
            completed = true;
        } else {
            ++i;
        }
    }
    if (completed && round->progress)
        round->progress();
    if (round->items.isEmpty()) {
        round->done(QString());
        return;
    }
    struct Sent
    {
        qsizetype item;
        Item::Range range;
    };
    QList<DayStatsRequest> requests;
    QList<Sent> sent;
    for (qsizetype i = 0; i < round->items.size() && requests.size() < RoundCalls; ++i) {
        Item &item = round->items[i];
        while (!item.pending.isEmpty() && requests.size() < RoundCalls) {
            Item::Range range = item.pending.takeFirst();
            const qsizetype count = qMin<qsizetype>(range.count, QlessStatsReads::StatsQueuesPerCall);
            if (count < range.count)
                item.pending.prepend(Item::Range{range.first + count, range.count - count});
            requests.append(DayStatsRequest{timestampOf(item.day), item.queues->mid(range.first, count)});
            sent.append(Sent{i, {range.first, count}});
            ++item.sent;
        }
    }
    m_mostRoundsOut = qMax(m_mostRoundsOut, ++m_roundsOut);
    m_client->statsReads().statsSums(requests, this, [this, round, sent](const QlessReply<QList<DayStatsPart>> &reply) {
        if (round->ticket != m_ticket) {
            round->done(QString()); // a later load took over: this round's figures are dropped
            roundAnswered();
            return;
        }
        --m_roundsOut;
        if (!reply.ok()) {
            round->done(reply.error.message);
            return;
        }
        for (qsizetype k = 0; k < sent.size(); ++k) {
            Item &item = round->items[sent.at(k).item];
            const DayStatsPart &part = reply.value.at(k);
            --item.sent;
            // The first part as it came: a day of one call shows exactly what the script summed.
            item.sum = item.sum ? DayStatsSum::combine(QList<DayStats>{*item.sum, part.stats}) : part.stats;
            const Item::Range range = sent.at(k).range;
            if (part.summed < range.count)
                item.pending.prepend(Item::Range{range.first + part.summed, range.count - part.summed});
        }
        nextRound(round);
    });
}

void StatsHistory::keep(const Round &round, const Item &item)
{
    const DayStats stats = item.sum ? *item.sum : nothing();
    if (round.queue.isEmpty())
        m_sums.insert(item.day, Sum{stats, item.covers});
    else if (m_recentQueues.contains(round.queue))
        m_queueDays[round.queue].insert(item.day, stats);
}

void StatsHistory::touchQueue(const QString &queue)
{
    m_recentQueues.removeAll(queue);
    m_recentQueues.append(queue);
    while (m_recentQueues.size() > QueuesHeld)
        m_queueDays.remove(m_recentQueues.takeFirst());
}

bool StatsHistory::has(const QStringList &queues, const QDate &day) const
{
    if (queues.size() == 1)
        return m_queueDays.value(queues.first()).contains(day);
    return !queues.isEmpty() && m_sums.contains(day);
}

DayStats StatsHistory::figures(const QStringList &queues, const QDate &day) const
{
    if (queues.size() == 1) {
        const auto it = m_queueDays.constFind(queues.first());
        if (it != m_queueDays.constEnd() && it->contains(day))
            return it->value(day);
        return nothing();
    }
    const auto it = m_sums.constFind(day);
    if (queues.isEmpty() || it == m_sums.constEnd())
        return nothing();
    return it->stats;
}

void StatsHistory::clear()
{
    ++m_ticket; // a load under way keeps nothing more
    m_sums.clear();
    m_sumQueues.reset();
    m_queueDays.clear();
    m_recentQueues.clear();
}

qsizetype StatsHistory::heldDays() const
{
    qsizetype days = m_sums.size();
    for (const auto &queueDays : m_queueDays)
        days += queueDays.size();
    return days;
}

qsizetype StatsHistory::heldQueueLists() const
{
    QSet<const QStringList *> lists;
    for (const Sum &sum : m_sums)
        lists.insert(sum.queues.get());
    return lists.size();
}
