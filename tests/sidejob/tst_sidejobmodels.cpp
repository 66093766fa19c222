// SPDX-License-Identifier: GPL-3.0-or-later
#include "awaitcall.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "sidejobclient.h"
#include "sidejobgenerator.h"
#include "sidejobjobmodel.h"
#include "sidejobportpager.h"
#include "sidejobrecordtext.h"
#include "sidejobsample.h"
#include "sidejobsession.h"
#include "sidejobtime.h"
#include "sidekiqitemmodel.h"
#include "sidekiqmonitor.h"
#include "sidekiqprocessmodel.h"
#include "sidekiqqueuemodel.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using Layout = SideJobStorage::Layout;

// The SideJob models on deployments our generator writes as SideJob 4.1.0 and 4.0.2 do: the job
// list holds what Redis holds (per status too) and pages further on demand, a record reads as an
// operator needs it (links to parent, children and ports), a port pages through its values, and
// the Sidekiq models count what Redis holds.
class TestSideJobModels final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<SideJobClient> m_client;

    SyncRedis &redis() { return m_fixture->redis(); }
    static bool refreshed(const std::function<void(std::function<void(bool)>)> &refresh)
    {
        bool finished = false;
        bool ok = false;
        refresh([&](bool fine) {
            finished = true;
            ok = fine;
        });
        return QTest::qWaitFor([&] { return finished; }, 20000) && ok;
    }
    int countInRedis(const QByteArray &status)
    {
        int n = 0;
        for (const QByteArray &id : redis().command({"SMEMBERS", "jobs"}).strings()) {
            const RedisValue plain = redis().command({"GET", "job:" + id + ":status"});
            const QByteArray s = plain.isNil() ? redis().command({"HGET", "job:" + id, "status"}).bytes : plain.bytes;
            n += s == status || s == '"' + status + '"';
        }
        return n;
    }
    QString describe(qint64 id)
    {
        const auto reply = awaitCall<SideJobRecord>(
            [&](QObject *c, auto done) { m_client->jobRecord(QByteArray::number(id), T + 20, c, done); });
        return SideJobRecordText::describe(reply.value, T + 20);
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        m_connection = std::make_unique<RedisConnection>(
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + m_fixture->server().socketPath()));
        m_client = std::make_unique<SideJobClient>(m_connection.get());
    }
    void init() { m_fixture->flush(); }

    void sideJobTimesAreReadToTheirFraction()
    {
        const auto at = SideJobTime::seconds(QStringLiteral("2026-11-28T09:30:56.719675770Z"));
        QVERIFY(at.has_value());
        QVERIFY(qAbs(*at - 1795858256.71967577) < 1e-5);
        QVERIFY(!SideJobTime::seconds(QStringLiteral("yesterday")).has_value());
        QCOMPARE(SideJobTime::shown(QStringLiteral("yesterday")), QStringLiteral("yesterday"));
    }

    void theSessionFindsSideJobWhenItAppears()
    {
        SideJobSession session(m_connection.get());
        QSignalSpy changed(&session, &SideJobSession::presenceChanged);
        QSignalSpy detected(&session, &SideJobSession::detected);
        session.detect();
        QVERIFY(detected.wait(5000));
        QVERIFY(!session.isPresent());
        SideJobSample::write(redis(), T);
        session.detect();
        QVERIFY(changed.wait(5000));
        QVERIFY(session.isPresent());
        QCOMPARE(session.presence().jobCount, redis().command({"SCARD", "jobs"}).integer);
    }

    void theJobListHoldsWhatRedisHolds()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        SideJobJobModel model(m_client.get());
        QVERIFY(refreshed([&](auto done) { model.refresh(done); }));
        QCOMPARE(model.rowCount(), redis().command({"SCARD", "jobs"}).integer);
        QCOMPARE(model.total(), model.rowCount());
        QCOMPARE(model.nextId(), 0);
        QCOMPARE(model.keyAt(0), s.halfCreated > s.oldLayout ? s.halfCreated : s.oldLayout); // newest first
        QVERIFY(model.data(model.index(model.rowOf(s.halfCreated), SideJobJobModel::AnomalyColumn))
                    .toString()
                    .contains(QLatin1String("being created")));
        QVERIFY(model.data(model.index(model.rowOf(s.unlocked), SideJobJobModel::AnomalyColumn))
                    .toString()
                    .contains(QLatin1String("without a lock")));
        QCOMPARE(model.data(model.index(model.rowOf(s.running), SideJobJobModel::StatusColumn)).toString(),
                 QStringLiteral("running, locked"));
        for (const QString &status : SideJobJobModel::statuses()) {
            model.setFilter({status});
            QVERIFY(refreshed([&](auto done) { model.refresh(done); }));
            QCOMPARE(model.rowCount(), countInRedis(status.toUtf8()));
        }
    }

    void theJobListPagesOnAsTheViewScrolls()
    {
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{}"}});
        const qint64 first = sidejob.queueJob({"q", "W"}, T);
        redis().command({"SET", "job:" + QByteArray::number(first) + ":status", "failed"});
        for (int i = 0; i < 1499; ++i)
            sidejob.queueJobHalf();
        SideJobJobModel model(m_client.get());
        QVERIFY(refreshed([&](auto done) { model.refresh(done); }));
        QCOMPARE(model.rowCount(), SideJobJobModel::PageSize);
        QVERIFY(model.canFetchMore({}));
        QSignalSpy more(&model, &SideJobJobModel::refreshed);
        model.fetchMore({});
        QVERIFY(more.wait(5000));
        QCOMPARE(model.rowCount(), 2 * SideJobJobModel::PageSize);
        QCOMPARE(model.keyAt(199), 1500 - 199);
        // A refresh keeps as many rows as the view holds.
        QVERIFY(refreshed([&](auto done) { model.refresh(done); }));
        QCOMPARE(model.rowCount(), 2 * SideJobJobModel::PageSize);
        // A rare status far down is found by the walk within one fill (1,500 ids, 300 a call, 8 calls a fill).
        model.setFilter({QStringLiteral("failed")});
        QVERIFY(refreshed([&](auto done) { model.refresh(done); }));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.keyAt(0), first);
        QVERIFY(!model.canFetchMore({}));
    }

    // The window waits for a refresh's `done` before the next one: it runs even when the filter
    // changed while the refresh was on its way.
    void aRefreshOvertakenByAFilterStillEnds()
    {
        SideJobSample::write(redis(), T);
        SideJobJobModel model(m_client.get());
        bool finished = false;
        model.refresh([&](bool) { finished = true; });
        model.setFilter({QStringLiteral("failed")});
        QVERIFY(QTest::qWaitFor([&] { return finished; }, 5000));
        QCOMPARE(model.rowCount(), 0); // the old filter's rows were not applied
        QVERIFY(refreshed([&](auto done) { model.refresh(done); }));
        QCOMPARE(model.rowCount(), countInRedis("failed"));
    }

    void aRecordLinksParentChildrenAndPorts()
    {
        const SideJobSample s = SideJobSample::write(redis(), T);
        const QString pipeline = describe(s.pipeline);
        QVERIFY(pipeline.contains(SideJobRecordText::jobLink(QByteArray::number(s.waiting))));
        QVERIFY(pipeline.contains(SideJobRecordText::portLink(false, QStringLiteral("out"))));
        QVERIFY(pipeline.contains(QLatin1String("pipeline"))); // its alias
        const QString kid = describe(s.waiting);
        QVERIFY(kid.contains(SideJobRecordText::jobLink(QByteArray::number(s.pipeline))));
        QVERIFY(kid.contains(QLatin1String("dynamic")));
        QVERIFY(describe(s.unlocked).contains(QLatin1String("Running without a lock")));
        QVERIFY(describe(s.lost).contains(QLatin1String("no Sidekiq item was found")));
        QVERIFY(!describe(s.queued).contains(QLatin1String("no Sidekiq item was found")));
        QVERIFY(describe(s.halfCreated).contains(QLatin1String("being created")));
        QVERIFY(describe(s.oldLayout).contains(QLatin1String("Seed layout")));
        QVERIFY(describe(s.running).contains(QLatin1String("held by the worker")));
        redis().command({"SET", "job:" + QByteArray::number(s.queued) + ":worker", "<b>not json</b>"});
        const QString bad = describe(s.queued);
        QVERIFY(bad.contains(QLatin1String("&lt;b&gt;not json")));
        QVERIFY(!bad.contains(QLatin1String("<b>not json")));
    }

    void manyChildrenAreShownAWindowAtATime()
    {
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{}"}});
        const qint64 parent = sidejob.queueJob({"q", "W"}, T);
        redis().command({"EVAL", "for i = 1, 2000 do redis.call('HSET', KEYS[1], 'c' .. i, 10000 + i) end", "1",
                         "job:" + QByteArray::number(parent) + ":children"});
        const QString first = describe(parent);
        QVERIFY2(first.contains(QLatin1String("of 2000 children shown")), qPrintable(first));
        QVERIFY(first.contains(QLatin1String("sidejob-children:")));
        QVERIFY(!first.contains(SideJobRecordText::childrenLink("0"))); // already the first window
    }

    void aPortPagesThroughItsValues()
    {
        for (Layout layout : {Layout::V4_1, Layout::V4_0}) {
            m_fixture->flush();
            SideJobGenerator sidejob(redis(), layout);
            sidejob.registerAll("q", {{"W", "{\"inports\":{\"in\":{}},\"outports\":{}}"}});
            const qint64 id = sidejob.queueJob({"q", "W", "null", {}, 0, {}, 0, {{"in", {}}}}, T);
            QList<QByteArray> values;
            for (int i = 0; i < 250; ++i)
                values << "{\"n\":" + QByteArray::number(i) + '}';
            sidejob.writeInputs(id, "in", values, T);
            SideJobPortPager pager(m_client.get());
            QSignalSpy changed(&pager, &SideJobPortPager::changed);
            pager.show(QByteArray::number(id), true, QStringLiteral("in"));
            QVERIFY(changed.wait(5000));
            QVERIFY2(pager.text().contains(QLatin1String("values 1 to 100 of 250")), qPrintable(pager.text()));
            QVERIFY(pager.text().contains(QLatin1String("\"n\": 0")));
            pager.nextPage();
            QVERIFY(changed.wait(5000));
            pager.nextPage();
            QVERIFY(changed.wait(5000));
            QVERIFY(pager.text().contains(QLatin1String("values 201 to 250 of 250")));
            QVERIFY(!pager.hasNext());
            QVERIFY(pager.hasPrevious());
        }
    }

    void theSidekiqModelsCountWhatRedisHolds()
    {
        SideJobSample::write(redis(), T);
        redis().command({"SADD", "processes", "gone-host:1:aaaaaaaaaaaa"});
        SidekiqMonitor monitor(m_client.get());
        QVERIFY(refreshed([&](auto done) { monitor.refresh(T + 12, done); }));
        QCOMPARE(monitor.queues()->rowCount(), 1);
        QCOMPARE(monitor.queues()->data(monitor.queues()->index(0, SidekiqQueueModel::LengthColumn)).toString(),
                 QString::number(redis().command({"LLEN", "queue:q1"}).integer));
        QCOMPARE(monitor.processes()->rowCount(), 2);
        QCOMPARE(monitor.processes()->busyTotal(), 1);
        const int gone = monitor.processes()->rowOf(QStringLiteral("gone-host:1:aaaaaaaaaaaa"));
        QVERIFY(monitor.processes()
                    ->data(monitor.processes()->index(gone, SidekiqProcessModel::StateColumn))
                    .toString()
                    .startsWith(QLatin1String("gone")));
        const int live = monitor.processes()->rowOf(QString::fromLatin1(SideJobSample::process));
        QCOMPARE(
            monitor.processes()->data(monitor.processes()->index(live, SidekiqProcessModel::StateColumn)).toString(),
            QStringLiteral("running"));
        QCOMPARE(monitor.items()->total(), redis().command({"ZCARD", "schedule"}).integer);
        QCOMPARE(monitor.items()->rowCount(), int(monitor.items()->total()));
        // Silent for a minute: shown as such.
        QVERIFY(refreshed([&](auto done) { monitor.refresh(T + 80, done); }));
        QVERIFY(monitor.processes()
                    ->data(monitor.processes()->index(live, SidekiqProcessModel::StateColumn))
                    .toString()
                    .startsWith(QLatin1String("silent")));
        monitor.setSortedSet(QStringLiteral("dead"));
        QVERIFY(refreshed([&](auto done) { monitor.refresh(T + 12, done); }));
        QCOMPARE(monitor.items()->rowCount(), 0);
    }
};

QTEST_MAIN(TestSideJobModels)
#include "tst_sidejobmodels.moc"
