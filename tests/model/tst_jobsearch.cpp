// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "jobcloner.h"
#include "jobsearch.h"
#include "qlessfixture.h"
#include "qlesssession.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

Q_DECLARE_METATYPE(JobSearchCriteria)

// JobSearch on 100,000 jobs against a real Redis (issue #16): each criterion finds exactly its
// jobs (a regular expression applied by the console included), in short calls, each job once;
// the matches as a list source; cancel and resume; and a bulk run over all matches with an exact
// summary, also when some matches changed between the search and the run. The jobs are made
// through our scripts (one of each kind) and copied (JobCloner) into 100,000.
class TestJobSearch final : public QObject
{
    Q_OBJECT

    QlessFixture m_q;
    std::unique_ptr<QlessSession> m_session;
    QTemporaryDir m_dir;
    double m_now = 0;

    QlessClient *client() { return m_session->client(); }

    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }

    // One template per kind through our scripts, then its copies.
    void seed()
    {
        const double t = m_now - 600;
        mustWork(m_q.qless("config.set", t, {"heartbeat", "86400"})); // running stays running all test long
        const auto put = [&](const QByteArray &queue, const QByteArray &jid, const QByteArray &klass,
                             const QByteArray &data, const QList<QByteArray> &options = {}, double delay = 0) {
            mustWork(m_q.qless("put", t, QList<QByteArray>{"client", queue, jid, klass, data, num(delay)} + options));
        };
        put("crawl", "wa-template", "Pipeline::Fetch", "{\"order\": \"A-0\"}", {"tags", "[\"site-a\"]"});
        put("parse", "ru-template", "Pipeline::Parse", "{}");
        put("parse", "fa-template", "Pipeline::Parse", "{}", {"tags", "[\"retryable\"]"});
        put("index", "ft-template", "Pipeline::Index", "{}");
        put("index", "co-template", "Pipeline::Index", "{}");
        put("index", "sc-template", "Pipeline::Index", "{}", {}, 86400);
        mustWork(m_q.qless("pop", t + 1, {"parse", "worker-1", "2"})); // fa-, ru-template
        mustWork(
            m_q.qless("fail", t + 2, {"fa-template", "worker-1", "IOError", "IOError: disk full on /dev/sdb", "{}"}));
        mustWork(m_q.qless("pop", t + 3, {"index", "worker-2", "2"})); // co-, ft-template
        mustWork(m_q.qless("fail", t + 4, {"ft-template", "worker-2", "Timeout", "Timeout after 30s", "{}"}));
        mustWork(m_q.qless("complete", t + 5, {"co-template", "worker-2", "index", "{}"}));

        SyncRedis &redis = m_q.redis();
        const QList<std::tuple<QByteArray, QByteArray, qint64, QByteArray>> copies{
            {"wa-template", "wa", 40000, "{\"url\": \"https://a.example/@N@\", \"order\": \"A-@N@\"}"},
            {"ru-template", "ru", 20000, {}},
            {"fa-template", "fa", 20000, {}},
            {"ft-template", "ft", 10000, {}},
            {"co-template", "co", 9000, {}},
            {"sc-template", "sc", 994, {}},
        };
        for (const auto &[from, prefix, count, data] : copies) {
            const QString error = JobCloner::clone(redis, from, prefix, 0, count, data);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }

    struct Found
    {
        bool ok = false;
        QList<QByteArray> matches;
        int calls = 0;
        QMap<QString, qint64> states;
    };

    Found search(const JobSearchCriteria &criteria)
    {
        JobSearch search(client());
        QSignalSpy finished(&search, &JobSearch::finished);
        search.start(criteria);
        Found found;
        if (!finished.wait(120000) || !finished.first().at(0).toBool())
            return found;
        found.ok = search.isComplete();
        found.matches = search.matches();
        found.calls = search.calls();
        found.states = search.states();
        return found;
    }

    static JobSearchCriteria criteria(const std::function<void(JobSearchCriteria &)> &fill)
    {
        JobSearchCriteria c;
        fill(c);
        return c;
    }

    static QSet<QByteArray> setOf(const QList<QByteArray> &list) { return {list.cbegin(), list.cend()}; }

    static bool runToEnd(BulkRunner &runner)
    {
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        return finished.count() > 0 || finished.wait(300000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        m_now = double(QDateTime::currentSecsSinceEpoch());
        seed();
        QCOMPARE(m_q.command({"DBSIZE"}).integer > 100000, true);
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_q.server().socketPath();
        m_session = std::make_unique<QlessSession>(settings);
        m_session->setAuditLog(std::make_shared<AuditLog>(m_dir.filePath(QStringLiteral("audit.jsonl"))));
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanupTestCase() { m_session.reset(); }

    void eachCriterionOnAHundredThousandJobs_data()
    {
        using C = JobSearchCriteria;
        QTest::addColumn<JobSearchCriteria>("criteria");
        QTest::addColumn<qint64>("expected");
        QTest::addColumn<QByteArray>("oneOfThem");
        const auto row = [](const char *name, const C &c, qint64 expected, const QByteArray &example) {
            QTest::newRow(name) << c << expected << example;
        };
        row("jid prefix", criteria([](C &c) { c.jidPrefix = QStringLiteral("fa00001"); }), 100, "fa0000142");
        row("tag", criteria([](C &c) { c.tag = QStringLiteral("retryable"); }), 20001, "fa0019999");
        row("class", criteria([](C &c) { c.klass = QStringLiteral("parse"); }), 40002, "ru0000007");
        row("queue", criteria([](C &c) { c.queue = QStringLiteral("index"); }), 10996, "sc0000993");
        row("worker", criteria([](C &c) { c.worker = QStringLiteral("worker-1"); }), 20001, "ru-template");
        row("state waiting", criteria([](C &c) { c.state = QStringLiteral("waiting"); }), 40001, "wa0039999");
        row("state running", criteria([](C &c) { c.state = QStringLiteral("running"); }), 20001, "ru0000000");
        row("state failed", criteria([](C &c) { c.state = QStringLiteral("failed"); }), 30002, "ft0000005");
        row("state complete", criteria([](C &c) { c.state = QStringLiteral("complete"); }), 9001, "co0008999");
        row("state scheduled", criteria([](C &c) { c.state = QStringLiteral("scheduled"); }), 995, "sc-template");
        row("failure group", criteria([](C &c) { c.group = QStringLiteral("Timeout"); }), 10001, "ft0009999");
        row("failure message", criteria([](C &c) { c.message = QStringLiteral("disk full"); }), 20001, "fa0000001");
        row("text in data", criteria([](C &c) { c.data = QStringLiteral("\"A-1234\""); }), 1, "wa0001234");
        row("regex on data", criteria([](C &c) {
                c.queue = QStringLiteral("crawl");
                c.data = QStringLiteral("\"A-12\\d\\d\"");
                c.textMode = C::TextMode::Regex;
            }),
            100, "wa0001299");
        row("regex on the message", criteria([](C &c) {
                c.message = QStringLiteral("^Timeout after \\d+s$");
                c.textMode = C::TextMode::Regex;
            }),
            10001, "ft-template");
        row("criteria combine", criteria([](C &c) {
                c.state = QStringLiteral("failed");
                c.jidPrefix = QStringLiteral("ft0000");
                c.klass = QStringLiteral("INDEX");
            }),
            1000, "ft0000999");
        row("nothing matches", criteria([](C &c) { c.tag = QStringLiteral("nobody"); }), 0, {});
    }
    void eachCriterionOnAHundredThousandJobs()
    {
        QFETCH(JobSearchCriteria, criteria);
        QFETCH(qint64, expected);
        QFETCH(QByteArray, oneOfThem);
        QVERIFY2(criteria.validate().isEmpty(), qPrintable(criteria.validate()));
        const Found found = search(criteria);
        QVERIFY(found.ok);
        QCOMPARE(found.matches.size(), expected);
        QCOMPARE(setOf(found.matches).size(), expected); // each job once
        if (!oneOfThem.isEmpty())
            QVERIFY2(found.matches.contains(oneOfThem), oneOfThem.constData());
        // Short calls: about JobSearch::KeysPerCall keys each, so over a hundred of them.
        QVERIFY2(found.calls >= 100, qPrintable(QString::number(found.calls)));
        qint64 counted = 0;
        for (qint64 n : found.states)
            counted += n;
        QCOMPARE(counted, expected);
    }

    void badCriteriaSayWhatIsWrong()
    {
        QVERIFY(JobSearchCriteria().validate().contains(QStringLiteral("at least one field")));
        JobSearchCriteria c;
        c.state = QStringLiteral("lost");
        QVERIFY(c.validate().contains(QStringLiteral("not a state")));
        c = JobSearchCriteria::fromFields({}, {}, {}, {}, {}, {}, {}, {}, QStringLiteral("A-(\\d+"),
                                          JobSearchCriteria::TextMode::Regex);
        QVERIFY2(c.validate().contains(QStringLiteral("data pattern")), qPrintable(c.validate()));
        QVERIFY2(c.validate().contains(QStringLiteral("at character")), qPrintable(c.validate()));
        // The same text is fine as plain text to look for.
        c.textMode = JobSearchCriteria::TextMode::Contains;
        QVERIFY(c.validate().isEmpty());
        // Names are trimmed as typed, the state's case does not matter.
        c = JobSearchCriteria::fromFields(QStringLiteral(" fa "), {}, {}, {}, {}, QStringLiteral("Failed"), {}, {}, {},
                                          JobSearchCriteria::TextMode::Contains);
        QCOMPARE(c.jidPrefix, QStringLiteral("fa"));
        QCOMPARE(c.state, QStringLiteral("failed"));
        QVERIFY(c.validate().isEmpty());
    }

    // The matches as a list: pages from memory, the total, and the states for the actions.
    void theMatchesAsAListSource()
    {
        JobSearch search(client());
        QSignalSpy finished(&search, &JobSearch::finished);
        search.start(criteria([](JobSearchCriteria &c) { c.jidPrefix = QStringLiteral("ft00000"); }));
        QVERIFY(finished.wait(120000));
        QCOMPARE(search.matchCount(), 100);
        const JobSource source = search.source();
        QVERIFY(source.state.isEmpty()); // no state asked for
        QVERIFY(source.holdsState(QStringLiteral("failed")));
        QVERIFY(!source.holdsState(QStringLiteral("waiting")));
        QSignalSpy paged(this, &QObject::objectNameChanged); // any signal: only the wait matters
        QList<QByteArray> page;
        qint64 total = -1;
        source.fetch(90, 50, this, [&](const QlessReply<JobPage> &reply) {
            page = reply.value.jids;
            total = reply.value.total;
            setObjectName(QStringLiteral("paged"));
        });
        QVERIFY(page.isEmpty()); // delivered later, as from Redis
        QVERIFY(paged.wait(5000));
        QCOMPARE(page, search.matches().mid(90));
        QCOMPARE(total, 100);
        // A new search does not change the list an earlier source (a bulk run's) holds.
        search.start(criteria([](JobSearchCriteria &c) { c.jidPrefix = QStringLiteral("co00000"); }));
        QVERIFY(finished.wait(120000));
        setObjectName(QString());
        source.fetch(0, 1000, this, [&](const QlessReply<JobPage> &reply) {
            page = reply.value.jids;
            setObjectName(QStringLiteral("paged again"));
        });
        QVERIFY(paged.wait(5000));
        QCOMPARE(page.size(), 100);
        QVERIFY(page.first().startsWith("ft"));
        QCOMPARE(search.source().state, QString());
        QVERIFY(search.source().holdsState(QStringLiteral("complete")));
    }

    void cancelKeepsWhatWasFoundAndResumeGoesOn()
    {
        JobSearch search(client());
        search.setKeysPerCall(200);
        QSignalSpy finished(&search, &JobSearch::finished);
        QSignalSpy progressed(&search, &JobSearch::progressed);
        search.start(criteria([](JobSearchCriteria &c) { c.state = QStringLiteral("scheduled"); }));
        QTRY_VERIFY(search.calls() >= 3);
        search.cancel();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toString(), QString());
        QVERIFY(!search.isRunning());
        QVERIFY(search.canResume());
        const int callsAtCancel = search.calls();
        const qint64 foundAtCancel = search.matchCount();
        QVERIFY(search.progress() > 0 && search.progress() < 1);
        QTest::qWait(200); // the step in flight at cancel is dropped
        QCOMPARE(search.calls(), callsAtCancel);
        QCOMPARE(search.matchCount(), foundAtCancel);
        search.resume();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.last().at(0).toBool(), true);
        QVERIFY(search.isComplete());
        QCOMPARE(search.progress(), 1.0);
        QCOMPARE(search.matchCount(), 995);
        QCOMPARE(setOf(search.matches()).size(), 995);
    }

    // "All N matches": the jobs found, exactly, whatever happened to some of them since.
    void aBulkRunOverAllMatchesHasTheExactSummary()
    {
        const Found found = search(criteria([](JobSearchCriteria &c) {
            c.group = QStringLiteral("IOError");
            c.jidPrefix = QStringLiteral("fa001");
        }));
        QVERIFY(found.ok);
        QCOMPARE(found.matches.size(), 10000);
        // Between the search and the run: two are cancelled, one put back into its queue by
        // someone else (no longer failed: a retry skips it).
        mustWork(m_q.qless("cancel", m_now, {"fa0010000", "fa0010001"}));
        mustWork(m_q.qless("put", m_now, {"client", "parse", "fa0010002", "Pipeline::Parse", "{}", "0"}));

        BulkRunner runner(m_session.get(), JobAction::retry(),
                          BulkTarget::ofJids(found.matches, QStringLiteral("all")));
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.total, 10000);
        QCOMPARE(summary.done, 9997);
        QCOMPARE(summary.skippedCount(), 3);
        QCOMPARE(summary.failedCount(), 0);
        QCOMPARE(summary.notAttempted(), 0);
        // Now in their queue, waiting; the group keeps the other 10,001.
        QCOMPARE(m_q.command({"LLEN", "ql:f:IOError"}).integer, 10001);
        const Found waiting = search(criteria([](JobSearchCriteria &c) {
            c.state = QStringLiteral("waiting");
            c.jidPrefix = QStringLiteral("fa001");
        }));
        QCOMPARE(waiting.matches.size(), 9997 + 1);
    }
};

QTEST_GUILESS_MAIN(TestJobSearch)
#include "tst_jobsearch.moc"
