// SPDX-License-Identifier: GPL-3.0-or-later
#include "alerttrendreader.h"

#include "historystore.h"

#include <QObject>

#include <algorithm>
#include <memory>

namespace {
// The answers gathered so far, shared by the reads under way.
struct Gathering
{
    QHash<QString, QList<AlertTrendValue>> values;
    int pending = 0;
    AlertTrendReader::Done done;

    void oneDone()
    {
        if (--pending == 0 && done)
            done(values);
    }
};

bool matches(const AlertRule &rule, const QString &queue)
{
    return rule.scope.isEmpty() || rule.scope == queue;
}
} // namespace

namespace AlertTrendReader {

double growthPercent(qint64 first, qint64 last)
{
    return double(last - first) * 100.0 / double(std::max<qint64>(1, first));
}

void read(HistoryStore *store, const QList<AlertRule> &rules, qint64 nowMs, QObject *context, Done done)
{
    auto gathering = std::make_shared<Gathering>();
    gathering->done = std::move(done);
    gathering->pending = 1; // held until every read is asked
    const qint64 minuteNow = nowMs - ((nowMs % 60000) + 60000) % 60000;
    for (const AlertRule &rule : rules) {
        if (!store || !rule.enabled || !rule.readsHistory() || !rule.problem().isEmpty())
            continue;
        const qint64 from = minuteNow - qint64(rule.windowMinutes) * 60000;
        ++gathering->pending;
        if (rule.kind == AlertRule::Kind::WaitingGrewPercent) {
            // The window's first minute and the one now: the growth over the whole window.
            store->readWaitingChanges(
                from, minuteNow + 60000, context, [gathering, rule](const HistoryWaitingRead &read) {
                    if (read.error.isEmpty()) {
                        QList<AlertTrendValue> values;
                        for (const HistoryWaitingChange &queue : read.queues) {
                            if (matches(rule, queue.queue) && queue.lastMinuteMs > queue.firstMinuteMs)
                                values.append({queue.queue, growthPercent(queue.firstWaiting, queue.lastWaiting)});
                        }
                        gathering->values.insert(rule.id, values);
                    }
                    gathering->oneDone();
                });
        } else {
            store->readThroughput(
                rule.scope, from, minuteNow, context, [gathering, rule](const HistoryThroughputRead &read) {
                    if (read.error.isEmpty() && read.minutesListened > 0)
                        gathering->values.insert(rule.id,
                                                 {AlertTrendValue{rule.scope, double(read.completed)
                                                                                  / double(read.minutesListened)}});
                    gathering->oneDone();
                });
        }
    }
    gathering->oneDone();
}

} // namespace AlertTrendReader
