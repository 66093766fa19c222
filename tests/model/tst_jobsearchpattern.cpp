// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsearch.h"
#include "jobsearchmatcher.h"
#include "qlessfixture.h"
#include "qlesssession.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <memory>

// A search's regular expressions off the GUI thread and bounded (issue #30): a catastrophic
// pattern over a long text keeps the GUI thread's event loop turning and ends the search with
// a message naming the pattern and the job; Cancel while a step is being matched, then
// Continue, finds exactly the jobs; a back reference is refused before anything runs; "all
// matches" reach a bulk run in chunks, never in one piece. On a real redis-server.
class TestJobSearchPattern final : public QObject
{
    Q_OBJECT

    QlessFixture m_q;
    std::unique_ptr<QlessSession> m_session;
    double m_now = 0;

    static constexpr int ManyJobs = 2500;
    static constexpr int SlowJobs = 5;

    void mustWork(const RedisValue &reply) { QVERIFY2(!reply.isError(), reply.bytes.constData()); }

    static JobSearchCriteria inQueue(const char *queue, const QString &dataPattern)
    {
        JobSearchCriteria criteria;
        criteria.queue = QString::fromLatin1(queue);
        criteria.data = dataPattern;
        criteria.textMode = JobSearchCriteria::TextMode::Regex;
        return criteria;
    }

    // Counts the turns of this thread's event loop, and those taken while `search` had a step
    // on the matcher's thread.
    struct LoopWatch
    {
        QTimer timer;
        int turns = 0;
        int turnsWhileMatching = 0;

        explicit LoopWatch(const JobSearch &search)
        {
            timer.setInterval(0);
            QObject::connect(&timer, &QTimer::timeout, &timer, [this, &search] {
                ++turns;
                if (search.isMatching())
                    ++turnsWhileMatching;
            });
            timer.start();
        }
    };

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        m_now = double(QDateTime::currentSecsSinceEpoch());
        // One job whose data is 200,000 a's: (a+)+$ cannot match it (the JSON ends in "}) and
        // tries exponentially many ways at every a.
        const QByteArray longText = "{\"text\": \"" + QByteArray(200000, 'a') + "\"}";
        mustWork(m_q.qless("put", m_now, {"client", "blob", "long-a", "Job", longText, "0"}));
        // Jobs slow to match but within the bound: a{0,100}a{0,100}c tries up to 10,000 ways
        // at each of 20,000 a's before the c at the end.
        const QByteArray slowText = "{\"text\": \"" + QByteArray(20000, 'a') + "c\"}";
        for (int i = 0; i < SlowJobs; ++i)
            mustWork(
                m_q.qless("put", m_now, {"client", "slow", "slow-" + QByteArray::number(i), "Job", slowText, "0"}));
        for (int i = 0; i < ManyJobs; ++i)
            mustWork(m_q.qless("put", m_now,
                               {"client", "many", "many-" + QByteArray::number(i), "Job",
                                "{\"n\": " + QByteArray::number(i) + "}", "0"}));
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_q.server().socketPath();
        m_session = std::make_unique<QlessSession>(settings);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanupTestCase() { m_session.reset(); }

