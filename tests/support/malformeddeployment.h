// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

// A deployment as someone else's tool, a bad migration or a half-restored backup leaves it, for
// the end-to-end tests of damaged data (tst_malformeddata) and its bench figure: seeded through
// qless.lua like any deployment, then spoiled with raw Redis writes behind qless's back. Every
// job field with bad JSON, the wrong JSON type or gone; job keys of the wrong type; a queue's
// work set and ql:workers of the wrong type; bytes that are not UTF-8 in a jid, a queue name, a
// tag and a worker name; 10 MB of data; a 100,000-entry history; NaN, inf, -1 and 1e300 where
// numbers belong; a failure group listing a jid whose job is gone.
//
// The clean parts stay clean, so a test can check that they are still shown and counted right.
namespace MalformedDeployment {

// One spoiled job: where it is listed and the field a person should find marked on it.
struct SpoiledJob
{
    QByteArray jid;
    QByteArray queue;
    // The problem's name as the decoder records it ("data", "tags", "job", ...); empty for a
    // value that is odd but one qless takes (shown as it is, not marked).
    QString field;
    QString what; // what was done to it, for failure messages
};

struct Deployment
{
    double now = 0;
    QByteArray cleanQueue = "clean";
    int cleanWaiting = 0; // waiting jobs in cleanQueue, none of them spoiled
    QByteArray spoiledQueue = "spoiled";
    int spoiledListed = 0;                   // jids in spoiledQueue's work set (every spoiled job but the failed)
    QList<SpoiledJob> jobs;                  // every spoiled job, with the field to find marked
    QByteArray brokenQueue = "brokenwork";   // its -work key is a string
    QByteArray hugeDataJid;                  // 10 MB of data
    QByteArray longHistoryJid;               // a 100,000-entry history
    QByteArray badJid;                       // not UTF-8, in spoiledQueue
    QByteArray badQueue;                     // not UTF-8, holding one clean job
    QByteArray badTag;                       // not UTF-8, on badJid
    QByteArray badWorker;                    // not UTF-8, holding one running job of cleanQueue
    QByteArray failureGroup = "BrokenGroup"; // lists a failed job, a spoiled one and a gone one
    QByteArray goneJid = "failed-but-gone";
    QByteArray failedJid = "failed-clean";
    QByteArray failedSpoiledJid = "failed-bad-failure";
    bool workersSpoiled = false; // ql:workers rewritten as a list

