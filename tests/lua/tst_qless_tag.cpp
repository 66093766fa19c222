// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

// The unified qless.lua's tags and tracking: tag add/remove/get/top (argument checks, no
// duplicates, order kept, paging, jobs leaving their tags when cancelled or expired, recurring
// jobs tagged) and track/untrack with the listing. Restates qless-core's test_tag.py and
// test_track.py.
class TestQlessTag final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    QByteArray json(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return canonical(m_q.qlessJson(command, now, args));
    }
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {})
    {
        return lua("put", now, QList<QByteArray>{"worker", "queue", jid, "klass", "{}", "0"} + options);
    }
    QByteArray tagsOf(const QByteArray &jid)
    {
        return canonical(m_q.qlessJson("get", 0, {jid}).toObject().value(QStringLiteral("tags")));
    }
    // `tag get <tag> <offset> <count>`'s jobs, as canonical JSON.
    QByteArray tagged(double now, const QByteArray &tag, const QByteArray &offset = "0", const QByteArray &count = "10")
    {
        return canonical(
            m_q.qlessJson("tag", now, {"get", tag, offset, count}).toObject().value(QStringLiteral("jobs")));
    }
    static QByteArray jsonList(const QList<QByteArray> &items)
    {
        return items.isEmpty() ? QByteArray("{}") : "[\"" + items.join("\",\"") + "\"]";
    }
    static QList<QByteArray> numbers(int from, int to, int step = 1)
    {
        QList<QByteArray> out;
        for (int i = from; step > 0 ? i < to : i > to; i += step)
            out << QByteArray::number(i);
        return out;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- tag ---
    void tagRefusesBadArguments()
    {
        const QStringList accepted = m_q.notRefused({{"tag", "0"},
                                                     {"tag", "0", "add"},
                                                     {"tag", "0", "remove"},
                                                     {"tag", "0", "get"},
                                                     {"tag", "0", "get", "foo", "bar"},
                                                     {"tag", "0", "get", "foo", "0", "bar"},
                                                     {"tag", "0", "top", "bar"},
                                                     {"tag", "0", "top", "0", "bar"},
                                                     {"tag", "0", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void addATag()
    {
        put(0, "jid");
        QVERIFY(!lua("tag", 0, {"add", "jid", "foo"}).isError());
        QCOMPARE(tagsOf("jid"), QByteArray(R"(["foo"])"));
    }
    void removeATag()
    {
        put(0, "jid", {"tags", R"(["foo"])"});
        QVERIFY(!lua("tag", 0, {"remove", "jid", "foo"}).isError());
        QCOMPARE(tagsOf("jid"), QByteArray("{}"));
    }
    void addingATagTheJobHasChangesNothing()
    {
        put(0, "jid", {"tags", R"(["foo"])"});
        lua("tag", 0, {"add", "jid", "foo"});
        QCOMPARE(tagsOf("jid"), QByteArray(R"(["foo"])"));
    }
    void removingATagTheJobLacksIsFine()
    {
        put(0, "jid", {"tags", R"(["foo"])"});
        QVERIFY(!lua("tag", 0, {"remove", "jid", "bar"}).isError());
        QCOMPARE(tagsOf("jid"), QByteArray(R"(["foo"])"));
    }
    void addingOneTagSeveralTimesAtOnce()
    {
        put(0, "jid");
        lua("tag", 0, {"add", "jid", "foo", "foo", "foo"});
        QCOMPARE(tagsOf("jid"), QByteArray(R"(["foo"])"));
    }
    void getFindsTheJobsOfATag()
    {
        put(0, "foo", {"tags", R"(["foo", "both"])"});
        put(0, "bar", {"tags", R"(["bar", "both"])"});
        QCOMPARE(tagged(0, "foo"), jsonList({"foo"}));
        QCOMPARE(tagged(0, "bar"), jsonList({"bar"}));
        QCOMPARE(tagged(0, "both"), jsonList({"bar", "foo"}));
    }
    void addedTagIsFoundByGet()
    {
        put(0, "jid");
        QCOMPARE(tagged(0, "foo"), QByteArray("{}"));
        lua("tag", 0, {"add", "jid", "foo"});
        QCOMPARE(tagged(0, "foo"), jsonList({"jid"}));
    }
    void tagsKeepTheirOrder()
    {
        put(0, "jid");
        const QList<QByteArray> tags{"a", "b", "c", "d", "e", "f", "g", "h"};
        QList<QByteArray> expected;
        for (const QByteArray &tag : tags) {
            lua("tag", 0, {"add", "jid", tag});
            expected << tag;
            QCOMPARE(tagsOf("jid"), jsonList(expected));
        }
        for (const QByteArray &tag : QList<QByteArray>{"e", "a", "h", "c", "g", "b", "f", "d"}) {
            lua("tag", 0, {"remove", "jid", tag});
            expected.removeOne(tag);
            QCOMPARE(tagsOf("jid"), jsonList(expected));
        }
    }
    void cancelledJobLeavesItsTags()
    {
        put(0, "jid", {"tags", R"(["foo"])"});
        QCOMPARE(tagged(0, "foo"), jsonList({"jid"}));
        lua("cancel", 0, {"jid"});
        QCOMPARE(tagged(0, "foo"), QByteArray("{}"));
    }
    void jobExpiredByAgeLeavesItsTags()
    {
        lua("config.set", 0, {"jobs-history", "100"});
        put(0, "jid", {"tags", R"(["foo"])"});
        lua("pop", 0, {"queue", "worker", "10"});
        lua("complete", 0, {"jid", "worker", "queue", "{}"});
        QCOMPARE(tagged(99, "foo"), jsonList({"jid"}));
        // Expiry happens when another job completes.
        put(101, "foo");
        lua("pop", 101, {"queue", "worker", "10"});
        lua("complete", 101, {"foo", "worker", "queue", "{}"});
        QCOMPARE(tagged(101, "foo"), QByteArray("{}"));
    }
    void jobExpiredByCountLeavesItsTags()
    {
        lua("config.set", 0, {"jobs-history-count", "1"});
        put(0, "jid", {"tags", R"(["foo"])"});
        lua("pop", 0, {"queue", "worker", "10"});
        lua("complete", 0, {"jid", "worker", "queue", "{}"});
        QCOMPARE(tagged(0, "foo"), jsonList({"jid"}));
        put(1, "foo");
        lua("pop", 1, {"queue", "worker", "10"});
        lua("complete", 1, {"foo", "worker", "queue", "{}"});
        QCOMPARE(tagged(1, "foo"), QByteArray("{}"));
    }
    void topListsTagsUsedMoreThanOnceMostUsedFirst()
    {
        for (int i = 0; i < 10; ++i)
            put(0, QByteArray::number(i), {"tags", "[\"" + numbers(i, 10).join("\", \"") + "\"]"});
        QCOMPARE(json("tag", 0, {"top", "0", "20"}), jsonList(numbers(9, 0, -1)));
    }
    void spawnedRecurringJobsAreTagged()
    {
        lua("recur", 0, {"queue", "jid", "klass", "{}", "interval", "60", "0", "tags", R"(["foo"])"});
        lua("pop", 0, {"queue", "worker", "10"});
        QCOMPARE(tagged(0, "foo"), jsonList({"jid-1"}));
    }
    void getInPages()
    {
        for (int i = 0; i < 100; ++i)
            put(i, QByteArray::number(i), {"tags", R"(["foo"])"});
        QCOMPARE(tagged(100, "foo", "0", "50"), jsonList(numbers(0, 50)));
        QCOMPARE(tagged(100, "foo", "50", "50"), jsonList(numbers(50, 100)));
    }
    void topInPages()
    {
        for (int tag = 0; tag < 10; ++tag) {
            for (int n = 0; n < tag + 5; ++n)
                put(tag, QByteArray::number(tag) + '.' + QByteArray::number(n),
                    {"tags", "[\"" + QByteArray::number(tag) + "\"]"});
        }
        QCOMPARE(json("tag", 100, {"top", "0", "5"}), jsonList(numbers(9, 4, -1)));
        QCOMPARE(json("tag", 100, {"top", "5", "5"}), jsonList(numbers(4, -1, -1)));
    }

    // --- track ---
    void trackRefusesMissingJid()
    {
        const QStringList accepted =
            m_q.notRefused({{"track", "0", "track"}, {"track", "0", "untrack"}, {"track", "0", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void trackedJobIsListed()
    {
        put(0, "jid");
        QVERIFY(!lua("track", 0, {"track", "jid"}).isError());
        QCOMPARE(json("track", 0), canonicalJson(R"({"jobs": [{"retries": 5, "jid": "jid",
            "tracked": true, "tags": {}, "worker": "", "expires": 0, "priority": 0, "queue": "queue",
            "failure": {}, "state": "waiting", "dependencies": {}, "klass": "klass",
            "dependents": {}, "data": "{}", "remaining": 5, "spawned_from_jid": false,
            "history": [{"q": "queue", "what": "put", "when": 0}]}], "expired": {}})"));
    }
    void untrackedJobIsNotListed()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        QVERIFY(!lua("track", 0, {"untrack", "jid"}).isError());
        QCOMPARE(json("track", 0), canonicalJson(R"({"jobs": {}, "expired": {}})"));
    }
    void trackingAnUnknownJobIsRefused() { QLESS_VERIFY_REFUSED(lua("track", 0, {"track", "jid"}), "does not exist"); }
    void jobKnowsItIsTracked()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        QCOMPARE(m_q.qlessJson("get", 0, {"jid"}).toObject().value(QStringLiteral("tracked")), QJsonValue(true));
    }
    void jobKnowsItIsNotTracked()
    {
        put(0, "jid");
        QCOMPARE(m_q.qlessJson("get", 0, {"jid"}).toObject().value(QStringLiteral("tracked")), QJsonValue(false));
    }
};

QTEST_GUILESS_MAIN(TestQlessTag)
#include "tst_qless_tag.moc"
