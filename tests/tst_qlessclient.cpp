// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"
#include "scriptlibrary.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <memory>

// The typed qless API against data seeded through our scripts, and against broken data written
// behind the scripts' back.
class TestQlessClient final : public QObject
{
    Q_OBJECT

private:
    // Runs one typed call and waits for its reply (tests only).
    template<typename T, typename Call>
    QlessReply<T> await(Call call)
    {
        QObject context;
        std::optional<QlessReply<T>> out;
        call(&context, [&out](const QlessReply<T> &reply) { out = reply; });
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000)) {
            QlessReply<T> timeout;
            timeout.error = RedisError::make(RedisError::Kind::Timeout, QStringLiteral("test: no reply"));
            return timeout;
        }
        return *out;
    }

    QList<QByteArray> jobs(const QString &state, const QString &queue, int offset = 0, int count = 25)
    {
        return await<QList<QByteArray>>(
                   [&](QObject *c, auto done) { m_client->jobReads().jobs(state, queue, offset, count, c, done); })
            .value;
    }

    std::optional<Job> get(const QByteArray &jid)
    {
        const auto reply =
            await<std::optional<Job>>([&](QObject *c, auto done) { m_client->jobReads().job(jid, c, done); });
        if (!reply.ok())
            qWarning("get failed: %s", qPrintable(reply.error.message));
        return reply.value;
    }

    void fail(const QByteArray &jid, const QByteArray &group, double now)
    {
        m_fixture->call(QStringLiteral("fail"), {jid, "w1", group, "it broke: " + jid, num(now)});
    }

    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<QlessClient> m_client;
    double m_now = 1000;

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QVERIFY(m_fixture->start());
        m_connection = std::make_unique<RedisConnection>(
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + m_fixture->server().socketPath()));
        m_client = std::make_unique<QlessClient>(m_connection.get());
        m_client->setClock([this] { return m_now; });
    }

    void init()
    {
        m_fixture->flush();
        m_now = 1000;
    }

    void queueCountsAndJobPages()
    {
        for (int i = 0; i < 5; ++i)
            m_fixture->put("q1", "j" + QByteArray::number(i), 1000, {"priority", QByteArray::number(i)});
        m_fixture->put("q1", "later", 1000, {}, 100);
        QCOMPARE(m_fixture->pop("q1", "w1", 2, 1001), (QList<QByteArray>{"j4", "j3"}));
        m_now = 1010;

        const auto all =
            await<QList<QueueCounts>>([&](QObject *c, auto done) { m_client->queueReads().queueCounts(c, done); });
        QVERIFY2(all.ok(), qPrintable(all.error.message));
        QCOMPARE(all.value.size(), 1);
        QCOMPARE(all.value.at(0).name, QStringLiteral("q1"));
        QCOMPARE(all.value.at(0).waiting, 3);
        QCOMPARE(all.value.at(0).running, 2);
        QCOMPARE(all.value.at(0).scheduled, 1);
        QCOMPARE(all.value.at(0).stalled, 0);
        QVERIFY(!all.value.at(0).paused);

        QCOMPARE(jobs(QStringLiteral("waiting"), QStringLiteral("q1"), 0, 2), (QList<QByteArray>{"j2", "j1"}));
        QCOMPARE(jobs(QStringLiteral("waiting"), QStringLiteral("q1"), 2, 25), (QList<QByteArray>{"j0"}));
        QCOMPARE(jobs(QStringLiteral("running"), QStringLiteral("q1")).size(), 2);
        QCOMPARE(jobs(QStringLiteral("scheduled"), QStringLiteral("q1")), (QList<QByteArray>{"later"}));

        // Later: the locks ran out and the scheduled job is due; reading moved nothing.
        m_now = 2000;
        const auto one = await<QueueCounts>(
            [&](QObject *c, auto done) { m_client->queueReads().queueCounts(QStringLiteral("q1"), c, done); });
        QCOMPARE(one.value.stalled, 2);
        QCOMPARE(one.value.waiting, 4);
        QCOMPARE(jobs(QStringLiteral("stalled"), QStringLiteral("q1")).size(), 2);
        QCOMPARE(m_fixture->command({"ZCARD", "ql:q:q1-scheduled"}).integer, 1);
    }

    // The console speaks the unified qless.lua (issue #12): every read but get goes through it,
    // changes nothing (a due scheduled job stays scheduled, a 2012 history field stays as it is
    // written), and the per-command scripts it replaced are never loaded; so too the writes moved.
    // workers() reads 1,234 workers in bounded calls (desk.workerpage, WorkerPageSize each, one ZRANGE each) and
    // hands back every one once, most recently seen first, equal times in the set's reverse order,
    // as the single unbounded listing did.
    void workersAreReadInBoundedPages()
    {
        auto &redis = m_fixture->redis();
        for (int i = 0; i < 1234; ++i)
            redis.command({"ZADD", "ql:workers", num(500 + i / 3), "w" + QByteArray::number(1000 + i)});
        redis.command({"CONFIG", "RESETSTAT"});
        const auto workers =
            await<QList<WorkerSummary>>([&](QObject *c, auto done) { m_client->workerReads().workers(c, done); });
        QVERIFY2(workers.ok(), qPrintable(workers.error.message));
        QCOMPARE(workers.value.size(), 1234);
        QCOMPARE(workers.value.first().name, QStringLiteral("w2233"));
        QCOMPARE(workers.value.first().lastSeen, 500.0 + 1233 / 3);
        QCOMPARE(workers.value.at(1).name, QStringLiteral("w2232"));
        QCOMPARE(workers.value.last().name, QStringLiteral("w1000"));
        QSet<QString> names;
        for (qsizetype i = 0; i < workers.value.size(); ++i) {
            names << workers.value.at(i).name;
            if (i > 0)
                QVERIFY(workers.value.at(i - 1).lastSeen >= workers.value.at(i).lastSeen);
        }
        QCOMPARE(names.size(), 1234);
        const QByteArray stats = redis.command({"INFO", "commandstats"}).bytes;
        const int calls = (1234 + QlessWorkerReads::WorkerPageSize - 1) / QlessWorkerReads::WorkerPageSize;
        const QByteArray expected = "cmdstat_zrange:calls=" + QByteArray::number(calls) + ',';
        QVERIFY2(stats.contains(expected), stats.constData());
    }

    void readsAndWritesSpeakTheUnifiedScript()
    {
        m_fixture->put("q1", "w", 1000);
        m_fixture->put("q1", "s", 1000, {}, 10);
        m_fixture->put("q1", "r", 1000);
        m_fixture->put("q1", "f", 1000);
        m_fixture->pop("q1", "w1", 2, 1001); // w and r running (put order at equal priority)
        fail("r", "g1", 1002);
        m_fixture->call(QStringLiteral("track"), {"track", "w", "1003"});
        m_fixture->call(QStringLiteral("tag"), {"add", "f", "1003", "red"});
        m_fixture->call(QStringLiteral("recur"), {"on", "q1", "rj", "Rk", "{}", "1000", "interval", "60", "30"});
        m_fixture->command({"HSET", "ql:j:f", "history", "[{\"q\":\"q1\",\"put\":1000}]"}); // 2012 form
        m_fixture->command({"SCRIPT", "FLUSH"});
        m_now = 2000; // s is due, w's lock ran out
        const QList<QByteArray> before = m_fixture->snapshot();

        QCOMPARE(await<QList<QueueCounts>>([&](QObject *c, auto done) {
                     m_client->queueReads().queueCounts(c, done);
                 }).value.size(),
                 1);
        QCOMPARE(await<QueueCounts>([&](QObject *c, auto done) {
                     m_client->queueReads().queueCounts(QStringLiteral("q1"), c, done);
                 }).value.waiting,
                 2);
        QList<QByteArray> waiting = jobs(QStringLiteral("waiting"), QStringLiteral("q1"));
        std::sort(waiting.begin(), waiting.end());
        QCOMPARE(waiting, (QList<QByteArray>{"f", "s"}));
        QVERIFY(jobs(QStringLiteral("scheduled"), QStringLiteral("q1")).isEmpty());
        QCOMPARE(jobs(QStringLiteral("stalled"), QStringLiteral("q1")), QList<QByteArray>{"w"});
        QVERIFY(jobs(QStringLiteral("complete"), QString()).isEmpty());
        QCOMPARE(await<QList<FailureGroup>>([&](QObject *c, auto done) {
                     m_client->failureReads().failureGroups(c, done);
                 }).value.size(),
                 1);
        QCOMPARE(await<FailedJobsPage>([&](QObject *c, auto done) {
                     m_client->failureReads().failedJobs(QStringLiteral("g1"), 0, 5, c, done);
                 }).value.total,
                 1);
        QCOMPARE(await<QList<WorkerSummary>>([&](QObject *c, auto done) {
                     m_client->workerReads().workers(c, done);
                 }).value.size(),
                 1);
        QCOMPARE(await<WorkerJobs>([&](QObject *c, auto done) {
                     m_client->workerReads().workerJobs(QStringLiteral("w1"), c, done);
                 }).value.stalled,
                 QStringList{QStringLiteral("w")});
        QCOMPARE(await<TrackedJobs>([&](QObject *c, auto done) {
                     m_client->trackedTagReads().trackedJobs(c, done);
                 }).value.jobs.size(),
                 1);
        QCOMPARE(await<TaggedJobsPage>([&](QObject *c, auto done) {
                     m_client->trackedTagReads().taggedJobs(QStringLiteral("red"), 0, 5, c, done);
                 }).value.total,
                 1);
        QCOMPARE(await<QList<TagCount>>([&](QObject *c, auto done) {
                     m_client->trackedTagReads().topTags(0, 5, c, done);
                 }).value.size(),
                 1);
        QVERIFY(await<DayStats>([&](QObject *c, auto done) {
                    m_client->statsReads().stats(QStringLiteral("q1"), 1000, c, done);
                }).ok());
        QVERIFY(await<QlessConfig>([&](QObject *c, auto done) { m_client->configReads().config(c, done); }).ok());
        QCOMPARE(*await<std::optional<QString>>([&](QObject *c, auto done) {
                      m_client->configReads().configValue(QStringLiteral("heartbeat"), c, done);
                  }).value,
                 QStringLiteral("60"));
        QVERIFY(await<std::optional<RecurringJob>>([&](QObject *c, auto done) {
                    m_client->jobReads().recurringJob("rj", c, done);
                }).value);
        QVERIFY(get("f"));
        QCOMPARE(m_fixture->snapshot(), before);

        const FailedActionRequest request{
            FailedActionRequest::Kind::Retry, QStringLiteral("g1"), QString(), 5, 0, "k1", {}};
        QCOMPARE(await<FailedBatch>([&](QObject *c, auto done) {
                     m_client->writes().failedAction(request, c, done);
                 }).value.done,
                 1);
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().move("f", QStringLiteral("q2"), c, done);
                }).value);
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().setConfig(QStringLiteral("heartbeat"), QStringLiteral("30"), c, done);
                }).value);
        QCOMPARE(await<QStringList>([&](QObject *c, auto done) { m_client->writes().cancel({"f"}, c, done); }).value,
                 QStringList{QStringLiteral("f")});
        QCOMPARE(await<QList<std::optional<Job>>>([&](QObject *c, auto done) {
                     m_client->jobReads().multiGet({"w", "f"}, c, done);
                 }).value.size(),
                 2);
        QVERIFY(await<bool>([&](QObject *c, auto done) { m_client->writes().untrack("w", c, done); }).value);
        QVERIFY(await<bool>([&](QObject *c, auto done) { m_client->writes().track("s", c, done); }).value);
        QCOMPARE(*await<std::optional<QStringList>>([&](QObject *c, auto done) {
                      m_client->writes().addTags("s", {QStringLiteral("blue")}, c, done);
                  }).value,
                 QStringList{QStringLiteral("blue")});
        QVERIFY(await<std::optional<QStringList>>([&](QObject *c, auto done) {
                    m_client->writes().removeTags("s", {QStringLiteral("blue")}, c, done);
                }).value->isEmpty());
        QVERIFY(await<bool>([&](QObject *c, auto done) { m_client->writes().setPriority("s", 7, c, done); }).value);
        QVERIFY(!await<bool>([&](QObject *c, auto done) {
                     m_client->writes().dependsOff("s", {}, c, done);
                 }).value); // not in depends
        RecurringUpdate update;
        update.priority = 3;
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().updateRecurring("rj", update, c, done);
                }).value);
        QCOMPARE(await<qint64>([&](QObject *c, auto done) { m_client->writes().recurringOff("rj", c, done); }).value,
                 1);

        // Every one of the client's calls went through qless.lua: no other script of the library
        // was loaded since the flush.
        const ScriptLibrary &library = ScriptLibrary::instance();
        QList<QByteArray> exists{"SCRIPT", "EXISTS", library.find(QStringLiteral("qless"))->sha1};
        QStringList replaced = library.names();
        replaced.removeAll(QStringLiteral("qless"));
        QVERIFY(replaced.size() >= 20); // the per-command scripts are still embedded (the fixture uses them)
        for (const QString &name : replaced)
            exists << library.find(name)->sha1;
        const RedisValue loaded = m_fixture->command(exists);
        QCOMPARE(loaded.elements.size(), replaced.size() + 1);
        QCOMPARE(loaded.elements.at(0).integer, 1);
        for (qsizetype i = 0; i < replaced.size(); ++i)
            QVERIFY2(loaded.elements.at(i + 1).integer == 0, qPrintable(replaced.at(i)));
    }

    void jobDecoded()
    {
        m_fixture->put("q1", "jid-1", 1000, {"priority", "5", "tags", "[\"a\",\"b\"]", "retries", "3"}, 0, "{\"n\":1}",
                       "My.Job");
        m_fixture->pop("q1", "w1", 1, 1002);
        const std::optional<Job> job = get("jid-1");
        QVERIFY(job);
        QCOMPARE(job->jid, QByteArray("jid-1"));
        QCOMPARE(job->klass, QStringLiteral("My.Job"));
        QCOMPARE(job->state, QStringLiteral("running"));
        QCOMPARE(job->queue, QStringLiteral("q1"));
        QCOMPARE(job->worker, QStringLiteral("w1"));
        QCOMPARE(job->priority, 5.0);
        QCOMPARE(job->retries, 3.0);
        QCOMPARE(job->remaining, 3.0);
        QCOMPARE(job->expires, 1062.0);
        QCOMPARE(job->data, QStringLiteral("{\"n\":1}"));
        QCOMPARE(job->tags, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY(!job->failure);
        QVERIFY(job->dependents.isEmpty());                   // `{}` from Lua
        QCOMPARE(job->historyForm, Job::HistoryForm::Events); // the per-command faces write qless's events
        QCOMPARE(job->history.size(), 2);
        QCOMPARE(job->history.at(0).what, QStringLiteral("put"));
        QCOMPARE(job->history.at(0).queue, QStringLiteral("q1"));
        QCOMPARE(job->history.at(1).what, QStringLiteral("popped"));
        QCOMPARE(job->history.at(1).when, 1002.0);
        QCOMPARE(job->history.at(1).worker, QStringLiteral("w1"));
        QVERIFY2(job->problems.isEmpty(), qPrintable(job->problems.keys().join(QLatin1Char(','))));

        QVERIFY(!get("nope"));
    }

    void multiGetInOrder()
    {
        QList<QByteArray> jids;
        for (int i = 0; i < 200; ++i) {
            jids << "m" + QByteArray::number(i);
            m_fixture->put("q1", jids.last(), 1000);
        }
        jids.insert(100, "missing");
        const auto reply = await<QList<std::optional<Job>>>(
            [&](QObject *c, auto done) { m_client->jobReads().multiGet(jids, c, done); });
        QVERIFY(reply.ok());
        QCOMPARE(reply.value.size(), 201);
        for (int i = 0; i < 201; ++i) {
            if (i == 100)
                QVERIFY(!reply.value.at(i));
            else
                QCOMPARE(reply.value.at(i)->jid, jids.at(i));
        }
        const auto none = await<QList<std::optional<Job>>>(
            [&](QObject *c, auto done) { m_client->jobReads().multiGet({}, c, done); });
        QVERIFY(none.ok() && none.value.isEmpty());
    }

    // What a bulk run reads back of refused steps: each job's state and whether qless timed it
    // out, in the order asked across calls of StatesPerCall, none of its data.
    void jobStatesInOrder()
    {
        QList<QByteArray> jids;
        for (int i = 0; i < QlessJobReads::StatesPerCall + 20; ++i) {
            jids << "s" + QByteArray::number(i);
            m_fixture->put("q1", jids.last(), 1000, {}, 0, "{\"big\":\"" + QByteArray(50000, 'x') + "\"}");
        }
        const QList<QByteArray> popped = m_fixture->pop("q1", "w1", 2, 1001);
        QCOMPARE(popped.size(), 2);
        QVERIFY(!m_fixture->qless("timeout", 1002, {popped.at(0)}).isError());
        jids.insert(50, "missing");
        const auto reply = await<QList<std::optional<Job>>>(
            [&](QObject *c, auto done) { m_client->jobReads().jobStates(jids, c, done); });
        QVERIFY2(reply.ok(), qPrintable(reply.error.message));
        QCOMPARE(reply.value.size(), jids.size());
        QVERIFY(!reply.value.at(50));
        for (qsizetype i = 0; i < jids.size(); ++i) {
            if (i == 50)
                continue;
            const Job &job = *reply.value.at(i);
            QCOMPARE(job.jid, jids.at(i));
            QVERIFY(job.data.isEmpty());
            if (job.jid == popped.at(0)) {
                QCOMPARE(job.state, QStringLiteral("stalled"));
                QVERIFY(job.timedOut);
            } else if (job.jid == popped.at(1)) {
                QCOMPARE(job.state, QStringLiteral("running"));
                QVERIFY(!job.timedOut);
            } else {
                QCOMPARE(job.state, QStringLiteral("waiting"));
            }
        }
    }

    void failuresAndWorkers()
    {
        for (int i = 0; i < 3; ++i)
            m_fixture->put("q1", "f" + QByteArray::number(i), 1000);
        m_fixture->put("q1", "other", 1000);
        m_fixture->pop("q1", "w1", 4, 1001);
        for (int i = 0; i < 3; ++i)
            fail("f" + QByteArray::number(i), "g1", 1002 + i);
        m_now = 1010;

        const auto groups =
            await<QList<FailureGroup>>([&](QObject *c, auto done) { m_client->failureReads().failureGroups(c, done); });
        QVERIFY(groups.ok());
        QCOMPARE(groups.value.size(), 1);
        QCOMPARE(groups.value.at(0).name, QStringLiteral("g1"));
        QCOMPARE(groups.value.at(0).count, 3);
        // desk.failed carries each group's newest failure: the head of its list, f2.
        const auto listing =
            await<FailureGroupList>([&](QObject *c, auto done) { m_client->failureReads().failureGroupList(c, done); });
        QVERIFY(listing.ok());
        QCOMPARE(listing.value.total, 1);
        QCOMPARE(listing.value.groups.size(), 1);
        QVERIFY(listing.value.groups.at(0).hasNewest);
        QCOMPARE(listing.value.groups.at(0).newestJid, QByteArray("f2"));
        QCOMPARE(listing.value.groups.at(0).newestWhen, 1004.0);
        QCOMPARE(listing.value.groups.at(0).newestQueue, QStringLiteral("q1"));
        QVERIFY(listing.value.groups.at(0).newestDamaged.isEmpty());

        const auto page = await<FailedJobsPage>(
            [&](QObject *c, auto done) { m_client->failureReads().failedJobs(QStringLiteral("g1"), 0, 2, c, done); });
        QVERIFY(page.ok());
        QCOMPARE(page.value.total, 3);
        QCOMPARE(page.value.jobs.size(), 2);
        QCOMPARE(page.value.jobs.at(0).jid, QByteArray("f2")); // newest first
        QVERIFY(page.value.jobs.at(0).failure);
        QCOMPARE(page.value.jobs.at(0).failure->group, QStringLiteral("g1"));
        QCOMPARE(page.value.jobs.at(0).failure->message, QStringLiteral("it broke: f2"));
        QCOMPARE(page.value.jobs.at(0).failure->when, 1004.0);

        const auto workers =
            await<QList<WorkerSummary>>([&](QObject *c, auto done) { m_client->workerReads().workers(c, done); });
        QVERIFY(workers.ok());
        QCOMPARE(workers.value.size(), 1);
        QCOMPARE(workers.value.at(0).name, QStringLiteral("w1"));
        QCOMPARE(workers.value.at(0).jobs, 1);
        const auto mine = await<WorkerJobs>(
            [&](QObject *c, auto done) { m_client->workerReads().workerJobs(QStringLiteral("w1"), c, done); });
        QCOMPARE(mine.value.running, QStringList{QStringLiteral("other")});
        QVERIFY(mine.value.stalled.isEmpty());

        // Unfail the two oldest back into q2.
        const auto moved = await<qint64>([&](QObject *c, auto done) {
            m_client->writes().unfail(QStringLiteral("g1"), QStringLiteral("q2"), 2, c, done);
        });
        QVERIFY2(moved.ok(), qPrintable(moved.error.message));
        QCOMPARE(moved.value, 2);
        QCOMPARE(jobs(QStringLiteral("waiting"), QStringLiteral("q2")).size(), 2);
    }

    void trackingAndTags()
    {
        m_fixture->put("q1", "t1", 1000);
        const auto tracked = await<bool>([&](QObject *c, auto done) { m_client->writes().track("t1", c, done); });
        QVERIFY(tracked.ok() && tracked.value);
        QVERIFY(!await<bool>([&](QObject *c, auto done) { m_client->writes().track("nope", c, done); }).value);
        const auto list =
            await<TrackedJobs>([&](QObject *c, auto done) { m_client->trackedTagReads().trackedJobs(c, done); });
        QCOMPARE(list.value.jobs.size(), 1);
        QVERIFY(list.value.jobs.at(0).tracked);
        QVERIFY(list.value.expired.isEmpty());
        QVERIFY(await<bool>([&](QObject *c, auto done) { m_client->writes().untrack("t1", c, done); }).value);
        QVERIFY(await<TrackedJobs>([&](QObject *c, auto done) {
                    m_client->trackedTagReads().trackedJobs(c, done);
                }).value.jobs.isEmpty());

        const auto added = await<std::optional<QStringList>>([&](QObject *c, auto done) {
            m_client->writes().addTags("t1", {QStringLiteral("red"), QStringLiteral("blue")}, c, done);
        });
        QVERIFY2(added.ok(), qPrintable(added.error.message));
        QCOMPARE(*added.value, (QStringList{QStringLiteral("red"), QStringLiteral("blue")}));
        const auto tagged = await<TaggedJobsPage>([&](QObject *c, auto done) {
            m_client->trackedTagReads().taggedJobs(QStringLiteral("red"), 0, 10, c, done);
        });
        QCOMPARE(tagged.value.total, 1);
        QCOMPARE(tagged.value.jids, QStringList{QStringLiteral("t1")});
        const auto top =
            await<QList<TagCount>>([&](QObject *c, auto done) { m_client->trackedTagReads().topTags(0, 10, c, done); });
        QCOMPARE(top.value.size(), 2);
        const auto removed = await<std::optional<QStringList>>(
            [&](QObject *c, auto done) { m_client->writes().removeTags("t1", {QStringLiteral("red")}, c, done); });
        QCOMPARE(*removed.value, QStringList{QStringLiteral("blue")});
        const auto unknown = await<std::optional<QStringList>>(
            [&](QObject *c, auto done) { m_client->writes().addTags("nope", {QStringLiteral("x")}, c, done); });
        QVERIFY(unknown.ok() && !unknown.value);
    }

    void statsOfADay()
    {
        m_fixture->put("q1", "s1", 86400 * 10 + 5);
        m_fixture->pop("q1", "w1", 1, 86400 * 10 + 17);
        const auto stats = await<DayStats>([&](QObject *c, auto done) {
            m_client->statsReads().stats(QStringLiteral("q1"), 86400 * 10 + 100, c, done);
        });
        QVERIFY2(stats.ok(), qPrintable(stats.error.message));
        QCOMPARE(stats.value.wait.count, 1);
        QCOMPARE(stats.value.wait.histogram.size(), 148);
        QCOMPARE(stats.value.wait.histogram.at(12), 1); // s12
        QCOMPARE(stats.value.run.count, 0);
        QCOMPARE(stats.value.run.histogram.size(), 148);
    }

    void configGetSetUnset()
    {
        const auto all = await<QlessConfig>([&](QObject *c, auto done) { m_client->configReads().config(c, done); });
        QCOMPARE(all.value.text(QStringLiteral("heartbeat")), QStringLiteral("60"));
        QCOMPARE(all.value.text(QStringLiteral("application")), QStringLiteral("qless"));
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().setConfig(QStringLiteral("heartbeat"), QStringLiteral("30"), c, done);
                }).ok());
        const auto value = await<std::optional<QString>>(
            [&](QObject *c, auto done) { m_client->configReads().configValue(QStringLiteral("heartbeat"), c, done); });
        QCOMPARE(*value.value, QStringLiteral("30"));
        const auto bad = await<bool>([&](QObject *c, auto done) {
            m_client->writes().setConfig(QStringLiteral("heartbeat"), QStringLiteral("soon"), c, done);
        });
        QCOMPARE(bad.error.kind, RedisError::Kind::ScriptError);
        QVERIFY(!bad.error.message.contains(QLatin1String("user_script")));
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().unsetConfig(QStringLiteral("heartbeat"), c, done);
                }).ok());
        QCOMPARE(*await<std::optional<QString>>([&](QObject *c, auto done) {
                      m_client->configReads().configValue(QStringLiteral("heartbeat"), c, done);
                  }).value,
                 QStringLiteral("60"));
    }

    void moveKeepsTheJob()
    {
        m_fixture->put("q1", "mv", 1000, {"priority", "7", "tags", "[\"x\"]", "retries", "2"}, 0, "{\"k\":\"v\"}", "K");
        m_fixture->pop("q1", "w1", 1, 1001);
        m_now = 1005;
        const auto moved =
            await<bool>([&](QObject *c, auto done) { m_client->writes().move("mv", QStringLiteral("q2"), c, done); });
        QVERIFY2(moved.ok(), qPrintable(moved.error.message));
        QVERIFY(moved.value);
        const std::optional<Job> job = get("mv");
        QCOMPARE(job->queue, QStringLiteral("q2"));
        QCOMPARE(job->state, QStringLiteral("waiting"));
        QCOMPARE(job->klass, QStringLiteral("K"));
        QCOMPARE(job->data, QStringLiteral("{\"k\":\"v\"}"));
        QCOMPARE(job->priority, 7.0);
        QCOMPARE(job->tags, QStringList{QStringLiteral("x")});
        QCOMPARE(job->retries, 2.0);
        QCOMPARE(job->remaining, 2.0);
        QVERIFY(job->worker.isEmpty());
        QCOMPARE(jobs(QStringLiteral("waiting"), QStringLiteral("q2")), QList<QByteArray>{"mv"});
        QVERIFY(jobs(QStringLiteral("running"), QStringLiteral("q1")).isEmpty());
        // Its old worker lost it.
        QVERIFY(m_fixture->call(QStringLiteral("heartbeat"), {"mv", "w1", "1006"}).isNil());
        const auto none =
            await<bool>([&](QObject *c, auto done) { m_client->writes().move("nope", QStringLiteral("q2"), c, done); });
        QVERIFY(none.ok() && !none.value);
        // One round trip: move.lua, no get before it.
        m_fixture->command({"CONFIG", "RESETSTAT"});
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().move("mv", QStringLiteral("q3"), c, done);
                }).value);
        const QByteArray stats = m_fixture->command({"INFO", "commandstats"}).bytes;
        QVERIFY2(stats.contains("cmdstat_evalsha:calls=1,"), stats.constData());
    }

    void moveOnlyInAState()
    {
        m_fixture->put("q1", "g1", 1000);
        const QList<QByteArray> before = m_fixture->snapshot();
        const auto refused = await<bool>([&](QObject *c, auto done) {
            m_client->writes().move("g1", QStringLiteral("q2"), QStringLiteral("running"), c, done);
        });
        QVERIFY2(refused.ok(), qPrintable(refused.error.message));
        QVERIFY(!refused.value);
        QCOMPARE(m_fixture->snapshot(), before);
        const auto moved = await<bool>([&](QObject *c, auto done) {
            m_client->writes().move("g1", QStringLiteral("q2"), QStringLiteral("waiting"), c, done);
        });
        QVERIFY(moved.ok() && moved.value);
        QCOMPARE(get("g1")->queue, QStringLiteral("q2"));
        // An empty state guards nothing.
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().move("g1", QStringLiteral("q3"), QString(), c, done);
                }).value);
        QCOMPARE(get("g1")->queue, QStringLiteral("q3"));
        // Script errors arrive readable: back to its own queue, when it has none.
        m_fixture->command({"HSET", "ql:j:g1", "queue", ""});
        const auto bad = await<bool>([&](QObject *c, auto done) { m_client->writes().move("g1", QString(), c, done); });
        QCOMPARE(bad.error.kind, RedisError::Kind::ScriptError);
        QVERIFY2(bad.error.message.contains(QLatin1String("Desk.move(): g1 has no queue of its own")),
                 qPrintable(bad.error.message));
    }

    void retryPutsAFailedJobBack()
    {
        m_fixture->put("q1", "r1", 1000);
        m_fixture->pop("q1", "w1", 1, 1001);
        fail("r1", "g1", 1002);
        QCOMPARE(get("r1")->state, QStringLiteral("failed"));
        const auto retried = await<bool>([&](QObject *c, auto done) { m_client->writes().retry("r1", c, done); });
        QVERIFY2(retried.ok() && retried.value, qPrintable(retried.error.message));
        const std::optional<Job> job = get("r1");
        QCOMPARE(job->state, QStringLiteral("waiting"));
        QCOMPARE(job->queue, QStringLiteral("q1"));
        QVERIFY(!job->failure);
        QVERIFY(await<QList<FailureGroup>>([&](QObject *c, auto done) {
                    m_client->failureReads().failureGroups(c, done);
                }).value.isEmpty());
        // Only failed jobs: the same retry again (now waiting) changes nothing.
        const QList<QByteArray> before = m_fixture->snapshot();
        const auto again = await<bool>([&](QObject *c, auto done) { m_client->writes().retry("r1", c, done); });
        QVERIFY(again.ok() && !again.value);
        QCOMPARE(m_fixture->snapshot(), before);
        QVERIFY(!await<bool>([&](QObject *c, auto done) { m_client->writes().retry("nope", c, done); }).value);
    }

    void failedActionBatches()
    {
        // g1: five jobs from two queues, oldest first f0..f4.
        for (int i = 0; i < 5; ++i) {
            const QByteArray jid = "f" + QByteArray::number(i);
            m_fixture->put(i % 2 ? "qa" : "qb", jid, 1000 + i);
        }
        m_fixture->pop("qa", "w1", 5, 1010);
        m_fixture->pop("qb", "w1", 5, 1010);
        for (int i = 0; i < 5; ++i)
            fail("f" + QByteArray::number(i), "g1", 1020 + i);
        m_now = 1100;

        FailedActionRequest request;
        request.kind = FailedActionRequest::Kind::Retry;
        request.group = QStringLiteral("g1");
        request.count = 2;
        request.key = "batch-1";
        const auto first =
            await<FailedBatch>([&](QObject *c, auto done) { m_client->writes().failedAction(request, c, done); });
        QVERIFY2(first.ok(), qPrintable(first.error.message));
        QCOMPARE(first.value.taken, 2);
        QCOMPARE(first.value.done, 2);
        QVERIFY(first.value.skipped.isEmpty());
        QCOMPARE(first.value.skippedCount(), 0);
        QCOMPARE(get("f0")->queue, QStringLiteral("qb"));
        QCOMPARE(get("f1")->queue, QStringLiteral("qa"));
        QCOMPARE(get("f1")->state, QStringLiteral("waiting"));

        // Sent again after a lost reply: the same answer, nothing more retried.
        const QList<QByteArray> before = m_fixture->snapshot();
        const auto again =
            await<FailedBatch>([&](QObject *c, auto done) { m_client->writes().failedAction(request, c, done); });
        QVERIFY(again.ok());
        QCOMPARE(again.value.taken, 2);
        QCOMPARE(again.value.done, 2);
        QCOMPARE(m_fixture->snapshot(), before);

        // Move the next one; a job another depends on is kept by cancel.
        request.kind = FailedActionRequest::Kind::Move;
        request.queue = QStringLiteral("dst");
        request.count = 1;
        request.key = "batch-2";
        const auto moved =
            await<FailedBatch>([&](QObject *c, auto done) { m_client->writes().failedAction(request, c, done); });
        QVERIFY2(moved.ok(), qPrintable(moved.error.message));
        QCOMPARE(moved.value.done, 1);
        QCOMPARE(get("f2")->queue, QStringLiteral("dst"));

        m_fixture->put("qa", "kid", 1100, {"depends", "[\"f3\"]"});
        m_fixture->command({"RPUSH", "ql:f:g1", "gone"});
        request.kind = FailedActionRequest::Kind::Cancel;
        request.queue.clear();
        request.count = 10;
        request.key = "batch-3";
        const auto cancelled =
            await<FailedBatch>([&](QObject *c, auto done) { m_client->writes().failedAction(request, c, done); });
        QVERIFY2(cancelled.ok(), qPrintable(cancelled.error.message));
        QCOMPARE(cancelled.value.taken, 3);
        QCOMPARE(cancelled.value.done, 1);
        QCOMPARE(cancelled.value.skipped.value(QStringLiteral("has dependents")), QList<QByteArray>{"f3"});
        QCOMPARE(cancelled.value.skipped.value(QStringLiteral("missing")), QList<QByteArray>{"gone"});
        QCOMPARE(cancelled.value.skippedCount(), 2);
        QCOMPARE(cancelled.value.leftInPlace(), 1);
        QVERIFY(!get("f4"));
        QCOMPARE(get("f3")->state, QStringLiteral("failed"));

        // The caller passes over what stayed: nothing left to take.
        request.skip = int(cancelled.value.leftInPlace());
        request.key = "batch-4";
        const auto rest =
            await<FailedBatch>([&](QObject *c, auto done) { m_client->writes().failedAction(request, c, done); });
        QVERIFY(rest.ok());
        QCOMPARE(rest.value.taken, 0);

        // Script errors arrive readable; a read-only connection refuses (readOnlyClientRefusesEveryWrite).
        request.key = "batch-5";
        request.count = -1;
        const auto bad =
            await<FailedBatch>([&](QObject *c, auto done) { m_client->writes().failedAction(request, c, done); });
        QCOMPARE(bad.error.kind, RedisError::Kind::ScriptError);
        QVERIFY2(bad.error.message.contains(QLatin1String("Desk.failedaction(): Arg \"count\" not a whole number")),
                 qPrintable(bad.error.message));
    }

    void failedActionWholeGroupLikeTheBulkRunner()
    {
        const int total = 120;
        for (int i = 0; i < total; ++i)
            m_fixture->put("src", "b" + QByteArray::number(i), 1000 + i);
        QCOMPARE(m_fixture->pop("src", "w1", total, 1200).size(), total);
        for (int i = 0; i < total; ++i)
            fail("b" + QByteArray::number(i), "big", 1300 + i);
        FailedActionRequest request;
        request.kind = FailedActionRequest::Kind::Move;
        request.group = QStringLiteral("big");
        request.queue = QStringLiteral("dst");
        request.count = 25;
        qint64 done = 0;
        for (int batch = 0; batch < 20; ++batch) {
            request.key = "run-1:" + QByteArray::number(batch);
            const auto reply =
                await<FailedBatch>([&](QObject *c, auto cb) { m_client->writes().failedAction(request, c, cb); });
            QVERIFY2(reply.ok(), qPrintable(reply.error.message));
            if (reply.value.taken == 0)
                break;
            done += reply.value.done;
            request.skip += int(reply.value.leftInPlace());
        }
        QCOMPARE(done, total);
        QCOMPARE(m_fixture->command({"ZCARD", "ql:q:dst-work"}).integer, total);
        QVERIFY(await<QList<FailureGroup>>([&](QObject *c, auto cb) {
                    m_client->failureReads().failureGroups(c, cb);
                }).value.isEmpty());
    }

    void priorityCancelDepends()
    {
        m_fixture->put("q1", "a", 1000);
        m_fixture->put("q1", "b", 1000, {"depends", "[\"a\"]"});
        QCOMPARE(get("b")->state, QStringLiteral("depends"));
        QCOMPARE(get("b")->dependencies, QStringList{QStringLiteral("a")});
        QCOMPARE(get("a")->dependents, QStringList{QStringLiteral("b")});

        QVERIFY(await<bool>([&](QObject *c, auto done) { m_client->writes().setPriority("a", 9, c, done); }).value);
        QCOMPARE(get("a")->priority, 9.0);
        QVERIFY(!await<bool>([&](QObject *c, auto done) { m_client->writes().setPriority("nope", 1, c, done); }).value);

        // a has a dependent: cancelling it alone is refused.
        const auto refused =
            await<QStringList>([&](QObject *c, auto done) { m_client->writes().cancel({"a"}, c, done); });
        QVERIFY(!refused.ok() || refused.value.isEmpty());
        QVERIFY(get("a"));

        QVERIFY(await<bool>([&](QObject *c, auto done) { m_client->writes().dependsOff("b", {}, c, done); }).value);
        QCOMPARE(get("b")->state, QStringLiteral("waiting"));
        QVERIFY(!await<bool>([&](QObject *c, auto done) { m_client->writes().dependsOff("b", {}, c, done); }).value);

        const auto cancelled = await<QStringList>([&](QObject *c, auto done) {
            m_client->writes().cancel({"a", "b"}, c, done);
        });
        QVERIFY2(cancelled.ok(), qPrintable(cancelled.error.message));
        QCOMPARE(cancelled.value.size(), 2);
        QVERIFY(!get("a"));
    }

    void recurring()
    {
        m_fixture->call(QStringLiteral("recur"), {"on", "q1", "rj", "Rk", "{}", "1000", "interval", "60", "30",
                                                  "priority", "2", "tags", "[\"t\"]"});
        const auto got = await<std::optional<RecurringJob>>(
            [&](QObject *c, auto done) { m_client->jobReads().recurringJob("rj", c, done); });
        QVERIFY2(got.ok() && got.value, qPrintable(got.error.message));
        QCOMPARE(got.value->klass, QStringLiteral("Rk"));
        QCOMPARE(got.value->interval, 60.0);
        QCOMPARE(got.value->priority, 2.0);
        QCOMPARE(got.value->next, 1030.0);
        QCOMPARE(got.value->tags, QStringList{QStringLiteral("t")});
        QVERIFY(got.value->problems.isEmpty());
        QCOMPARE(jobs(QStringLiteral("recurring"), QStringLiteral("q1")), QList<QByteArray>{"rj"});

        RecurringUpdate update;
        update.interval = 120;
        update.queue = QStringLiteral("q2");
        QVERIFY(await<bool>([&](QObject *c, auto done) {
                    m_client->writes().updateRecurring("rj", update, c, done);
                }).value);
        const auto after = await<std::optional<RecurringJob>>(
            [&](QObject *c, auto done) { m_client->jobReads().recurringJob("rj", c, done); });
        QCOMPARE(after.value->interval, 120.0);
        QCOMPARE(after.value->queue, QStringLiteral("q2"));
        QVERIFY(!await<bool>([&](QObject *c, auto done) {
                     m_client->writes().updateRecurring("nope", update, c, done);
                 }).value);

        QCOMPARE(await<qint64>([&](QObject *c, auto done) { m_client->writes().recurringOff("rj", c, done); }).value,
                 1);
        QVERIFY(!await<std::optional<RecurringJob>>([&](QObject *c, auto done) {
                     m_client->jobReads().recurringJob("rj", c, done);
                 }).value);
    }

    void readOnlyClientRefusesEveryWrite()
    {
        m_fixture->put("q1", "ro", 1000);
        RedisConnection readOnly(ConnectionSettings::fromUrl(
            QStringLiteral("unix://") + m_fixture->server().socketPath() + QStringLiteral("?readonly=1")));
        QlessClient client(&readOnly);
        QVERIFY(awaitReady(readOnly));
        m_fixture->command({"CONFIG", "RESETSTAT"});
        auto refused = [](const RedisError &error) { return error.kind == RedisError::Kind::ReadOnlyMode; };
        QVERIFY(
            refused(await<QStringList>([&](QObject *c, auto done) { client.writes().cancel({"ro"}, c, done); }).error));
        QVERIFY(refused(await<bool>([&](QObject *c, auto done) {
                            client.writes().move("ro", QStringLiteral("q2"), c, done);
                        }).error));
        QVERIFY(refused(await<bool>([&](QObject *c, auto done) { client.writes().retry("ro", c, done); }).error));
        QVERIFY(refused(await<bool>([&](QObject *c, auto done) { client.writes().track("ro", c, done); }).error));
        QVERIFY(
            refused(await<bool>([&](QObject *c, auto done) { client.writes().setPriority("ro", 1, c, done); }).error));
        QVERIFY(refused(await<qint64>([&](QObject *c, auto done) {
                            client.writes().unfail(QStringLiteral("g"), QStringLiteral("q"), 1, c, done);
                        }).error));
        QVERIFY(refused(await<bool>([&](QObject *c, auto done) {
                            client.writes().move("ro", QStringLiteral("q2"), QStringLiteral("waiting"), c, done);
                        }).error));
        FailedActionRequest request;
        request.group = QStringLiteral("g");
        request.key = "k";
        QVERIFY(refused(
            await<FailedBatch>([&](QObject *c, auto done) { client.writes().failedAction(request, c, done); }).error));
        QVERIFY(refused(await<bool>([&](QObject *c, auto done) {
                            client.writes().setConfig(QStringLiteral("heartbeat"), QStringLiteral("1"), c, done);
                        }).error));
        QVERIFY(!m_fixture->redis().command({"INFO", "commandstats"}).bytes.contains("cmdstat_evalsha"));
        // Reads go through.
        const auto counts =
            await<QList<QueueCounts>>([&](QObject *c, auto done) { client.queueReads().queueCounts(c, done); });
        QVERIFY(counts.ok());
        QCOMPARE(counts.value.size(), 1);
    }

    void brokenDataIsShownNotTrusted()
    {
        const QByteArray jid("bad\xff\xfejid", 8);
        m_fixture->command({"HSET",     "ql:j:" + jid, "jid",     jid,       "state",     "waiting", "queue", "q1",
                            "priority", "high",        "retries", "5",       "remaining", "5",       "data",  "{broken",
                            "tags",     "not json[",   "history", "{\"x\":", "failure",   "oops"});
        const std::optional<Job> job = get(jid);
        QVERIFY(job);
        QVERIFY(job->escapedBytes);
        QCOMPARE(job->jid, jid); // the bytes asked for, to act on
        QCOMPARE(job->problems.value(QStringLiteral("klass")).kind, FieldProblem::Kind::Missing);
        QCOMPARE(job->problems.value(QStringLiteral("priority")).kind, FieldProblem::Kind::Invalid);
        QCOMPARE(job->problems.value(QStringLiteral("priority")).raw, QStringLiteral("high"));
        QCOMPARE(job->problems.value(QStringLiteral("tags")).raw, QStringLiteral("not json["));
        QCOMPARE(job->problems.value(QStringLiteral("history")).raw, QStringLiteral("{\"x\":"));
        QCOMPARE(job->problems.value(QStringLiteral("failure")).raw, QStringLiteral("oops"));
        QCOMPARE(job->problems.value(QStringLiteral("data")).kind, FieldProblem::Kind::Invalid);
        QCOMPARE(job->data, QStringLiteral("{broken"));
        QVERIFY(job->tags.isEmpty());
        QCOMPARE(job->retries, 5.0);

        // Current deployments' history list, with one unreadable entry.
        m_fixture->put("q1", "evt", 1000);
        m_fixture->command({"DEL", "ql:j:evt-history"});
        m_fixture->command({"HDEL", "ql:j:evt", "history"}); // whichever form the put wrote
        m_fixture->command({"RPUSH", "ql:j:evt-history", "[1000,\"put\",{\"q\":\"q1\"}]",
                            "[1001,\"popped\",{\"worker\":\"w9\",\"extra\":1}]", "garbage"});
        const std::optional<Job> events = get("evt");
        QCOMPARE(events->historyForm, Job::HistoryForm::Events);
        QCOMPARE(events->history.size(), 3);
        QCOMPARE(events->history.at(0).queue, QStringLiteral("q1"));
        QCOMPARE(events->history.at(1).worker, QStringLiteral("w9"));
        QCOMPARE(events->history.at(1).extra.value(QLatin1String("extra")).toInt(), 1);
        QCOMPARE(events->history.at(2).what, QStringLiteral("invalid"));
        QCOMPARE(events->history.at(2).raw, QStringLiteral("garbage"));
        QVERIFY(events->hasProblem(QStringLiteral("history")));

        // A failure group listing a jid whose job is gone, and one with broken bytes.
        m_fixture->command({"SADD", "ql:failures", "g9"});
        m_fixture->command({"LPUSH", "ql:f:g9", "gone", jid});
        const auto page = await<FailedJobsPage>(
            [&](QObject *c, auto done) { m_client->failureReads().failedJobs(QStringLiteral("g9"), 0, 10, c, done); });
        QVERIFY2(page.ok(), qPrintable(page.error.message));
        QCOMPARE(page.value.jobs.size(), 2);
        QVERIFY(page.value.jobs.at(0).jid.contains("\\xFF"));
        QVERIFY(page.value.jobs.at(1).isMissing());

        // Raw jid lists keep their bytes exactly.
        m_fixture->command({"ZADD", "ql:q:q1-work", "0", jid});
        QVERIFY(jobs(QStringLiteral("waiting"), QStringLiteral("q1")).contains(jid));
        QCOMPARE(QlessText::displayText(jid), QStringLiteral("bad\\xFF\\xFEjid"));
    }

    void bigDataArrivesWhole()
    {
        QByteArray big = "{\"blob\":\"" + QByteArray(8 * 1024 * 1024, 'x') + "\"}";
        m_fixture->put("q1", "big", 1000, {}, 0, big);
        const std::optional<Job> job = get("big");
        QVERIFY(job);
        QCOMPARE(job->data.size(), big.size());
        QVERIFY(!job->hasProblem(QStringLiteral("data")));
    }

    void decoderTakesEmptyTablesAsLists()
    {
        RedisReply reply;
        reply.type = RedisReply::Type::String;
        RedisError error;
        reply.bytes = "{}";
        QVERIFY(QlessListDecoder::queues(reply, &error).isEmpty());
        QVERIFY(QlessListDecoder::workers(reply, &error).isEmpty());
        QVERIFY(QlessListDecoder::topTags(reply, &error).isEmpty());
        QVERIFY(QlessListDecoder::failureGroups(reply, &error).isEmpty());
        QVERIFY(error.isNull());
        // desk.failed's listing, and qless's {group: count} read the same way.
        reply.bytes =
            R"({"total":7,"groups":[{"name":"g","count":2,"newest":{"jid":"j","when":5,"message":"m","worker":"w","queue":"q"}},{"name":"h","count":1,"newest":{"jid":"x","damaged":"ql:j:x: WRONGTYPE"}}]})";
        const FailureGroupList listing = QlessListDecoder::failureGroupList(reply, &error);
        QVERIFY(error.isNull());
        QCOMPARE(listing.total, 7);
        QCOMPARE(listing.groups.size(), 2);
        QCOMPARE(listing.groups.at(0).newestMessage, QStringLiteral("m"));
        QCOMPARE(listing.groups.at(1).newestDamaged, QStringLiteral("ql:j:x: WRONGTYPE"));
        reply.bytes = R"({"total":3,"groups":5})";
        QCOMPARE(QlessListDecoder::failureGroupList(reply, &error).groups.size(), 2); // qless's shape: two groups
        reply.bytes = "{\"total\":0,\"jobs\":{}}";
        QVERIFY(QlessListDecoder::failedJobs(reply, &error).jobs.isEmpty());
        QVERIFY(error.isNull());
        reply.bytes = "not json";
        QlessListDecoder::queues(reply, &error);
        QCOMPARE(error.kind, RedisError::Kind::BadReply);
        RedisError shape;
        reply.bytes = "{\"a\":1}";
        QlessListDecoder::queues(reply, &shape);
        QCOMPARE(shape.kind, RedisError::Kind::BadReply);
        const Job notAnObject = QlessJobDecoder::job(QJsonValue(5));
        QVERIFY(notAnObject.hasProblem(QStringLiteral("job")));
    }

    void decoderReadsFailedBatches()
    {
        RedisReply reply;
        reply.type = RedisReply::Type::String;
        const auto decode = [&reply](const QByteArray &bytes, RedisError *error) {
            reply.bytes = bytes;
            return QlessValueDecoder::failedBatch(reply, error);
        };
        RedisError error;
        FailedBatch batch =
            decode("{\"taken\":3,\"done\":1,\"skipped\":{\"missing\":[\"a\",\"b\"],\"not failed\":{}}}", &error);
        QVERIFY(error.isNull());
        QCOMPARE(batch.taken, 3);
        QCOMPARE(batch.done, 1);
        QCOMPARE(batch.skipped.value(QStringLiteral("missing")), (QList<QByteArray>{"a", "b"}));
        QVERIFY(!batch.skipped.contains(QStringLiteral("not failed"))); // `{}`: an empty list
        QCOMPARE(batch.skippedCount(), 2);
        QCOMPARE(batch.leftInPlace(), 0);
        for (const QByteArray &empty :
             {QByteArray("{\"taken\":0,\"done\":0,\"skipped\":{}}"),
              QByteArray("{\"taken\":0,\"done\":0,\"skipped\":[]}"), QByteArray("{\"taken\":0,\"done\":0}")}) {
            batch = decode(empty, &error);
            QVERIFY2(error.isNull(), empty.constData());
            QVERIFY(batch.skipped.isEmpty());
        }
        // Non-UTF-8 jids arrive as \xHH text.
        batch = decode("{\"taken\":1,\"done\":0,\"skipped\":{\"missing\":[\"x\xff\"]}}", &error);
        QVERIFY(error.isNull());
        QCOMPARE(batch.skipped.value(QStringLiteral("missing")), QList<QByteArray>{"x\\xFF"});

        for (const QByteArray &wrong :
             {QByteArray("[]"), QByteArray("not json"), QByteArray("{\"taken\":\"3\",\"done\":1}"),
              QByteArray("{\"taken\":1}"), QByteArray("{\"taken\":1,\"done\":1,\"skipped\":5}"),
              QByteArray("{\"taken\":1,\"done\":1,\"skipped\":[\"a\"]}"),
              QByteArray("{\"taken\":1,\"done\":1,\"skipped\":{\"missing\":\"a\"}}")}) {
            RedisError shape;
            decode(wrong, &shape);
            QVERIFY2(shape.kind == RedisError::Kind::BadReply, wrong.constData());
        }
        RedisReply nil;
        RedisError nilError;
        QlessValueDecoder::failedBatch(nil, &nilError);
        QCOMPARE(nilError.kind, RedisError::Kind::BadReply);
    }
};

QTEST_GUILESS_MAIN(TestQlessClient)
#include "tst_qlessclient.moc"
