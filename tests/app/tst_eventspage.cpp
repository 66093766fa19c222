// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionbar.h"
#include "eventfilterproxy.h"
#include "eventlogmodel.h"
#include "eventspage.h"
#include "eventstream.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "ratesparkline.h"
#include "refreshtimer.h"

#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

// The Events page in the window: another client's puts, failures, completions and config changes
// listed as they happen, filtered by the page's fields, held still by Pause (and counted), a
// reconnect shown as a gap; the stream brings the page on screen's refresh forward. Leaves
// build*/screenshots/events.png for people to look at.
class TestEventsPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    double m_now = 1700000000;

    static EventsPage *eventsPage(MainWindow &window)
    {
        for (Page *page : window.pages()) {
            if (auto *events = qobject_cast<EventsPage *>(page))
                return events;
        }
        return nullptr;
    }
    void put(const QByteArray &queue, const QByteArray &jid, const QByteArray &klass)
    {
        QVERIFY(!fixture().put(queue, jid, m_now += 1, {}, 0, "{}", klass).isError());
    }
    // A morning's worth of traffic from "another client": the real script, through another connection.
    void seedTraffic()
    {
        const QList<QByteArray> queues{"emails", "billing", "reports"};
        const QList<QByteArray> classes{"Mailer::Welcome", "Billing::Charge", "Reports::Nightly"};
        for (int i = 0; i < 24; ++i)
            put(queues.at(i % 3), "job-" + QByteArray::number(1000 + i), classes.at(i % 3));
        const QList<QByteArray> popped = fixture().pop("emails", "worker-7.prod", 4, m_now += 1);
        QCOMPARE(popped.size(), 4);
        QVERIFY(!fixture().qless("complete", m_now += 1, {popped.at(0), "worker-7.prod", "emails", "{}"}).isError());
        QVERIFY(!fixture()
                     .qless("fail", m_now += 1,
                            {popped.at(1), "worker-7.prod", "smtp-timeout", "Net::ReadTimeout after 30s", "{}"})
                     .isError());
        QVERIFY(!fixture().qless("config.set", m_now, {"heartbeat", "120"}).isError());
        QVERIFY(!fixture().qless("cancel", m_now, {"job-1023"}).isError());
        fixture().command({"PUBLISH", "ql:log", "{not json"});
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void init() { fixture().flush(); }
    void cleanupTestCase() { stopServer(); }

    void listsFiltersPausesAndShowsGaps()
    {
        MainWindow window;
        window.setSession(session());
        QVERIFY(window.showPage(QStringLiteral("Events")));
        window.show();
        EventsPage *page = eventsPage(window);
        QVERIFY(page);
        EventLogModel *model = page->stream()->model();
        QTRY_COMPARE_WITH_TIMEOUT(page->stream()->state().phase, ConnectionState::Phase::Ready, 20000);
        QTRY_VERIFY(page->stateLabel()->text().contains(QStringLiteral("Listening")));

        seedTraffic();
        // 24 puts, completed, failed, config_set, canceled, and the unreadable one.
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 29, 20000);
        QAbstractItemModel *shown = page->view()->model();
        QCOMPARE(shown->index(0, EventLogModel::JidColumn).data().toString(), QStringLiteral("job-1000"));
        QCOMPARE(shown->index(24, EventLogModel::EventColumn).data().toString(), QStringLiteral("completed"));
        QCOMPARE(shown->index(25, EventLogModel::EventColumn).data().toString(), QStringLiteral("failed"));
        QVERIFY(shown->index(28, EventLogModel::DetailColumn).data().toString().contains(QStringLiteral("{not json")));
        QTRY_VERIFY(page->countsLabel()->text().contains(QStringLiteral("received: 29")));

        // Filters, as typed and chosen on the page.
        page->queueEdit()->setText(QStringLiteral("email"));
        QCOMPARE(shown->rowCount(), 9); // 8 puts and the completion (qless names no queue in "failed")
        page->queueEdit()->clear();
        page->eventChoice()->setCurrentIndex(page->eventChoice()->findData(QStringLiteral("failed")));
        QCOMPARE(shown->rowCount(), 1);
        QCOMPARE(shown->index(0, EventLogModel::WorkerColumn).data().toString(), QStringLiteral("worker-7.prod"));
        page->eventChoice()->setCurrentIndex(0);
        page->jidEdit()->setText(QStringLiteral("job-1001"));
        QCOMPARE(shown->rowCount(), 1);
        page->jidEdit()->clear();
        page->klassEdit()->setText(QStringLiteral("billing::"));
        QTRY_COMPARE_WITH_TIMEOUT(shown->rowCount(), 8, 20000); // once the classes are looked up
        page->klassEdit()->clear();
        QCOMPARE(shown->rowCount(), 29);

        // Pause: the table holds still, arrivals are counted and come on resume.
        QTest::mouseClick(page->pauseButton(), Qt::LeftButton);
        QVERIFY(model->isPaused());
        put("emails", "while-paused", "Mailer::Welcome");
        QTRY_COMPARE_WITH_TIMEOUT(model->heldCount(), 1, 20000);
        QCOMPARE(shown->rowCount(), 29);
        QVERIFY(page->countsLabel()->text().contains(QStringLiteral("paused"))); // at once, on the click
        QTRY_VERIFY(page->countsLabel()->text().contains(QStringLiteral("paused, waiting: 1"))); // within a moment
        QTest::mouseClick(page->pauseButton(), Qt::LeftButton);
        QVERIFY(!model->isPaused());
        QCOMPARE(shown->rowCount(), 30);

        // A reconnect is a gap, marked in the table.
        page->stream()->reconnect();
        QTRY_COMPARE_WITH_TIMEOUT(model->gapCount(), 1, 20000);
        put("reports", "after-gap", "Reports::Nightly");
        QTRY_COMPARE_WITH_TIMEOUT(shown->rowCount(), 32, 20000);
        QCOMPARE(shown->index(30, EventLogModel::EventColumn).data().toString(), QStringLiteral("gap"));
        QTRY_VERIFY_WITH_TIMEOUT(page->sparkline()->peak() > 0, 20000);

        // Double-click opens the job.
        QSignalSpy open(page, &Page::openJobRequested);
        emit page->view()->doubleClicked(shown->index(1, EventLogModel::TimeColumn));
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().at(0).toByteArray(), QByteArray("job-1001"));

        QTRY_VERIFY_WITH_TIMEOUT(!shown->index(29, EventLogModel::KlassColumn).data().toString().isEmpty(), 20000);
        window.resize(1280, 800);
        QTest::qWait(100);
        screenshot(&window, QStringLiteral("events"));
    }

    // Batch after batch (40 a second at 10,000 events a second): the counts line is rewritten a
    // few times a second, not per batch, and ends on the last count.
    void countsFollowABurstOfBatchesAFewTimesASecond()
    {
        MainWindow window;
        window.setSession(session());
        QVERIFY(window.showPage(QStringLiteral("Events")));
        window.show();
        EventsPage *page = eventsPage(window);
        EventLogModel *model = page->stream()->model();
        QSet<QString> shown;
        for (int i = 0; i < 60; ++i) {
            QlessEvent event;
            event.event = QStringLiteral("put");
            event.jid = QStringLiteral("burst-%1").arg(i);
            event.receivedMs = QDateTime::currentMSecsSinceEpoch();
            model->append({event});
            QCoreApplication::processEvents();
            shown.insert(page->countsLabel()->text());
        }
        QVERIFY2(shown.size() < 20, qPrintable(QString::number(shown.size())));
        QTRY_VERIFY(page->countsLabel()->text().contains(QStringLiteral("received: 60")));
    }

    void theStreamBringsTheRefreshForward()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        QVERIFY(window.showPage(QStringLiteral("Overview")));
        window.refreshTimer()->setInterval(600000); // a poll would not come within the test
        QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 20000);
        EventsPage *page = eventsPage(window);
        QTRY_COMPARE_WITH_TIMEOUT(page->stream()->state().phase, ConnectionState::Phase::Ready, 20000);
        QSignalSpy refreshes(window.refreshTimer(), &RefreshTimer::refreshRequested);
        put("emails", "nudge", "Mailer::Welcome");
        QTRY_VERIFY_WITH_TIMEOUT(refreshes.size() >= 1, 20000);
    }
};

QTEST_MAIN(TestEventsPage)
#include "tst_eventspage.moc"
