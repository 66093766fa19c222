// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequesample.h"

#include "bluequegenerator.h"

BluequeSample BluequeSample::write(SyncRedis &redis, double now)
{
    BluequeGenerator blueque(redis);
    BluequeSample sample;
    const QByteArray q = queue;
    double t = now - 3600;
    for (const char *listener : {live, runner, halfway, dead})
        blueque.addListener(q, listener);

    // Each enqueue is taken at once, so every dequeue below takes the task just enqueued.
    sample.reserved = blueque.enqueue(q, "{\"kind\": \"reserved\"}", t += 1);
    blueque.dequeue(q, live, t += 1);

    sample.started = blueque.enqueue(q, "{\"kind\": \"started\"}", t += 1);
    blueque.dequeue(q, runner, t += 1);
    blueque.start(q, sample.started, runner, 2001, t += 1);

    sample.complete = blueque.enqueue(q, "{\"kind\": \"complete\"}", t += 1);
    blueque.dequeue(q, runner, t += 1);
    blueque.start(q, sample.complete, runner, 2002, t += 1);
    blueque.complete(q, sample.complete, runner, 2002, "done", t += 1);
    blueque.addStartedEntry(q, runner, 2002, sample.complete);

    sample.failed = blueque.enqueue(q, "plain text", t += 1);
    blueque.dequeue(q, runner, t += 1);
    blueque.start(q, sample.failed, runner, 2003, t += 1);
    blueque.fail(q, sample.failed, runner, 2003, "ValueError: bad input", t += 1);

    sample.reservedStillPending = blueque.enqueue(q, "{\"kind\": \"half\"}", t += 1);
    blueque.dequeueHalf(q, halfway);

    sample.orphaned = blueque.enqueue(q, "{\"kind\": \"orphan\"}", t += 1);
    blueque.dequeue(q, dead, t += 1);
    blueque.reclaim(q, dead, live);

    sample.scheduledPastEta = blueque.schedule(q, "{\"kind\": \"late\"}", now - 300, now - 600);
    sample.scheduled = blueque.schedule(q, "{\"kind\": \"later\"}", now + 3600, now - 1);
    sample.pending = blueque.enqueue(q, "{\"kind\": \"pending\"}", now);

    blueque.addListener("a_b", "c_d_12");
    sample.otherQueueFailed = blueque.enqueue("a_b", "x", now - 10);
    blueque.dequeue("a_b", "c_d_12", now - 9);
    blueque.start("a_b", sample.otherQueueFailed, "c_d_12", 3001, now - 8);
    blueque.fail("a_b", sample.otherQueueFailed, "c_d_12", 3001, "boom", now - 7);
    return sample;
}
