// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuretimingreader.h"
#include "qlessclienttestbase.h"

#include <QSignalSpy>
#include <QTest>

// How long a failure group's jobs waited and ran before failing, from a bounded sample of its
// newest jobs read whole on a real redis-server: the medians and maxima of known waits and runs,
// the calls it took, and jobs gone meanwhile counted apart.
class TestFailureTiming final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessClientTestBase m_base;

    QlessFixture &q() { return m_base.fixture(); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
        // Job i waits i + 1 seconds and runs 2 (i + 1) seconds before it fails.
        for (int i = 0; i < 20; ++i) {
            const QByteArray jid = "g-" + QByteArray::number(i);
            const double put = T + 100 * i;
            const double popped = put + i + 1;
            QVERIFY(!q().qless("put", put, {"client", "q", jid, "K", "{}", "0"}).isError());
            QCOMPARE(q().pop("q", "w", 1, popped), QList<QByteArray>{jid});
            QVERIFY(!q().qless("fail", popped + 2 * (i + 1), {jid, "w", "g", "boom", "{}"}).isError());
        }
        q().command({"DEL", "ql:j:g-0"}); // listed in the group, gone from Redis
    }
    void cleanupTestCase() { m_base.stopQless(); }

    void aSampleOfTheNewest()
    {
        FailureTimingReader reader(m_base.client());
        QSignalSpy finished(&reader, &FailureTimingReader::finished);
        reader.start(QStringLiteral("g"), 10);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        const FailureTiming &timing = reader.timing();
        QCOMPARE(reader.calls(), 1);
        QCOMPARE(reader.groupTotal(), 20);
        QCOMPARE(timing.sampled(), 10);
        QCOMPARE(timing.measuredRuns(), 10);
        QCOMPARE(timing.measuredWaits(), 10);
        QCOMPARE(timing.medianWait(), 15.5); // jobs 10..19 waited 11..20 s
        QCOMPARE(timing.maxWait(), 20.0);
        QCOMPARE(timing.medianRun(), 31.0);
        QCOMPARE(timing.maxRun(), 40.0);
    }

    void theWholeGroupInBoundedCalls()
    {
        FailureTimingReader reader(m_base.client());
        QSignalSpy finished(&reader, &FailureTimingReader::finished);
        reader.start(QStringLiteral("g"), 48);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        // No call reads more whole jobs than multiGet does.
        QCOMPARE(reader.calls(), (20 + QlessJobReads::MultiGetPerCall - 1) / QlessJobReads::MultiGetPerCall);
        const FailureTiming &timing = reader.timing();
        QCOMPARE(timing.gone(), 1);
        QCOMPARE(timing.sampled(), 19);
        QCOMPARE(timing.measuredRuns(), 19);
        QCOMPARE(timing.maxWait(), 20.0);
        QCOMPARE(timing.medianWait(), 11.0); // jobs 1..19 waited 2..20 s
    }

    void medians()
    {
        QCOMPARE(FailureTiming::median({}), -1.0);
        QCOMPARE(FailureTiming::median({3, 1, 2}), 2.0);
        QCOMPARE(FailureTiming::median({4, 1, 3, 2}), 2.5);
        QCOMPARE(FailureTiming::maximum({4, 1, 3, 2}), 4.0);
    }

    void anEmptyGroup()
    {
        FailureTimingReader reader(m_base.client());
        QSignalSpy finished(&reader, &FailureTimingReader::finished);
        reader.start(QStringLiteral("none"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QCOMPARE(reader.timing().sampled(), 0);
        QCOMPARE(reader.timing().medianRun(), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestFailureTiming)
#include "tst_failuretiming.moc"
