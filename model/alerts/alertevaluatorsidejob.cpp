// SPDX-License-Identifier: GPL-3.0-or-later
// AlertEvaluator's readings of SideJob's rules and of the Sidekiq it runs on, apart from the qless
// ones (alertevaluator.cpp). The hysteresis and the firing and clearing are the same for all.
#include "alertevaluator.h"

#include <algorithm>

bool AlertEvaluator::readSideJob(const AlertRule &rule, const AlertObservation &seen, QList<Reading> *readings)
{
    switch (rule.kind) {
    case AlertRule::Kind::SideJobFailedGrew: {
        if (!seen.sideJobFailed)
            return false;
        // A job leaves `failed` only by a run or a delete, so growth over the window is jobs that
        // failed in it (less those run again meanwhile, as for qless's groups).
        qint64 failed = 0;
        for (auto it = seen.sideJobFailed->cbegin(); it != seen.sideJobFailed->cend(); ++it) {
            if (matches(rule, it.key()))
                failed += it.value();
        }
        readGrowth(rule, failed, seen.now,
                   rule.scope.isEmpty() ? tr("all SideJob queues") : tr("SideJob queue %1").arg(rule.scope), readings);
        return true;
    }
    case AlertRule::Kind::SidekiqQueueAbove:
        if (!seen.sidekiq)
            return false;
        for (const SidekiqQueue &queue : seen.sidekiq->queues) {
            if (!matches(rule, queue.name))
                continue;
            Reading r;
            r.subject = queue.name;
            r.value = double(std::max<qint64>(0, queue.length)); // -1: queue:{q} of another type
            r.bad = r.value > rule.threshold;
            r.clear = r.value <= clearLevel(rule.threshold);
            readings->append(r);
        }
        return true;
    case AlertRule::Kind::SidekiqNoBeatFor:
        if (!seen.sidekiq)
            return false;
        for (const SidekiqProcess &process : seen.sidekiq->processes) {
            if (!matches(rule, process.identity))
                continue;
            Reading r;
            r.subject = process.identity;
            if (process.beat) {
                // SidekiqDecoder reads Sidekiq 8's milliseconds and older versions' seconds alike.
                r.value = std::max(0.0, seen.now - *process.beat);
                r.bad = r.value > rule.threshold;
            } else {
                // Listed in `processes` with its hash gone (expired 60 s after its last beat, or
                // never a number): as silent as can be.
                r.bad = true;
                r.text = process.present ? tr("Sidekiq process %1 has a beat that is not a time: %2")
                                               .arg(process.identity, QString::fromUtf8(process.beatText))
                                         : tr("Sidekiq process %1 is listed but its heartbeat is gone (it "
                                              "stopped beating over a minute ago)")
                                               .arg(process.identity);
            }
            r.clear = !r.bad;
            readings->append(r);
        }
        return true;
    default: return false;
    }
}
