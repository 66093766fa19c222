// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventlogmodel.h"
#include "eventstream.h"
#include "jobclasscache.h"
#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QSignalSpy>
#include <QTest>

// The live event stream against a real redis-server: another client's puts and completions fill
// the model in order, each batch says the pipeline moved (for the window's early refresh), and
// the classes qless does not publish are looked up (and a job gone is not asked for again).
class TestEventStream final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    ConnectionSettings settings()
    {
        ConnectionSettings s;
        s.transport = ConnectionSettings::Transport::Unix;
        s.socketPath = m_q.server().socketPath();
        return s;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void eventsFillTheModelWithTheirClasses()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        EventStream stream(settings(), &client);
        QSignalSpy moved(&stream, &EventStream::changesSeen);
        QTRY_COMPARE_WITH_TIMEOUT(stream.state().phase, ConnectionState::Phase::Ready, 20000);

        for (int i = 0; i < 20; ++i)
            QVERIFY(
                !m_q.put("mail", "m" + QByteArray::number(i), 1700000000 + i, {}, 0, "{}", i % 2 ? "Mailer" : "Billing")
                     .isError());
        QVERIFY(!m_q.qless("cancel", 1700000100, {"m0"}).isError());
        EventLogModel *model = stream.model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 21, 20000);
        QVERIFY(moved.size() >= 1);
        for (int i = 0; i < 20; ++i) {
            QCOMPARE(model->index(i, EventLogModel::EventColumn).data().toString(), QStringLiteral("put"));
            QCOMPARE(model->index(i, EventLogModel::JidColumn).data().toString(), QStringLiteral("m%1").arg(i));
        }
        QCOMPARE(model->index(20, EventLogModel::EventColumn).data().toString(), QStringLiteral("canceled"));
        QTRY_VERIFY_WITH_TIMEOUT(stream.jobClasses()->isKnown(QStringLiteral("m19")), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(model->index(19, EventLogModel::KlassColumn).data().toString(),
                                  QStringLiteral("Mailer"), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(model->index(2, EventLogModel::KlassColumn).data().toString(),
                                  QStringLiteral("Billing"), 20000);
        // m0 was cancelled before it could be asked for: known as gone, shown without a class.
        QTRY_VERIFY_WITH_TIMEOUT(stream.jobClasses()->isKnown(QStringLiteral("m0")), 20000);
        QCOMPARE(stream.jobClasses()->classOf(QStringLiteral("m0")), QString());
        QCOMPARE(stream.jobClasses()->wantedCount(), 0);
    }

    void jobClassesAreAskedForTheNewestAndStayBounded()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        JobClassCache book(&client);
        QStringList jids;
        for (int i = 0; i < 5000; ++i)
            jids << QStringLiteral("gone-%1").arg(i);
        book.want(jids);
        QVERIFY(book.wantedCount() <= JobClassCache::MaxWanted);
        QTRY_COMPARE_WITH_TIMEOUT(book.wantedCount(), 0, 30000);
        QVERIFY(book.isKnown(QStringLiteral("gone-4999")));
        QVERIFY(!book.isKnown(QStringLiteral("gone-0"))); // let go: too old to be worth asking
    }
};

QTEST_GUILESS_MAIN(TestEventStream)
#include "tst_eventstream.moc"
