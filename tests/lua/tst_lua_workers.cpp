// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// workers.lua: the listing [{name, jobs, stalled, last}] most recently seen first, one worker's
// {jobs, stalled}, workers older than max-worker-age left out, and that neither form changes
// anything (the reference script pruned old workers; ours leaves that to pop).
class TestLuaWorkers final : public QObject
{
    Q_OBJECT

private:
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z, ahead of any wall clock

    QlessFixture m_fixture;

    RedisValue workers(const QList<QByteArray> &args) { return m_fixture.call(QStringLiteral("workers"), args); }

    QJsonArray listing(double now)
    {
        const RedisValue reply = workers({num(now)});
        [&] {
            QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
            QVERIFY2(reply.json().isArray(), reply.bytes.constData());
        }();
        return reply.json().toArray();
    }

    QJsonObject one(double now, const QByteArray &worker)
    {
        const RedisValue reply = workers({num(now), worker});
        [&] {
            QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
            QVERIFY2(reply.json().toObject().value(QStringLiteral("jobs")).isArray(), reply.bytes.constData());
            QVERIFY2(reply.json().toObject().value(QStringLiteral("stalled")).isArray(), reply.bytes.constData());
        }();
        return reply.json().toObject();
    }

    static QJsonObject entry(const char *name, int jobs, int stalled, double last)
    {
        return QJsonObject{{QStringLiteral("name"), QString::fromLatin1(name)},
                           {QStringLiteral("jobs"), jobs},
                           {QStringLiteral("stalled"), stalled},
                           {QStringLiteral("last"), last}};
    }

    static QStringList strings(const QJsonValue &value)
    {
        QStringList out;
        for (const QJsonValue &item : value.toArray())
            out.append(item.toString());
        return out;
    }

    static QStringList names(const QJsonArray &list)
    {
        QStringList out;
        for (const QJsonValue &item : list)
            out.append(item.toObject().value(QStringLiteral("name")).toString());
        return out;
    }

    // w1 holds a (locked until T0+70), w2 holds b and c (until T0+80), w3 popped nothing.
    void threeWorkers()
    {
        m_fixture.put("q", "a", T0);
        m_fixture.put("q", "b", T0 + 1);
        m_fixture.put("q", "c", T0 + 2);
        QCOMPARE(m_fixture.pop("q", "w3", 1, T0 + 5).size(), 1); // takes a...
        // ...which w3 gives up by moving it back: w3 keeps its registration, with no job.
        m_fixture.put("q", "a", T0 - 10);
        QCOMPARE(m_fixture.pop("q", "w1", 1, T0 + 10), QList<QByteArray>{"a"});
        QCOMPARE(m_fixture.pop("q", "w2", 2, T0 + 20), (QList<QByteArray>{"b", "c"}));
    }

    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = workers(args);
        QVERIFY2(reply.isError(), reply.bytes.constData());
        QVERIFY2(reply.bytes.contains(text), reply.bytes.constData());
        QCOMPARE(m_fixture.snapshot(), before);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void init() { m_fixture.flush(); }

    void noWorkers()
    {
        QCOMPARE(workers({num(T0)}).bytes, QByteArray("[]"));
        QCOMPARE(workers({num(T0), "w1"}).bytes, QByteArray("{\"jobs\":[],\"stalled\":[]}"));
    }

    void listingMostRecentFirst()
    {
        threeWorkers();
        const QJsonArray expected{entry("w2", 2, 0, T0 + 20), entry("w1", 1, 0, T0 + 10), entry("w3", 0, 0, T0 + 5)};
        QCOMPARE(listing(T0 + 30), expected);
    }

    void stalledOnceTheLockRunsOut()
    {
        threeWorkers();
        // Lock expiry at or before now is stalled (COMPAT.md): w1's lock ends at T0+70.
        QJsonArray list = listing(T0 + 69);
        QCOMPARE(list.at(1).toObject(), entry("w1", 1, 0, T0 + 10));
        list = listing(T0 + 70);
        QCOMPARE(list.at(1).toObject(), entry("w1", 0, 1, T0 + 10));
        QCOMPARE(list.at(0).toObject(), entry("w2", 2, 0, T0 + 20));
        list = listing(T0 + 80);
        QCOMPARE(list.at(0).toObject(), entry("w2", 0, 2, T0 + 20));
    }

