// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeclient.h"
#include "bluequegenerator.h"
#include "bluequesample.h"
#include "bluequetasksearch.h"
#include "qlessfixture.h"
#include "redisconnection.h"

#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// The search over every Blueque task's parameters and error (lua/blueque/search.lua through
// BluequeTaskSearch) on a deployment our generator writes as Blueque v1.0.0 does: what it finds
// equals what plain reads of every hash find, in bounded steps, narrowed by queue and status,
// and a key of another type or a hash without the fields is passed over, not an error.
class TestBluequeSearch final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    static constexpr int Tasks = 2400;
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<BluequeClient> m_client;

    SyncRedis &redis() { return m_fixture->redis(); }

    // Every task whose parameters or error hold `text`, read with plain commands.
    QSet<QByteArray> expected(const QByteArray &text, const QByteArray &queue = {}, const QByteArray &status = {})
    {
        QSet<QByteArray> found;
        QByteArray cursor = "0";
        do {
            const RedisValue step = redis().command({"SCAN", cursor, "MATCH", "blueque_task_*", "COUNT", "1000"});
            cursor = step.elements.value(0).bytes;
            for (const QByteArray &key : step.elements.value(1).strings()) {
                if (redis().command({"TYPE", key}).bytes != "hash")
                    continue;
                const QList<QByteArray> f =
                    redis().command({"HMGET", key, "queue", "status", "parameters", "error"}).strings();
                if ((!queue.isEmpty() && f.value(0) != queue) || (!status.isEmpty() && f.value(1) != status))
                    continue;
                if (f.value(2).contains(text) || f.value(3).contains(text))
                    found.insert(key.mid(13));
            }
        } while (cursor != "0");
        return found;
    }

    QSet<QByteArray> search(BluequeTaskSearch &search, const QString &text, const QString &queue = {},
                            const QString &status = {})
    {
        QSignalSpy finished(&search, &BluequeTaskSearch::finished);
        search.start(text, queue, status);
        if (!finished.wait(30000) || !finished.first().at(0).toBool()) {
            qWarning() << "search failed:" << search.lastError();
            return {};
        }
        QSet<QByteArray> ids;
        for (const BluequeSearchHit &hit : search.matches())
            ids.insert(hit.id);
        return ids;
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
        BluequeSample::write(redis(), T);
        BluequeGenerator blueque(redis());
        blueque.addListener("bulk", "host_9");
        for (int i = 0; i < Tasks; ++i) {
            const QByteArray params =
                QByteArray(i % 7 == 0 ? "{\"needle\": " : "{\"hay\": ") + QByteArray::number(i) + "}";
            blueque.enqueue(i % 2 ? "bulk" : "other", params, T + i);
            if (i % 2 && i % 5 == 0) {
                const QByteArray id = blueque.dequeue("bulk", "host_9", T + i); // the oldest pending
                QVERIFY(!id.isEmpty());
                blueque.start("bulk", id, "host_9", 100, T + i);
                blueque.fail("bulk", id, "host_9", 100, "TimeoutError: needle of the error", T + i);
            }
        }
        // Not Blueque's: a string under a task's name, a hash without the fields.
        redis().command({"SET", "blueque_task_not-a-hash", "needle"});
        redis().command({"HSET", "blueque_task_bare", "other", "needle"});
    }

    void findsWhatEveryHashHolds()
    {
        BluequeTaskSearch search(m_client.get());
        search.setKeysPerCall(500);
        const QSet<QByteArray> found = this->search(search, QStringLiteral("needle"));
        const QSet<QByteArray> want = expected("needle");
        QVERIFY(want.size() > Tasks / 7);
        QCOMPARE(found, want);
        QCOMPARE(qint64(search.matches().size()), qint64(want.size())); // each once
        QVERIFY2(search.calls() >= Tasks / 500, qPrintable(QString::number(search.calls())));
        QVERIFY(search.looked() >= Tasks);
        QVERIFY(search.isComplete());
    }

    void errorsAndNarrowing()
    {
        BluequeTaskSearch search(m_client.get());
        QCOMPARE(this->search(search, QStringLiteral("TimeoutError")), expected("TimeoutError"));
        QVERIFY(!search.matches().isEmpty());
        QCOMPARE(search.matches().first().where, QStringList{QStringLiteral("error")});
        QCOMPARE(this->search(search, QStringLiteral("needle"), QStringLiteral("bulk"), QStringLiteral("failed")),
                 expected("needle", "bulk", "failed"));
        QCOMPARE(this->search(search, QStringLiteral("needle"), QStringLiteral("other")), expected("needle", "other"));
        QCOMPARE(this->search(search, QStringLiteral("ValueError: bad input")), expected("ValueError: bad input"));
        QCOMPARE(this->search(search, QStringLiteral("nowhere at all")), QSet<QByteArray>());
    }

    void anEmptyTextIsRefusedByTheScript()
    {
        BluequeTaskSearch search(m_client.get());
        QSignalSpy finished(&search, &BluequeTaskSearch::finished);
        search.start(QString());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(search.lastError().contains(QLatin1String("a text is required")), qPrintable(search.lastError()));
    }
};

QTEST_MAIN(TestBluequeSearch)
#include "tst_bluequesearch.moc"
