// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "faultproxy.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "replywaiter.h"
#include "sidejobaction.h"
#include "sidejobbulkrun.h"
#include "sidejobgenerator.h"
#include "sidejobscriptcall.h"
#include "sidejobscripttwin.h"
#include "sidejobsession.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

using Layout = SideJobStorage::Layout;
using Kind = SideJobAction::Kind;
using Step = SideJobScriptTwin::Step;

// SideJobBulkRun, the console's SideJob actions from the model down, on deployments our generator
// writes as SideJob 4.1.0 and 4.0.2 do: each action leaves what the library's own step leaves (the
// times of Sidekiq's items and of 4.0's log aside: the run takes the server's clock), refusals
// leave everything as it was, a read-only connection refuses before anything is sent, audit
// records are written, and a subtree of 10,000 descendants is terminated in bounded calls with an
// exact summary, also when a reply is lost with the connection mid-run.
class TestSideJobActions final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    std::unique_ptr<QlessFixture> m_fixture;
    QTemporaryDir m_dir;
    int m_logs = 0;
    QString m_auditPath;
    std::unique_ptr<QlessSession> m_session;
    std::unique_ptr<SideJobSession> m_sidejob;
    std::unique_ptr<FaultProxy> m_proxy;

    SyncRedis &redis() { return m_fixture->redis(); }

    std::unique_ptr<QlessSession> session(ConnectionSettings settings, bool readOnly)
    {
        settings.readOnly = readOnly;
        auto made = std::make_unique<QlessSession>(settings);
        m_auditPath = m_dir.filePath(QStringLiteral("audit-%1.log").arg(++m_logs));
        made->setAuditLog(std::make_shared<AuditLog>(m_auditPath));
        awaitReady(*made->connection());
        return made;
    }
    ConnectionSettings unixSettings() const
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        return settings;
    }

    std::unique_ptr<SideJobBulkRun> run(const SideJobAction &action, bool readOnly = false)
    {
        m_sidejob.reset();
        m_session = session(unixSettings(), readOnly);
        m_sidejob = std::make_unique<SideJobSession>(m_session->connection());
        auto runner = std::make_unique<SideJobBulkRun>(m_sidejob.get(), m_session.get(), action);
        QSignalSpy finished(runner.get(), &BulkProgress::finished);
        runner->start();
        if (finished.isEmpty() && !finished.wait(120000)) // a run with nothing to send ends in start()
            qWarning("the run did not finish");
        return runner;
    }

    QList<QJsonObject> auditRecords() const
    {
        QFile file(m_auditPath);
        QList<QJsonObject> out;
        if (!file.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray &line : file.readAll().split('\n'))
            if (!line.trimmed().isEmpty())
                out << QJsonDocument::fromJson(line).object();
        return out;
    }

    // The database as the key dump shows it, with the times a run takes from the server's clock
    // (Sidekiq's created_at and enqueued_at, 4.0's log timestamps) written as <time>.
    QStringList snapshot()
    {
        QStringList lines = sideJobSnapshot(redis());
        static const QRegularExpression seconds(QStringLiteral("\\b1[0-9]{9}\\.[0-9]+\\b"));
        static const QRegularExpression iso(QStringLiteral("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z"));
        lines.replaceInStrings(seconds, QStringLiteral("<time>"));
        lines.replaceInStrings(iso, QStringLiteral("<iso>"));
        return lines;
    }

    // What the library's step leaves, from `start`; then the database reset to `start`.
    QStringList libraryLeaves(Layout layout, const Step &start, const Step &step)
    {
        m_fixture->flush();
        SideJobGenerator sidejob(redis(), layout);
        start(sidejob);
        step(sidejob);
        const QStringList after = snapshot();
        m_fixture->flush();
        SideJobGenerator again(redis(), layout);
        start(again);
        return after;
    }

    // Runs `action` over a proxy that loses the reply of the first write call sent once `when`
    // holds (the call reaches Redis and runs; its reply never comes); `cut` says whether it did.
    // Every script call's time in Redis is printed (SLOWLOG), the largest per kind.
    std::unique_ptr<SideJobBulkRun> runCut(const SideJobAction &action,
                                           const std::function<bool(const SideJobBulkRun &)> &when, bool *cut)
    {
        m_proxy = std::make_unique<FaultProxy>(m_fixture->server().port());
        if (!m_proxy->listen())
            return nullptr;
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0").arg(m_proxy->port()), &error);
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        m_sidejob.reset();
        m_session = session(settings, false);
        QTest::qWait(300); // the session's start-up traffic over
        m_sidejob = std::make_unique<SideJobSession>(m_session->connection());
        auto runner = std::make_unique<SideJobBulkRun>(m_sidejob.get(), m_session.get(), action);
        QSignalSpy finished(runner.get(), &BulkProgress::finished);
        *cut = false;
        SideJobBulkRun *run = runner.get();
        connect(run, &BulkProgress::progressed, this, [this, run, cut, when] {
            if (!*cut && run->phase() == BulkProgress::Phase::Running && when(*run)) {
                *cut = true;
                m_proxy->truncateRepliesAfter(0);
            }
        });
        redis().command({"CONFIG", "SET", "slowlog-log-slower-than", "0"});
        // The commands inside each script are logged too: room for all of them.
        redis().command({"CONFIG", "SET", "slowlog-max-len", "5000000"});
        redis().command({"SLOWLOG", "RESET"});
        runner->start();
        if (finished.isEmpty() && !finished.wait(300000))
            qWarning("the run did not finish");
        // Reads (jobrecord: an id first) and writes (a time first) apart.
        qint64 mostRead = 0;
        qint64 mostWrite = 0;
        int calls = 0;
        const RedisValue slowlog = redis().command({"SLOWLOG", "GET", "-1"});
        for (const RedisValue &entry : slowlog.elements) {
            const QList<RedisValue> &args = entry.elements.at(3).elements;
            if (args.size() < 4 || !args.at(0).bytes.toUpper().startsWith("EVAL"))
                continue;
            ++calls;
            qint64 &most = args.at(3).bytes.contains('.') ? mostWrite : mostRead;
            most = qMax(most, entry.elements.at(2).integer);
        }
        redis().command({"CONFIG", "SET", "slowlog-log-slower-than", "10000"});
        redis().command({"SLOWLOG", "RESET"});
        qInfo("%d script calls; the longest in Redis: a read %lld us, a write %lld us", calls, mostRead, mostWrite);
        return runner;
    }

    static QString name(Layout layout) { return QString::fromLatin1(SideJobScriptTwin::layoutName(layout)); }
    static QList<SideJobRef> refs(Layout layout, const QList<qint64> &ids, const QString &status = {})
    {
        QList<SideJobRef> out;
        for (qint64 id : ids)
            out << SideJobRef{QByteArray::number(id), name(layout), status};
        return out;
    }

    // Job 1 completed, 2 failed, 3 suspended, 4 a child of 1 ("a") completed, 5 a child of 1 ("b")
    // completed, 6 a child of 4 ("c") completed; every item fetched, so the queue is empty.
    static Step jobs()
    {
        return [](SideJobGenerator &s) {
            s.registerAll("q", {{"W", "{\"inports\":{\"in1\":{}},\"outports\":{\"out\":{}}}"}});
            s.queueJob({"q", "W", "[1]"}, T);
            s.queueJob({"q", "W", "[2]", "user:ann"}, T);
            s.queueJob({"q", "W", "[3]"}, T);
            s.queueJob({"q", "W", "[4]", "", 1, "a"}, T);
            s.queueJob({"q", "W", "[5]", "", 1, "b"}, T);
            s.queueJob({"q", "W", "[6]", "", 4, "c"}, T);
            while (s.work("q", T + 1, [&s](qint64 id) {
                if (id == 2)
                    return s.fail("boom");
                return id == 3 ? SideJobGenerator::Outcome::Suspended : SideJobGenerator::Outcome::Completed;
            })) {
            }
        };
    }
    // jobs(), then 1's tree terminated and the terminations run: 1, 4, 5, 6 terminated.
    static Step terminatedTree()
    {
        return [](SideJobGenerator &s) {
            jobs()(s);
            s.terminate(1, T + 2, true);
            while (s.work("q", T + 3)) {
            }
        };
    }

    // 211 jobs: a root, 10 children, 20 grandchildren each; all terminated.
    static Step bigTree()
    {
        return [](SideJobGenerator &s) {
            s.registerAll("q", {{"W", "{}"}});
            const qint64 root = s.queueJob({"q", "W", "[0]"}, T);
            for (int i = 0; i < 10; ++i) {
                const qint64 child = s.queueJob({"q", "W", "[1]", "", root, "c" + QByteArray::number(i)}, T);
                for (int j = 0; j < 20; ++j)
                    s.queueJob({"q", "W", "[2]", "", child, "g" + QByteArray::number(j)}, T);
            }
            while (s.work("q", T + 1)) {
            }
            s.terminate(root, T + 2, true);
            while (s.work("q", T + 3)) {
            }
        };
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        RedisServer::Options options;
        options.tcp = true;
        m_fixture = std::make_unique<QlessFixture>(options);
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }

    void jsonIsCheckedBeforeSending()
    {
        QString error;
        QVERIFY(SideJobAction::validJson("42"));
        QVERIFY(SideJobAction::validJson("\"text\""));
        QVERIFY(SideJobAction::validJson(" {\"a\": [1, null]} "));
        QVERIFY(SideJobAction::validJson("null"));
        QVERIFY(!SideJobAction::validJson("text", &error));
        QVERIFY2(error.contains(QLatin1String("quoted")), qPrintable(error));
        QVERIFY(!SideJobAction::validJson("1 2", &error));
        QVERIFY(!SideJobAction::validJson("", &error));
        QVERIFY2(error.contains(QLatin1String("empty")), qPrintable(error));
        QVERIFY(!SideJobAction::validJson("{\"a\":", &error));
        QVERIFY(SideJobAction::validPortName(QStringLiteral("in_1")));
        QVERIFY(!SideJobAction::validPortName(QStringLiteral("in-1")));
        QVERIFY(!SideJobAction::validPortName(QStringLiteral("*")));
    }

    void runsLikeTheLibrary_data() { SideJobScriptTwin::addLayouts(); }
    void runsLikeTheLibrary()
    {
        QFETCH(Layout, layout);
        const QStringList expected = libraryLeaves(layout, jobs(), [](SideJobGenerator &s) {
            s.run(1, T + 5);
            s.run(3, T + 5);
        });
        auto runner = run(SideJobAction::of(Kind::Run, refs(layout, {1, 3})));
        QCOMPARE(runner->summary().done, 2);
        QCOMPARE(runner->summary().total, 2);
        QCOMPARE(snapshot(), expected);
        QCOMPARE(runner->calls(), 1);
    }

    // A failed job is not run without forcing; forced, it is, as the library's run(force: true).
    void failedNeedsForce_data() { SideJobScriptTwin::addLayouts(); }
    void failedNeedsForce()
    {
        QFETCH(Layout, layout);
        const QStringList forced = libraryLeaves(layout, jobs(), [](SideJobGenerator &s) { s.run(2, T + 5, true); });
        const QStringList before = snapshot();
        auto refused = run(SideJobAction::of(Kind::Run, refs(layout, {2})));
        QCOMPARE(refused->summary().done, 0);
        QCOMPARE(refused->summary().skippedCount(), 1);
        QVERIFY2(refused->summary().text().contains(QLatin1String("failed")), qPrintable(refused->summary().text()));
        QCOMPARE(snapshot(), before);
        auto runner = run(SideJobAction::of(Kind::ForceRun, refs(layout, {2})));
        QCOMPARE(runner->summary().done, 1);
        QCOMPARE(snapshot(), forced);
    }

    void terminatesASubtreeLikeTheLibrary_data() { SideJobScriptTwin::addLayouts(); }
    void terminatesASubtreeLikeTheLibrary()
    {
        QFETCH(Layout, layout);
        // Job 4 has one child only, so the library's depth-first order and ours (breadth first)
        // push the same items in the same order: 1, 4, 6, 5 versus 1, 4, 5, 6 would differ, so the
        // tree terminated is 4's.
        const QStringList expected =
            libraryLeaves(layout, jobs(), [](SideJobGenerator &s) { s.terminate(4, T + 5, true); });
        auto runner = run(SideJobAction::of(Kind::TerminateSubtree, refs(layout, {4})));
        QCOMPARE(runner->summary().total, 2);
        QCOMPARE(runner->summary().done, 2);
        QCOMPARE(snapshot(), expected);
        // Terminated jobs are left as they are.
        const QStringList again = snapshot();
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), layout);
            terminatedTree()(s);
        }
        const QStringList done = snapshot();
        auto second = run(SideJobAction::of(Kind::TerminateSubtree, refs(layout, {1})));
        QCOMPARE(second->summary().total, 4);
        QCOMPARE(second->summary().skippedCount(), 4);
        QCOMPARE(second->summary().done, 0);
        QCOMPARE(snapshot(), done);
        Q_UNUSED(again);
    }

    void deletesATerminatedTree_data() { SideJobScriptTwin::addLayouts(); }
    void deletesATerminatedTree()
    {
        QFETCH(Layout, layout);
        const QStringList expected =
            libraryLeaves(layout, terminatedTree(), [](SideJobGenerator &s) { QVERIFY(s.deleteJob(1)); });
        auto runner = run(SideJobAction::of(Kind::DeleteTerminated, refs(layout, {1}, QStringLiteral("terminated"))));
        QCOMPARE(runner->summary().total, 4);
        QCOMPARE(runner->summary().done, 4);
        QCOMPARE(snapshot(), expected);
    }

    // A tree with one job not terminated is kept whole, and nothing is sent.
    void keepsATreeNotAllTerminated_data() { SideJobScriptTwin::addLayouts(); }
    void keepsATreeNotAllTerminated()
    {
        QFETCH(Layout, layout);
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), layout);
            jobs()(s);
            s.terminate(1, T + 2, false);
            while (s.work("q", T + 3)) {
            }
        }
        const QStringList before = snapshot();
        auto runner = run(SideJobAction::of(Kind::DeleteTerminated, refs(layout, {1}, QStringLiteral("terminated"))));
        QCOMPARE(runner->summary().total, 4);
        QCOMPARE(runner->summary().done, 0);
        QCOMPARE(runner->summary().skippedCount(), 4);
        QCOMPARE(runner->calls(), 0);
        QVERIFY2(runner->summary().text().contains(QLatin1String("not terminated")),
                 qPrintable(runner->summary().text()));
        QCOMPARE(snapshot(), before);
    }

    // 211 jobs: a root, 10 children, 20 grandchildren each; all terminated. Deleted from the leaves
    // up: each child's subtree of 21 in one call, then the root alone (11 calls, none above 64).
    void deletesABigTreeFromTheLeavesUp_data() { SideJobScriptTwin::addLayouts(); }
    void deletesABigTreeFromTheLeavesUp()
    {
        QFETCH(Layout, layout);
        const Step big = bigTree();
        const QStringList expected = libraryLeaves(layout, big, [](SideJobGenerator &s) { QVERIFY(s.deleteJob(1)); });
        auto runner = run(SideJobAction::of(Kind::DeleteTerminated, refs(layout, {1}, QStringLiteral("terminated"))));
        QCOMPARE(runner->summary().total, 211);
        QCOMPARE(runner->summary().done, 211);
        QCOMPARE(runner->calls(), 11);
        QCOMPARE(snapshot(), expected);
        // One grandchild run again (forced: queued): the whole tree is kept, nothing is sent.
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), layout);
            big(s);
            s.run(100, T + 4, true);
        }
        const QStringList before = snapshot();
        auto kept = run(SideJobAction::of(Kind::DeleteTerminated, refs(layout, {1}, QStringLiteral("terminated"))));
        QCOMPARE(kept->summary().skippedCount(), 211);
        QCOMPARE(kept->calls(), 0);
        QCOMPARE(snapshot(), before);
    }

    // The reply of a delete call lost mid-run: looked up (its top is gone from jobs), counted
    // done with its whole subtree, not sent again.
    void aLostDeleteIsLookedUp()
    {
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), Layout::V4_1);
            bigTree()(s);
        }
        bool cut = false;
        auto runner = runCut(
            SideJobAction::of(Kind::DeleteTerminated, refs(Layout::V4_1, {1}, QStringLiteral("terminated"))),
            [](const SideJobBulkRun &run) { return run.summary().done >= 40; }, &cut);
        QVERIFY(cut);
        QVERIFY2(runner->summary().stoppedBecause.isEmpty(), qPrintable(runner->summary().text()));
        QCOMPARE(runner->summary().total, 211);
        QCOMPARE(runner->summary().done, 211);
        QCOMPARE(runner->lookups(), 1);
        QCOMPARE(runner->calls(), 11);
        QCOMPARE(redis().command({"SCARD", "jobs"}).integer, 0);
    }

    void writesAnInput_data() { SideJobScriptTwin::addLayouts(); }
    void writesAnInput()
    {
        QFETCH(Layout, layout);
        const QStringList expected =
            libraryLeaves(layout, jobs(), [](SideJobGenerator &s) { s.writeInput(3, "in1", "{\"n\":[1,2]}", T + 5); });
        auto runner = run(SideJobAction::writeInput(refs(layout, {3}).first(), QStringLiteral("in1"), "{\"n\":[1,2]}"));
        QCOMPARE(runner->summary().done, 1);
        QCOMPARE(snapshot(), expected);
        // A port the job does not have: refused by the script, nothing written.
        const QStringList before = snapshot();
        auto refused = run(SideJobAction::writeInput(refs(layout, {3}).first(), QStringLiteral("nope"), "1"));
        QCOMPARE(refused->summary().done, 0);
        QVERIFY2(refused->summary().text().contains(QLatin1String("no such input port")),
                 qPrintable(refused->summary().text()));
        QCOMPARE(snapshot(), before);
        // Text that is not JSON never leaves the console.
        auto notJson = run(SideJobAction::writeInput(refs(layout, {3}).first(), QStringLiteral("in1"), "plain"));
        QCOMPARE(notJson->summary().done, 0);
        QCOMPARE(notJson->calls(), 0);
        QVERIFY2(notJson->summary().text().contains(QLatin1String("Not JSON")), qPrintable(notJson->summary().text()));
        QCOMPARE(snapshot(), before);
    }

    void readOnlyRefuses()
    {
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), Layout::V4_1);
            jobs()(s);
        }
        const QStringList before = snapshot();
        auto runner = run(SideJobAction::of(Kind::Terminate, refs(Layout::V4_1, {1, 2, 3})), true);
        QCOMPARE(runner->summary().done, 0);
        QVERIFY(!runner->summary().stoppedBecause.isEmpty());
        QCOMPARE(snapshot(), before);
    }

    void auditsStartAndEnd()
    {
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), Layout::V4_1);
            jobs()(s);
        }
        auto runner = run(SideJobAction::of(Kind::Terminate, refs(Layout::V4_1, {2, 3})));
        QCOMPARE(runner->summary().done, 2);
        const QList<QJsonObject> records = auditRecords();
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.at(0).value(QStringLiteral("action")).toString(), QStringLiteral("sidejob terminate"));
        QCOMPARE(records.at(0).value(QStringLiteral("outcome")).toString(), QStringLiteral("started"));
        QCOMPARE(records.at(1).value(QStringLiteral("outcome")).toString(), QStringLiteral("done"));
        QCOMPARE(records.at(1).value(QStringLiteral("count")).toInt(), 2);
    }

    // A root with 100 children of 99 children each: 10,000 descendants, every item already
    // fetched (a Sidekiq that died: all queued, no item). One terminate of the whole tree, over a
    // proxy that loses one write's reply mid-run: the lost call is looked up, not sent again.
    void terminatesTenThousandDescendants()
    {
        m_fixture->flush();
        {
            SideJobGenerator s(redis(), Layout::V4_1);
            s.registerAll("q", {{"W", "{}"}});
            const qint64 root = s.queueJob({"q", "W", "[0]"}, T);
            for (int i = 0; i < 100; ++i) {
                const qint64 child = s.queueJob({"q", "W", "[1]", "", root, "c" + QByteArray::number(i)}, T);
                for (int j = 0; j < 99; ++j)
                    s.queueJob({"q", "W", "[2]", "", child, "g" + QByteArray::number(j)}, T);
            }
        }
        redis().command({"DEL", "queue:q"});
        bool cut = false;
        auto runner = runCut(
            SideJobAction::of(Kind::TerminateSubtree, {SideJobRef{"1", QStringLiteral("4.1"), {}}}),
            [](const SideJobBulkRun &run) { return run.summary().done >= 3000; }, &cut);
        const BulkSummary &summary = runner->summary();
        QVERIFY2(summary.stoppedBecause.isEmpty(), qPrintable(summary.text()));
        QCOMPARE(summary.total, 10001);
        QCOMPARE(summary.done, 10001);
        QCOMPARE(summary.processed(), 10001);
        QVERIFY(cut);
        QVERIFY2(runner->lookups() == 100, qPrintable(QString::number(runner->lookups())));
        QVERIFY2(summary.text().contains(QLatin1String("looked up")), qPrintable(summary.text()));
        // 101 calls of 100 jobs at most, the lost one included; nothing sent again.
        QCOMPARE(runner->calls(), 101);
        const QList<QByteArray> items = redis().command({"LRANGE", "queue:q", "0", "-1"}).strings();
        QCOMPARE(items.size(), 10001);
        QSet<QByteArray> jids;
        static const QRegularExpression jid(QStringLiteral("\"jid\":([0-9]+)"));
        for (const QByteArray &item : items)
            jids.insert(jid.match(QString::fromUtf8(item)).captured(1).toUtf8());
        QCOMPARE(jids.size(), 10001);
        for (qint64 id : {1, 2, 5000, 10001})
            QCOMPARE(redis().command({"GET", "job:" + QByteArray::number(id) + ":status"}).bytes,
                     QByteArrayLiteral("terminating"));
    }
};

QTEST_GUILESS_MAIN(TestSideJobActions)
#include "tst_sidejobactions.moc"
