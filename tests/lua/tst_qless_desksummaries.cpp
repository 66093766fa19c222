// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "qlessjobdecoder.h"
#include "qlesstext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// qless.lua's desk.summaries (lua/lib/95-desk-summaries.lua): what a list row shows of a job,
// built by the script. Each summary, decoded, must say what the whole job (desk.get) says for
// every field a row shows, in every state, for both history forms and damaged jobs, while it
// carries no data and reads a long history only from its end.
class TestQlessDeskSummaries final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const QList<QByteArray> &options = {},
             double delay = 0, const QByteArray &data = "{\"url\":\"x\"}")
    {
        QList<QByteArray> args{"w", queue, jid, "K", data, num(delay)};
        args += options;
        mustWork(lua("put", now, args));
    }

    static QJsonValue parsed(const RedisValue &reply)
    {
        QJsonValue value;
        QlessText::parseJson(reply.bytes, &value);
        return value;
    }
    Job whole(const QByteArray &jid, double now) { return QlessJobDecoder::job(parsed(lua("desk.get", now, {jid}))); }
    // The summary's reply as sent, and decoded.
    QJsonObject summaryObject(const QByteArray &jid, double now)
    {
        const RedisValue reply = lua("desk.summaries", now, {jid});
        if (reply.elements.size() != 1)
            return {};
        return parsed(reply.elements.at(0)).toObject();
    }
    static QString lastQueue(const Job &job)
    {
        for (auto event = job.history.crbegin(); event != job.history.crend(); ++event) {
            if (!event->queue.isEmpty())
                return event->queue;
        }
        return {};
    }
    static QString firstLine(const QString &text) { return text.left(text.indexOf(QLatin1Char('\n'))); }

    // Every field a row shows, the summary's against the whole job's.
    void sameAsWhole(const QByteArray &jid, double now)
    {
        const Job full = whole(jid, now);
        const QJsonObject object = summaryObject(jid, now);
        QVERIFY2(!object.isEmpty(), jid.constData());
        QVERIFY(!object.contains(QStringLiteral("data")));
        QVERIFY(!object.contains(QStringLiteral("dependents")));
        QVERIFY(object.value(QStringLiteral("history")).toArray().size() <= 5);
        const Job row = QlessJobDecoder::jobSummary(object);
        QCOMPARE(row.jid, full.jid);
        QCOMPARE(row.klass, full.klass);
        QCOMPARE(row.state, full.state);
        QCOMPARE(row.queue, full.queue);
        if (full.state == QLatin1String("complete"))
            QCOMPARE(lastQueue(row), lastQueue(full)); // the queue it completed in
        QCOMPARE(row.worker, full.worker);
        QCOMPARE(row.tracked, full.tracked);
        QCOMPARE(row.priority, full.priority);
        QCOMPARE(row.expires, full.expires);
        QCOMPARE(row.retries, full.retries);
        QCOMPARE(row.remaining, full.remaining);
        QCOMPARE(row.time, full.time);
        QCOMPARE(row.put, full.put);
        QCOMPARE(row.due, full.due);
        QCOMPARE(row.tags, full.tags);
        QCOMPARE(row.dependencies, full.dependencies);
        QCOMPARE(row.spawnedFrom, full.spawnedFrom);
        QCOMPARE(row.timedOut, full.timedOut);
        QCOMPARE(row.timedOutAt, full.timedOutAt);
        QCOMPARE(row.timedOutWorker, full.timedOutWorker);
        QCOMPARE(row.failure.has_value(), full.failure.has_value());
        if (full.failure) {
            QCOMPARE(row.failure->group, full.failure->group);
            QCOMPARE(row.failure->when, full.failure->when);
            QCOMPARE(row.failure->worker, full.failure->worker);
            QCOMPARE(row.failure->message, firstLine(full.failure->message));
        }
        QCOMPARE(row.problems.keys(), full.problems.keys());
        for (auto it = full.problems.cbegin(); it != full.problems.cend(); ++it) {
            // A deleted `data` reaches desk.get's reader as Lua's false, read as data that is not
            // an object; the summary names it missing.
            if (it.key() == QLatin1String("data") && it.value().raw == QLatin1String("not a JSON object: false")) {
                QCOMPARE(row.problems.value(it.key()).kind, FieldProblem::Kind::Missing);
                continue;
            }
            QCOMPARE(row.problems.value(it.key()).kind, it.value().kind);
            if (it.key() == QLatin1String("data"))
                QCOMPARE(row.problems.value(it.key()).raw, it.value().raw.left(200 + 19));
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void argumentsAndOrder()
    {
        QLESS_VERIFY_REFUSED(lua("desk.summaries", T), "Arg \"jid\" missing");
        QList<QByteArray> many;
        for (int i = 0; i < 1001; ++i)
            many << "j" + QByteArray::number(i);
        QLESS_VERIFY_REFUSED(lua("desk.summaries", T, many), "at most 1000 jids");
        put(T, "q", "a");
        put(T, "q", "b");
        const RedisValue reply = lua("desk.summaries", T + 1, {"b", "nobody", "a"});
        QCOMPARE(reply.elements.size(), 3);
        QVERIFY(reply.elements.at(1).isNil());
        QCOMPARE(parsed(reply.elements.at(0)).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("b"));
        QCOMPARE(parsed(reply.elements.at(2)).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("a"));
    }

    void everyStateReadsAsTheWholeJob()
    {
        put(T, "q", "waiting", {"priority", "-7", "tags", "[\"red\",\"blue\"]", "retries", "3"});
        put(T, "q", "running");
        put(T, "q", "done");
        put(T, "q", "failed");
        put(T, "q", "timed");
        put(T, "q", "later", {}, 600);
        put(T, "q", "waits", {"depends", "[\"waiting\",\"later\"]"});
        mustWork(lua("track", T, {"track", "running"}));
        mustWork(lua("pop", T + 1, {"q", "w1", "4"})); // all but `waiting`, whose priority is lowest
        mustWork(lua("complete", T + 2, {"done", "w1", "q", "{}"}));
        mustWork(lua("fail", T + 3, {"failed", "w1", "boom", "it broke\nat line 3\nat line 9", "{}"}));
        mustWork(lua("timeout", T + 4, {"timed"}));
        for (const QByteArray jid : {"waiting", "running", "done", "failed", "timed", "later", "waits"}) {
            sameAsWhole(jid, T + 5);
            if (QTest::currentTestFailed())
                QFAIL(jid.constData());
        }
        const Job timed = QlessJobDecoder::jobSummary(summaryObject("timed", T + 5));
        QVERIFY(timed.timedOut);
        QCOMPARE(timed.timedOutAt, T + 4);
        QCOMPARE(timed.timedOutWorker, QStringLiteral("w1"));
        const Job done = QlessJobDecoder::jobSummary(summaryObject("done", T + 5));
        QCOMPARE(done.state, QStringLiteral("complete"));
        QCOMPARE(lastQueue(done), QStringLiteral("q"));
        QCOMPARE(QlessJobDecoder::jobSummary(summaryObject("waits", T + 5)).dependencies.size(), 2);
        QVERIFY(QlessJobDecoder::jobSummary(summaryObject("later", T + 5)).due > T);
    }

    // A 2012 `history` field of stages (no list beside it) is read in place, times as written;
    // with a list beside it the stages follow the list, as the upgrade would append them.
    void stageHistoryReadsAsTheWholeJobAndChangesNothing()
    {
        put(T, "q", "old");
        m_q.command({"DEL", "ql:j:old-history"});
        m_q.command(
            {"HSET", "ql:j:old", "history",
             R"([{"q":"a","put":1700000000.5,"popped":1700000005,"worker":"w9"},{"q":"b","put":1700000100.25}])"});
        put(T, "q", "both");
        m_q.command({"HSET", "ql:j:both", "history", R"([{"q":"c","put":1800000000.75}])"});
        const QList<QByteArray> before = m_q.snapshot();
        sameAsWhole("old", T + 1);
        sameAsWhole("both", T + 1);
        QCOMPARE(m_q.snapshot(), before);
        QCOMPARE(QlessJobDecoder::jobSummary(summaryObject("old", T + 1)).put, 1700000100.25);
        QCOMPARE(QlessJobDecoder::jobSummary(summaryObject("both", T + 1)).put, 1800000000.0);
    }

    void damagedJobsAreMarkedAsTheWholeJob()
    {
        const auto spoil = [this](const QByteArray &jid, const QList<QByteArray> &command) {
            put(T, "q", jid);
            m_q.command(command);
        };
        spoil("data-bad", {"HSET", "ql:j:data-bad", "data", "{\"url\": \"https://exa"});
        spoil("data-number", {"HSET", "ql:j:data-number", "data", "42"});
        spoil("data-gone", {"HDEL", "ql:j:data-gone", "data"});
        spoil("tags-bad", {"HSET", "ql:j:tags-bad", "tags", "[\"a\","});
        spoil("tags-gone", {"HDEL", "ql:j:tags-gone", "tags"});
        spoil("failure-bad", {"HSET", "ql:j:failure-bad", "failure", "{oops"});
        spoil("jid-gone", {"HDEL", "ql:j:jid-gone", "jid"});
        spoil("priority-nan", {"HSET", "ql:j:priority-nan", "priority", "nan"});
        spoil("expires-text", {"HSET", "ql:j:expires-text", "expires", "soon"});
        spoil("history-bad", {"RPUSH", "ql:j:history-bad-history", "{oops", "42", "[]"});
        spoil("history-string", {"DEL", "ql:j:history-string-history"});
        m_q.command({"SET", "ql:j:history-string-history", "not a list"});
        spoil("stages-bad", {"DEL", "ql:j:stages-bad-history"});
        m_q.command({"HSET", "ql:j:stages-bad", "history", "{\"x\":"});
        spoil("dependents-string", {"SET", "ql:j:dependents-string-dependents", "not a set"});
        spoil("dependencies-string", {"SET", "ql:j:dependencies-string-dependencies", "not a set"});
        m_q.command({"SET", "ql:j:key-string", "{\"jid\":\"key-string\"}"});
        for (const QByteArray jid : {"data-bad", "data-number", "data-gone", "tags-bad", "tags-gone", "failure-bad",
                                     "jid-gone", "priority-nan", "expires-text", "history-bad", "history-string",
                                     "stages-bad", "dependents-string", "dependencies-string", "key-string"}) {
            sameAsWhole(jid, T + 1);
            if (QTest::currentTestFailed())
                QFAIL(jid.constData());
        }
        QVERIFY(QlessJobDecoder::jobSummary(summaryObject("key-string", T + 1)).hasProblem(QStringLiteral("job")));
        QVERIFY(QlessJobDecoder::jobSummary(summaryObject("history-bad", T + 1)).hasProblem(QStringLiteral("history")));
        QVERIFY(QlessJobDecoder::jobSummary(summaryObject("dependents-string", T + 1))
                    .hasProblem(QStringLiteral("dependents")));
    }

    // Data over 4 KB is not read for a row (reading is most of a summary's cost): its flaws are
    // left to the job window, which reads the whole job. Up to 4 KB, marked as the whole job is.
    // A row's summary of a failed job (history of put, popped, failed) costs eight Redis calls:
    // the hash's fields, tracked, the dependents' type, the dependencies, the data's length and
    // text, the history's length and its last entries. A key's type is asked only where a read
    // cannot tell it (dependents, never read). It was thirteen: a TYPE before each read. Summaries
    // are what every list reads, 25 a call; each call counts.
    void aSummaryCostsEightCalls()
    {
        put(T, "q", "f1");
        mustWork(lua("pop", T + 1, {"q", "w", "1"}));
        mustWork(lua("fail", T + 2, {"f1", "w", "G", "boom\nat line 3", "{\"url\":\"x\"}"}));
        m_q.command({"CONFIG", "RESETSTAT"});
        QVERIFY(!summaryObject("f1", T + 3).isEmpty());
        const QByteArray stats = m_q.command({"INFO", "commandstats"}).bytes;
        qint64 calls = 0;
        for (const QByteArray &line : stats.split('\n')) {
            if (!line.startsWith("cmdstat_") || line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_info:")
                || line.startsWith("cmdstat_config|"))
                continue;
            const qsizetype at = line.indexOf("calls=") + 6;
            calls += line.mid(at, line.indexOf(',', at) - at).toLongLong();
        }
        QVERIFY2(calls == 8, stats.constData());
        QVERIFY2(stats.contains("cmdstat_type:calls=1,"), stats.constData());
    }

    void onlySmallDataIsChecked()
    {
        for (const QByteArray jid : {"small-cut", "large-cut"})
            put(T, "q", jid);
        m_q.command({"HSET", "ql:j:small-cut", "data", "{\"blob\":\"" + QByteArray(4000, 'x')});
        m_q.command({"HSET", "ql:j:large-cut", "data", "{\"blob\":\"" + QByteArray(5000, 'x')});
        sameAsWhole("small-cut", T + 1);
        QVERIFY(QlessJobDecoder::jobSummary(summaryObject("small-cut", T + 1)).hasProblem(QStringLiteral("data")));
        QVERIFY(whole("large-cut", T + 1).hasProblem(QStringLiteral("data")));
        QVERIFY(!QlessJobDecoder::jobSummary(summaryObject("large-cut", T + 1)).hasProblem(QStringLiteral("data")));
    }

    // 100,000 entries after the put: the summary finds the put (qless keeps a job's first entry)
    // and reads only the end of the list, so a bad entry in the middle, which the whole job
    // shows, is beyond what it reads. Data of 1 MB does not travel.
    void longHistoryIsReadFromItsEnd()
    {
        put(T, "q", "long", {}, 0, "{\"blob\":\"" + QByteArray(1 << 20, 'x') + "\"}");
        QList<QByteArray> argv{"RPUSH", "ql:j:long-history"};
        for (int i = 0; i < 100000; ++i) {
            argv << (i == 50000 ? QByteArray("{oops")
                                : "[" + num(T + 1 + i) + ",\"note " + QByteArray::number(i)
                                      + "\",{\"step\":" + QByteArray::number(i) + "}]");
            if (argv.size() >= 1002) {
                m_q.command(argv);
                argv = {"RPUSH", "ql:j:long-history"};
            }
        }
        const RedisValue reply = lua("desk.summaries", T + 200000, {"long"});
        QCOMPARE(reply.elements.size(), 1);
        QVERIFY2(reply.elements.at(0).bytes.size() < 2000,
                 QByteArray::number(reply.elements.at(0).bytes.size()).constData());
        const Job row = QlessJobDecoder::jobSummary(parsed(reply.elements.at(0)));
        const Job full = whole("long", T + 200000);
        QCOMPARE(full.history.size(), 100001);
        QCOMPARE(row.put, T);
        QCOMPARE(row.put, full.put);
        QVERIFY(full.hasProblem(QStringLiteral("history")));
        QVERIFY(!row.hasProblem(QStringLiteral("history")));
        QVERIFY(!row.hasProblem(QStringLiteral("data")));
    }

    // A failure group's page as summaries (desk.failed <group> start limit summaries): the same
    // jobs in the same order as the whole-job page, each what desk.summaries says of it, a gone
    // job still listed as missing; anything but `summaries` as the fourth argument is refused.
    void failureGroupPageAsSummaries()
    {
        const QByteArray big = "{\"blob\":\"" + QByteArray(64 * 1024, 'x') + "\"}";
        for (const QByteArray jid : {"f1", "f2", "f3"})
            put(T, "q", jid, {}, 0, big);
        mustWork(lua("pop", T + 1, {"q", "w1", "3"}));
        for (const QByteArray jid : {"f1", "f2", "f3"})
            mustWork(lua("fail", T + 2, {jid, "w1", "boom", "first line\nsecond line", "{}"}));
        m_q.command({"DEL", "ql:j:f2"});
        QLESS_VERIFY_REFUSED(lua("desk.failed", T + 3, {"boom", "0", "10", "whole"}), "summaries");

        const QJsonObject whole = parsed(lua("desk.failed", T + 3, {"boom", "0", "10"})).toObject();
        const RedisValue reply = lua("desk.failed", T + 3, {"boom", "0", "10", "summaries"});
        const QJsonObject rows = parsed(reply).toObject();
        QCOMPARE(rows.value(QStringLiteral("total")).toInt(), 3);
        const QJsonArray wholeJobs = whole.value(QStringLiteral("jobs")).toArray();
        const QJsonArray summaries = rows.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(summaries.size(), 3);
        QVERIFY2(reply.bytes.size() < 4000, QByteArray::number(reply.bytes.size()).constData()); // no data
        for (int i = 0; i < 3; ++i) {
            const QJsonObject row = summaries.at(i).toObject();
            QCOMPARE(row.value(QStringLiteral("jid")), wholeJobs.at(i).toObject().value(QStringLiteral("jid")));
            QVERIFY(!row.contains(QStringLiteral("data")));
            if (row.value(QStringLiteral("jid")).toString() == QLatin1String("f2")) {
                QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("missing"));
                continue;
            }
            QCOMPARE(row, summaryObject(row.value(QStringLiteral("jid")).toString().toUtf8(), T + 3));
            const Job job = QlessJobDecoder::jobSummary(row);
            QCOMPARE(job.failure->message, QStringLiteral("first line"));
        }
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskSummaries)
#include "tst_qless_desksummaries.moc"
