// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonObject>
#include <QTest>

// qless.lua's desk.states (lua/lib/94-face-job.lua, Qless.desk_job_state): what a bulk run reads
// back of jobs whose step was refused. One reply per jid, in order: the jid, state and lock
// expiry, nothing of the job's data, history or failure; nil for a jid with no job; a key that
// is not a hash named as unreadable instead of failing the call.
class TestQlessDeskStates final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;

    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }
    static QJsonObject object(const RedisValue &reply) { return reply.json().toObject(); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void statesInOrder()
    {
        mustWork(m_q.qless("put", T, {"w", "q", "waits", "Job", "{\"big\":\"" + QByteArray(100000, 'x') + "\"}", "0"}));
        mustWork(m_q.qless("put", T, {"w", "q", "runs", "Job", "{}", "0", "priority", "10"}));
        QCOMPARE(m_q.qless("pop", T + 1, {"q", "worker", "1"}).isError(), false);
        mustWork(m_q.command({"SET", "ql:j:spoiled", "text"}));
        const RedisValue reply = m_q.qless("desk.states", T + 2, {"runs", "gone", "waits", "spoiled"});
        mustWork(reply);
        QCOMPARE(reply.elements.size(), 4);

        const QJsonObject runs = object(reply.elements.at(0));
        QCOMPARE(runs.value(QLatin1String("jid")).toString(), QStringLiteral("runs"));
        QCOMPARE(runs.value(QLatin1String("state")).toString(), QStringLiteral("running"));
        QVERIFY(runs.value(QLatin1String("expires")).toDouble() > T + 1);

        QVERIFY(reply.elements.at(1).isNil());

        // Only the three fields: the job's 100 KB of data does not cross the wire.
        const QJsonObject waits = object(reply.elements.at(2));
        QCOMPARE(waits.keys(),
                 (QStringList{QStringLiteral("expires"), QStringLiteral("jid"), QStringLiteral("state")}));
        QCOMPARE(waits.value(QLatin1String("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(waits.value(QLatin1String("expires")).toDouble(), 0.0);
        QVERIFY(reply.elements.at(2).bytes.size() < 100);

        const QJsonObject spoiled = object(reply.elements.at(3));
        QCOMPARE(spoiled.value(QLatin1String("jid")).toString(), QStringLiteral("spoiled"));
        QVERIFY(spoiled.value(QLatin1String("unreadable"))
                    .toObject()
                    .value(QLatin1String("job"))
                    .toString()
                    .contains(QLatin1String("not a hash")));
    }

    // qless's timeout leaves a job stalled without a lock: expires reads 0 (qless writes '').
    void timedOut()
    {
        mustWork(m_q.qless("put", T, {"w", "q", "j", "Job", "{}", "0"}));
        QCOMPARE(m_q.qless("pop", T + 1, {"q", "worker", "1"}).isError(), false);
        mustWork(m_q.qless("timeout", T + 2, {"j"}));
        const QJsonObject state = object(m_q.qless("desk.states", T + 3, {"j"}).elements.value(0));
        QCOMPARE(state.value(QLatin1String("state")).toString(), QStringLiteral("stalled"));
        QCOMPARE(state.value(QLatin1String("expires")).toDouble(), 0.0);
    }

    void bounded()
    {
        QLESS_VERIFY_REFUSED(m_q.qless("desk.states", T), "Arg \"jid\" missing");
        QList<QByteArray> many;
        for (int i = 0; i < 1001; ++i)
            many << "j" + QByteArray::number(i);
        QLESS_VERIFY_REFUSED(m_q.qless("desk.states", T, many), "at most 1000 jids");
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskStates)
#include "tst_qless_deskstates.moc"