    // The window never freezes: while the matcher's thread works through the catastrophic
    // pattern (a limit fifty times the default keeps it busy long enough to be seen), this
    // thread's event loop goes on turning; then the search ends with the message.
    void aCatastrophicPatternKeepsTheLoopTurningAndEndsWithAMessage()
    {
        JobSearch search(m_session->client());
        search.setMatchLimit(50 * BoundedRegex::DefaultMatchLimit);
        QSignalSpy finished(&search, &JobSearch::finished);
        LoopWatch watch(search);
        search.start(inQueue("blob", QStringLiteral("(a+)+$")));
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).toBool(), false);
        const QString message = finished.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("data pattern /(a+)+$/")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("takes too much work on job long-a")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("simplify the pattern")), qPrintable(message));
        QVERIFY2(watch.turnsWhileMatching > 0, qPrintable(QString::number(watch.turns)));
        QVERIFY(search.patternStopped());
        QCOMPARE(search.lastError(), message);
        QVERIFY(!search.isRunning());
        QVERIFY(!search.isMatching());
        QVERIFY(!search.isComplete());
        QVERIFY(!search.canResume()); // the same job would stop it again
        QCOMPARE(search.matchCount(), 0);
    }

    // At the default bound too, and a new search after it runs as usual.
    void theDefaultBoundStopsItAndANewSearchRuns()
    {
        JobSearch search(m_session->client());
        QSignalSpy finished(&search, &JobSearch::finished);
        search.start(inQueue("blob", QStringLiteral("(a+)+$")));
        QVERIFY(finished.wait(120000));
        QVERIFY(search.patternStopped());
        QVERIFY2(search.lastError().contains(QStringLiteral("1,000,000")), qPrintable(search.lastError()));
        search.start(inQueue("blob", QStringLiteral("^\\{\"text\": \"a+\"\\}$")));
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.last().at(0).toBool(), true);
        QVERIFY(!search.patternStopped());
        QCOMPARE(search.matches(), QList<QByteArray>{"long-a"});
    }

    // Cancel while a step is on the matcher's thread: the step is dropped, not half taken, and
    // Continue asks for it again and finds exactly the jobs.
    void cancelWhileMatchingThenContinue()
    {
        JobSearch search(m_session->client());
        QSignalSpy finished(&search, &JobSearch::finished);
        LoopWatch watch(search);
        bool cancelledWhileMatching = false;
        connect(&watch.timer, &QTimer::timeout, &search, [&] {
            if (search.isMatching() && !cancelledWhileMatching) {
                cancelledWhileMatching = true;
                search.cancel();
            }
        });
        search.start(inQueue("slow", QStringLiteral("a{0,100}a{0,100}c")));
        QVERIFY(finished.wait(120000));
        QVERIFY(cancelledWhileMatching);
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toString(), QString());
        QVERIFY(!search.isMatching());
        QVERIFY(!search.patternStopped());
        QVERIFY(search.canResume());
        QCOMPARE(search.matchCount(), 0);
        const int callsAtCancel = search.calls(); // the step being matched is not counted
        watch.timer.stop();
        search.resume();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.last().at(0).toBool(), true);
        QVERIFY(search.isComplete());
        QVERIFY(search.calls() > callsAtCancel);
        QCOMPARE(search.matchCount(), SlowJobs);
        QCOMPARE(search.states().value(QStringLiteral("waiting")), SlowJobs);
    }

    void aBackReferenceIsRefusedBeforeAnythingRuns()
    {
        for (const QString &pattern : {QStringLiteral("(a+)\\1b"), QStringLiteral("(?<w>\\w+) \\k<w>")}) {
            const JobSearchCriteria criteria = inQueue("blob", pattern);
            QVERIFY2(criteria.validate().contains(QStringLiteral("refers back to a group")),
                     qPrintable(criteria.validate()));
        }
        JobSearchCriteria message;
        message.message = QStringLiteral("(x)\\1");
        message.textMode = JobSearchCriteria::TextMode::Regex;
        QVERIFY2(message.validate().contains(QStringLiteral("failure message pattern")),
                 qPrintable(message.validate()));
        // Plain text may hold the same characters.
        message.textMode = JobSearchCriteria::TextMode::Contains;
        QVERIFY(message.validate().isEmpty());
        QVERIFY(inQueue("blob", QStringLiteral("(a+)+$")).validate().isEmpty());
    }

    // The matcher on its own: both patterns must match, and its verdict names the job.
    void theMatcherKeepsWhatBothPatternsMatch()
    {
        QList<JobSearchPage::Match> candidates;
        const auto add = [&](const char *jid, const QString &message, const QByteArray &data) {
            JobSearchPage::Match match;
            match.jid = jid;
            match.state = QStringLiteral("failed");
            match.message = message;
            match.data = data;
            candidates.append(match);
        };
        add("one", QStringLiteral("Timeout after 30s"), "{\"order\": \"A-12\"}");
        add("two", QStringLiteral("Timeout after 5s"), "{\"order\": \"B-12\"}");
        add("three", QStringLiteral("disk full"), "{\"order\": \"A-13\"}");
        add("four", QString(QChar(0xd800)) + QStringLiteral("Timeout after 1s"), "{\"order\": \"A-14 é\"}");
        const std::atomic<bool> going{false};
        const JobSearchMatcher matcher(QStringLiteral("Timeout after \\d+s$"), QStringLiteral("\"A-1\\d"));
        const JobSearchMatcher::Verdict verdict = matcher.filter(candidates, going);
        QCOMPARE(verdict.kept.size(), 2);
        QCOMPARE(verdict.kept.at(0).jid, QByteArray("one"));
        QCOMPARE(verdict.kept.at(1).jid, QByteArray("four")); // a lone surrogate does not hide a match
        QVERIFY(verdict.tooCostly.isEmpty());
        QVERIFY(!verdict.cancelled);
        const std::atomic<bool> stop{true};
        const JobSearchMatcher::Verdict stopped = matcher.filter(candidates, stop);
        QVERIFY(stopped.cancelled);
        QVERIFY(stopped.kept.isEmpty());
    }

    // "All N matches" as a bulk run reads them: chunk after chunk, each at most ScanChunk, in
    // the order found, to the end.
    void allMatchesAreHandedOverInChunks()
    {
        JobSearch search(m_session->client());
        QSignalSpy finished(&search, &JobSearch::finished);
        search.start(inQueue("many", QStringLiteral("\"n\": \\d+")));
        QVERIFY(finished.wait(120000));
        QVERIFY(search.isComplete());
        QCOMPARE(search.matchCount(), ManyJobs);
        const JobSource source = search.source(true);
        QList<QByteArray> cursor;
        QList<QByteArray> read;
        int chunks = 0;
        bool atEnd = false;
        while (!atEnd) {
            bool arrived = false;
            source.scan(cursor, this, [&](const QlessReply<JobScanPage> &chunk) {
                QVERIFY(chunk.ok());
                QVERIFY2(chunk.value.jids.size() <= JobSearch::ScanChunk,
                         qPrintable(QString::number(chunk.value.jids.size())));
                QCOMPARE(chunk.value.total, ManyJobs);
                read += chunk.value.jids;
                cursor = chunk.value.cursor;
                atEnd = chunk.value.atEnd();
                arrived = true;
            });
            QVERIFY(!arrived); // later, by a queued call, as from Redis
            QTRY_VERIFY(arrived);
            ++chunks;
            QVERIFY(chunks <= ManyJobs);
        }
        QCOMPARE(chunks, (ManyJobs + JobSearch::ScanChunk - 1) / JobSearch::ScanChunk);
        QCOMPARE(read, search.matches());
    }
};

QTEST_GUILESS_MAIN(TestJobSearchPattern)
#include "tst_jobsearchpattern.moc"
