// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// desk.failuresigs (#16, failure clusters): a failure group read from its oldest end, a page at a
// time, each failure as its jid, when and the lines a signature needs (the first line and the
// possible top frames), not the whole message.
class TestQlessFailureSigs final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_q;
    using Names = QList<QByteArray>;

    RedisValue lua(const QByteArray &command, double now, const Names &args = {})
    {
        return m_q.qless(command, now, args);
    }
    // The reply as text: the total (an integer) first, then jid, when, text of each failure.
    Names sigs(double now, const Names &args)
    {
        const RedisValue reply = lua("desk.failuresigs", now, args);
        if (reply.isError() || reply.elements.isEmpty() || reply.elements.first().type != RedisValue::Type::Integer)
            return {"not a page: " + reply.bytes};
        Names flat{QByteArray::number(reply.elements.first().integer)};
        for (qsizetype i = 1; i < reply.elements.size(); ++i)
            flat << reply.elements.at(i).bytes;
        return flat;
    }

    // Puts, pops and fails `jid` at `now` with `message` into group `group`.
    void failed(const QByteArray &jid, double now, const QByteArray &group, const QByteArray &message)
    {
        QVERIFY(!lua("put", now, {"client", "q", jid, "K", "{}", "0"}).isError());
        QCOMPARE(lua("pop", now, {"q", "w", "1"}).isError(), false);
        const RedisValue reply = lua("fail", now, {jid, "w", group, message, "{}"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void oldestFirstWithTheLinesASignatureNeeds()
    {
        const QByteArray ruby = "Net::ReadTimeout: Net::ReadTimeout\n/srv/app/lib/fetch.rb:42:in `perform'\n"
                                "/srv/gems/qless/job.rb:103:in `perform'";
        const QByteArray python =
            "KeyError: 'user_id'\nTraceback (most recent call last):\n"
            "  File \"/srv/worker.py\", line 88, in perform\n    job.process()\n"
            "  File \"/srv/parse.py\", line 12, in process\n    row['user_id']\nKeyError: 'user_id'";
        failed("a", T, "E", ruby);
        failed("b", T + 1, "E", python);
        failed("c", T + 2, "E", "just words");
        const QList<QByteArray> page = sigs(T + 3, {"E", "0", "10"});
        QCOMPARE(page, (QList<QByteArray>{"3", "a", QByteArray::number(T, 'f', 0),
                                          "Net::ReadTimeout: Net::ReadTimeout\n/srv/app/lib/fetch.rb:42:in `perform'",
                                          "b", QByteArray::number(T + 1, 'f', 0),
                                          "KeyError: 'user_id'\n  File \"/srv/parse.py\", line 12, in process", "c",
                                          QByteArray::number(T + 2, 'f', 0), "just words"}));
        // Pages from the oldest end: offset 1 count 1 is the second oldest.
        QCOMPARE(sigs(T + 3, {"E", "1", "1"}).mid(1, 1), Names{"b"});
        // A failure arriving meanwhile (at the newest end) shifts nothing.
        failed("d", T + 4, "E", "later");
        QCOMPARE(sigs(T + 5, {"E", "1", "1"}).mid(0, 2), (Names{"4", "b"}));
        QCOMPARE(sigs(T + 5, {"E", "4", "10"}), Names{"4"}); // past the end
        QCOMPARE(sigs(T + 5, {"nothing", "0", "10"}), Names{"0"});
    }

    void longLinesAreCutAndGoneJobsCountEmpty()
    {
        failed("long", T, "E", QByteArray(2000, 'x') + "\n/srv/a.rb:1:in `" + QByteArray(2000, 'y') + "'");
        failed("gone", T + 1, "E", "bye");
        QVERIFY(!m_q.command({"DEL", "ql:j:gone"}).isError());
        QVERIFY(!m_q.command({"HSET", "ql:j:long2", "failure", "{not json"}).isError());
        QVERIFY(!m_q.command({"RPUSH", "ql:f:E", "long2"}).isError()); // the oldest now
        const QList<QByteArray> page = sigs(T + 2, {"E", "0", "10"});
        QCOMPARE(page.size(), 1 + 3 * 3);
        QCOMPARE(page.mid(1, 3), (Names{"long2", "0", ""}));
        QCOMPARE(page.at(4), QByteArray("long"));
        const QList<QByteArray> lines = page.at(6).split('\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0), QByteArray(512, 'x'));
        QCOMPARE(lines.at(1).size(), 512);
        QCOMPARE(page.mid(7, 3), (Names{"gone", "0", ""}));
    }

    void argumentsAreChecked()
    {
        QLESS_VERIFY_REFUSED(lua("desk.failuresigs", T, {"E", "0", "501"}), "Arg \"count\" must be 1 to 500");
        QLESS_VERIFY_REFUSED(lua("desk.failuresigs", T, {"E", "0", "0"}), "Arg \"count\" must be 1 to 500");
        QLESS_VERIFY_REFUSED(lua("desk.failuresigs", T, {"E", "-1", "5"}), "offset");
        QLESS_VERIFY_REFUSED(lua("desk.failuresigs", T, {}), "group");
    }
};

QTEST_GUILESS_MAIN(TestQlessFailureSigs)
#include "tst_qless_failuresigs.moc"
