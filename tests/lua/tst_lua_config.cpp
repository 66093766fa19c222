// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// config.lua: get [option] / set option value / unset option, the defaults COMPAT.md lists, and
// the per-queue heartbeat (`<queue>-heartbeat`) as pop applies it to lock expiry.
class TestLuaConfig final : public QObject
{
    Q_OBJECT

private:
    // A fixed day far ahead of the wall clock: nothing a script writes with this `now` (stats keys
    // use EXPIREAT) can be already expired when the test runs.
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z

    QlessFixture m_fixture;

    RedisValue config(const QList<QByteArray> &args) { return m_fixture.call(QStringLiteral("config"), args); }

    QJsonObject all()
    {
        const QJsonValue value = m_fixture.json(QStringLiteral("config"), {"get"});
        [&] { QVERIFY2(value.isObject(), "config get did not reply with a JSON object"); }();
        return value.toObject();
    }

    // The call must fail with `text` in the error and, validation coming first, write nothing.
    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = config(args);
        QVERIFY2(reply.isError(), reply.bytes.constData());
        QVERIFY2(reply.bytes.contains(text), reply.bytes.constData());
        QCOMPARE(m_fixture.snapshot(), before);
    }

    static QJsonObject defaults()
    {
        return QJsonObject{
            {QStringLiteral("application"), QStringLiteral("qless")},
            {QStringLiteral("heartbeat"), 60},
            {QStringLiteral("grace-period"), 10},
            {QStringLiteral("stats-history"), 30},
            {QStringLiteral("histogram-history"), 7},
            {QStringLiteral("jobs-history-count"), 50000},
            {QStringLiteral("jobs-history"), 604800},
        };
    }

    // The lock expiry of the single job popped from `queue` at `now`, from the reply, the hash
    // and the locks zset (all three must agree).
    double popExpiry(const QByteArray &queue, const QByteArray &jid, double now)
    {
        m_fixture.put(queue, jid, now - 1);
        const QList<QByteArray> popped = m_fixture.pop(queue, "w1", 1, now);
        [&] { QCOMPARE(popped, QList<QByteArray>{jid}); }();
        const double fromJob = m_fixture.job(jid).value(QStringLiteral("expires")).toDouble();
        const RedisValue score = m_fixture.command({"ZSCORE", "ql:q:" + queue + "-locks", jid});
        [&] { QCOMPARE(score.bytes.toDouble(), fromJob); }();
        const RedisValue workerScore = m_fixture.command({"ZSCORE", "ql:w:w1:jobs", jid});
        [&] { QCOMPARE(workerScore.bytes.toDouble(), fromJob); }();
        return fromJob;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void init() { m_fixture.flush(); }

    void defaultsWithNothingStored()
    {
        QCOMPARE(all(), defaults());
        // Numbers come back as JSON numbers, the application name as a string.
        QVERIFY(all().value(QStringLiteral("heartbeat")).isDouble());
        QVERIFY(all().value(QStringLiteral("application")).isString());
        QCOMPARE(m_fixture.command({"EXISTS", "ql:config"}).integer, 0);
    }

    void getEachDefault_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("application") << QByteArray("application") << QByteArray("qless");
        QTest::newRow("heartbeat") << QByteArray("heartbeat") << QByteArray("60");
        QTest::newRow("grace-period") << QByteArray("grace-period") << QByteArray("10");
        QTest::newRow("stats-history") << QByteArray("stats-history") << QByteArray("30");
        QTest::newRow("histogram-history") << QByteArray("histogram-history") << QByteArray("7");
        QTest::newRow("jobs-history-count") << QByteArray("jobs-history-count") << QByteArray("50000");
        QTest::newRow("jobs-history") << QByteArray("jobs-history") << QByteArray("604800");
    }

    void getEachDefault()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, value);
        const RedisValue reply = config({"get", option});
        QCOMPARE(reply.type, RedisValue::Type::String);
        QCOMPARE(reply.bytes, value);
    }

    void getUnknownOptionIsNil()
    {
        QVERIFY(config({"get", "no-such-option"}).isNil());
        // As qless's config.get: max-worker-age has no stored default (workers use 86400 unset).
        QVERIFY(config({"get", "max-worker-age"}).isNil());
        // A queue's heartbeat has no default of its own: unset, it is nil (pop falls back).
        QVERIFY(config({"get", "q1-heartbeat"}).isNil());
    }

    void setStoresAndGetReadsBack()
    {
        const RedisValue reply = config({"set", "heartbeat", "30"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QVERIFY(reply.isNil()); // set replies with nothing
        QCOMPARE(config({"get", "heartbeat"}).bytes, QByteArray("30"));
        QCOMPARE(m_fixture.command({"HGET", "ql:config", "heartbeat"}).bytes, QByteArray("30"));

        QVERIFY(config({"set", "application", "billing"}).isNil());
        QCOMPARE(config({"get", "application"}).bytes, QByteArray("billing"));

        // Options nobody defaults are stored and read back as given.
        QVERIFY(config({"set", "custom-thing", "some text"}).isNil());
        QCOMPARE(config({"get", "custom-thing"}).bytes, QByteArray("some text"));

        // Setting again overwrites.
        QVERIFY(config({"set", "heartbeat", "45.5"}).isNil());
        QCOMPARE(config({"get", "heartbeat"}).bytes, QByteArray("45.5"));
    }

    void getAllMergesOverridesIntoDefaults()
    {
        config({"set", "heartbeat", "30"});
        config({"set", "jobs-history", "3600"});
        config({"set", "application", "billing"});
        config({"set", "q1-heartbeat", "5"});
        config({"set", "custom-thing", "some text"});

        QJsonObject expected = defaults();
        expected.insert(QStringLiteral("heartbeat"), 30);
        expected.insert(QStringLiteral("jobs-history"), 3600);
        expected.insert(QStringLiteral("application"), QStringLiteral("billing"));
        expected.insert(QStringLiteral("q1-heartbeat"), 5);
        expected.insert(QStringLiteral("custom-thing"), QStringLiteral("some text"));
        QCOMPARE(all(), expected);
    }

    void unsetGoesBackToDefault()
    {
        config({"set", "heartbeat", "30"});
        config({"set", "max-worker-age", "10"});
        config({"set", "custom-thing", "x"});

        const RedisValue reply = config({"unset", "heartbeat"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QVERIFY(reply.isNil());
        QCOMPARE(config({"get", "heartbeat"}).bytes, QByteArray("60"));
        QCOMPARE(m_fixture.command({"HEXISTS", "ql:config", "heartbeat"}).integer, 0);

        config({"unset", "custom-thing"});
        QVERIFY(config({"get", "custom-thing"}).isNil());

        // The other override is untouched.
        QCOMPARE(config({"get", "max-worker-age"}).bytes, QByteArray("10"));
        config({"unset", "max-worker-age"});
        QCOMPARE(all(), defaults());

        // Unsetting what was never set is fine and changes nothing.
        const QList<QByteArray> before = m_fixture.snapshot();
        QVERIFY(config({"unset", "jobs-history"}).isNil());
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void numericOptionsRefuseNonNumbers_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("heartbeat abc") << QByteArray("heartbeat") << QByteArray("abc");
        QTest::newRow("heartbeat empty") << QByteArray("heartbeat") << QByteArray("");
        QTest::newRow("heartbeat nan") << QByteArray("heartbeat") << QByteArray("nan");
        QTest::newRow("heartbeat inf") << QByteArray("heartbeat") << QByteArray("inf");
        QTest::newRow("stats-history") << QByteArray("stats-history") << QByteArray("thirty");
        QTest::newRow("histogram-history") << QByteArray("histogram-history") << QByteArray("7d");
        QTest::newRow("jobs-history-count") << QByteArray("jobs-history-count") << QByteArray("lots");
        QTest::newRow("jobs-history") << QByteArray("jobs-history") << QByteArray("1 week");
        QTest::newRow("max-worker-age") << QByteArray("max-worker-age") << QByteArray("old");
        QTest::newRow("queue heartbeat") << QByteArray("q1-heartbeat") << QByteArray("soon");
        // Current qless reads these three as numbers too: text there fails every pop (grace-period,
        // max-concurrency) or every history entry (max-job-history) of real workers.
        QTest::newRow("grace-period") << QByteArray("grace-period") << QByteArray("ten");
        QTest::newRow("max-job-history") << QByteArray("max-job-history") << QByteArray("many");
        QTest::newRow("queue max-concurrency") << QByteArray("q1-max-concurrency") << QByteArray("some");
    }

    void numericOptionsRefuseNonNumbers()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, value);
        // A previous value stays as it was.
        config({"set", option, "12"});
        // The library's one check (Qless.config_set), the same error through both faces: it
        // names the option and the value.
        const QByteArray text = QByteArray("config.set(): option \"") + option + "\" takes a number, not: " + value;
        expectError({"set", option, value}, text);
        const RedisValue unified = m_fixture.qless("config.set", 0, {option, value});
        QVERIFY(unified.isError());
        QVERIFY2(unified.bytes.contains(text), unified.bytes.constData());
        QCOMPARE(config({"get", option}).bytes, QByteArray("12"));
    }

    void countsTakeAnyNumber_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::newRow("jobs-history-count") << QByteArray("jobs-history-count");
        QTest::newRow("max-job-history") << QByteArray("max-job-history");
        QTest::newRow("queue max-concurrency") << QByteArray("q1-max-concurrency");
    }

    void countsTakeAnyNumber()
    {
        // qless accepts any number here, so both faces do (#12: values qless accepts stay
        // accepted); the Config page warns before it sends a fraction.
        QFETCH(QByteArray, option);
        QVERIFY(config({"set", option, "2.5"}).isNil());
        QCOMPARE(config({"get", option}).bytes, QByteArray("2.5"));
        QVERIFY(config({"set", option, "1e3"}).isNil());
        QCOMPARE(config({"get", option}).bytes, QByteArray("1e3"));
    }

    void valuesQlessGivesAMeaningStayAccepted_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("value");
        // qless: grace-period 0 or less hands a timed-out job on at once; max-concurrency 0 or
        // less and max-job-history 0 or less mean no limit.
        QTest::newRow("grace-period 0") << QByteArray("grace-period") << QByteArray("0");
        QTest::newRow("grace-period -1") << QByteArray("grace-period") << QByteArray("-1");
        QTest::newRow("grace-period 2.5") << QByteArray("grace-period") << QByteArray("2.5");
        QTest::newRow("max-concurrency 0") << QByteArray("q1-max-concurrency") << QByteArray("0");
        QTest::newRow("max-concurrency -1") << QByteArray("q1-max-concurrency") << QByteArray("-1");
        QTest::newRow("max-concurrency 5") << QByteArray("q1-max-concurrency") << QByteArray("5");
        QTest::newRow("max-job-history 0") << QByteArray("max-job-history") << QByteArray("0");
        QTest::newRow("max-job-history 5") << QByteArray("max-job-history") << QByteArray("5");
        QTest::newRow("heartbeat 0.5") << QByteArray("heartbeat") << QByteArray("0.5");
        QTest::newRow("jobs-history 0") << QByteArray("jobs-history") << QByteArray("0");
        // Surprising, but qless takes them (its own tests set heartbeat -10): every lock is
        // expired at once, no completed job is kept. The Config page warns; the script accepts.
        QTest::newRow("heartbeat 0") << QByteArray("heartbeat") << QByteArray("0");
        QTest::newRow("heartbeat -10") << QByteArray("heartbeat") << QByteArray("-10");
        QTest::newRow("queue heartbeat -5") << QByteArray("q-heartbeat") << QByteArray("-5");
        QTest::newRow("max-worker-age 0") << QByteArray("max-worker-age") << QByteArray("0");
        QTest::newRow("jobs-history-count -1") << QByteArray("jobs-history-count") << QByteArray("-1");
    }

    void valuesQlessGivesAMeaningStayAccepted()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, value);
        const RedisValue reply = config({"set", option, value});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(m_fixture.command({"HGET", "ql:config", option}).bytes, value);
        QCOMPARE(all().value(QString::fromLatin1(option)).toDouble(), value.toDouble()); // read back as a number
    }

    void maxConcurrencyIsNotAQueueHeartbeat()
    {
        // The suffixes decide: a queue named like an option keeps each option's own rule.
        QVERIFY(config({"set", "x-heartbeat-max-concurrency", "0"}).isNil());
        expectError({"set", "x-max-concurrency-heartbeat", "soon"},
                    "config.set(): option \"x-max-concurrency-heartbeat\" takes a number, not: soon");
        QVERIFY(config({"set", "max-concurrency", "text"}).isNil()); // no queue: not read by qless
    }

    void nonNumericOptionsTakeText()
    {
        // application and unknown options take any text, numbers included.
        QVERIFY(config({"set", "application", "42"}).isNil());
        QCOMPARE(config({"get", "application"}).bytes, QByteArray("42"));
        QVERIFY(config({"set", "heartbeat-like", "abc"}).isNil()); // not "<queue>-heartbeat"
        QCOMPARE(config({"get", "heartbeat-like"}).bytes, QByteArray("abc"));
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("no command") << QList<QByteArray>{}
                                    << QByteArray("Config(): Arg \"command\" must be get, set or unset");
        QTest::newRow("unknown command") << QList<QByteArray>{"frob", "heartbeat"}
                                         << QByteArray("Config(): Arg \"command\" must be get, set or unset: frob");
        QTest::newRow("get empty option")
            << QList<QByteArray>{"get", ""} << QByteArray("Config(): Arg \"option\" missing");
        QTest::newRow("get extra") << QList<QByteArray>{"get", "heartbeat", "x"}
                                   << QByteArray("Config(): Arg \"3\" unexpected: x");
        QTest::newRow("set no option") << QList<QByteArray>{"set"} << QByteArray("Config(): Arg \"option\" missing");
        QTest::newRow("set empty option")
            << QList<QByteArray>{"set", "", "1"} << QByteArray("Config(): Arg \"option\" missing");
        QTest::newRow("set no value") << QList<QByteArray>{"set", "heartbeat"}
                                      << QByteArray("Config(): Arg \"value\" missing");
        QTest::newRow("set extra") << QList<QByteArray>{"set", "heartbeat", "1", "2"}
                                   << QByteArray("Config(): Arg \"4\" unexpected: 2");
        QTest::newRow("unset no option") << QList<QByteArray>{"unset"}
                                         << QByteArray("Config(): Arg \"option\" missing");
        QTest::newRow("unset extra") << QList<QByteArray>{"unset", "heartbeat", "x"}
                                     << QByteArray("Config(): Arg \"3\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        config({"set", "heartbeat", "30"}); // something to keep
        expectError(args, text);
    }

    void rangesOfNumericOptions_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QByteArray>("text");
        // Only what is not a finite decimal is refused: Lua's tonumber would take these.
        QTest::newRow("hex") << QByteArray("heartbeat") << QByteArray("0x10")
                             << QByteArray("config.set(): option \"heartbeat\" takes a number, not: 0x10");
        QTest::newRow("padded") << QByteArray("heartbeat") << QByteArray(" 5")
                                << QByteArray("config.set(): option \"heartbeat\" takes a number, not:  5");
    }

    void rangesOfNumericOptions()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, value);
        QFETCH(QByteArray, text);
        expectError({"set", option, value}, text);
        // Zero is a fair history length: keep no completed jobs.
        QVERIFY(!config({"set", "jobs-history-count", "0"}).isError());
    }

    void getAllKeepsTextOptionsAsText()
    {
        // application is text (config_is_numeric says so): "007" must not come back as 7.
        config({"set", "application", "007"});
        config({"set", "custom-thing", "0x1A"});
        const QJsonObject values = all();
        QCOMPARE(values.value(QStringLiteral("application")), QJsonValue(QStringLiteral("007")));
        QCOMPARE(values.value(QStringLiteral("custom-thing")), QJsonValue(QStringLiteral("0x1A")));
    }

    void getAllSurvivesInfAndNan()
    {
        // Text options take any text; another writer may store anything: the view must not fail.
        config({"set", "application", "inf"});
        m_fixture.command({"HSET", "ql:config", "heartbeat", "nan"});
        const RedisValue reply = config({"get"});
        QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
        QCOMPARE(reply.json().toObject().value(QStringLiteral("application")), QJsonValue(QStringLiteral("inf")));
        QCOMPARE(reply.json().toObject().value(QStringLiteral("heartbeat")), QJsonValue(QStringLiteral("nan")));
    }

    void getChangesNothing()
    {
        config({"set", "heartbeat", "30"});
        config({"set", "custom-thing", "x"});
        const QList<QByteArray> before = m_fixture.snapshot();
        all();
        config({"get", "heartbeat"});
        config({"get", "stats-history"});
        config({"get", "no-such-option"});
        QCOMPARE(m_fixture.snapshot(), before);

        // And on an empty database: get does not write the defaults.
        m_fixture.flush();
        all();
        config({"get", "heartbeat"});
        QVERIFY(m_fixture.snapshot().isEmpty());
    }

    void popLocksForTheDefaultHeartbeat() { QCOMPARE(popExpiry("q1", "a", T0), T0 + 60); }

    void popLocksForTheConfiguredHeartbeat()
    {
        config({"set", "heartbeat", "300"});
        QCOMPARE(popExpiry("q1", "a", T0), T0 + 300);
        config({"unset", "heartbeat"});
        QCOMPARE(popExpiry("q1", "b", T0 + 10), T0 + 10 + 60);
    }

    void queueHeartbeatOverridesTheGlobalOne()
    {
        config({"set", "heartbeat", "300"});
        QVERIFY(config({"set", "fast-heartbeat", "7"}).isNil());
        QCOMPARE(popExpiry("fast", "a", T0), T0 + 7);
        // Other queues keep the global heartbeat.
        QCOMPARE(popExpiry("slow", "b", T0), T0 + 300);
        // Unset, the queue is back to the global one.
        config({"unset", "fast-heartbeat"});
        QCOMPARE(popExpiry("fast", "c", T0 + 1), T0 + 1 + 300);
    }

    void queueHeartbeatIsNotTheSpecsHeartbeatQueueKey()
    {
        // COMPAT.md: the per-queue key is <queue>-heartbeat; heartbeat-<queue> means nothing.
        QVERIFY(config({"set", "heartbeat-fast", "7"}).isNil());
        QCOMPARE(popExpiry("fast", "a", T0), T0 + 60);
    }

    void nonNumericStoredValueFallsBackToDefault()
    {
        // Another writer may have stored garbage: pop keeps working with the default.
        m_fixture.command({"HSET", "ql:config", "heartbeat", "abc"});
        QCOMPARE(popExpiry("q1", "a", T0), T0 + 60);
        m_fixture.command({"HSET", "ql:config", "q1-heartbeat", "soon"});
        QCOMPARE(popExpiry("q1", "b", T0 + 1), T0 + 1 + 60);
        // get shows the garbage as it is stored.
        QCOMPARE(config({"get", "heartbeat"}).bytes, QByteArray("abc"));
        QCOMPARE(all().value(QStringLiteral("heartbeat")).toString(), QStringLiteral("abc"));
    }
};

QTEST_GUILESS_MAIN(TestLuaConfig)
#include "tst_lua_config.moc"
