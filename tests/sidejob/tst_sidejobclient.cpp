// SPDX-License-Identifier: GPL-3.0-or-later
#include "awaitcall.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "sidejobclient.h"
#include "sidejobgenerator.h"
#include "sidejobsample.h"
#include "sidejobscripts.h"
#include "sidekiqprocesswriter.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <memory>

using Layout = SideJobStorage::Layout;

// SideJobClient on deployments our generator writes as SideJob 4.1.0 and 4.0.2 do (on Sidekiq
// 6.4.1), and on the bad data a console meets (ids without keys, keys of other types, records that
// are not JSON): every row and count is what Redis holds, in either layout, and bad data is shown.
class TestSideJobClient final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<SideJobClient> m_client;

    SyncRedis &redis() { return m_fixture->redis(); }
    SideJobPresence detect()
    {
        const auto reply = awaitCall<SideJobPresence>([&](QObject *c, auto done) { m_client->detect(c, done); });
        [&] { QVERIFY2(reply.ok(), qPrintable(reply.error.message)); }();
        return reply.value;
    }
    QlessReply<SideJobPage> page(qint64 cursor, const SideJobFilter &filter = {}, int count = 100)
    {
        return awaitCall<SideJobPage>(
            [&](QObject *c, auto done) { m_client->listJobs(cursor, count, filter, c, done); });
    }
    // Every row that passes `filter`, walking the ids down call by call.
    QList<SideJobRow> all(const SideJobFilter &filter = {})
    {
        QList<SideJobRow> rows;
        qint64 cursor = 0;
        for (int calls = 0; calls < 1000; ++calls) {
            const auto reply = page(cursor, filter);
            if (!reply.ok())
                return {};
            rows += reply.value.rows;
            if (reply.value.next == 0)
                break;
            cursor = reply.value.next;
        }
        return rows;
    }
    SideJobRecord record(qint64 id, const QByteArray &childCursor = "0")
    {
        const auto reply = awaitCall<SideJobRecord>(
            [&](QObject *c, auto done) { m_client->jobRecord(QByteArray::number(id), T + 20, c, done, childCursor); });
        [&] { QVERIFY2(reply.ok(), qPrintable(reply.error.message)); }();
        return reply.value;
    }
    // A job's status as Redis holds it, in whichever layout it is.
    QByteArray statusInRedis(const QByteArray &id)
    {
        const RedisValue plain = redis().command({"GET", "job:" + id + ":status"});
        if (!plain.isNil())
            return plain.bytes;
        const QByteArray stored = redis().command({"HGET", "job:" + id, "status"}).bytes;
        return stored.isEmpty() ? QByteArray() : stored.mid(1, stored.size() - 2);
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        m_connection = std::make_unique<RedisConnection>(
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + m_fixture->server().socketPath()));
        m_client = std::make_unique<SideJobClient>(m_connection.get());
    }
    void init() { m_fixture->flush(); }

    void detectsEitherLayoutBesideQless()
    {
        QVERIFY(!detect().holdsSideJob());
        m_fixture->put("qlessq", "jid1", T);
        QVERIFY(!detect().holdsSideJob()); // qless alone
        SideJobGenerator v41(redis());
        v41.registerAll("q", {{"W", "{}"}});
        v41.queueJob({"q", "W"}, T);
        SideJobPresence seen = detect();
        QVERIFY(seen.holdsSideJob());
        QCOMPARE(seen.layouts, QStringList{QStringLiteral("4.1")});
        QCOMPARE(seen.jobCount, 1);
        SideJobGenerator v40(redis(), Layout::V4_0);
        v40.queueJob({"q", "W"}, T);
        seen = detect();
        QCOMPARE(seen.layouts, (QStringList{QStringLiteral("4.1"), QStringLiteral("4.0")})); // both, after an upgrade
        m_fixture->flush();
        SideJobGenerator(redis(), Layout::V4_0).registerAll("q", {{"W", "{}"}});
        SideJobGenerator(redis(), Layout::V4_0).queueJob({"q", "W"}, T);
        seen = detect();
        QVERIFY(seen.holdsSideJob());
        QCOMPARE(seen.layouts, QStringList{QStringLiteral("4.0")}); // the seed's layout alone
        m_fixture->flush();
        redis().command({"SET", "jobs", "x"});
        seen = detect();
        QVERIFY(!seen.holdsSideJob()); // a key of that name SideJob did not write
        QCOMPARE(seen.jobsType, QStringLiteral("string"));
    }

    // Redis 7's EVAL_RO refuses any write a script attempts: each read script runs under it.
    void theReadScriptsWriteNothing()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        const QByteArray id = QByteArray::number(s.queued);
        const QList<QPair<QString, QList<QByteArray>>> calls{
            {QStringLiteral("detect"), {}},
            {QStringLiteral("jobpage"), {"0", "100", "1000", "", "", "", ""}},
            {QStringLiteral("jobpage"), {"0", "100", "1000", "queued", "q1", "Adder", "bob"}},
            {QStringLiteral("jobrecord"), {id, "1795858220"}},
            {QStringLiteral("jobrecord"), {QByteArray::number(s.oldLayout), "1795858220"}},
            {QStringLiteral("portpage"), {id, "in", "in", "0", "100"}},
            {QStringLiteral("sidekiq"), {}},
            {QStringLiteral("sortedpage"), {"schedule", "0", "100"}}};
        for (const auto &call : calls) {
            const LuaScript *script = SideJobScripts::instance().find(call.first);
            QVERIFY(script);
            const RedisValue reply = redis().command(QList<QByteArray>{"EVAL_RO", script->source, "0"} + call.second);
            QVERIFY2(!reply.isError(), qPrintable(call.first + QLatin1String(": ") + QString::fromUtf8(reply.bytes)));
        }
    }

    void pagesEveryJobNewestFirstInEitherLayout()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        const QList<SideJobRow> rows = all();
        QList<QByteArray> members = redis().command({"SMEMBERS", "jobs"}).strings();
        std::sort(members.begin(), members.end(),
                  [](const QByteArray &a, const QByteArray &b) { return a.toLongLong() > b.toLongLong(); });
        QList<QByteArray> ids;
        for (const SideJobRow &row : rows)
            ids << QByteArray::number(row.id);
        QCOMPARE(ids, members);
        for (const SideJobRow &row : rows) {
            if (row.layout == QLatin1String("none"))
                continue;
            QCOMPARE(row.status.toUtf8(), statusInRedis(QByteArray::number(row.id)));
        }
        const auto find = [&rows](qint64 id) {
            return *std::find_if(rows.begin(), rows.end(), [id](const SideJobRow &r) { return r.id == id; });
        };
        QCOMPARE(find(s.halfCreated).layout, QStringLiteral("none"));
        QCOMPARE(find(s.oldLayout).layout, QStringLiteral("4.0"));
        QCOMPARE(find(s.oldLayout).status, QStringLiteral("queued"));
        QCOMPARE(find(s.oldLayout).createdBy, QStringLiteral("user:carol"));
        QCOMPARE(find(s.oldLayout).klass, QStringLiteral("Adder"));
        QCOMPARE(find(s.scheduled).args, QByteArray("[1]"));
        QCOMPARE(find(s.waiting).parent, QByteArray::number(s.pipeline));
        QVERIFY(find(s.running).locked);
        QVERIFY(!find(s.unlocked).locked);
        QCOMPARE(find(s.running).status, QStringLiteral("running"));
        QVERIFY(find(s.pipeline).createdAt.startsWith(QLatin1String("2026-")));
    }

    void filtersCountWhatRedisHolds()
    {
        SideJobSample::write(redis(), T);
        QHash<QByteArray, int> byStatus;
        for (const QByteArray &id : redis().command({"SMEMBERS", "jobs"}).strings())
            ++byStatus[statusInRedis(id)];
        for (const char *status :
             {"queued", "running", "suspended", "completed", "failed", "terminating", "terminated"}) {
            const QList<SideJobRow> rows = all({QString::fromLatin1(status)});
            QCOMPARE(rows.size(), byStatus.value(status));
        }
        QCOMPARE(all({{}, {}, QStringLiteral("Breaker")}).size(), 1); // the deleted Breaker is gone
        QCOMPARE(all({{}, QStringLiteral("q1")}).size(),
                 redis().command({"SCARD", "jobs"}).integer - 1); // not the half
        QCOMPARE(all({{}, QStringLiteral("elsewhere")}).size(), 0);
        QCOMPARE(all({{}, {}, {}, QStringLiteral("carol")}).size(), 1); // a substring, in the 4.0 job too
        QVERIFY(all({{}, {}, {}, QStringLiteral("job:")}).size() >= 2); // children, created by their parents
    }

    void aCallLooksAtABoundedWindowOfIds()
    {
        // Job 1 failed, then 1,199 ids listed but not yet written (creations under way).
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{}"}});
        sidejob.queueJob({"q", "W"}, T);
        redis().command({"SET", "job:1:status", "failed"});
        for (int i = 2; i <= 1200; ++i)
            sidejob.queueJobHalf();
        const auto first = page(0, {QStringLiteral("failed")});
        QVERIFY(first.ok());
        QCOMPARE(first.value.rows.size(), 0);
        QCOMPARE(first.value.next, 1200 - SideJobClient::IdsPerCall);
        QCOMPARE(first.value.total, 1200);
        const QList<SideJobRow> found = all({QStringLiteral("failed")});
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().id, 1);
        const auto rows = page(0, {}, 10);
        QCOMPARE(rows.value.rows.size(), 10); // the count caps the rows before the id budget
        QCOMPARE(rows.value.next, 1190);
    }

    void badDataIsShownNotFatal()
    {
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{}"}});
        const qint64 a = sidejob.queueJob({"q", "W"}, T);
        const qint64 b = sidejob.queueJob({"q", "W"}, T);
        const qint64 c = sidejob.queueJob({"q", "W"}, T);
        const qint64 d = SideJobGenerator(redis(), Layout::V4_0).queueJob({"q", "W"}, T);
        redis().command({"SET", "job:" + QByteArray::number(a) + ":worker", "not json"});
        redis().command({"DEL", "job:" + QByteArray::number(b) + ":status"});
        redis().command({"HSET", "job:" + QByteArray::number(b) + ":status", "x", "y"}); // a hash where a string is
        const QByteArray cKey = "job:" + QByteArray::number(c);
        for (const char *field : {":status", ":worker", ":created_at", ":created_by"})
            redis().command({"DEL", cKey + field});
        redis().command({"RPUSH", cKey, "a list"});
        redis().command({"HSET", "job:" + QByteArray::number(d), "status", "not json", "parent", "\"x\""});
        redis().command({"SADD", "jobs", "not-a-number"});
        const QList<SideJobRow> rows = all();
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows.at(0).id, d);
        QCOMPARE(rows.at(0).status, QStringLiteral("not json"));
        QCOMPARE(rows.at(1).layout, QStringLiteral("odd:list"));
        QCOMPARE(rows.at(2).status, QString()); // b: its status key is a hash
        QCOMPARE(rows.at(2).klass, QStringLiteral("W"));
        QCOMPARE(rows.at(3).klass, QString()); // a: the worker record is not JSON
        for (qint64 id : {a, b, c, d}) {
            const SideJobRecord r = record(id);
            QVERIFY(r.inJobs);
        }
        QCOMPARE(record(c).layout, QStringLiteral("odd:list"));
        QVERIFY(!record(a).workerParsed);
        QCOMPARE(record(d).parent, QByteArray("\"x\""));
        const SideJobRecord missing = record(999);
        QVERIFY(!missing.inJobs);
        QCOMPARE(missing.layout, QStringLiteral("none"));
    }

    void aRecordWalksTheTreeBothWaysWithPortsAndLocks()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        const SideJobRecord pipeline = record(s.pipeline);
        QCOMPARE(pipeline.layout, QStringLiteral("4.1"));
        QCOMPARE(pipeline.aliases, QStringList{QStringLiteral("pipeline")});
        QCOMPARE(pipeline.childTotal, 1);
        QCOMPARE(pipeline.children.first().name, QStringLiteral("kid"));
        QCOMPARE(pipeline.children.first().id, QByteArray::number(s.waiting));
        QCOMPARE(pipeline.children.first().status, QStringLiteral("suspended"));
        QCOMPARE(pipeline.state.value(0).first, QStringLiteral("total"));
        QCOMPARE(pipeline.state.value(0).second, QByteArray("8"));
        QCOMPARE(pipeline.outports.first().name, QStringLiteral("out"));
        QCOMPARE(pipeline.outports.first().waiting, redis().command({"LLEN", "job:1:out:out"}).integer);
        QCOMPARE(pipeline.inportTotal, 2);
        const SideJobRecord kid = record(s.waiting);
        QCOMPARE(kid.parent, QByteArray::number(s.pipeline));
        QCOMPARE(kid.parentStatus.toUtf8(), statusInRedis(QByteArray::number(s.pipeline)));
        QVERIFY(std::any_of(kid.inports.begin(), kid.inports.end(),
                            [](const SideJobPort &p) { return p.name == QLatin1String("extra"); }));
        const SideJobRecord queued = record(s.queued);
        QCOMPARE(queued.createdBy, QStringLiteral("user:bob"));
        QCOMPARE(queued.inports.first().name, QStringLiteral("in"));
        QCOMPARE(queued.inports.first().waiting, 3);
        QVERIFY(queued.inports.first().head.contains("\"n\":0"));
        QVERIFY(queued.inQueue);
        QVERIFY(record(s.scheduled).inSchedule);
        const SideJobRecord running = record(s.running);
        QVERIFY(!running.lockToken.isEmpty());
        QVERIFY(running.lockTtl > 0);
        QVERIFY(record(s.unlocked).lockToken.isEmpty());
        const SideJobRecord old = record(s.oldLayout);
        QCOMPARE(old.layout, QStringLiteral("4.0"));
        QCOMPARE(old.status, QStringLiteral("queued"));
        QCOMPARE(old.queue, QStringLiteral("q1"));
        QCOMPARE(old.createdBy, QStringLiteral("user:carol"));
        const SideJobRecord half = record(s.halfCreated);
        QVERIFY(half.inJobs);
        QCOMPARE(half.layout, QStringLiteral("none"));
    }

    void tenThousandChildrenAreWalkedInWindows()
    {
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{}"}});
        const qint64 parent = sidejob.queueJob({"q", "W"}, T);
        // The children's ids in the parent's hash, each with a status (written here in bulk: the
        // generator's own steps would take minutes for ten thousand jobs).
        redis().command({"EVAL",
                         "for i = 1, 10000 do redis.call('HSET', KEYS[1], 'c' .. i, 100000 + i) "
                         "redis.call('SET', 'job:' .. (100000 + i) .. ':status', 'suspended') end",
                         "1", "job:" + QByteArray::number(parent) + ":children"});
        QSet<QByteArray> seen;
        QByteArray cursor = "0";
        int windows = 0;
        do {
            const SideJobRecord r = record(parent, cursor);
            QCOMPARE(r.childTotal, 10000);
            QVERIFY(r.children.size() <= 400); // HSCAN's COUNT 200 is a hint, not a cap
            for (const SideJobChild &child : r.children) {
                QCOMPARE(child.status, QStringLiteral("suspended"));
                seen.insert(child.id);
            }
            cursor = r.childNext;
        } while (cursor != "0" && ++windows < 200);
        QCOMPARE(seen.size(), 10000);
        QVERIFY(windows >= 25);
    }

    void aWidePortIsReadInPages()
    {
        for (Layout layout : {Layout::V4_1, Layout::V4_0}) {
            m_fixture->flush();
            SideJobGenerator sidejob(redis(), layout);
            sidejob.registerAll("q", {{"W", "{\"inports\":{\"in\":{}},\"outports\":{}}"}});
            const qint64 id = sidejob.queueJob({"q", "W", "null", {}, 0, {}, 0, {{"in", {}}}}, T);
            QList<QByteArray> values;
            for (int i = 0; i < 250; ++i)
                values << "{\"n\":" + QByteArray::number(i) + '}';
            sidejob.writeInputs(id, "in", values, T);
            const auto third = awaitCall<SideJobPortPage>([&](QObject *c, auto done) {
                m_client->portPage(QByteArray::number(id), true, QStringLiteral("in"), 200, 100, c, done);
            });
            QVERIFY(third.ok());
            QCOMPARE(third.value.total, 250);
            QCOMPARE(third.value.values.size(), 50);
            QVERIFY(third.value.values.first().contains("{\"n\":200}"));
        }
    }

    void readsSidekiqInEitherTimeUnit()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        redis().command({"SADD", "processes", "gone-host:1:aaaaaaaaaaaa"}); // killed: no hash
        const auto reply = awaitCall<SidekiqOverview>([&](QObject *c, auto done) { m_client->sidekiq(c, done); });
        QVERIFY2(reply.ok(), qPrintable(reply.error.message));
        const SidekiqOverview &o = reply.value;
        QCOMPARE(o.queueTotal, 1);
        QCOMPARE(o.queues.first().name, QStringLiteral("q1"));
        QCOMPARE(o.queues.first().length, redis().command({"LLEN", "queue:q1"}).integer);
        QCOMPARE(o.queues.first().registered, 3);
        QVERIFY(o.queues.first().oldestEnqueuedAt.has_value());
        QCOMPARE(o.queues.first().orphans, 1); // the deleted job's item, still queued
        QCOMPARE(o.schedule, redis().command({"ZCARD", "schedule"}).integer);
        QCOMPARE(o.processed, redis().command({"GET", "stat:processed"}).bytes);
        QCOMPARE(o.processTotal, 2);
        const SidekiqProcess &gone = o.processes.at(0);
        QVERIFY(!gone.present);
        const SidekiqProcess &live = o.processes.at(1);
        QVERIFY(live.present);
        QCOMPARE(live.hostname, QStringLiteral("worker-1"));
        QCOMPARE(live.pid, 4242);
        QCOMPARE(live.concurrency, 10);
        QCOMPARE(live.busy, 1);
        QVERIFY(qAbs(*live.beat - (T + 10)) < 0.01);
        // Sidekiq 8 writes milliseconds.
        redis().command({"HSET", SideJobSample::process, "beat", "1795858210500"});
        const auto ms = awaitCall<SidekiqOverview>([&](QObject *c, auto done) { m_client->sidekiq(c, done); });
        QVERIFY(qAbs(*ms.value.processes.at(1).beat - 1795858210.5) < 0.001);
        QVERIFY(s.scheduled > 0);
    }

    void readsTheSortedSetsAndTellsSideJobItemsApart()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        redis().command(
            {"ZADD", "retry", "1795858300.25",
             R"({"retry":true,"queue":"mail","class":"Mailer","jid":"0a1b2c3d4e5f60718293a4b5","error_message":"smtp down"})"});
        const auto schedule = awaitCall<SidekiqItemPage>(
            [&](QObject *c, auto done) { m_client->sortedPage(QStringLiteral("schedule"), 0, 100, c, done); });
        QVERIFY(schedule.ok());
        QCOMPARE(schedule.value.total, redis().command({"ZCARD", "schedule"}).integer);
        const auto scheduled =
            std::find_if(schedule.value.items.begin(), schedule.value.items.end(),
                         [&](const SidekiqItem &i) { return i.jid == QByteArray::number(s.scheduled); });
        QVERIFY(scheduled != schedule.value.items.end());
        QCOMPARE(scheduled->known, 1);
        QCOMPARE(scheduled->klass, QStringLiteral("Adder"));
        const auto retry = awaitCall<SidekiqItemPage>(
            [&](QObject *c, auto done) { m_client->sortedPage(QStringLiteral("retry"), 0, 100, c, done); });
        QCOMPARE(retry.value.total, 1);
        QCOMPARE(retry.value.items.first().known, -1); // an ordinary Sidekiq job
        QCOMPARE(retry.value.items.first().error, QStringLiteral("smtp down"));
        QVERIFY(qAbs(*retry.value.items.first().at - 1795858300.25) < 0.001);
        const auto dead = awaitCall<SidekiqItemPage>(
            [&](QObject *c, auto done) { m_client->sortedPage(QStringLiteral("dead"), 0, 100, c, done); });
        QCOMPARE(dead.value.total, 0);
    }
};

QTEST_MAIN(TestSideJobClient)
#include "tst_sidejobclient.moc"
