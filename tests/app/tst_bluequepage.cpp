// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequegenerator.h"
#include "bluequepage.h"
#include "bluequequeuemodel.h"
#include "bluequesession.h"
#include "bluequetaskmodel.h"
#include "pagetestbase.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

// The Blueque page on a real redis-server holding qless and a Blueque deployment our generator
// wrote as Blueque v1.0.0 does: hidden while the server holds no Blueque, then its queues with
// counts and anomalies, a queue's tasks by state, and a task's record; screenshot saved.
class TestBluequePage final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void init() { fixture().flush(); }

    void availableOnlyWhenTheServerHoldsBlueque()
    {
        fixture().put("qlessq", "jid1", T);
        auto s = session();
        BluequePage page(s.get());
        QSignalSpy available(&page, &Page::availabilityChanged);
        QVERIFY(refresh(&page));
        QVERIFY(!page.isAvailable());
        QVERIFY(page.statusLabel()->text().contains(QLatin1String("no Blueque")));
        BluequeGenerator(fixture().redis()).enqueue("q", "p", T);
        QVERIFY(refresh(&page));
        QVERIFY(available.wait(5000) || page.isAvailable());
        QVERIFY(page.isAvailable());
    }

    void showsQueuesTasksAndARecord()
    {
        SyncRedis &redis = fixture().redis();
        fixture().put("qlessq", "jid1", T);
        BluequeGenerator blueque(redis);
        const double now = QDateTime::currentSecsSinceEpoch();
        blueque.addListener("transcode", "worker-1.example.com_4242");
        for (int i = 0; i < 40; ++i)
            blueque.enqueue("transcode", QByteArrayLiteral(R"({"video": "clip-)") + QByteArray::number(i) + "\"}",
                            now - 600 + i);
        for (int i = 0; i < 3; ++i) {
            const QByteArray id = blueque.dequeue("transcode", "worker-1.example.com_4242", now - 500 + i);
            blueque.start("transcode", id, "worker-1.example.com_4242", 5000 + i, now - 499 + i);
            blueque.fail("transcode", id, "worker-1.example.com_4242", 5000 + i, "ffmpeg exited with status 1",
                         now - 400 + i);
        }
        blueque.dequeue("transcode", "worker-1.example.com_4242", now - 300);
        blueque.schedule("transcode", R"({"video": "nightly"})", now - 60, now - 3600);
        blueque.enqueue("thumbnails", "plain text", now - 30);
        blueque.addListener("thumbnails", "worker-2.example.com_77");
        blueque.dequeueHalf("thumbnails", "worker-2.example.com_77");

        auto s = session();
        BluequePage page(s.get());
        page.resize(1280, 800);
        page.show();
        QVERIFY(refresh(&page));
        QVERIFY(page.isAvailable());
        QCOMPARE(page.queueModel()->rowCount(), 2);
        QVERIFY(page.queueModel()->anomalyCount() >= 1);                   // the schedule past its eta
        QCOMPARE(page.taskModel()->queue(), QStringLiteral("thumbnails")); // the first row, selected
        page.showQueue(QStringLiteral("transcode"));
        page.showState(QStringLiteral("failed"));
        QVERIFY(QTest::qWaitFor([&] { return page.taskModel()->rowCount() == 3; }, 5000));
        page.taskView()->selectRow(0);
        QVERIFY(
            QTest::qWaitFor([&] { return page.recordView()->toPlainText().contains(QLatin1String("ffmpeg")); }, 5000));
        QVERIFY(page.recordView()->toPlainText().contains(QLatin1String("\"video\": \"clip-")));
        QVERIFY(page.navigationText().startsWith(QLatin1String("Blueque (")));
        screenshot(&page, QStringLiteral("blueque-failed"));

        page.showQueue(QStringLiteral("thumbnails"));
        page.showState(QStringLiteral("reserved"));
        QVERIFY(QTest::qWaitFor([&] { return page.taskModel()->rowCount() == 1; }, 5000));
        QVERIFY(page.taskModel()
                    ->data(page.taskModel()->index(0, BluequeTaskModel::AnomalyColumn))
                    .toString()
                    .contains(QLatin1String("still pending")));
        page.taskView()->selectRow(0);
        QTest::qWait(300);
        screenshot(&page, QStringLiteral("blueque-reserved"));
    }
};

QTEST_MAIN(TestBluequePage)
#include "tst_bluequepage.moc"
