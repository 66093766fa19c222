#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// Issue #14, bounded cost per refresh: every desk.* read lists at most a bounded number of items
// a call, so none holds Redis for long at 1M jobs. A count over the bound is refused, not cut
// (a caller that asked for more must page, not be misled by a short page).
class TestQlessDeskBounds final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;
    using Names = QList<QByteArray>;

    RedisValue lua(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qless(command, now, args);
    }
    QJsonValue json(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qlessJson(command, now, args);
    }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const Names &options = {})
    {
        Names args{"w", queue, jid, "K", "{}", "0"};
        args += options;
        const RedisValue reply = lua("put", now, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    // 1000 is served, 1001 refused with what to do, for each paged read.
    void pagedReadsRefuseMoreThanAThousand()
    {
        put(T, "q", "a", {"tags", R"(["t"])"});
        put(T + 1, "q", "b", {"tags", R"(["t"])"});
        QVERIFY(!lua("pop", T + 1, {"q", "w", "1"}).isError());
        QVERIFY(!lua("fail", T, {"a", "w", "grp", "boom", "{}"}).isError());

        QCOMPARE(lua("desk.jobs", T, {"waiting", "q", "0", "1000"}).strings().size(), 2); // total + b
        QCOMPARE(lua("desk.jobs", T, {"complete", "0", "1000"}).strings().size(), 1);
        QCOMPARE(json("desk.peek", T, {"q", "1000"}).toArray().size(), 1);
        QCOMPARE(json("desk.tags", T, {"0", "1000"}).toArray().size(), 1);
        QCOMPARE(json("desk.failed", T, {"grp", "0", "1000"}).toObject().value(QStringLiteral("jobs")).toArray().size(), 1);
        QCOMPARE(json("desk.failed", T, {"grp", "0", "1000", "summaries"}).toObject().value(QStringLiteral("total")).toInt(), 1);

        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"waiting", "q", "0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"complete", "0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.jobs", T, {"running", "q", "5", "100000"}), "page through");
        QLESS_VERIFY_REFUSED(lua("desk.peek", T, {"q", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.tags", T, {"0", "1001"}), "Arg \"count\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.failed", T, {"grp", "0", "1001"}), "Arg \"limit\" must be 0 to 1000");
        QLESS_VERIFY_REFUSED(lua("desk.failed", T, {"grp", "0", "1001", "summaries"}), "Arg \"limit\"");
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskBounds)
#include "tst_qless_deskbounds.moc"
