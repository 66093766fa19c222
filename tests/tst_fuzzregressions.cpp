// SPDX-License-Identifier: GPL-3.0-or-later
// Inputs the fuzzers in fuzz/ found to break something, replayed through the same entry points
// with the outcome they must have now. One test per finding; the input as the fuzzer saw it.
#include "qlesslistdecoder.h"
#include "qlessvaluedecoder.h"

#include <QtTest>

#include <limits>

namespace {
RedisReply bulk(const QByteArray &bytes)
{
    RedisReply reply;
    reply.type = RedisReply::Type::String;
    reply.bytes = bytes;
    return reply;
}
constexpr qint64 most = std::numeric_limits<qint64>::max();
constexpr qint64 least = std::numeric_limits<qint64>::min();
} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    // fuzz_decoders: a count or histogram bin beyond qint64 (valid JSON: 1e300) was cast from
    // double to qint64, which is undefined behaviour (UBSan: "outside the range of representable
    // values"). Such numbers are now held at qint64's limits.
    void hugeNumbersInStatsAreHeldAtTheLimits()
    {
        RedisError error;
        const DayStats stats = QlessValueDecoder::dayStats(
            bulk(R"({"retries":1e300,"failed":-1e300,"failures":3,)"
                 R"("wait":{"count":1e300,"mean":1,"std":0,"histogram":[1e300,-1e300,7]},"run":{}})"),
            &error);
        QVERIFY(error.isNull());
        QCOMPARE(stats.retries, most);
        QCOMPARE(stats.failed, least);
        QCOMPARE(stats.failures, qint64(3));
        QCOMPARE(stats.wait.count, most);
        QCOMPARE(stats.wait.histogram.value(0), most);
        QCOMPARE(stats.wait.histogram.value(1), least);
        QCOMPARE(stats.wait.histogram.value(2), qint64(7));
    }

    void hugeNumbersInFailureGroupsAndBatchesAreHeldAtTheLimits()
    {
        RedisError error;
        const QList<FailureGroup> groups = QlessListDecoder::failureGroups(bulk(R"({"timeout":1e300})"), &error);
        QVERIFY(error.isNull());
        QCOMPARE(groups.size(), 1);
        QCOMPARE(groups.first().count, most);

        const FailedBatch batch =
            QlessValueDecoder::failedBatch(bulk(R"({"taken":1e300,"done":-1e300,"skipped":{}})"), &error);
        QVERIFY(error.isNull());
        QCOMPARE(batch.taken, most);
        QCOMPARE(batch.done, least);

        const QList<QueueCounts> queues = QlessListDecoder::queues(bulk(R"([{"name":"q","waiting":1e300}])"), &error);
        QVERIFY(error.isNull());
        QCOMPARE(queues.size(), 1);
        QCOMPARE(queues.first().waiting, most);
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
