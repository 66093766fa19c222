// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cmath>

// stats.lua: the day's figures of one queue. Jobs are driven through put/pop/complete (and
// fail/retry/stalled pops) with known times, and the reply is checked against what the test
// computes itself: counts, mean, sample std, the 148 histogram bins, the counters, the UTC day.
class TestLuaStats final : public QObject
{
    Q_OBJECT

private:
    // A fixed UTC midnight far ahead of the wall clock, so that no stats key written with it can
    // be expired by the time it is read, whatever day the test runs.
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z
    static constexpr double Day = 86400.0;

    QlessFixture m_fixture;

    // The bin index the test expects for a duration: s0..s59, m1..m59, h1..h23, d1..d6.
    static int binIndex(double seconds)
    {
        const qint64 v = std::max<qint64>(0, qint64(std::floor(seconds)));
        if (v < 60)
            return int(v);
        if (v < 3600)
            return 60 + int(v / 60) - 1;
        if (v < 86400)
            return 119 + int(v / 3600) - 1;
        return 142 + int(std::min<qint64>(v / 86400, 6)) - 1;
    }

    struct Expected
    {
        int count = 0;
        double mean = 0;
        double std = 0;
        QList<int> histogram = QList<int>(148, 0);
    };

    // Two-pass mean and sample standard deviation: independent of the script's Welford.
    static Expected expect(const QList<double> &values)
    {
        Expected e;
        e.count = int(values.size());
        double sum = 0;
        for (double v : values) {
            sum += v;
            e.histogram[binIndex(v)] += 1;
        }
        e.mean = values.isEmpty() ? 0 : sum / values.size();
        if (values.size() > 1) {
            double squares = 0;
            for (double v : values)
                squares += (v - e.mean) * (v - e.mean);
            e.std = std::sqrt(squares / (values.size() - 1));
        }
        return e;
    }

