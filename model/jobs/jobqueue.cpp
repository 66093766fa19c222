// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobqueue.h"

QString jobQueue(const Job &job)
{
    if (job.state != QLatin1String("complete") || !job.queue.isEmpty())
        return job.queue;
    for (auto event = job.history.crbegin(); event != job.history.crend(); ++event) {
        if (!event->queue.isEmpty())
            return event->queue;
    }
    return {};
}
