// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"
#include "qlessfixture.h"
#include "qlesssession.h"

#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>

// BulkRunner's per-job steps (a selection, Search's "Act on all matches", a failure cluster) on
// jobs of a large failure group, against a real Redis: each job retried, moved or cancelled
// once, and the group's list left exactly as qless leaves it (the jids gone, every other entry
// in its order, the day's counts right), for jobs deep in it as for jobs near its ends. And the
// steps sent at once follow their work (StepWindow): the first batch is one step, and a batch is
// never more than twice the one before, so a run never puts hundreds of steps before Redis's
// other clients on a guess.
class TestBulkRunnerSteps final : public QObject
{
    Q_OBJECT

    static constexpr int Size = 200000;
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<QlessSession> m_session;
    double m_day = 0; // the failures' day (midnight)

    // Jobs g-00000000 .. failed into group g in that order (the first at the list's tail), in
    // queue q, with the day's `failed` count as qless keeps it.
    void seed(int size)
    {
        static const QByteArray script = R"(
local size, base = tonumber(ARGV[1]), tonumber(ARGV[2])
local batch = {}
for n = 0, size - 1 do
  local jid = string.format('g-%08d', n)
  redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'klass', 'Job', 'state', 'failed', 'queue', 'q',
    'priority', 0, 'retries', 5, 'remaining', 5, 'data', '{}', 'tags', '[]', 'worker', '',
    'expires', 0, 'failure', cjson.encode({ group = 'g', message = 'boom', worker = 'w',
      when = base + math.floor(n / 10) }))
  batch[#batch + 1] = jid
  if #batch == 1000 then redis.call('lpush', 'ql:f:g', unpack(batch)); batch = {} end
end
if #batch > 0 then redis.call('lpush', 'ql:f:g', unpack(batch)) end
redis.call('sadd', 'ql:failures', 'g')
redis.call('hincrby', 'ql:s:stats:' .. base .. ':q', 'failed', size)
return redis.call('llen', 'ql:f:g')
)";
        const RedisValue reply = m_fixture->command({"EVAL", script, "0", QByteArray::number(size), num(m_day)});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.integer, qint64(size));
    }
    static QByteArray jid(int n) { return "g-" + QByteArray::number(n).rightJustified(8, '0'); }
    QList<QByteArray> list() { return m_fixture->command({"LRANGE", "ql:f:g", "0", "-1"}).strings(); }
    qint64 failedThatDay()
    {
        return m_fixture->command({"HGET", "ql:s:stats:" + num(m_day) + ":q", "failed"}).bytes.toLongLong();
    }

    // Jobs from the middle of the list out to both ends, and right at them.
    static QList<QByteArray> spread()
    {
        QList<QByteArray> jids;
        for (int i = 0; i < 20; ++i) {
            jids << jid(Size / 2 + i * 4999) << jid(Size / 2 - 1 - i * 4999);
        }
        jids << jid(0) << jid(Size - 1);
        return jids;
    }

    // Runs `action` on `jids` with the runner's own batch sizing; checks the group's list and
    // count afterwards, and returns the steps sent in each batch.
    QList<qint64> runAndCheck(const JobAction &action, const QList<QByteArray> &jids)
    {
        const QList<QByteArray> before = list();
        const qint64 failedBefore = failedThatDay();
        BulkRunner runner(m_session.get(), action, BulkTarget::ofJids(jids));
        QList<qint64> batches;
        qint64 processed = 0;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (runner.phase() == BulkRunner::Phase::Running && runner.processed() > processed) {
                batches << runner.processed() - processed;
                processed = runner.processed();
            }
        });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        if (!finished.wait(300000)) {
            QTest::qFail("the run did not finish", __FILE__, __LINE__);
            return {};
        }
        const BulkSummary summary = runner.summary();
        if (summary.done != jids.size())
            QTest::qFail(
                qPrintable(
                    QStringLiteral("done %1 of %2: %3").arg(summary.done).arg(jids.size()).arg(summary.outcome())),
                __FILE__, __LINE__);

        const QSet<QByteArray> gone(jids.cbegin(), jids.cend());
        QList<QByteArray> expected;
        for (const QByteArray &entry : before) {
            if (!gone.contains(entry))
                expected.append(entry);
        }
        const QList<QByteArray> after = list();
        if (after != expected)
            QTest::qFail(qPrintable(QStringLiteral("the group's list holds %1 entries, %2 expected")
                                        .arg(after.size())
                                        .arg(expected.size())),
                         __FILE__, __LINE__);
        if (failedThatDay() != failedBefore - jids.size())
            QTest::qFail("the day's failed count is not lower by the jobs taken out", __FILE__, __LINE__);
        return batches;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        m_day = double(now - now % 86400 - 86400);
    }
    void cleanupTestCase()
    {
        m_session.reset();
        m_fixture.reset();
    }
    void init()
    {
        m_fixture->flush();
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        m_session = std::make_unique<QlessSession>(settings);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanup() { m_session.reset(); }

    void retryDeepJobs()
    {
        seed(Size);
        runAndCheck(JobAction::retry(), spread());
        for (const QByteArray &jid : spread()) {
            QCOMPARE(m_fixture->command({"HGET", "ql:j:" + jid, "state"}).bytes, QByteArray("waiting"));
            QVERIFY(!m_fixture->command({"ZSCORE", "ql:q:q-work", jid}).isNil());
        }
    }

    void moveDeepJobs()
    {
        seed(Size);
        runAndCheck(JobAction::move(QStringLiteral("elsewhere"), QStringLiteral("failed")), spread());
        for (const QByteArray &jid : spread())
            QVERIFY(!m_fixture->command({"ZSCORE", "ql:q:elsewhere-work", jid}).isNil());
    }

    void cancelDeepJobs()
    {
        seed(Size);
        runAndCheck(JobAction::cancel(), spread());
        for (const QByteArray &jid : spread())
            QCOMPARE(m_fixture->command({"EXISTS", "ql:j:" + jid}).integer, 0);
    }

    void batchesStartAtOneStepAndAtMostDouble()
    {
        seed(3000);
        QList<QByteArray> jids;
        for (int n = 0; n < 600; ++n)
            jids << jid(n * 5);
        const QList<qint64> batches = runAndCheck(JobAction::retry(), jids);
        QVERIFY(!batches.isEmpty());
        QCOMPARE(batches.first(), 1);
        for (qsizetype i = 1; i < batches.size(); ++i)
            QVERIFY2(batches.at(i) <= 2 * batches.at(i - 1),
                     qPrintable(QStringLiteral("batch %1 of %2 steps after one of %3")
                                    .arg(i)
                                    .arg(batches.at(i))
                                    .arg(batches.at(i - 1))));
        QVERIFY2(batches.size() > 1, "600 steps in one batch");
    }
};

QTEST_GUILESS_MAIN(TestBulkRunnerSteps)
#include "tst_bulkrunnersteps.moc"
