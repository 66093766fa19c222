// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// Where our unified qless.lua goes beyond qless-core (lua/README.md, "Where qless.lua differs
// from qless-core"), in places qless-core's tests leave open: config.set refuses text for the
// options qless reads as numbers (qless-core stores it and a later pop or complete fails), only
// writes that give a queue work list it in ql:queues, numbers in arguments are finite decimals,
// and a few smaller points. These tests are expected to fail against qless-core's own script.
class TestQlessAdditions final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    RedisValue put(double now, const QByteArray &jid, const QByteArray &queue = "queue", const QByteArray &delay = "0")
    {
        return lua("put", now, {"worker", queue, jid, "klass", "{}", delay});
    }
    QStringList listedQueues()
    {
        QStringList names;
        for (const QJsonValue &queue : m_q.qlessJson("queues", 0).toArray())
            names << queue.toObject().value(QStringLiteral("name")).toString();
        return names;
    }
    static const QList<QByteArray> &numericOptions()
    {
        static const QList<QByteArray> options{"heartbeat",       "grace-period",
                                               "stats-history",   "histogram-history",
                                               "jobs-history",    "jobs-history-count",
                                               "max-worker-age",  "max-job-history",
                                               "queue-heartbeat", "queue-max-concurrency"};
        return options;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- config.set and numbers ---
    void configSetRefusesTextForNumericOptions_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("value");
        for (const QByteArray &option : numericOptions()) {
            for (const QByteArray &value : QList<QByteArray>{"abc", "0x10", "inf", "nan", "5s"})
                QTest::newRow(QByteArray(option + " " + value).constData()) << option << value;
        }
    }
    void configSetRefusesTextForNumericOptions()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, value);
        QVERIFY(m_q.listen());
        const QByteArray before = canonical(m_q.qlessJson("config.get", 0, {option}));
        QLESS_VERIFY_REFUSED(lua("config.set", 0, {option, value}),
                             "option \"" + option + "\" takes a number, not: " + value);
        QCOMPARE(canonical(m_q.qlessJson("config.get", 0, {option})), before);
        QCOMPARE(m_q.command({"HEXISTS", "ql:config", option}).integer, 0);
        QCOMPARE(m_q.heard(), QList<QByteArray>{}); // no config_set announced
    }
    void configSetTakesDecimalsForNumericOptions_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("value");
        for (const QByteArray &option : numericOptions()) {
            for (const QByteArray &value : QList<QByteArray>{"12", "-10", "-0.5", "1.7e+09"})
                QTest::newRow(QByteArray(option + " " + value).constData()) << option << value;
        }
    }
    void configSetTakesDecimalsForNumericOptions()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, value);
        const RedisValue reply = lua("config.set", 0, {option, value});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(lua("config.get", 0, {option}).bytes, value);
    }
    void configSetTakesTextForOtherOptions()
    {
        QVERIFY(!lua("config.set", 0, {"application", "billing"}).isError());
        QCOMPARE(lua("config.get", 0, {"application"}).bytes, QByteArray("billing"));
        QVERIFY(!lua("config.set", 0, {"queue-colour", "blue"}).isError());
        QCOMPARE(lua("config.get", 0, {"queue-colour"}).bytes, QByteArray("blue"));
    }
    void argumentsAreFiniteDecimals()
    {
        for (const QByteArray &delay : QList<QByteArray>{"0x10", "inf", "nan", " 5", "1e999"}) {
            QLESS_VERIFY_REFUSED(lua("put", 0, {"worker", "queue", "jid", "klass", "{}", delay}), "not a number");
            QVERIFY(lua("get", 0, {"jid"}).isNil());
        }
        QLESS_VERIFY_REFUSED(m_q.qlessRaw({}, {"queues", "0x10"}), "not a number");
    }

    // --- ql:queues ---
    void readsPopAndPauseListNoQueue()
    {
        lua("pop", 0, {"ghost", "worker", "10"});
        lua("peek", 0, {"ghost", "10"});
        lua("queues", 0, {"ghost"});
        lua("jobs", 0, {"waiting", "ghost"});
        lua("jobs", 0, {"running", "ghost"});
        lua("length", 0, {"ghost"});
        lua("stats", 0, {"ghost", "0"});
        lua("pause", 0, {"ghost"});
        lua("unpause", 0, {"ghost"});
        lua("config.set", 0, {"ghost-heartbeat", "30"});
        QCOMPARE(listedQueues(), QStringList{});
        QCOMPARE(m_q.command({"EXISTS", "ql:queues"}).integer, 0);
    }
    void writesThatGiveAQueueWorkListIt()
    {
        put(0, "a", "put-queue");
        put(0, "b", "queue");
        lua("pop", 1, {"queue", "worker", "1"});
        lua("complete", 2, {"b", "worker", "queue", "{}", "next", "next-queue"});
        lua("recur", 3, {"recur-queue", "r", "klass", "{}", "interval", "60", "0"});
        lua("recur.update", 3, {"r", "queue", "moved-queue"});
        QStringList names = listedQueues();
        names.sort();
        QCOMPARE(names,
                 (QStringList{QStringLiteral("moved-queue"), QStringLiteral("next-queue"), QStringLiteral("put-queue"),
                              QStringLiteral("queue"), QStringLiteral("recur-queue")}));
    }

    // --- smaller points ---
    void completeNextWithDelayIsScheduled()
    {
        put(0, "jid");
        lua("pop", 1, {"queue", "worker", "1"});
        QCOMPARE(lua("complete", 2, {"jid", "worker", "queue", "{}", "next", "later", "delay", "10"}).bytes,
                 QByteArray("scheduled"));
        QCOMPARE(m_q.qlessJson("get", 3, {"jid"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("scheduled"));
    }
    void cancelOfUnknownJobAnnouncesNothing()
    {
        QVERIFY(m_q.listen());
        QVERIFY(!lua("cancel", 0, {"nope"}).isError());
        QCOMPARE(m_q.heard(), QList<QByteArray>{});
    }
    void emptyNameListsDoNothing()
    {
        put(0, "jid");
        const QList<QByteArray> before = m_q.snapshot();
        for (const QByteArray &command : QList<QByteArray>{"pause", "unpause", "queue.forget", "worker.deregister"}) {
            const RedisValue reply = lua(command, 0);
            QVERIFY2(!reply.isError(), QByteArray(command + ": " + reply.bytes).constData());
        }
        QCOMPARE(m_q.snapshot(), before);
    }
    void longHistogramDurationsStayInTheLastBin()
    {
        put(0, "jid");
        lua("pop", 8 * 86400, {"queue", "worker", "1"}); // waited eight days, counted on the pop's day
        const QJsonObject wait =
            m_q.qlessJson("stats", 0, {"queue", num(8 * 86400)}).toObject().value(QStringLiteral("wait")).toObject();
        QCOMPARE(wait.value(QStringLiteral("count")).toInt(), 1);
        const QJsonArray histogram = wait.value(QStringLiteral("histogram")).toArray();
        int sum = 0;
        for (const QJsonValue &bin : histogram)
            sum += bin.toInt();
        QCOMPARE(sum, 1);
        QCOMPARE(histogram.last().toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestQlessAdditions)
#include "tst_qless_additions.moc"