    static bool close(double a, double b) { return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b)); }

    QJsonObject stats(const QByteArray &queue, double date)
    {
        const RedisValue reply = m_fixture.call(QStringLiteral("stats"), {queue, num(date)});
        [&] { QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData()); }();
        return reply.json().toObject();
    }

    void compareFigures(const QJsonObject &figures, const Expected &e)
    {
        QCOMPARE(figures.keys(), (QStringList{QStringLiteral("count"), QStringLiteral("histogram"),
                                              QStringLiteral("mean"), QStringLiteral("std")}));
        QCOMPARE(figures.value(QStringLiteral("count")).toInt(), e.count);
        const double mean = figures.value(QStringLiteral("mean")).toDouble();
        const double std = figures.value(QStringLiteral("std")).toDouble();
        QVERIFY2(close(mean, e.mean), qPrintable(QStringLiteral("mean %1, expected %2").arg(mean).arg(e.mean)));
        QVERIFY2(close(std, e.std), qPrintable(QStringLiteral("std %1, expected %2").arg(std).arg(e.std)));
        const QJsonArray histogram = figures.value(QStringLiteral("histogram")).toArray();
        QCOMPARE(histogram.size(), 148);
        QList<int> got;
        int sum = 0;
        for (const QJsonValue &bin : histogram) {
            got.append(bin.toInt());
            sum += bin.toInt();
        }
        QCOMPARE(got, e.histogram);
        QCOMPARE(sum, e.count); // six days and more land in d6: nothing falls outside
    }

    void compareCounters(const QJsonObject &reply, int retries, int failed, int failures)
    {
        QCOMPARE(reply.value(QStringLiteral("retries")).toInt(-1), retries);
        QCOMPARE(reply.value(QStringLiteral("failed")).toInt(-1), failed);
        QCOMPARE(reply.value(QStringLiteral("failures")).toInt(-1), failures);
    }

    RedisValue complete(const QByteArray &jid, const QByteArray &worker, const QByteArray &queue, double now)
    {
        return m_fixture.call(QStringLiteral("complete"), {jid, worker, queue, num(now), "{}"});
    }

    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = m_fixture.call(QStringLiteral("stats"), args);
        QVERIFY2(reply.isError(), reply.bytes.constData());
        QVERIFY2(reply.bytes.contains(text), reply.bytes.constData());
        QCOMPARE(m_fixture.snapshot(), before);
    }

    static QByteArray dayKey(const char *kind, double day, const QByteArray &queue)
    {
        return "ql:s:" + QByteArray(kind) + ':' + QByteArray::number(qint64(day)) + ':' + queue;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void init() { m_fixture.flush(); }

    void binIndexOfTheTestItself()
    {
        // The test's own bin order, pinned to COMPAT.md: a wrong helper would hide script bugs.
        QCOMPARE(binIndex(0), 0);
        QCOMPARE(binIndex(59), 59);
        QCOMPARE(binIndex(60), 60);     // m1
        QCOMPARE(binIndex(3599), 118);  // m59
        QCOMPARE(binIndex(3600), 119);  // h1
        QCOMPARE(binIndex(86399), 141); // h23
        QCOMPARE(binIndex(86400), 142); // d1
        QCOMPARE(binIndex(6 * 86400), 147);
        QCOMPARE(binIndex(60 * 86400), 147);
    }

    void emptyQueueHasZeroFigures()
    {
        const QJsonObject reply = stats("nothing", T0);
        QCOMPARE(reply.keys(), (QStringList{QStringLiteral("failed"), QStringLiteral("failures"),
                                            QStringLiteral("retries"), QStringLiteral("run"), QStringLiteral("wait")}));
        compareCounters(reply, 0, 0, 0);
        compareFigures(reply.value(QStringLiteral("wait")).toObject(), expect({}));
        compareFigures(reply.value(QStringLiteral("run")).toObject(), expect({}));
        // Reading the figures of a day nobody wrote creates nothing.
        QVERIFY(m_fixture.snapshot().isEmpty());
    }

    void waitTimesFillTheExpectedBins()
    {
        // Each job is put `wait` seconds before it is popped; all pops fall on day T0.
        const QList<double> waits{0, 1, 30.75, 59, 60, 61, 3599, 3600, 86399, 86400, 5 * Day + 5, 6 * Day, 9 * Day};
        for (int i = 0; i < waits.size(); ++i) {
            const QByteArray jid = "w" + QByteArray::number(i);
            const double popped = T0 + 40000 + i; // all within the first lock's 60 s: none stalls
            QCOMPARE(m_fixture.put("q", jid, popped - waits[i]).bytes, jid);
            QCOMPARE(m_fixture.pop("q", "worker", 1, popped), QList<QByteArray>{jid});
        }
        const QJsonObject reply = stats("q", T0 + 50000);
        const Expected e = expect(waits);
        compareFigures(reply.value(QStringLiteral("wait")).toObject(), e);
        compareFigures(reply.value(QStringLiteral("run")).toObject(), expect({}));
        compareCounters(reply, 0, 0, 0);

        // The boundaries the issue names, bin by bin.
        const QJsonArray histogram =
            reply.value(QStringLiteral("wait")).toObject().value(QStringLiteral("histogram")).toArray();
        QCOMPARE(histogram.at(59).toInt(), 1);  // 59 s -> s59
        QCOMPARE(histogram.at(60).toInt(), 2);  // 60 s, 61 s -> m1
        QCOMPARE(histogram.at(118).toInt(), 1); // 3599 s -> m59
        QCOMPARE(histogram.at(119).toInt(), 1); // 3600 s -> h1
        QCOMPARE(histogram.at(141).toInt(), 1); // 86399 s -> h23
        QCOMPARE(histogram.at(142).toInt(), 1); // 86400 s -> d1
        QCOMPARE(histogram.at(146).toInt(), 1); // 5 days -> d5
        QCOMPARE(histogram.at(147).toInt(), 2); // 6 days, 9 days -> d6
        QCOMPARE(histogram.at(30).toInt(), 1);  // 30.75 s -> s30 (whole seconds)
        QCOMPARE(histogram.at(0).toInt(), 1);
    }

    void runTimesFillTheExpectedBins()
    {
        // Each job is put and popped at once, then completed `run` seconds later on day T0.
        const QList<double> runs{2, 59, 60, 3599, 3600, 86399, 86400, 7 * Day};
        int waitsOnT0 = 0;
        for (int i = 0; i < runs.size(); ++i) {
            const QByteArray jid = "r" + QByteArray::number(i);
            const double done = T0 + 50000 + i * 10;
            const double popped = done - runs[i];
            if (popped >= T0)
                ++waitsOnT0;
            m_fixture.put("q", jid, popped);
            QCOMPARE(m_fixture.pop("q", "worker", 1, popped), QList<QByteArray>{jid});
            QCOMPARE(complete(jid, "worker", "q", done).bytes, QByteArray("complete"));
        }
        const QJsonObject reply = stats("q", T0);
        compareFigures(reply.value(QStringLiteral("run")).toObject(), expect(runs));

        // Waits are counted on the day of the pop: only the pops that fell on day T0 are here.
        compareFigures(reply.value(QStringLiteral("wait")).toObject(), expect(QList<double>(waitsOnT0, 0.0)));
        QCOMPARE(waitsOnT0, 5); // runs up to 3600 s were popped on day T0 itself
        // The pop a day and more before lands on the earlier days.
        const QJsonObject before = stats("q", T0 - 1);
        QCOMPARE(before.value(QStringLiteral("wait")).toObject().value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(before.value(QStringLiteral("run")).toObject().value(QStringLiteral("count")).toInt(), 0);
    }

    void meanAndSampleStd()
    {
        // Waits 10, 20, 60: mean 30, sample std sqrt(((-20)^2 + (-10)^2 + 30^2) / 2) = sqrt(700).
        const QList<double> waits{10, 20, 60};
        for (int i = 0; i < waits.size(); ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            m_fixture.put("q", jid, T0 + 1000 - waits[i]);
            m_fixture.pop("q", "worker", 1, T0 + 1000);
        }
        const QJsonObject wait = stats("q", T0).value(QStringLiteral("wait")).toObject();
        QCOMPARE(wait.value(QStringLiteral("count")).toInt(), 3);
        QVERIFY(close(wait.value(QStringLiteral("mean")).toDouble(), 30.0));
        QVERIFY(close(wait.value(QStringLiteral("std")).toDouble(), std::sqrt(700.0)));
        // Not the population std (sqrt(700 * 2 / 3)).
        QVERIFY(!close(wait.value(QStringLiteral("std")).toDouble(), std::sqrt(1400.0 / 3)));
    }

    void singleValueHasZeroStd()
    {
        m_fixture.put("q", "a", T0 + 100);
        m_fixture.pop("q", "worker", 1, T0 + 142);
        const QJsonObject wait = stats("q", T0).value(QStringLiteral("wait")).toObject();
        QCOMPARE(wait.value(QStringLiteral("count")).toInt(), 1);
        QVERIFY(close(wait.value(QStringLiteral("mean")).toDouble(), 42));
        QCOMPARE(wait.value(QStringLiteral("std")).toDouble(), 0.0);
    }

    void manyEqualAndMixedValuesAgreeWithTwoPass()
    {
        // A longer series with a wide spread: Welford in the script against two passes here.
        QList<double> waits;
        for (int i = 0; i < 40; ++i)
            waits.append(double((i * 7919) % 100000));
        for (int i = 0; i < waits.size(); ++i) {
            const QByteArray jid = "m" + QByteArray::number(i);
            const double popped = T0 + Day - 1 - (waits.size() - i);
            m_fixture.put("q", jid, popped - waits[i]);
            QCOMPARE(m_fixture.pop("q", "worker", 1, popped), QList<QByteArray>{jid});
        }
        compareFigures(stats("q", T0).value(QStringLiteral("wait")).toObject(), expect(waits));
    }

    void dayIsUtcMidnight()
    {
        // Popped in the last second of day T0 and the first of the next: two separate days.
        m_fixture.put("q", "late", T0 + Day - 1 - 10);
        m_fixture.pop("q", "worker", 1, T0 + Day - 1);
        m_fixture.put("q", "early", T0 + Day - 20);
        m_fixture.pop("q", "worker", 1, T0 + Day);

        QVERIFY(m_fixture.command({"EXISTS", dayKey("wait", T0, "q")}).integer == 1);
        QVERIFY(m_fixture.command({"EXISTS", dayKey("wait", T0 + Day, "q")}).integer == 1);

        // Any time of a day names that day, fractions included.
        for (double date : {T0, T0 + 1, T0 + 43200, T0 + Day - 1, T0 + Day - 0.001}) {
            const QJsonObject wait = stats("q", date).value(QStringLiteral("wait")).toObject();
            QCOMPARE(wait.value(QStringLiteral("count")).toInt(), 1);
            QVERIFY(close(wait.value(QStringLiteral("mean")).toDouble(), 10));
        }
        for (double date : {T0 + Day, T0 + Day + 5, T0 + 2 * Day - 1}) {
            const QJsonObject wait = stats("q", date).value(QStringLiteral("wait")).toObject();
            QCOMPARE(wait.value(QStringLiteral("count")).toInt(), 1);
            QVERIFY(close(wait.value(QStringLiteral("mean")).toDouble(), 20));
        }
        QCOMPARE(stats("q", T0 - 1).value(QStringLiteral("wait")).toObject().value(QStringLiteral("count")).toInt(), 0);
        QCOMPARE(
            stats("q", T0 + 2 * Day).value(QStringLiteral("wait")).toObject().value(QStringLiteral("count")).toInt(),
            0);
        // Another queue's figures are its own.
        QCOMPARE(stats("other", T0).value(QStringLiteral("wait")).toObject().value(QStringLiteral("count")).toInt(), 0);
    }

    void failuresAndFailedCounters()
    {
        for (const QByteArray &jid : {QByteArray("a"), QByteArray("b")}) {
            m_fixture.put("fq", jid, T0 + 100);
            QCOMPARE(m_fixture.pop("fq", "worker", 1, T0 + 101), QList<QByteArray>{jid});
            QCOMPARE(m_fixture.call(QStringLiteral("fail"), {jid, "worker", "boom", "it broke", num(T0 + 102)}).bytes,
                     jid);
        }
        compareCounters(stats("fq", T0), 0, 2, 2);

        // Moving a failed job out of its group lowers `failed`, not `failures`; on the day of
        // the failure, even when the move happens a day later.
        m_fixture.put("fq", "a", T0 + Day + 5);
        compareCounters(stats("fq", T0), 0, 1, 2);
        compareCounters(stats("fq", T0 + Day), 0, 0, 0);

        // A failure on the next day counts on the next day.
        QCOMPARE(m_fixture.pop("fq", "worker", 1, T0 + Day + 6), QList<QByteArray>{"a"});
        m_fixture.call(QStringLiteral("fail"), {"a", "worker", "boom", "again", num(T0 + Day + 7)});
        compareCounters(stats("fq", T0), 0, 1, 2);
        compareCounters(stats("fq", T0 + Day), 0, 1, 1);
        // Other queues are not touched.
        compareCounters(stats("q", T0), 0, 0, 0);
    }

    void retriesCounterIsForStalledJobsOnly()
    {
        // As qless: a retry the worker asks for is not counted; a lock that ran out is (below).
        m_fixture.put("rq", "a", T0 + 100);
        m_fixture.pop("rq", "worker", 1, T0 + 101);
        QCOMPARE(m_fixture.call(QStringLiteral("retry"), {"a", "rq", "worker", num(T0 + 102)}).integer, 4);
        m_fixture.pop("rq", "worker", 1, T0 + 103);
        QCOMPARE(m_fixture.call(QStringLiteral("retry"), {"a", "rq", "worker", num(T0 + 104)}).integer, 3);
        compareCounters(stats("rq", T0), 0, 0, 0);
    }

    void stalledReclaimCountsAsRetry()
    {
        m_fixture.put("sq", "a", T0 + 100);
        QCOMPARE(m_fixture.pop("sq", "w1", 1, T0 + 100), QList<QByteArray>{"a"});
        // The 60 s lock runs out; with no grace period another worker takes the job over at once.
        m_fixture.call(QStringLiteral("config"), {"set", "grace-period", "0"});
        QCOMPARE(m_fixture.pop("sq", "w2", 1, T0 + 200), QList<QByteArray>{"a"});
        compareCounters(stats("sq", T0), 1, 0, 0);
    }

    void exhaustedRetriesCountAsFailure()
    {
        m_fixture.put("xq", "a", T0 + 100, {"retries", "0"});
        m_fixture.pop("xq", "worker", 1, T0 + 101);
        const RedisValue reply = m_fixture.call(QStringLiteral("retry"), {"a", "xq", "worker", num(T0 + 102)});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QVERIFY(reply.integer < 0);
        compareCounters(stats("xq", T0), 0, 1, 1);
    }

    void weekAndMoreBinsOfOtherWritersFoldIntoD6()
    {
        // Written directly, as a writer with more day bins would: d7, d30, d100 belong in d6.
        const QByteArray key = dayKey("wait", T0, "q");
        m_fixture.command({"HSET", key, "total", "12", "mean", "10", "vk", "0",  "s5", "2",  "d6",  "1",
                           "d7",   "2", "d30",   "3",  "d100", "4",  "dx", "50", "d",  "60", "d7x", "70"});
        const QJsonObject wait = stats("q", T0).value(QStringLiteral("wait")).toObject();
        const QJsonArray histogram = wait.value(QStringLiteral("histogram")).toArray();
        QCOMPARE(histogram.size(), 148);
        QCOMPARE(histogram.at(147).toInt(), 1 + 2 + 3 + 4);
        QCOMPARE(histogram.at(5).toInt(), 2);
        int sum = 0;
        for (const QJsonValue &bin : histogram)
            sum += bin.toInt();
        QCOMPARE(sum, 12); // the fields that are no bins at all (dx, d, d7x) are left out
        QCOMPARE(wait.value(QStringLiteral("count")).toInt(), 12);
        QCOMPARE(wait.value(QStringLiteral("std")).toDouble(), 0.0);
    }

    void figuresWrittenByAnotherWriterAreRead()
    {
        // A day hash as current deployments keep it: total, mean, vk and bins.
        const QByteArray key = dayKey("run", T0, "q");
        m_fixture.command({"HSET", key, "total", "5", "mean", "12.5", "vk", "40", "s10", "3", "m2", "2"});
        m_fixture.command({"HSET", dayKey("stats", T0, "q"), "failures", "7", "failed", "3", "retries", "9"});
        const QJsonObject reply = stats("q", T0 + 10);
        compareCounters(reply, 9, 3, 7);
        const QJsonObject run = reply.value(QStringLiteral("run")).toObject();
        QCOMPARE(run.value(QStringLiteral("count")).toInt(), 5);
        QVERIFY(close(run.value(QStringLiteral("mean")).toDouble(), 12.5));
        QVERIFY(close(run.value(QStringLiteral("std")).toDouble(), std::sqrt(40.0 / 4)));
        const QJsonArray histogram = run.value(QStringLiteral("histogram")).toArray();
        QCOMPARE(histogram.at(10).toInt(), 3);
        QCOMPARE(histogram.at(61).toInt(), 2); // m2
    }

    void garbageInTheDayHashDoesNotBreakTheReply()
    {
        // Bad data is shown as nothing, never an error.
        m_fixture.command({"HSET", dayKey("wait", T0, "q"), "total", "lots", "mean", "x", "vk", "?", "s3", "many"});
        const RedisValue reply = m_fixture.call(QStringLiteral("stats"), {"q", num(T0)});
        QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
        const QJsonObject wait = reply.json().toObject().value(QStringLiteral("wait")).toObject();
        QCOMPARE(wait.value(QStringLiteral("count")).toInt(-1), 0);
        QCOMPARE(wait.value(QStringLiteral("histogram")).toArray().size(), 148);
    }

    void nonFiniteFiguresDoNotBreakTheReply()
    {
        // "inf"/"nan" are Lua numbers JSON cannot carry: treated as garbage (0), never an error.
        m_fixture.command({"HSET", dayKey("wait", T0, "q"), "total", "inf", "mean", "nan", "vk", "1", "s1", "inf"});
        m_fixture.command({"HSET", dayKey("stats", T0, "q"), "failures", "inf"});
        const RedisValue reply = m_fixture.call(QStringLiteral("stats"), {"q", num(T0)});
        QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
    }

    void statsKeysAreKeptAsQlessKeepsThem()
    {
        // Current qless sets no time to live on the day hashes (stats-history and
        // histogram-history are only stored); the faces now write what it writes.
        m_fixture.put("q", "a", T0 + 1000);
        m_fixture.pop("q", "worker", 1, T0 + 1000);
        QCOMPARE(m_fixture.command({"EXISTS", dayKey("wait", T0, "q")}).integer, 1);
        QCOMPARE(m_fixture.command({"TTL", dayKey("wait", T0, "q")}).integer, -1);
    }

    void statsChangesNothing()
    {
        m_fixture.put("q", "a", T0 + 10);
        m_fixture.pop("q", "worker", 1, T0 + 20);
        complete("a", "worker", "q", T0 + 30);
        m_fixture.put("q", "b", T0 + 40);
        m_fixture.pop("q", "worker", 1, T0 + 50);
        m_fixture.call(QStringLiteral("fail"), {"b", "worker", "boom", "msg", num(T0 + 60)});
        const QList<QByteArray> before = m_fixture.snapshot();
        stats("q", T0);
        stats("q", T0 + Day);
        stats("q", T0 - Day);
        stats("other", T0);
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("nothing") << QList<QByteArray>{} << QByteArray("Stats(): Arg \"queue\" missing");
        QTest::newRow("empty queue") << QList<QByteArray>{"", "4102444800"}
                                     << QByteArray("Stats(): Arg \"queue\" missing");
        QTest::newRow("no date") << QList<QByteArray>{"q"} << QByteArray("Stats(): Arg \"date\" missing");
        QTest::newRow("date not a number")
            << QList<QByteArray>{"q", "abc"} << QByteArray("Stats(): Arg \"date\" not a number: abc");
        QTest::newRow("date inf") << QList<QByteArray>{"q", "inf"}
                                  << QByteArray("Stats(): Arg \"date\" not a number: inf");
        QTest::newRow("extra") << QList<QByteArray>{"q", "4102444800", "x"}
                               << QByteArray("Stats(): Arg \"3\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        m_fixture.put("q", "a", T0);
        expectError(args, text);
    }
};

QTEST_GUILESS_MAIN(TestLuaStats)
#include "tst_lua_stats.moc"
