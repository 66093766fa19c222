// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// desk.failedaction's time bound (lua/lib/92-desk-failed.lua, desk_failed_batch_micros): a retry
// or move batch takes no further job once it has run its time and taken five, so a batch of
// costly jobs does not hold Redis for the whole batch; the jobs after the stop stay in the
// group, untouched and uncounted, for the next batch. A cancel is never cut.
class TestQlessDeskBatchTime final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }

    // jids failed into group g in this order (the first is the oldest), each with `data`.
    void failAll(const QList<QByteArray> &jids, const QByteArray &data)
    {
        double at = T;
        for (const QByteArray &jid : jids) {
            mustWork(lua("put", at, {"w", "q", jid, "K", data, "0"}));
            mustWork(lua("pop", at, {"q", "w", "1"}));
            mustWork(lua("fail", at, {jid, "w", "g", "boom"}));
            at += 1;
        }
    }
    QJsonObject batch(const QList<QByteArray> &args)
    {
        const RedisValue reply = lua("desk.failedaction", T + 100, args);
        if (reply.type != RedisValue::Type::String)
            qWarning("desk.failedaction: %s", describe(reply).constData());
        return QJsonDocument::fromJson(reply.bytes).object();
    }
    QList<QByteArray> group() { return m_q.command({"LRANGE", "ql:f:g", "0", "-1"}).strings(); }
    QByteArray state(const QByteArray &jid) { return m_q.command({"HGET", "ql:j:" + jid, "state"}).bytes; }
    static int field(const QJsonObject &reply, const char *name) { return reply.value(QLatin1String(name)).toInt(-1); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    // Each of these jobs takes longer than the batch's time: a batch takes the five it always
    // takes and stops.
    void aRetryStopsAfterItsTimeAndTheNextBatchGoesOn()
    {
        const QList<QByteArray> jids{"a", "b", "c", "d", "e", "f", "g"};
        failAll(jids, slowToDecodeJson());
        QCOMPARE(group(), (QList<QByteArray>{"g", "f", "e", "d", "c", "b", "a"}));

        const QJsonObject first = batch({"retry", "g", "7", "0", "k1"});
        QCOMPARE(field(first, "taken"), 5);
        QCOMPARE(field(first, "done"), 5);
        QCOMPARE(first.value(QStringLiteral("skipped")).toObject(), QJsonObject());
        for (const QByteArray &jid : jids)
            QCOMPARE(state(jid), jid < "f" ? QByteArray("waiting") : QByteArray("failed"));
        QCOMPARE(group(), (QList<QByteArray>{"g", "f"}));
        QCOMPARE(m_q.command({"SISMEMBER", "ql:failures", "g"}).integer, 1);

        // Sent again (its reply lost), the batch answers from its receipt and takes nothing more.
        QCOMPARE(batch({"retry", "g", "7", "0", "k1"}), first);
        QCOMPARE(group(), (QList<QByteArray>{"g", "f"}));

        QCOMPARE(field(batch({"retry", "g", "2", "0", "k2"}), "taken"), 2);
        for (const QByteArray &jid : jids)
            QCOMPARE(state(jid), QByteArray("waiting"));
        QCOMPARE(m_q.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_q.command({"SISMEMBER", "ql:failures", "g"}).integer, 0);
        QCOMPARE(m_q.command({"ZCARD", "ql:q:q-work"}).integer, 7);
    }

    void aMoveStopsLikeARetry()
    {
        failAll({"a", "b", "c", "d", "e", "f"}, slowToDecodeJson());
        const QJsonObject first = batch({"move", "g", "6", "0", "k1", "elsewhere"});
        QCOMPARE(field(first, "taken"), 5);
        QCOMPARE(m_q.command({"ZCARD", "ql:q:elsewhere-work"}).integer, 5);
        QCOMPARE(state("f"), QByteArray("failed"));
        QCOMPARE(group(), QList<QByteArray>{"f"});
    }

    // Whether a job may be cancelled depends on the jobs cancelled with it: a cancel is judged
    // and done over its whole batch, never cut.
    void aCancelIsNeverCut()
    {
        failAll({"a", "b", "c", "d", "e", "f"}, slowToDecodeJson());
        const QJsonObject reply = batch({"cancel", "g", "6", "0", "k"});
        QCOMPARE(field(reply, "taken"), 6);
        QCOMPARE(field(reply, "done"), 6);
        QCOMPARE(m_q.command({"EXISTS", "ql:j:a", "ql:j:f", "ql:f:g"}).integer, 0);
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskBatchTime)
#include "tst_qless_deskbatchtime.moc"
