// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeclient.h"
#include "bluequegenerator.h"
#include "bluequelistenermodel.h"
#include "qlessfixture.h"
#include "redisconnection.h"

#include <QSet>
#include <QTest>

#include <memory>

// The listeners view's model on deployments our generator writes as Blueque v1.0.0 does: pages
// past MaxListeners listeners of a queue, and the reserved lists of listeners gone from the
// listener set (claimed orphans) shown after them with what they hold, marked.
class TestBluequeListeners final : public QObject
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

    void pagesPastTwoHundredListeners()
    {
        BluequeGenerator blueque(redis());
        const int total = 2 * BluequeListenerModel::MaxListeners + 50;
        for (int i = 0; i < total; ++i)
            blueque.addListener("q", "host.example_" + QByteArray::number(1000 + i));

        BluequeListenerModel model(m_client.get());
        QSet<QString> seen;
        QList<int> sizes;
        for (int page = 0; page < 5; ++page) {
            QVERIFY(wait([&](auto cb) { model.refresh(QStringLiteral("q"), T + 5, cb); }));
            QCOMPARE(model.page(), page);
            sizes << model.rowCount();
            for (int row = 0; row < model.rowCount(); ++row)
                seen.insert(cell(model, row, BluequeListenerModel::NameColumn));
            if (!model.turnPage(1))
                break;
        }
        QCOMPARE(sizes, (QList<int>{200, 200, 50}));
        QCOMPARE(seen.size(), total);
        QVERIFY(!model.hasNextPage());
        QVERIFY(!model.turnPage(1));
        QVERIFY(model.turnPage(-1));
        QVERIFY(wait([&](auto cb) { model.refresh(QStringLiteral("q"), T + 5, cb); }));
        QCOMPARE(model.rowCount(), 200);
        QVERIFY(model.hasNextPage());
        QCOMPARE(model.goneCount(), 0);
    }

    void showsReservedListsOfListenersGoneFromTheSet()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", "alive.host_1");
        blueque.addListener("q", "dead.host_7");
        // Another queue whose name starts with this one's: its lists are not this queue's.
        blueque.addListener("q_x", "other.host_3");
        const QByteArray older = blueque.enqueue("q", "a", T);
        const QByteArray newer = blueque.enqueue("q", "b", T + 1);
        QCOMPARE(blueque.dequeue("q", "dead.host_7", T + 2), older);
        QCOMPARE(blueque.dequeue("q", "dead.host_7", T + 3), newer);
        const QByteArray other = blueque.enqueue("q_x", "c", T);
        blueque.dequeue("q_x", "other.host_3", T + 2);
        blueque.removeListener("q_x", "other.host_3");
        QCOMPARE(blueque.reclaim("q", "dead.host_7", "alive.host_1"), newer);

        BluequeListenerModel model(m_client.get());
        model.setKnownQueues({QStringLiteral("q"), QStringLiteral("q_x")});
        QVERIFY(wait([&](auto cb) { model.refresh(QStringLiteral("q"), T + 60, cb); }));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(cell(model, 0, BluequeListenerModel::NameColumn), QStringLiteral("alive.host_1"));
        QCOMPARE(cell(model, 0, BluequeListenerModel::NoteColumn), QString());
        QCOMPARE(cell(model, 1, BluequeListenerModel::NameColumn), QStringLiteral("dead.host_7"));
        QCOMPARE(cell(model, 1, BluequeListenerModel::HeldColumn), QStringLiteral("2"));
        QVERIFY(cell(model, 1, BluequeListenerModel::TasksColumn).contains(QString::fromUtf8(older)));
        QCOMPARE(cell(model, 1, BluequeListenerModel::NoteColumn), QStringLiteral("Gone from the listener set"));
        QVERIFY(model.data(model.index(1, 0), Qt::ToolTipRole).toString().contains(QLatin1String("claim_orphan")));
        QVERIFY(model.data(model.index(1, 0), Qt::ForegroundRole).isValid());
        QCOMPARE(model.goneCount(), 1);

        // q_x's own list of a listener gone from q_x's set is q_x's, not q's.
        QVERIFY(wait([&](auto cb) { model.refresh(QStringLiteral("q_x"), T + 60, cb); }));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, BluequeListenerModel::NameColumn), QStringLiteral("other.host_3"));
        QVERIFY(cell(model, 0, BluequeListenerModel::TasksColumn).contains(QString::fromUtf8(other)));

        // A list that has emptied since the walk is not shown.
        blueque.start("q", older, "dead.host_7", 11, T + 61);
        blueque.complete("q", older, "dead.host_7", 11, "ok", T + 62);
        blueque.start("q", newer, "dead.host_7", 12, T + 61);
        blueque.fail("q", newer, "dead.host_7", 12, "boom", T + 62);
        QVERIFY(wait([&](auto cb) { model.refresh(QStringLiteral("q"), T + 70, cb); }));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.goneCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestBluequeListeners)
#include "tst_bluequelisteners.moc"