    const SpoiledJob *find(const QByteArray &jid) const
    {
        for (const SpoiledJob &job : jobs) {
            if (job.jid == jid)
                return &job;
        }
        return nullptr;
    }
};

struct Options
{
    qsizetype dataBytes = 10 * 1024 * 1024;
    int historyEntries = 100000;
    // ql:workers as a list breaks every later pop of qless itself: spoiled last, and only when
    // asked (the bench opens the same pages with and without it).
    bool spoilWorkers = true;
    // false: the same deployment left clean (the bench's reference), sizes as given.
    bool spoil = true;
};

namespace detail {
inline void put(QlessFixture &f, double now, const QByteArray &queue, const QByteArray &jid,
                const QByteArray &tags = "[]", const QByteArray &data = "{\"url\":\"https://example.com\"}")
{
    f.qless("put", now, {"", queue, jid, "Malformed.Job", data, "0", "priority", "0", "tags", tags, "retries", "5"});
}

inline void hset(QlessFixture &f, const QByteArray &jid, const QByteArray &field, const QByteArray &value)
{
    f.command({"HSET", "ql:j:" + jid, field, value});
}
} // namespace detail

inline Deployment seed(QlessFixture &f, const Options &options = {})
{
    using detail::hset;
    using detail::put;
    Deployment d;
    d.now = double(QDateTime::currentSecsSinceEpoch());
    const double now = d.now;

    // The clean part: waiting jobs, one of them run by a worker whose name is not UTF-8.
    d.cleanWaiting = 20;
    for (int i = 0; i < d.cleanWaiting + 1; ++i)
        put(f, now - 600 + i, d.cleanQueue, "clean-" + QByteArray::number(i), "[\"nightly\"]");
    d.badWorker = QByteArray("worker-\xfe\xff-7", 11);
    f.qless("pop", now - 30, {d.cleanQueue, d.badWorker, "1"});
    d.badQueue = QByteArray("queue-\xff-raw", 12);
    put(f, now - 500, d.badQueue, "in-bad-queue");

    // The spoiled queue: each job put clean through qless, then one field spoiled by hand.
    auto spoil = [&](const QByteArray &jid, const char *field, const char *what, auto &&how) {
        put(f, now - 400 + double(d.jobs.size()), d.spoiledQueue, jid, "[\"spoiled\"]");
        if (options.spoil)
            how(jid);
        d.jobs << SpoiledJob{jid, d.spoiledQueue, QString::fromLatin1(field), QString::fromLatin1(what)};
    };
    const auto set = [&f](const QByteArray &field, const QByteArray &value) {
        return [&f, field, value](const QByteArray &jid) { hset(f, jid, field, value); };
    };
    const auto del = [&f](const QByteArray &field) {
        return [&f, field](const QByteArray &jid) { f.command({"HDEL", "ql:j:" + jid, field}); };
    };
    spoil("data-bad-json", "data", "data is not JSON", set("data", "{\"url\": \"https://exa"));
    spoil("data-not-object", "data", "data is a JSON number", set("data", "42"));
    spoil("data-missing", "data", "data field deleted", del("data"));
    spoil("tags-bad-json", "tags", "tags is not JSON", set("tags", "[\"a\","));
    spoil("tags-object", "tags", "tags is a JSON object", set("tags", "{\"a\":1}"));
    spoil("tags-missing", "tags", "tags field deleted", del("tags"));
    spoil("failure-bad-json", "failure", "failure is not JSON", set("failure", "{oops"));
    spoil("failure-list", "failure", "failure is a JSON list", set("failure", "[1,2]"));
    spoil("klass-missing", "klass", "klass field deleted", del("klass"));
    spoil("state-missing", "state", "state field deleted", del("state"));
    spoil("queue-missing", "queue", "queue field deleted", del("queue"));
    spoil("jid-missing", "jid", "jid field deleted", del("jid"));
    spoil("priority-missing", "priority", "priority field deleted", del("priority"));
    spoil("priority-nan", "priority", "priority NaN", set("priority", "nan"));
    spoil("priority-inf", "priority", "priority inf", set("priority", "inf"));
    spoil("priority-huge", "", "priority 1e300 (a number qless takes: shown, not marked)", set("priority", "1e300"));
    spoil("retries-negative", "retries", "retries -1", set("retries", "-1"));
    spoil("retries-inf", "retries", "retries inf", set("retries", "inf"));
    spoil("remaining-nan", "remaining", "remaining NaN", set("remaining", "NaN"));
    spoil("time-huge", "time", "time 1e300", set("time", "1e300"));
    spoil("time-nan", "time", "time NaN", set("time", "nan"));
    spoil("time-negative", "time", "time -1", set("time", "-1"));
    spoil("expires-text", "expires", "expires is text", set("expires", "soon"));
    spoil("history-bad-entries", "history", "history entries not JSON and not events", [&f](const QByteArray &jid) {
        f.command({"RPUSH", "ql:j:" + jid + "-history", "{oops", "42", "[]"});
    });
    spoil("history-is-string", "history", "the history key is a string", [&f](const QByteArray &jid) {
        f.command({"DEL", "ql:j:" + jid + "-history"});
        f.command({"SET", "ql:j:" + jid + "-history", "not a list"});
    });
    spoil("dependents-is-string", "dependents", "the -dependents key is a string", [&f](const QByteArray &jid) {
        f.command({"SET", "ql:j:" + jid + "-dependents", "not a set"});
    });
    spoil("key-is-string", "job", "ql:j:<jid> is a string", [&f](const QByteArray &jid) {
        f.command({"DEL", "ql:j:" + jid});
        f.command({"SET", "ql:j:" + jid, "{\"jid\":\"key-is-string\"}"});
    });
    spoil("key-is-zset", "job", "ql:j:<jid> is a sorted set", [&f](const QByteArray &jid) {
        f.command({"DEL", "ql:j:" + jid});
        f.command({"ZADD", "ql:j:" + jid, "1", "jid"});
    });

    // Bytes that are not UTF-8: a jid, and a tag on it.
    d.badJid = QByteArray("bad-\xff\xfe-jid", 10);
    d.badTag = QByteArray("tag-\xc3(", 6);
    put(f, now - 300, d.spoiledQueue, d.badJid, "[\"" + d.badTag + "\"]");

    // Sizes: 10 MB of data, 100,000 history entries (written straight into the list: qless's own
    // log command would trim it to max-job-history).
    d.hugeDataJid = "data-10mb";
    QByteArray huge = "{\"blob\":\"";
    huge.append(QByteArray(qMax<qsizetype>(0, options.dataBytes - 12), 'x'));
    huge.append("\"}");
    put(f, now - 200, d.spoiledQueue, d.hugeDataJid, "[]", huge);
    d.longHistoryJid = "history-100k";
    put(f, now - 100, d.spoiledQueue, d.longHistoryJid);
    {
        const QByteArray key = "ql:j:" + d.longHistoryJid + "-history";
        QList<QByteArray> argv{"RPUSH", key};
        for (int i = 0; i < options.historyEntries; ++i) {
            argv << "[" + QByteArray::number(qint64(now) - options.historyEntries + i) + ",\"note "
                        + QByteArray::number(i) + "\",{\"step\":" + QByteArray::number(i) + "}]";
            if (argv.size() >= 1002 || i + 1 == options.historyEntries) {
                f.command(argv);
                argv = {"RPUSH", key};
            }
        }
    }
    d.spoiledListed = int(d.jobs.size()) + 3; // + badJid, hugeDataJid, longHistoryJid

    // A failure group: a failed job, one whose failure is then spoiled, one whose job is gone.
    for (const QByteArray &jid : {d.failedJid, d.failedSpoiledJid, d.goneJid})
        put(f, now - 900, "failing", jid);
    f.qless("pop", now - 800, {"failing", "worker-1", "3"});
    for (const QByteArray &jid : {d.failedJid, d.failedSpoiledJid, d.goneJid})
        f.qless("fail", now - 700, {jid, "worker-1", d.failureGroup, "Broken: it broke", "{}"});
    if (!options.spoil)
        return d;
    hset(f, d.failedSpoiledJid, "failure", "{\"group\": \"BrokenGroup\", \"message\": ");
    f.command({"DEL", "ql:j:" + d.goneJid, "ql:j:" + d.goneJid + "-history"});

    // A queue whose work set is a string: listed in ql:queues, holding one readable job elsewhere.
    put(f, now - 50, d.brokenQueue, "in-broken-queue");
    f.command({"DEL", "ql:q:" + d.brokenQueue + "-work"});
    f.command({"SET", "ql:q:" + d.brokenQueue + "-work", "not a sorted set"});

    if (options.spoilWorkers) {
        // ql:workers as a list, with the names it held.
        const QList<QByteArray> names = f.command({"ZRANGE", "ql:workers", "0", "-1"}).strings();
        f.command({"DEL", "ql:workers"});
        QList<QByteArray> argv{"RPUSH", "ql:workers"};
        argv << names;
        if (!names.isEmpty())
            f.command(argv);
        d.workersSpoiled = true;
    }
    return d;
}

} // namespace MalformedDeployment
