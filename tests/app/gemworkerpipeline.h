// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

// A deployment as current qless leaves it, written only through the unified qless.lua with the
// calls the Ruby gem's client and workers make, in the order they make them: put (with the
// client's worker name), pop, heartbeat, log notes with data, complete (some with `next`), fail
// with backtraces, retry by the worker, an operator's timeout, a worker that vanished holding a
// job (its lock ran out: stalled), a scheduled job, a job waiting on another, a paused queue,
// max-concurrency, recurring templates with a backlog, tracked jobs. For the page tests that
// must show what an operator sees on production, and their screenshots.
namespace GemWorkerPipeline {

struct Seeded
{
    int completed = 0;          // jobs in ql:completed
    QList<QByteArray> timedOut; // in crawl, by the operator's timeout
    QByteArray noted;           // a job with log notes (with data), completed
    QByteArray failed;          // a failed job with a backtrace
    QByteArray stalled;         // in parse, held by `vanished`, whose lock ran out
    QByteArray vanished;        // the worker that popped it and was never heard from again
    QByteArray scheduled;       // in crawl, due in about half an hour
    QByteArray dependent;       // in parse, waiting on `dependency` (a waiting crawl job)
    QByteArray dependency;
};

inline QByteArray backtrace(const QByteArray &error, const QByteArray &file)
{
    return error + "\n/srv/app/lib/" + file
           + ":42:in `perform'\n"
             "/srv/app/vendor/bundle/ruby/3.2.0/gems/qless-0.12.0/lib/qless/job.rb:103:in `perform'\n"
             "/srv/app/vendor/bundle/ruby/3.2.0/gems/qless-0.12.0/lib/qless/worker/base.rb:76:in `perform'";
}

inline Seeded seed(QlessFixture &f)
{
    Seeded out;
    const double now = double(QDateTime::currentSecsSinceEpoch());
    double t = now - 3600; // an hour of work, one step a few seconds apart
    const auto step = [&t] { return t += 3; };
    const QByteArray client = "app-1.prod.internal-2231"; // the gem puts with its client's worker name
    const QList<QByteArray> hosts{"worker-a.prod.internal-4101", "worker-b.prod.internal-4102",
                                  "worker-c.prod.internal-4103", "worker-d.prod.internal-4104"};
    f.qless("config.set", now, {"index-max-concurrency", "2"});
    f.qless("config.set", now, {"jobs-history", "259200"}); // 3 days kept, the count left at its default

    const auto put = [&](const QByteArray &queue, const QByteArray &jid, const QByteArray &klass, int i) {
        f.qless("put", t += 1,
                {client, queue, jid, klass, "{\"id\":" + QByteArray::number(i) + "}", "0", "priority",
                 QByteArray::number(i % 3 == 0 ? 10 : 0), "tags", i % 2 ? "[\"customer:acme\"]" : "[\"nightly\"]",
                 "retries", "3"});
    };
    // Crawl -> parse -> done: forty crawls; each worker pops, heartbeats, notes what it did and
    // completes into parse; parse completes for good (the completed list).
    for (int i = 0; i < 40; ++i)
        put("crawl", "crawl-" + QByteArray::number(1000 + i), "Crawl::Fetch", i);
    // Each pop hands out what qless picks (priority first): the worker acts on what it got.
    const auto pop = [&f, &t](const QByteArray &queue, const QByteArray &worker) {
        const QJsonArray jobs = f.qlessJson("pop", t += 2, {queue, worker, "1"}).toArray();
        return jobs.isEmpty() ? QByteArray() : jobs.first().toObject().value(QStringLiteral("jid")).toString().toUtf8();
    };
    for (int i = 0; i < 24; ++i) {
        const QByteArray worker = hosts.at(i % hosts.size());
        const QByteArray jid = pop("crawl", worker);
        f.qless("heartbeat", t += 5, {jid, worker, "{\"id\":" + QByteArray::number(i) + "}"});
        f.qless("log", t += 1,
                {jid, "fetched", "{\"status\":200,\"bytes\":" + QByteArray::number(18000 + i * 37) + "}"});
        if (i % 8 == 7) { // a fetch that fails, with the Ruby backtrace the gem sends
            f.qless("fail", t += 1,
                    {jid, worker, "Net::ReadTimeout",
                     backtrace("Net::ReadTimeout: Net::ReadTimeout with #<TCPSocket:(closed)>", "crawl/fetch.rb"),
                     "{}"});
            out.failed = jid;
            continue;
        }
        if (i % 8 == 3) { // a worker that retries on its own, as the gem's retry does
            f.qless("retry", t += 1, {jid, "crawl", worker, "0", "Errno::ECONNRESET", "Connection reset by peer"});
            continue;
        }
        f.qless("complete", t += 1, {jid, worker, "crawl", "{}", "next", "parse"});
        const QByteArray parser = hosts.at((i + 1) % hosts.size());
        const QByteArray parsed = pop("parse", parser);
        f.qless("log", t += 1, {parsed, "parsed", "{\"records\":" + QByteArray::number(3 + i % 5) + "}"});
        f.qless("complete", t += 2, {parsed, parser, "parse", "{}"});
        out.noted = parsed;
        ++out.completed;
    }
    // Index: short jobs completed directly (more completed, another class).
    for (int i = 0; i < 12; ++i)
        put("index", "index-" + QByteArray::number(2000 + i), "Search::Reindex", i);
    for (int i = 0; i < 8; ++i) {
        const QByteArray jid = pop("index", hosts.at(i % 2));
        f.qless("complete", t += 1, {jid, hosts.at(i % 2), "index", "{}"});
        ++out.completed;
    }
    f.qless("config.set", now, {"heartbeat", "600"}); // long jobs: their locks outlast the test
    // A worker that vanished (its host died): it popped a parse job, heartbeat once and was
    // never heard from again; its lock ran out 90 s ago. Nothing pops parse after it, or that
    // pop would hand the job to its own worker, as qless does with expired locks.
    t = now - 700;
    out.vanished = "worker-e.prod.internal-4105";
    out.stalled = "parse-2500";
    f.qless("put", step(), {client, "parse", out.stalled, "Parse::Page", "{\"id\":2500}", "0", "retries", "3"});
    f.qless("pop", step(), {"parse", out.vanished, "1"});
    f.qless("heartbeat", now - 690, {out.stalled, out.vanished, "{\"id\":2500}"});
    // What runs now (locks not expired: pops a minute ago). Two under index's max-concurrency of
    // 2 (a third pop gets nothing).
    t = now - 60;
    f.qless("pop", step(), {"index", hosts.at(2), "2"});
    f.qless("pop", step(), {"index", hosts.at(3), "1"});
    // Running crawls, two of them timed out by an operator (first in line again, marked).
    for (int i = 0; i < 4; ++i)
        f.qless("pop", step(), {"crawl", hosts.at(i), "1"});
    const QList<RedisValue> locks = f.command({"ZRANGE", "ql:q:crawl-locks", "0", "-1"}).elements;
    for (int i = 0; i < 2 && i < locks.size(); ++i) {
        out.timedOut << locks.at(i).bytes;
        f.qless("timeout", step(), {locks.at(i).bytes});
    }
    // A crawl put to run in half an hour, and a parse job put to wait on a crawl put now.
    out.scheduled = "crawl-2200";
    f.qless("put", step(),
            {client, "crawl", out.scheduled, "Crawl::Fetch", "{\"id\":2200}", "1800", "tags", "[\"nightly\"]",
             "retries", "3"});
    out.dependency = "crawl-2300";
    out.dependent = "parse-2300";
    f.qless("put", step(), {client, "crawl", out.dependency, "Crawl::Fetch", "{\"id\":2300}", "0", "retries", "3"});
    f.qless("put", step(),
            {client, "parse", out.dependent, "Parse::Page", "{\"id\":2300}", "0", "depends",
             "[\"" + out.dependency + "\"]", "retries", "3"});
    // Notify: paused by an operator while its jobs wait; a recurring template feeds it.
    for (int i = 0; i < 6; ++i)
        put("notify", "notify-" + QByteArray::number(3000 + i), "Mailer::Digest", i);
    f.qless("pause", step(), {"notify"});
    f.qless("recur", now - 7200,
            {"notify", "digest-hourly", "Mailer::Digest", "{}", "interval", "3600", "0", "priority", "5", "tags",
             "[\"digest\"]", "retries", "2", "backlog", "3"});
    f.qless("recur", now - 600,
            {"crawl", "sitemap-refresh", "Crawl::Sitemap", "{\"site\":\"example.com\"}", "interval", "900", "0",
             "backlog", "2"});
    // Tracked: one completed, one failed.
    if (!out.noted.isEmpty())
        f.qless("track", step(), {"track", out.noted});
    if (!out.failed.isEmpty())
        f.qless("track", step(), {"track", out.failed});
    return out;
}

} // namespace GemWorkerPipeline
