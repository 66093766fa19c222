// SPDX-License-Identifier: GPL-3.0-or-later
// AlertEvaluator's readings of Blueque's rules, apart from the qless ones (alertevaluator.cpp),
// which fill that file. The hysteresis and the firing and clearing are the same for all.
#include "alertevaluator.h"

#include <algorithm>

void AlertEvaluator::readBlueque(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings)
{
    if (rule.kind == AlertRule::Kind::BluequeFailuresGrew) {
        // The failed lists only grow by failures (delete and requeue shrink them), so the growth
        // over the window is the failures of it, as for qless's groups. A list of a type Blueque
        // never writes is counted -1 by the read: left out.
        qint64 failed = 0;
        for (const BluequeQueue &queue : *seen.bluequeQueues) {
            if (matches(rule, queue.name) && queue.failed > 0)
                failed += queue.failed;
        }
        readGrowth(rule, failed, seen.now,
                   rule.scope.isEmpty() ? tr("all Blueque queues") : tr("Blueque queue %1").arg(rule.scope), readings);
        return;
    }
    for (const BluequeQueue &queue : *seen.bluequeQueues) {
        if (!matches(rule, queue.name))
            continue;
        Reading r;
        r.subject = queue.name;
        if (rule.kind == AlertRule::Kind::BluequePendingAbove) {
            r.value = double(std::max<qint64>(0, queue.pending));
            r.bad = r.value > rule.threshold;
            r.clear = r.value <= clearLevel(rule.threshold);
        } else {
            const auto since = seen.bluequeStartedSince->constFind(queue.name);
            r.value = since == seen.bluequeStartedSince->cend() ? 0 : std::max(0.0, seen.now - *since);
            r.bad = r.value > rule.threshold;
            r.clear = !r.bad;
        }
        readings->append(r);
    }
}
