// SPDX-License-Identifier: GPL-3.0-or-later
#include "failureclusters.h"
#include "failuresignature.h"

#include <QTest>

// Failure clusters (#16): within a failure group, failures a person would call the same end up
// together (their messages differ only by ids, numbers, hosts, paths or quoted values; their
// backtraces start at the same function) and failures from different places stay apart.
class TestFailureClusters final : public QObject
{
    Q_OBJECT

    static QString ruby(const QString &text, const QString &file, int line, const QString &function)
    {
        return text
               + QStringLiteral(
                     "\n%1:%2:in `%3'\n/srv/app/vendor/bundle/ruby/3.2.0/gems/qless-0.12.0/lib/qless/job.rb:103:in "
                     "`perform'")
                     .arg(file)
                     .arg(line)
                     .arg(function);
    }
    static QString python(const QString &text, const QString &file, int line, const QString &function)
    {
        return text
               + QStringLiteral(
                     "\nTraceback (most recent call last):\n  File \"/srv/pipeline/worker.py\", line 88, in perform\n"
                     "    result = job.klass.process(job)\n  File \"%1\", line %2, in %3\n    raise\n")
                     .arg(file)
                     .arg(line)
                     .arg(function)
               + text;
    }

private slots:
    void masksWhatVaries_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("masked");
        QTest::newRow("number in a quoted key") << QStringLiteral("Couldn't find User with 'id'=4521")
                                                << QStringLiteral("Couldn't find User with \u2026=<n>");
        QTest::newRow("host, port, url") << QStringLiteral(
            "Max retries exceeded with url: https://api.example.com:443/v2/items/123 (timeout=30)")
                                         << QStringLiteral("Max retries exceeded with url: <url> (timeout=<n>)");
        QTest::newRow("ip and port") << QStringLiteral("Timeout after 30.5s connecting to 10.0.2.31:6379")
                                     << QStringLiteral("Timeout after <n>s connecting to <ip>");
        QTest::newRow("jid and hex") << QStringLiteral(
            "Job 5f590f44c0ffee0123456789abcdef01 failed: checksum 0xdeadbeef mismatch")
                                     << QStringLiteral("Job <hex> failed: checksum <hex> mismatch");
        QTest::newRow("uuid") << QStringLiteral("no order 0b6f2a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b")
                              << QStringLiteral("no order <id>");
        QTest::newRow("path") << QStringLiteral(
            "No such file or directory @ rb_sysopen - /data/in/2026-11-26/batch-17.csv")
                              << QStringLiteral("No such file or directory @ rb_sysopen - <path>");
        QTest::newRow("email") << QStringLiteral("bounced: ops+alerts@example.co.uk rejected")
                               << QStringLiteral("bounced: <email> rejected");
        QTest::newRow("words stay") << QStringLiteral("  Net::ReadTimeout with #<TCPSocket:(closed)>  ")
                                    << QStringLiteral("Net::ReadTimeout with #<TCPSocket:(closed)>");
        QTest::newRow("digits in names") << QStringLiteral("worker-7 lost shard s42")
                                         << QStringLiteral("worker-<n> lost shard s<n>");
    }
    void masksWhatVaries()
    {
        QFETCH(QString, line);
        QFETCH(QString, masked);
        QCOMPARE(FailureSignature::mask(line), masked);
    }

    void topFrameOfEachLanguage()
    {
        QCOMPARE(FailureSignature::topFrame(ruby(QStringLiteral("E: x"), QStringLiteral("/srv/app/lib/crawl/fetch.rb"),
                                                 42, QStringLiteral("perform"))),
                 QStringLiteral("/srv/app/lib/crawl/fetch.rb: perform"));
        // Ruby 3.4 quotes with ' on both sides and names the class.
        QCOMPARE(FailureSignature::topFrame(
                     QStringLiteral("E: x\n/srv/app/a.rb:7:in 'Crawl::Fetch#perform'\n/srv/b.rb:1:in 'x'")),
                 QStringLiteral("/srv/app/a.rb: Crawl::Fetch#perform"));
        // Python's innermost frame is its last.
        QCOMPARE(FailureSignature::topFrame(python(QStringLiteral("KeyError: 'user_id'"),
                                                   QStringLiteral("/srv/pipeline/parse.py"), 12,
                                                   QStringLiteral("process"))),
                 QStringLiteral("/srv/pipeline/parse.py: process"));
        QCOMPARE(FailureSignature::topFrame(
                     QStringLiteral("java.io.IOException: reset\n    at com.example.Fetch.perform(Fetch.java:42)\n"
                                    "    at com.example.Worker.run(Worker.java:9)")),
                 QStringLiteral("Fetch.java: com.example.Fetch.perform"));
        QCOMPARE(FailureSignature::topFrame(QStringLiteral("just a message, no backtrace")), QString());
        // The first line is never taken for a frame, however it looks.
        QCOMPARE(FailureSignature::topFrame(QStringLiteral("/srv/a.rb:1:in `x'")), QString());
    }

    // A realistic group: what a person would make of it, cluster by cluster.
    void aGroupClustersAsAPersonWould()
    {
        FailureClusters clusters;
        double when = 1000;
        const QString user = QStringLiteral("/srv/app/models/user.rb");
        // The same lookup failing for different users, one deploy moving the line: one cluster.
        for (const int id : {4521, 99, 123456, 7})
            clusters.add("u" + QByteArray::number(id),
                         ruby(QStringLiteral("ActiveRecord::RecordNotFound: Couldn't find User with 'id'=%1").arg(id),
                              user, id == 7 ? 11 : 10, QStringLiteral("find")),
                         when++);
        // Another model, another place: its own cluster.
        clusters.add("o1",
                     ruby(QStringLiteral("ActiveRecord::RecordNotFound: Couldn't find Order with 'id'=77"),
                          QStringLiteral("/srv/app/models/order.rb"), 5, QStringLiteral("find")),
                     when++);
        // The same text raised from two places: two clusters.
        clusters.add("f1",
                     ruby(QStringLiteral("Net::ReadTimeout: Net::ReadTimeout"),
                          QStringLiteral("/srv/app/lib/crawl/fetch.rb"), 42, QStringLiteral("perform")),
                     when++);
        clusters.add("f2",
                     ruby(QStringLiteral("Net::ReadTimeout: Net::ReadTimeout"),
                          QStringLiteral("/srv/app/lib/crawl/fetch.rb"), 42, QStringLiteral("perform")),
                     when++);
        clusters.add("n1",
                     ruby(QStringLiteral("Net::ReadTimeout: Net::ReadTimeout"),
                          QStringLiteral("/srv/app/lib/notify/hook.rb"), 8, QStringLiteral("deliver")),
                     when++);
        // Python: hosts and urls differ, the place is the same.
        for (int i = 0; i < 3; ++i) {
            clusters.add(
                "p" + QByteArray::number(i),
                python(
                    QStringLiteral(
                        "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api%1.example.com', port=443): "
                        "Max retries exceeded with url: /v2/items/%2")
                        .arg(i)
                        .arg(100 + i),
                    QStringLiteral("/usr/lib/python3/dist-packages/requests/sessions.py"), 600, QStringLiteral("get")),
                when++);
        }
        QCOMPARE(clusters.failures(), 11);
        QCOMPARE(clusters.size(), 5);
        const QList<FailureCluster> sorted = clusters.sorted();
        QCOMPARE(sorted.at(0).count, 4); // users
        QCOMPARE(sorted.at(0).signature.message,
                 QStringLiteral("ActiveRecord::RecordNotFound: Couldn't find User with \u2026=<n>"));
        QCOMPARE(sorted.at(0).signature.frame, QStringLiteral("/srv/app/models/user.rb: find"));
        QCOMPARE(sorted.at(0).jids, (QList<QByteArray>{"u4521", "u99", "u123456", "u7"}));
        QCOMPARE(sorted.at(0).firstSeen, 1000.0);
        QCOMPARE(sorted.at(0).lastSeen, 1003.0);
        QCOMPARE(sorted.at(0).exampleJid, QByteArray("u7")); // the newest
        QVERIFY(sorted.at(0).example.contains(QStringLiteral("'id'=7")));
        QCOMPARE(sorted.at(1).count, 3); // python
        QCOMPARE(sorted.at(1).signature.frame,
                 QStringLiteral("/usr/lib/python3/dist-packages/requests/sessions.py: get"));
        QCOMPARE(sorted.at(2).count, 2); // fetch.rb's timeouts
        QCOMPARE(sorted.at(2).jids, (QList<QByteArray>{"f1", "f2"}));
        // Single failures: the most recent first.
        QCOMPARE(sorted.at(3).jids, QList<QByteArray>{"n1"});
        QCOMPARE(sorted.at(4).jids, QList<QByteArray>{"o1"});
    }

    // Failures fed out of time order (pages come newest first): first and last seen still span
    // them, and the example stays the newest.
    void firstAndLastSeenAnyOrder()
    {
        FailureClusters clusters;
        clusters.add("b", QStringLiteral("E: job 12 failed"), 2000);
        clusters.add("a", QStringLiteral("E: job 13 failed"), 1000);
        clusters.add("c", QStringLiteral("E: job 14 failed"), 1500);
        QCOMPARE(clusters.size(), 1);
        const FailureCluster cluster = clusters.sorted().first();
        QCOMPARE(cluster.firstSeen, 1000.0);
        QCOMPARE(cluster.lastSeen, 2000.0);
        QCOMPARE(cluster.exampleJid, QByteArray("b"));
        clusters.clear();
        QCOMPARE(clusters.size(), 0);
        QCOMPARE(clusters.failures(), 0);
    }
};

QTEST_GUILESS_MAIN(TestFailureClusters)
#include "tst_failureclusters.moc"
