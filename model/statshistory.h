#pragma once

#include "daystats.h"

#include <QDate>
#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>

class QlessClient;

// The per-day stats of queues as far as they have been read, and the reads that fill it. A day
// that has ended no longer changes, so it is read once; today and yesterday (a job popped before
// midnight may complete after it) are read again on every load. Days are UTC, as qless keeps them.
class StatsHistory final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatsHistory)

public:
    using Done = std::function<void(const QString &error)>;

    explicit StatsHistory(QlessClient *client, QObject *parent = nullptr);

    // Reads every (queue, day) pair not held yet, or too recent to trust; `done` runs once all
    // replies are in, with the first error's message (empty when all went well). Never blocks.
    void load(const QStringList &queues, const QList<QDate> &days, Done done);

    bool has(const QString &queue, const QDate &day) const;
    // The figures of `queues` on `day` added up (one queue: its own); zero for what is not held.
    DayStats figures(const QStringList &queues, const QDate &day) const;
    void clear() { m_days.clear(); }

    // The UTC day qless files "now" under.
    static QDate today();
    // A moment inside `day` as the stats script takes it: seconds since the epoch, at UTC noon.
    static double timestampOf(const QDate &day);

private:
    QlessClient *m_client;
    QHash<QString, QHash<QDate, DayStats>> m_days;
};
