// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsample.h"

#include "sidejobgenerator.h"
#include "sidekiqprocesswriter.h"
#include "syncredis.h"

using Outcome = SideJobGenerator::Outcome;

SideJobSample SideJobSample::write(SyncRedis &redis, double now, int wideValues)
{
    SideJobSample s;
    SideJobGenerator sidejob(redis);
    sidejob.registerAll(queue,
                        {{"Adder", "{\"inports\":{\"in\":{},\"step\":{\"default\":5}},\"outports\":{\"out\":{}}}"},
                         {"Waiter", "{\"inports\":{\"*\":{\"default\":\"none\"}},\"outports\":{}}"},
                         {"Breaker", "{}"}});
    const auto job = [&](const char *klass, const QByteArray &by = "user:alice", qint64 parent = 0,
                         const QByteArray &name = {}) {
        return sidejob.queueJob({queue, klass, "null", by, parent, name}, now);
    };
    // Everything queued before a worker runs, so that the queue is worked oldest first.
    s.pipeline = job("Adder");
    sidejob.addAlias(s.pipeline, "pipeline");
    s.waiting = job("Waiter", "job:" + QByteArray::number(s.pipeline), s.pipeline, "kid");
    sidejob.writeInput(s.pipeline, "in", "{\"n\":3}", now + 1);
    s.failed = job("Breaker");
    const auto perform = [&](qint64 id) {
        if (id == s.waiting)
            return Outcome::Suspended;
        if (id == s.failed)
            return sidejob.fail("it broke");
        if (id == s.running || id == s.unlocked)
            return Outcome::StillRunning;
        if (id == s.pipeline && sidejob.readInput(id, "in") == "{\"n\":3}") {
            sidejob.readInput(id, "step");
            sidejob.setState(id, "total", "8");
            sidejob.writeOutput(id, "out", "{\"sum\":8}", now + 2);
        }
        return Outcome::Completed;
    };
    while (sidejob.work(queue, now + 2, perform))
        ;
    sidejob.writeInput(s.waiting, "extra", "\"hi\"", now + 3);
    sidejob.work(queue, now + 3, perform); // suspended again, its parent queued and run
    sidejob.work(queue, now + 3, perform);

    s.running = job("Adder");
    s.unlocked = job("Adder");
    while (sidejob.work(queue, now + 4, perform))
        ;
    redis.command({"DEL", "job:" + QByteArray::number(s.unlocked) + ":lock"});

    s.dying = job("Waiter");
    s.dyingChild = job("Waiter", "job:" + QByteArray::number(s.dying), s.dying, "child");
    sidejob.terminate(s.dying, now + 5, true);
    while (sidejob.work(queue, now + 5, perform))
        ;
    s.lost = job("Adder");
    redis.command({"RPOP", "queue:q1"}); // fetched by a process that died before running it
    s.deleted = job("Breaker");
    sidejob.terminate(s.deleted, now + 6);
    sidejob.work(queue, now + 6, perform);
    sidejob.run(s.deleted, now + 6, true);
    sidejob.terminate(s.deleted, now + 6);
    // Back to terminated by hand while its run waits in the queue, so that the delete leaves the
    // item behind (the library gets there when a delete falls between a push and its fetch).
    redis.command({"SET", "job:" + QByteArray::number(s.deleted) + ":status", "terminated"});
    sidejob.deleteJob(s.deleted);

    s.scheduled = sidejob.queueJob({queue, "Adder", "[1]", "user:bob", 0, {}, now + 3600}, now + 7);
    s.terminating = job("Waiter");
    sidejob.terminate(s.terminating, now + 8);
    s.queued = job("Adder", "user:bob");
    for (int i = 0; i < wideValues; ++i)
        sidejob.writeInput(s.queued, "in", "{\"n\":" + QByteArray::number(i) + '}', now + 9);
    s.wideValues = wideValues;
    s.halfCreated = sidejob.queueJobHalf();

    SideJobGenerator old(redis, SideJobStorage::Layout::V4_0);
    s.oldLayout = old.queueJob({queue, "Adder", "null", "user:carol"}, now + 10);

    SidekiqProcessWriter worker(redis, "worker-1", 4242, "0123456789ab", {queue}, 10, now - 100);
    const QByteArray item = "{\"retry\":false,\"queue\":\"q1\",\"jid\":" + QByteArray::number(s.running)
                            + ",\"class\":\"Adder\",\"args\":[],\"created_at\":" + SideJobGenerator::floatText(now)
                            + ",\"enqueued_at\":" + SideJobGenerator::floatText(now) + '}';
    worker.beat(now + 10, {{"abc", item, qint64(now) + 4}}, 12, 1);
    return s;
}
