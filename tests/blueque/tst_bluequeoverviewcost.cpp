// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequegenerator.h"
#include "bluequescriptcall.h"
#include "qlessfixture.h"

#include <QTest>

#include <memory>

// What lua/blueque/overview.lua asks of Redis, counted by Redis itself (INFO commandstats): the
// commands it runs per queue, per listener and per id checked. Each is a fraction of a
// microsecond to tens of them; at the script's budgets (100 queues, 1000 listeners, 300 ids a
// call) their number is its time, which must stay well within 5 ms alone (the bench's
// blueque_alone_overview). On healthy data each key costs one command: TYPE is asked only of a
// key whose size command refused it. And the bad data it shows stays shown.
class TestBluequeOverviewCost final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    static constexpr int Queues = 20;
    static constexpr int Listeners = 10;
    std::unique_ptr<QlessFixture> m_fixture;

    SyncRedis &redis() { return m_fixture->redis(); }
    static QByteArray queue(int i) { return "q_" + QByteArray::number(i); }
    static QByteArray listener(int i) { return "h" + QByteArray::number(i) + ".example.com_" + QByteArray::number(i); }

    // Commands run since `CONFIG RESETSTAT`, by name, the script's carrier and the reads of
    // INFO itself left out.
    QMap<QByteArray, qint64> commandsRun()
    {
        QMap<QByteArray, qint64> calls;
        for (const QByteArray &line : redis().command({"INFO", "commandstats"}).bytes.split('\n')) {
            if (!line.startsWith("cmdstat_"))
                continue;
            const QByteArray name = line.mid(8, line.indexOf(':') - 8);
            const int at = line.indexOf("calls=") + 6;
            const qint64 n = line.mid(at, line.indexOf(',', at) - at).toLongLong();
            if (name != "evalsha" && name != "eval" && name != "info" && !name.startsWith("config")
                && !name.startsWith("script"))
                calls.insert(name, n);
        }
        return calls;
    }

    RedisValue overview(int count)
    {
        return callBlueque(redis(), QStringLiteral("overview"), {"0", QByteArray::number(count), "1795843600"});
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void init() { m_fixture->flush(); }

    void aHealthyQueueCostsOneCommandAKey()
    {
        BluequeGenerator blueque(redis());
        for (int q = 0; q < Queues; ++q) {
            blueque.schedule(queue(q), "later", T + 1000, T);
            for (int k = 0; k < Listeners; ++k) {
                blueque.addListener(queue(q), listener(k));
                const QByteArray id = blueque.enqueue(queue(q), "p", T);
                blueque.dequeue(queue(q), listener(k), T + 1);
                blueque.start(queue(q), id, listener(k), 100 + k, T + 2);
            }
            const QByteArray done = blueque.enqueue(queue(q), "p", T);
            blueque.dequeue(queue(q), listener(0), T + 3);
            blueque.start(queue(q), done, listener(0), 7, T + 4);
            blueque.fail(queue(q), done, listener(0), 7, "boom", T + 5);
            blueque.enqueue(queue(q), "waiting", T + 6);
        }
        QVERIFY(overview(100).elements.size() == Queues + 1); // the script cached, its first run not counted
        redis().command({"CONFIG", "RESETSTAT"});
        const RedisValue reply = overview(100);
        QCOMPARE(reply.elements.size(), Queues + 1);
        QCOMPARE(reply.elements.at(1).elements.at(5).integer, Listeners); // reserved, counted exactly
        const QMap<QByteArray, qint64> calls = commandsRun();
        qint64 total = 0;
        for (const qint64 n : calls)
            total += n;
        // blueque_queues: TYPE, ZCARD, ZRANGE. A queue: its six counted keys, the listener set,
        // ZCOUNT of the scheduled set, SRANDMEMBER. A listener: LLEN and LRANGE of its list. An
        // id: HMGET of its hash.
        const qint64 bound = 3 + Queues * 9 + Queues * Listeners * 2 + Queues * Listeners;
        QStringList each;
        for (auto it = calls.cbegin(); it != calls.cend(); ++it)
            each << QStringLiteral("%1 %2").arg(QString::fromUtf8(it.key())).arg(it.value());
        QVERIFY2(total <= bound, qPrintable(QStringLiteral("%1 commands, more than %2: %3")
                                                .arg(total)
                                                .arg(bound)
                                                .arg(each.join(QStringLiteral(", ")))));
        QCOMPARE(calls.value("type"), 1); // blueque_queues' own
    }

    void showsKeysOfOtherTypesStill()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", "h.x_1");
        blueque.addListener("q", "h.x_2");
        blueque.enqueue("q", "p", T);
        blueque.dequeue("q", "h.x_1", T + 1);
        blueque.addLegacyStartedList("q", "h.x_1 7 abc");
        redis().command({"SADD", "blueque_reserved_tasks_q_h.x_2", "x"});
        redis().command({"SET", "blueque_failed_tasks_q", "oops"});
        redis().command({"HSET", "blueque_scheduled_tasks_q", "a", "b"});
        const RedisValue reply = overview(100);
        QCOMPARE(reply.elements.size(), 2);
        const RedisValue row = reply.elements.at(1);
        const QByteArray odd = row.elements.at(11).bytes;
        QCOMPARE(row.elements.at(6).integer, 1);  // the README's started list, counted
        QCOMPARE(row.elements.at(8).integer, -1); // failed: a string
        QCOMPARE(row.elements.at(3).integer, -1); // scheduled: a hash
        QCOMPARE(row.elements.at(4).integer, 0);  // nothing overdue counted in a hash
        QCOMPARE(row.elements.at(5).integer, 1);  // reserved: h.x_1's list; h.x_2's set is not a list
        QVERIFY2(odd.contains("started:list"), odd.constData());
        QVERIFY2(odd.contains("failed:string"), odd.constData());
        QVERIFY2(odd.contains("scheduled:hash"), odd.constData());
        QVERIFY2(odd.contains("reserved h.x_2:set"), odd.constData());
        redis().command({"DEL", "blueque_listeners_q"});
        redis().command({"SET", "blueque_listeners_q", "x"});
        const RedisValue listeners = overview(100).elements.at(1);
        QCOMPARE(listeners.elements.at(9).integer, -1);
        QVERIFY2(listeners.elements.at(11).bytes.contains("listeners:string"),
                 listeners.elements.at(11).bytes.constData());
    }
};

QTEST_GUILESS_MAIN(TestBluequeOverviewCost)
#include "tst_bluequeoverviewcost.moc"
