// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"

#include <QDateTime>

// A pipeline as an operator meets it, for the page tests and their screenshots: five queues,
// dozens of workers (a few dead, holding stalled jobs), failure groups with real-looking messages
// and tracebacks, tagged jobs, tracked jobs in several states (two whose job is gone), and a
// config with overrides. Seeded through our scripts, relative to the real clock.
namespace RealisticPipeline {

inline QByteArray traceback(const QByteArray &error, const QByteArray &where)
{
    return error
           + "\nTraceback (most recent call last):\n"
             "  File \"/srv/pipeline/worker.py\", line 88, in perform\n"
             "    result = job.klass.process(job)\n"
             "  File \"/srv/pipeline/"
           + where
           + "\", line 214, in process\n"
             "    response = session.get(url, timeout=30)\n"
             "  File \"/usr/lib/python3/dist-packages/requests/sessions.py\", line 600, in get\n"
             "    return self.request(\"GET\", url, **kwargs)\n"
           + error + "\n";
}

inline void seed(QlessFixture &f)
{
    const double now = double(QDateTime::currentSecsSinceEpoch());
    const QList<QByteArray> queues{"crawl", "parse", "index", "notify", "thumbnails"};
    const QList<QByteArray> klasses{"Pipeline.Crawl", "Pipeline.Parse", "Pipeline.Index", "Pipeline.Notify",
                                    "Pipeline.Thumbnail"};
    const QList<QByteArray> tags{"customer:acme", "customer:globex",  "backfill",   "priority",
                                 "nightly",       "customer:initech", "retry-storm"};
    int n = 0;
    for (int q = 0; q < queues.size(); ++q) {
        for (int i = 0; i < 60; ++i, ++n) {
            QList<QByteArray> options;
            QByteArray tagList = "[\"" + tags.at(n % tags.size()) + "\"";
            if (n % 3 == 0)
                tagList += ",\"" + tags.at((n / 3) % 3) + "\"";
            options << "tags" << tagList + "]"
                    << "retries"
                    << "5";
            const QByteArray jid =
                QByteArray::number(0x5f3a9c00 + n * 7919, 16).rightJustified(8, '0') + "c0ffee" + QByteArray::number(n);
            f.put(queues.at(q), jid, now - 900 + i, options, i % 11 == 0 ? 1800 : 0,
                  "{\"url\":\"https://example.com/" + QByteArray::number(n) + "\"}", klasses.at(q));
        }
    }
    // 30 workers; three of them died an hour ago holding their jobs (they pop last: a later pop
    // of the same queue would hand their stalled jobs to another worker).
    QList<QByteArray> dead;
    for (int w = 0; w < 30; ++w) {
        const QByteArray worker = QByteArray("ip-10-0-") + QByteArray::number(w / 8) + "-" + QByteArray::number(20 + w)
                                  + ".ec2.internal-" + QByteArray::number(4100 + w * 3);
        if (w == 4 || w == 17 || w == 23)
            dead << worker;
        else
            f.pop(queues.at(w % queues.size()), worker, 1 + w % 3, now - (w * 7) % 50);
    }
    // Failures: pop some jobs as their workers, then fail them with their messages.
    struct Failure
    {
        QByteArray group;
        QByteArray message;
        int count;
    };
    const QList<Failure> failures{
        {"requests.exceptions.ConnectionError",
         traceback("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.example.com', port=443): "
                   "Max retries exceeded with url: /v2/items",
                   "crawl/fetch.py"),
         7},
        {"KeyError", traceback("KeyError: 'user_id'", "parse/records.py"), 4},
        {"psycopg2.OperationalError",
         traceback("psycopg2.OperationalError: could not connect to server: Connection refused", "index/store.py"), 2},
        {"TimeoutError", traceback("TimeoutError: notify webhook did not answer within 30 s", "notify/hooks.py"), 1},
    };
    int k = 0;
    for (const Failure &failure : failures) {
        for (int i = 0; i < failure.count; ++i, ++k) {
            const QByteArray queue = queues.at(k % 4);
            const QByteArray jid = "failed-" + QByteArray::number(0xa11ce + k * 104729, 16);
            f.put(queue, jid, now - 4000, {"priority", "100"}, 0, "{}", klasses.at(k % 4));
            const QByteArray worker = "ip-10-0-2-" + QByteArray::number(30 + k % 5) + ".ec2.internal-77";
            f.pop(queue, worker, 1, now - 3000);
            f.call(QStringLiteral("fail"), {jid, worker, failure.group, failure.message, num(now - 2900 + k * 97)});
        }
    }
    // Tracked jobs in several states, two of them gone (hash deleted behind qless's back).
    const auto tracked = [&f, now](const QByteArray &jid, double delay = 0) {
        f.put("reports", jid, now - 500, {"priority", "50", "tags", "[\"report\"]"}, delay, "{}", "Reports.Build");
        f.call(QStringLiteral("track"), {"track", jid, num(now - 400)});
    };
    tracked("track-run-1");
    tracked("track-run-2");
    f.pop("reports", "reporter-1", 2, now - 20);
    tracked("track-fail");
    f.pop("reports", "reporter-2", 1, now - 15);
    f.call(QStringLiteral("fail"),
           {"track-fail", "reporter-2", "ReportError", "ReportError: template missing", num(now - 12)});
    tracked("track-done");
    f.pop("reports", "reporter-2", 1, now - 10);
    f.call(QStringLiteral("complete"), {"track-done", "reporter-2", "reports", num(now - 3), "{}"});
    tracked("track-waiting-1");
    tracked("track-waiting-2");
    tracked("track-scheduled", 7200);
    for (const QByteArray jid : {"track-gone-1", "track-gone-2"}) {
        tracked(jid);
        f.command({"ZREM", "ql:q:reports-work", jid});
        f.command({"DEL", "ql:j:" + jid});
    }
    for (int i = 0; i < dead.size(); ++i)
        f.pop("thumbnails", dead.at(i), 2 - i % 2, now - 3600);
    // Config overrides.
    f.call(QStringLiteral("config"), {"set", "heartbeat", "120"});
    f.call(QStringLiteral("config"), {"set", "crawl-heartbeat", "300"});
    f.call(QStringLiteral("config"), {"set", "jobs-history", "259200"});
    f.call(QStringLiteral("config"), {"set", "application", "pipeline"});
}

} // namespace RealisticPipeline