    void oneWorkersJobs()
    {
        threeWorkers();
        QJsonObject w2 = one(T0 + 30, "w2");
        QCOMPARE(strings(w2.value(QStringLiteral("jobs"))), (QStringList{QStringLiteral("b"), QStringLiteral("c")}));
        QVERIFY(w2.value(QStringLiteral("stalled")).toArray().isEmpty());
        QCOMPARE(w2.keys(), (QStringList{QStringLiteral("jobs"), QStringLiteral("stalled")}));

        const QJsonObject w1 = one(T0 + 70, "w1");
        QVERIFY(w1.value(QStringLiteral("jobs")).toArray().isEmpty());
        QCOMPARE(strings(w1.value(QStringLiteral("stalled"))), QStringList{QStringLiteral("a")});

        // A worker with nothing, and one nobody knows, alike.
        QCOMPARE(workers({num(T0 + 30), "w3"}).bytes, QByteArray("{\"jobs\":[],\"stalled\":[]}"));
        QCOMPARE(workers({num(T0 + 30), "nobody"}).bytes, QByteArray("{\"jobs\":[],\"stalled\":[]}"));

        // A job moved away and a job completed leave the worker's lists.
        m_fixture.put("other", "b", T0 + 31);
        QCOMPARE(m_fixture.call(QStringLiteral("complete"), {"c", "w2", "q", num(T0 + 32), "{}"}).bytes,
                 QByteArray("complete"));
        w2 = one(T0 + 33, "w2");
        QVERIFY(w2.value(QStringLiteral("jobs")).toArray().isEmpty());
        QVERIFY(w2.value(QStringLiteral("stalled")).toArray().isEmpty());
        // As with qless, a worker is seen when it pops or heartbeats, not when it completes.
        QCOMPARE(listing(T0 + 33).at(0).toObject(), entry("w2", 0, 0, T0 + 20));
    }

    void workersPastMaxAgeAreHidden()
    {
        threeWorkers();
        // Default max-worker-age 86400: w3 (last T0+5) is shown until its age reaches that.
        QCOMPARE(names(listing(T0 + 5 + 86399)),
                 (QStringList{QStringLiteral("w2"), QStringLiteral("w1"), QStringLiteral("w3")}));
        QCOMPARE(names(listing(T0 + 5 + 86400)), (QStringList{QStringLiteral("w2"), QStringLiteral("w1")}));
        QCOMPARE(names(listing(T0 + 20 + 86400)), QStringList{});

        m_fixture.call(QStringLiteral("config"), {"set", "max-worker-age", "15"});
        QCOMPARE(names(listing(T0 + 24)), (QStringList{QStringLiteral("w2"), QStringLiteral("w1")}));
        QCOMPARE(names(listing(T0 + 25)), QStringList{QStringLiteral("w2")});

        // Hidden, not removed: the workers set is as it was.
        QCOMPARE(m_fixture.command({"ZCARD", "ql:workers"}).integer, 3);
    }

    void readsChangeNothing()
    {
        threeWorkers();
        const QList<QByteArray> before = m_fixture.snapshot();
        listing(T0 + 30);
        listing(T0 + 75);        // with stalled jobs
        listing(T0 + 5 * 86400); // every worker past max-worker-age: not pruned
        one(T0 + 30, "w2");
        one(T0 + 75, "w1");
        one(T0 + 30, "nobody");
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("nothing") << QList<QByteArray>{} << QByteArray("Workers(): Arg \"now\" missing");
        QTest::newRow("bad now") << QList<QByteArray>{"yesterday"}
                                 << QByteArray("Workers(): Arg \"now\" not a number: yesterday");
        QTest::newRow("empty worker") << QList<QByteArray>{"4102444800", ""}
                                      << QByteArray("Workers(): Arg \"worker\" missing");
        QTest::newRow("extra") << QList<QByteArray>{"4102444800", "w1", "x"}
                               << QByteArray("Workers(): Arg \"3\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        threeWorkers();
        expectError(args, text);
    }
};

QTEST_GUILESS_MAIN(TestLuaWorkers)
#include "tst_lua_workers.moc"
