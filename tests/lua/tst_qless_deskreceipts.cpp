// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// qless.lua's desk.release and desk.cancel, the two commands that keep a bulk run honest about
// Redis: a run lets go of its receipts in order and only of its own, and a bulk cancel judges
// each job by its state when the step runs, never cancelling what changed since it was chosen.
class TestQlessDeskReceipts final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    void put(const QByteArray &queue, const QByteArray &jid, const QList<QByteArray> &options = {})
    {
        QList<QByteArray> args{"w", queue, jid, "K", "{}", "0"};
        args += options;
        const RedisValue reply = lua("put", T, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }
    qint64 exists(const QByteArray &key) { return m_q.command({"EXISTS", key}).integer; }
    // A step of run `run` for job `jid`, as a bulk run sends it (its receipt ql:receipt:<run>:job:<jid>).
    void step(const QByteArray &run, const QByteArray &jid)
    {
        const RedisValue reply = lua("desk.once", T, {run + ":job:" + jid, "desk.track", jid});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void releaseDeletesTheRunsReceiptsInOrder()
    {
        for (const QByteArray jid : {"a", "b", "c"}) {
            put("q", jid);
            step("r1", jid);
        }
        QCOMPARE(exists("ql:receipt:r1:job:a"), 1);
        QCOMPARE(lua("desk.release", T, {"r1", "1", "r1:job:a", "r1:job:b"}).integer, 1);
        QCOMPARE(exists("ql:receipt:r1:job:a") + exists("ql:receipt:r1:job:b"), 0);
        QCOMPARE(m_q.command({"GET", "ql:desk:run:r1"}).bytes, QByteArray("1"));
        QVERIFY(m_q.command({"TTL", "ql:desk:run:r1"}).integer > 86000);
        // Sent again (its reply was lost): the record stays.
        QCOMPARE(lua("desk.release", T, {"r1", "1", "r1:job:a", "r1:job:b"}).integer, 1);
        // A release beyond the next: the server lost one (an older snapshot); nothing deleted.
        QCOMPARE(lua("desk.release", T, {"r1", "3", "r1:job:c"}).integer, 1);
        QCOMPARE(exists("ql:receipt:r1:job:c"), 1);
        QCOMPARE(lua("desk.release", T, {"r1", "2", "r1:job:c"}).integer, 2);
        QCOMPARE(exists("ql:receipt:r1:job:c"), 0);
        // The end: nothing of the run is left.
        step("r1", "a");
        QCOMPARE(lua("desk.release", T, {"r1", "end", "r1:job:a"}).integer, 0);
        QCOMPARE(exists("ql:receipt:r1:job:a") + exists("ql:desk:run:r1"), 0);
        // What the steps did stays.
        QCOMPARE(m_q.command({"ZCARD", "ql:tracked"}).integer, 3);
    }

    void releaseTouchesNothingButTheRunsOwnReceipts()
    {
        put("q", "a");
        step("r1", "a");
        step("r2", "a");
        m_q.command({"SET", "ql:receipt:r1x:job:a", "{}"});
        QLESS_VERIFY_REFUSED(lua("desk.release", T, {"r1", "1", "r2:job:a"}), "not a receipt of run r1");
        QLESS_VERIFY_REFUSED(lua("desk.release", T, {"r1", "1", "r1x:job:a"}), "not a receipt of run r1");
        QLESS_VERIFY_REFUSED(lua("desk.release", T, {"", "1", ":job:a"}), "Arg \"run\" empty");
        QLESS_VERIFY_REFUSED(lua("desk.release", T, {"r1", "0"}), "Arg \"n\"");
        QLESS_VERIFY_REFUSED(lua("desk.release", T, {"r1", "x"}), "Arg \"n\"");
        QLESS_VERIFY_REFUSED(lua("desk.release", T, {"r1"}), "Arg \"n\" missing");
        QList<QByteArray> tooMany{"r1", "1"};
        for (int i = 0; i < 501; ++i)
            tooMany << "r1:job:" + QByteArray::number(i);
        QLESS_VERIFY_REFUSED(lua("desk.release", T, tooMany), "at most 500 keys a call");
        QCOMPARE(exists("ql:receipt:r1:job:a") + exists("ql:receipt:r2:job:a") + exists("ql:receipt:r1x:job:a"), 3);
        QCOMPARE(exists("ql:desk:run:r1"), 0);
        tooMany.removeLast();
        QCOMPARE(lua("desk.release", T, tooMany).integer, 1);
    }

    void cancelSaysWhatBecameOfTheJob()
    {
        put("idle", "waiting");
        put("q", "running");
        put("q", "done");
        put("idle", "parent");
        put("idle", "child", {"depends", R"(["parent"])"});
        QCOMPARE(m_q.qlessJson("pop", T + 1, {"q", "w1", "2"}).toArray().size(), 2);
        QVERIFY(!lua("complete", T + 2, {"done", "w1", "q", "{}"}).isError());
        QCOMPARE(m_q.command({"HGET", "ql:j:running", "state"}).bytes, QByteArray("running"));

        QCOMPARE(lua("desk.cancel", T + 3, {"gone"}).bytes, QByteArray("gone"));
        QCOMPARE(lua("desk.cancel", T + 3, {"done"}).bytes, QByteArray("complete"));
        QCOMPARE(lua("desk.cancel", T + 3, {"running"}).bytes, QByteArray("running"));
        QCOMPARE(lua("desk.cancel", T + 3, {"parent"}).bytes, QByteArray("has dependents"));
        QCOMPARE(exists("ql:j:done") + exists("ql:j:running") + exists("ql:j:parent"), 3);
        QCOMPARE(m_q.command({"HGET", "ql:j:running", "worker"}).bytes, QByteArray("w1"));

        QCOMPARE(lua("desk.cancel", T + 4, {"waiting"}).bytes, QByteArray("cancelled"));
        QCOMPARE(lua("desk.cancel", T + 4, {"running", "running"}).bytes, QByteArray("cancelled"));
        QCOMPARE(exists("ql:j:waiting") + exists("ql:j:running"), 0);
        QCOMPARE(m_q.command({"ZCARD", "ql:w:w1:jobs"}).integer, 0);
        // Through desk.once, as a bulk step: the same verdict again, nothing done twice.
        QCOMPARE(lua("desk.once", T + 5, {"r:job:child", "desk.cancel", "child"}).bytes, QByteArray("cancelled"));
        QCOMPARE(lua("desk.once", T + 5, {"r:job:child", "desk.cancel", "child"}).bytes, QByteArray("cancelled"));
        QCOMPARE(lua("desk.cancel", T + 5, {"parent"}).bytes, QByteArray("cancelled"));

        QLESS_VERIFY_REFUSED(lua("desk.cancel", T, {}), "Arg \"jid\" missing");
        QLESS_VERIFY_REFUSED(lua("desk.cancel", T, {"x", "yes"}), "Arg \"running\"");
        QLESS_VERIFY_REFUSED(lua("desk.cancel", T, {"x", "running", "more"}), "unexpected argument");
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskReceipts)
#include "tst_qless_deskreceipts.moc"
