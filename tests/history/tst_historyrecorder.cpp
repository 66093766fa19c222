// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyrecorder.h"
#include "historystore.h"
#include "historytesthelpers.h"
#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

// The recorder against a real redis-server, with jobs put, completed, failed and timed out
// through our qless.lua by another client: per queue and minute the counts come out right (on
// an injected clock: no test waits a minute), a minute not sampled is a gap, a queue paused
// between samples leaves a mark, a second recorder is refused.
class TestHistoryRecorder final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;
    std::unique_ptr<QTemporaryDir> m_dir;

    ConnectionSettings settings()
    {
        ConnectionSettings s;
        s.transport = ConnectionSettings::Transport::Unix;
        s.socketPath = m_q.server().socketPath();
        return s;
    }
    QString path() const { return m_dir->filePath(QStringLiteral("server.sqlite")); }

    // The scripts' `now` (seconds) follows the recorder's clock, so heartbeats expire on it too.
    static double seconds(qint64 ms) { return double(ms) / 1000.0; }

    QByteArray complete(const QByteArray &jid, const QByteArray &queue, qint64 ms)
    {
        return describe(m_q.qless("complete", seconds(ms), {jid, "w1", queue, "{}"}));
    }
    QByteArray fail(const QByteArray &jid, qint64 ms)
    {
        return describe(m_q.qless("fail", seconds(ms), {jid, "w1", "boom", "it broke", "{}"}));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init()
    {
        m_q.flush();
        m_dir = std::make_unique<QTemporaryDir>();
    }

    void countsEventsPerQueueAndMinute()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        auto store = std::make_shared<HistoryStore>(path(), HistoryStore::Mode::Record);
        qint64 clock = minuteAt(0);
        // The counts are read at the same `now` the jobs were put and popped at.
        client.setClock([&clock] { return seconds(clock); });
        // Put and popped before the recorder started: its failure names no queue, looked up.
        QVERIFY(!m_q.put("crawl", "early", seconds(clock - 5000)).isError());
        QCOMPARE(m_q.pop("crawl", "w1", 1, seconds(clock - 4000)).size(), 1);

        HistoryRecorder recorder(store, &client, settings());
        recorder.setClock([&clock] { return clock; });
        recorder.setTicking(false);
        QSignalSpy sampled(&recorder, &HistoryRecorder::sampled);
        QString why;
        QVERIFY2(recorder.start(&why), qPrintable(why));
        QTRY_COMPARE_WITH_TIMEOUT(recorder.streamState().phase, ConnectionState::Phase::Ready, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(sampled.size(), 1, 20000);
        QVERIFY(sampled.at(0).at(1).toBool());

        // Minute 0: three put and popped in crawl, two completed, one failed, and the early one failed.
        clock += 10000;
        for (const QByteArray jid : {"c1", "c2", "c3"})
            QVERIFY(!m_q.put("crawl", jid, seconds(clock)).isError());
        QVERIFY(!m_q.put("mail", "m1", seconds(clock)).isError());
        QCOMPARE(m_q.pop("crawl", "w1", 3, seconds(clock)).size(), 3);
        QVERIFY(!complete("c1", "crawl", clock).startsWith("error"));
        QVERIFY(!complete("c2", "crawl", clock).startsWith("error"));
        QVERIFY(!fail("c3", clock).startsWith("error"));
        QVERIFY(!fail("early", clock).startsWith("error"));
        QTRY_VERIFY_WITH_TIMEOUT(recorder.eventsHeard() >= 8 && recorder.pendingLookups() == 0, 20000);

        // Minute 1: one job popped and its worker gone: qless times it out (lock_lost) at the
        // next pop after its heartbeat expired.
        clock = minuteAt(1) + 1000;
        recorder.tick();
        QTRY_COMPARE_WITH_TIMEOUT(sampled.size(), 2, 20000);
        QVERIFY(!m_q.put("crawl", "c4", seconds(clock)).isError());
        QCOMPARE(m_q.pop("crawl", "w2", 1, seconds(clock)).size(), 1);
        // qless's grace period: that pop only tells w2 (lock_lost) and extends the lock.
        QCOMPARE(m_q.pop("crawl", "w3", 1, seconds(clock + 3600 * 1000)).size(), 0);
        QVERIFY(!m_q.qless("pause", seconds(clock), {"mail"}).isError());
        QTRY_VERIFY_WITH_TIMEOUT(recorder.eventsHeard() >= 10 && recorder.pendingLookups() == 0, 20000);

        // Minute 2 is not sampled (the counts stay a gap); minute 3 is.
        clock = minuteAt(3) + 1000;
        recorder.tick();
        QTRY_COMPARE_WITH_TIMEOUT(sampled.size(), 3, 20000);
        QVERIFY(waitIdle(*store));

        const HistoryRead crawl = readHistory(*store, {QStringLiteral("crawl"), minuteAt(0), minuteAt(4), 1});
        QVERIFY2(crawl.error.isEmpty(), qPrintable(crawl.error));
        QCOMPARE(crawl.points.size(), 4);
        const HistoryPoint &m0 = crawl.points[0];
        QCOMPARE(m0.startMs, minuteAt(0));
        QVERIFY(m0.hasCounts);
        QCOMPARE(m0.running, 1.0); // the early job, at the first sample
        QVERIFY(m0.hasEvents);
        QCOMPARE(m0.put, 3);
        QCOMPARE(m0.completed, 2);
        QCOMPARE(m0.failed, 2);
        QCOMPARE(m0.timedOut, 0);
        const HistoryPoint &m1 = crawl.points[1];
        QVERIFY(m1.hasCounts);
        QCOMPARE(m1.waiting + m1.running, 0.0); // sampled at the start of minute 1: all done
        QCOMPARE(m1.put, 1);
        QCOMPARE(m1.timedOut, 1);
        QCOMPARE(crawl.points[2].startMs, minuteAt(2));
        QVERIFY(!crawl.points[2].hasCounts); // not sampled: a gap, not zeros
        QVERIFY(crawl.points[2].hasEvents);  // but heard: no event in it
        QCOMPARE(crawl.points[2].put, 0);
        QVERIFY(crawl.points[3].hasCounts);
        QCOMPARE(crawl.points[3].running, 1.0); // c4, its lock extended by the grace period

        const HistoryRead mail = readHistory(*store, {QStringLiteral("mail"), minuteAt(0), minuteAt(4), 1});
        QCOMPARE(mail.points[0].put, 1);
        bool paused = false;
        for (const HistoryMark &mark : mail.marks)
            paused = paused || (mark.kind == HistoryMark::Kind::Pause && mark.text == QLatin1String("mail"));
        QVERIFY(paused);
    }

    void failureGroupsThatGrewAreRecordedPerMinute()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        auto store = std::make_shared<HistoryStore>(path(), HistoryStore::Mode::Record);
        qint64 clock = minuteAt(0);
        const auto failInto = [this, &clock](const QByteArray &jid, const QByteArray &group) {
            if (m_q.put("crawl", jid, seconds(clock)).isError()
                || m_q.pop("crawl", "w1", 1, seconds(clock)).size() != 1)
                return false;
            return !describe(m_q.qless("fail", seconds(clock), {jid, "w1", group, "it broke", "{}"}))
                        .startsWith("error");
        };
        QVERIFY(failInto("old", "boom")); // failed before: not growth
        HistoryRecorder recorder(store, &client, settings());
        recorder.setClock([&clock] { return clock; });
        recorder.setTicking(false);
        QSignalSpy read(&recorder, &HistoryRecorder::failureGroupsRead);
        QString why;
        QVERIFY2(recorder.start(&why), qPrintable(why));
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 1, 20000);

        // Minute 0: boom grew by 2, a new group by 1.
        QVERIFY(failInto("a1", "boom"));
        QVERIFY(failInto("a2", "boom"));
        QVERIFY(failInto("b1", "smash"));
        clock = minuteAt(1) + 500;
        recorder.tick();
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 2, 20000);
        // Minute 1: boom grew by one, and one of its jobs was put again (out of the group): no
        // net growth.
        QVERIFY(failInto("a3", "boom"));
        QVERIFY(!m_q.put("elsewhere", "a2", seconds(clock)).isError());
        clock = minuteAt(2) + 500;
        recorder.tick();
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 3, 20000);
        // Minute 3 not read: the growth from minute 2 to 4 is not pinned to a minute.
        QVERIFY(failInto("b2", "smash"));
        clock = minuteAt(4) + 500;
        recorder.tick();
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 4, 20000);
        QVERIFY(waitIdle(*store));

        QObject context;
        std::optional<HistoryGrowthRead> growth;
        store->readFailureGrowth(minuteAt(0), minuteAt(10), &context,
                                 [&growth](const HistoryGrowthRead &r) { growth = r; });
        QTRY_VERIFY_WITH_TIMEOUT(growth.has_value(), 20000);
        QVERIFY2(growth->error.isEmpty(), qPrintable(growth->error));
        QCOMPARE(growth->rows.size(), 2);
        QCOMPARE(growth->rows[0].minuteMs, minuteAt(0));
        QCOMPARE(growth->rows[0].group, QStringLiteral("boom"));
        QCOMPARE(growth->rows[0].grew, 2);
        QCOMPARE(growth->rows[1].minuteMs, minuteAt(0));
        QCOMPARE(growth->rows[1].group, QStringLiteral("smash"));
        QCOMPARE(growth->rows[1].grew, 1);
    }

    void aSecondRecorderOfTheFileIsRefused()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        auto store = std::make_shared<HistoryStore>(path(), HistoryStore::Mode::Record);
        HistoryRecorder first(store, &client, settings());
        first.setTicking(false);
        HistoryRecorder second(store, &client, settings());
        second.setTicking(false);
        QString why;
        QVERIFY2(first.start(&why), qPrintable(why));
        QVERIFY(!second.start(&why));
        QVERIFY(!why.isEmpty());

        // Another process's store (here: a second store, with a lock of its own) only reads.
        auto elsewhere = std::make_shared<HistoryStore>(path(), HistoryStore::Mode::Record);
        HistoryRecorder third(elsewhere, &client, settings());
        QVERIFY(!third.start(&why));
        QVERIFY2(why.contains(QLatin1String("recorded elsewhere")), qPrintable(why));
    }

    void streamReconnectLeavesAMark()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        auto store = std::make_shared<HistoryStore>(path(), HistoryStore::Mode::Record);
        qint64 clock = minuteAt(0);
        HistoryRecorder recorder(store, &client, settings());
        recorder.setClock([&clock] { return clock; });
        recorder.setTicking(false);
        QString why;
        QVERIFY2(recorder.start(&why), qPrintable(why));
        QTRY_COMPARE_WITH_TIMEOUT(recorder.streamState().phase, ConnectionState::Phase::Ready, 20000);
        clock += 20000;
        // Redis drops the subscriber's connection; it subscribes again.
        QVERIFY(!m_q.command({"CLIENT", "KILL", "TYPE", "pubsub"}).isError());
        QTRY_VERIFY_WITH_TIMEOUT(recorder.streamState().phase != ConnectionState::Phase::Ready, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(recorder.streamState().phase, ConnectionState::Phase::Ready, 20000);
        clock = minuteAt(2) + 1000;
        recorder.tick();
        QVERIFY(waitIdle(*store));
        const HistoryRead read = readHistory(*store, {QString(), minuteAt(0), minuteAt(3), 1});
        QCOMPARE(read.marks.size(), 1);
        QCOMPARE(read.marks[0].kind, HistoryMark::Kind::Reconnect);
        // The minute the stream broke in is not claimed heard; the next one, heard whole, is (its
        // counts were not read: sampled in minutes 0 and 2 only).
        QCOMPARE(read.points.size(), 3);
        QCOMPARE(read.points[0].startMs, minuteAt(0));
        QVERIFY(read.points[0].hasCounts);
        QVERIFY(!read.points[0].hasEvents);
        QCOMPARE(read.points[1].startMs, minuteAt(1));
        QVERIFY(read.points[1].hasEvents);
        QVERIFY(!read.points[1].hasCounts);
        QCOMPARE(read.points[2].startMs, minuteAt(2));
        QVERIFY(!read.points[2].hasEvents);
    }
};

QTEST_GUILESS_MAIN(TestHistoryRecorder)
#include "tst_historyrecorder.moc"
