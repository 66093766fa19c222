// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeawait.h"
#include "bluequeclient.h"
#include "bluequegenerator.h"
#include "bluequequeuemodel.h"
#include "bluequesession.h"
#include "bluequetaskmodel.h"
#include "bluequetasktext.h"
#include "jsontext.h"
#include "qlessfixture.h"
#include "redisconnection.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

// model/blueque on deployments our generator writes as Blueque v1.0.0 does: the queue model's
// counts and anomalies, the task model paging a long list and marking what looks wrong, a
// task's record as text, and detection beside qless.
class TestBluequeModels final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<BluequeClient> m_client;

    SyncRedis &redis() { return m_fixture->redis(); }
    static bool wait(const std::function<void(std::function<void(bool)>)> &call)
    {
        std::optional<bool> ok;
        call([&ok](bool result) { ok = result; });
        return QTest::qWaitFor([&ok] { return ok.has_value(); }, 20000) && *ok;
    }
    static QString cell(const QAbstractItemModel &model, int row, int column)
    {
        return model.data(model.index(row, column)).toString();
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        m_connection = std::make_unique<RedisConnection>(
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + m_fixture->server().socketPath()));
        m_client = std::make_unique<BluequeClient>(m_connection.get());
    }
    void init() { m_fixture->flush(); }

    void sessionDetectsBluequeBesideQless()
    {
        BluequeSession session(m_connection.get());
        QSignalSpy changed(&session, &BluequeSession::presenceChanged);
        m_fixture->put("qlessq", "jid1", T);
        session.detect();
        QTest::qWait(200);
        QVERIFY(!session.isPresent());
        QCOMPARE(changed.size(), 0);
        BluequeGenerator(redis()).enqueue("q", "p", T);
        session.detect();
        QVERIFY(changed.wait(5000));
        QVERIFY(session.isPresent());
    }

    void queueModelCountsAndExplainsAnomalies()
    {
        BluequeGenerator blueque(redis());
        blueque.enqueue("a", "p", T);
        blueque.schedule("a", "p", T + 10, T);
        blueque.enqueue("b", "p", T);
        BluequeQueueModel model(m_client.get());
        QVERIFY(wait([&](auto done) { model.refresh(T + 100, done); }));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(cell(model, 0, BluequeQueueModel::NameColumn), QStringLiteral("a"));
        QCOMPARE(cell(model, 0, BluequeQueueModel::PendingColumn), QStringLiteral("1"));
        // The cell names what is wrong, the tooltip explains it.
        QCOMPARE(cell(model, 0, BluequeQueueModel::AnomaliesColumn), QStringLiteral("overdue schedule"));
        QCOMPARE(cell(model, 1, BluequeQueueModel::AnomaliesColumn), QStringLiteral("none"));
        QVERIFY(cell(model, 0, BluequeQueueModel::ScheduledColumn).contains(QLatin1String("overdue")));
        QVERIFY(model.data(model.index(0, BluequeQueueModel::AnomaliesColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("enqueue_due_tasks")));
        QCOMPARE(model.anomalyCount(), 1);
        // Not yet due: nothing wrong.
        QVERIFY(wait([&](auto done) { model.refresh(T, done); }));
        QCOMPARE(model.anomalyCount(), 0);
    }

    void taskModelPagesAMillionStyleList()
    {
        BluequeGenerator blueque(redis());
        for (int i = 0; i < 250; ++i)
            blueque.enqueue("q", QByteArray::number(i), T + i);
        BluequeTaskModel model(m_client.get());
        model.setSource(QStringLiteral("q"), QStringLiteral("pending"));
        QVERIFY(wait([&](auto done) { model.refresh(T + 300, done); }));
        QCOMPARE(model.rowCount(), 100);
        QCOMPARE(model.total(), 250);
        QVERIFY(model.canFetchMore({}));
        while (model.canFetchMore({}) || model.rowCount() < 250) {
            const int before = model.rowCount();
            model.fetchMore({});
            QVERIFY(QTest::qWaitFor([&] { return model.rowCount() > before; }, 5000));
        }
        QCOMPARE(model.rowCount(), 250);
        QVERIFY(!model.canFetchMore({}));
        QCOMPARE(cell(model, 249, BluequeTaskModel::ParametersColumn), QStringLiteral("0"));
        // A refresh after a new task: the keyed diff adds it on top and keeps the paged rows.
        blueque.enqueue("q", "new", T + 400);
        QVERIFY(wait([&](auto done) { model.refresh(T + 400, done); }));
        QCOMPARE(cell(model, 0, BluequeTaskModel::ParametersColumn), QStringLiteral("new"));
        QCOMPARE(model.rowCount(), 251);
    }

    void taskModelMarksAnomalies()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", "h.x_1");
        const QByteArray stuck = blueque.enqueue("q", "p", T);
        QCOMPARE(blueque.dequeueHalf("q", "h.x_1"), stuck);
        const QByteArray done = blueque.enqueue("q", "p", T);
        blueque.dequeue("q", "h.x_1", T + 1);
        blueque.start("q", done, "h.x_1", 7, T + 2);
        blueque.complete("q", done, "h.x_1", 7, "ok", T + 3);
        blueque.addStartedEntry("q", "h.x_1", 9, done);
        blueque.schedule("q", "s", T + 10, T);

        BluequeTaskModel model(m_client.get());
        model.setSource(QStringLiteral("q"), QStringLiteral("reserved"));
        QVERIFY(wait([&](auto cb) { model.refresh(T + 2, cb); }));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, BluequeTaskModel::AnomalyColumn), QString()); // within the grace
        QVERIFY(wait([&](auto cb) { model.refresh(T + 60, cb); }));
        QVERIFY(cell(model, 0, BluequeTaskModel::AnomalyColumn).contains(QLatin1String("still pending")));

        model.setSource(QStringLiteral("q"), QStringLiteral("started"));
        QVERIFY(wait([&](auto cb) { model.refresh(T + 60, cb); }));
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(cell(model, 0, BluequeTaskModel::AnomalyColumn).contains(QLatin1String("complete, not started")));

        model.setSource(QStringLiteral("q"), QStringLiteral("scheduled"));
        QVERIFY(wait([&](auto cb) { model.refresh(T + 60, cb); }));
        QVERIFY(cell(model, 0, BluequeTaskModel::AnomalyColumn).contains(QLatin1String("Past its eta")));

        redis().command({"LPUSH", "blueque_failed_tasks_q", "gone"});
        model.setSource(QStringLiteral("q"), QStringLiteral("failed"));
        QVERIFY(wait([&](auto cb) { model.refresh(T + 60, cb); }));
        QVERIFY(cell(model, 0, BluequeTaskModel::AnomalyColumn).contains(QLatin1String("No task hash")));
    }

    void taskRecordReadsAsText()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = blueque.enqueue("q", R"({"n": 1, "list": [1, 2]})", T);
        const auto record =
            awaitBlueque<BluequeTaskRecord>([&](QObject *c, auto done) { m_client->taskRecord(id, c, done); });
        QVERIFY(record.ok());
        const QString text = BluequeTaskText::describe(record.value, T + 60);
        QVERIFY2(text.contains(QLatin1String("\"n\": 1")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("status: pending")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Held by: pending")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("(1795843468.5)")), qPrintable(text));
        QCOMPARE(JsonText::pretty("plain text"), QStringLiteral("plain text"));
    }
};

QTEST_GUILESS_MAIN(TestBluequeModels)
#include "tst_bluequemodels.moc"
