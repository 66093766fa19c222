// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptheme.h"
#include "historychart.h"
#include "historypage.h"
#include "historyregistry.h"
#include "historystore.h"
#include "pagetestbase.h"

#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

// The History page on a store a test filled the way the recorder does (HistoryStore in Record
// mode on the server's history file, one batch per minute): the lines carry the values stored, a
// minute not recorded breaks the line (no zero drawn), marks are drawn with their labels, and the
// range box reads again. Screenshots light and dark: build*/screenshots/history-*.png.
class TestHistoryPage final : public QObject, public PageTestBase
{
    Q_OBJECT

private:
    std::unique_ptr<QlessSession> m_session;
    std::shared_ptr<HistoryStore> m_store;
    qint64 m_base = 0; // the minute the filled history starts at

    static HistoryBatch minute(qint64 minuteMs, qint64 waiting, qint64 completed, qint64 failed)
    {
        HistoryBatch batch;
        for (const QString &queue : {QStringLiteral("crawl"), QStringLiteral("mail")}) {
            HistoryCountsSample sample;
            sample.queue = queue;
            sample.minuteMs = minuteMs;
            sample.waiting = queue == QLatin1String("crawl") ? waiting : 1;
            sample.running = 2;
            batch.counts << sample;
            HistoryEventCounts events;
            events.queue = queue;
            events.minuteMs = minuteMs;
            events.completed = queue == QLatin1String("crawl") ? completed : 1;
            events.failed = queue == QLatin1String("crawl") ? failed : 0;
            batch.events << events;
        }
        batch.coverage << HistoryMinuteCoverage{minuteMs, true, true};
        return batch;
    }

    static QComboBox *box(HistoryPage &page, const char *name)
    {
        return page.findChild<QComboBox *>(QString::fromLatin1(name));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        QVERIFY(!fixture().put("crawl", "a", now).isError());
        QVERIFY(!fixture().put("mail", "b", now).isError());
        m_session = session();
        const QString file = HistoryRegistry::fileFor(m_session->settings());
        QFile::remove(file); // a run before left its minutes, at other times
        QVERIFY(QDir().mkpath(QFileInfo(file).absolutePath()));
        m_store = HistoryRegistry::instance().store(file);
        QVERIFY2(m_store->isWriter(), qPrintable(m_store->whyReadOnly()));
        // 40 minutes ending 10 minutes ago; minutes 20 to 24 not recorded (a gap).
        m_base = (QDateTime::currentMSecsSinceEpoch() / 60000 - 50) * 60000;
        for (int m = 0; m < 40; ++m) {
            if (m >= 20 && m < 25)
                continue;
            m_store->append(minute(m_base + m * 60000, 10 + m, 5 + (m % 7), m % 5 == 0 ? 2 : 0));
        }
        HistoryBatch marks;
        marks.marks << HistoryMark{m_base + 12 * 60000, HistoryMark::Kind::Pause, QStringLiteral("crawl paused")}
                    << HistoryMark{m_base + 30 * 60000, HistoryMark::Kind::Reconnect, QStringLiteral("reconnected")};
        m_store->append(marks);
        QObject context;
        bool idle = false;
        m_store->whenIdle(&context, [&idle] { idle = true; });
        QTRY_VERIFY_WITH_TIMEOUT(idle, 20000);
    }

    void cleanupTestCase()
    {
        m_store.reset();
        m_session.reset();
        stopServer();
    }

    void drawsTheStoredValuesWithTheGapLeftOpen()
    {
        HistoryPage page(m_session.get());
        page.resize(1100, 600);
        box(page, "historyRange")->setCurrentIndex(0); // the last hour
        QVERIFY(refresh(&page));
        const QStringList names = HistoryChart::figureNames(HistoryChart::Kind::Throughput);
        const QList<QList<QPointF>> completed = page.chart()->drawnRuns(names.at(0));
        // Two runs: minutes 0-19 and 25-39; all queues summed (crawl's + mail's 1).
        QCOMPARE(completed.size(), 2);
        QCOMPARE(completed.at(0).size(), 20);
        QCOMPARE(completed.at(1).size(), 15);
        QCOMPARE(completed.at(0).first(), QPointF(qreal(m_base), 5 + 0 + 1));
        QCOMPARE(completed.at(1).first(), QPointF(qreal(m_base + 25 * 60000), 5 + (25 % 7) + 1));
        const QList<QList<QPointF>> failed = page.chart()->drawnRuns(names.at(1));
        QCOMPARE(failed.at(0).at(10).y(), 2.0);
        QCOMPARE(failed.at(0).at(11).y(), 0.0); // heard, none: a real zero
        QCOMPARE(page.chart()->drawnMarkLabels(),
                 QStringList({QStringLiteral("crawl paused"), QStringLiteral("reconnected")}));

        // One queue's backlog.
        const int crawl = box(page, "historyQueue")->findData(QStringLiteral("crawl"));
        QVERIFY(crawl > 0);
        box(page, "historyQueue")->setCurrentIndex(crawl);
        box(page, "historyKind")->setCurrentIndex(1);
        const QString waiting = HistoryChart::figureNames(HistoryChart::Kind::Backlog).at(0);
        QTRY_COMPARE(page.chart()->drawnRuns(waiting).size(), 2);
        QCOMPARE(page.chart()->drawnRuns(waiting).at(1).last(), QPointF(qreal(m_base + 39 * 60000), 10 + 39));

        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        screenshot(&page, QStringLiteral("history-light"));
    }

    void rangeSwitchReadsAgain()
    {
        HistoryPage page(m_session.get());
        box(page, "historyRange")->setCurrentIndex(0);
        QVERIFY(refresh(&page));
        const QString completed = HistoryChart::figureNames(HistoryChart::Kind::Throughput).at(0);
        QCOMPARE(page.chart()->drawnRuns(completed).size(), 2);
        // 90 days: the same minutes (all within the minutes kept) are still there.
        box(page, "historyRange")->setCurrentIndex(3);
        QTRY_VERIFY(!page.chart()->drawnRuns(completed).isEmpty());
        QLabel *status = page.findChild<QLabel *>(QStringLiteral("historyStatus"));
        QVERIFY(status->text().isEmpty());
    }

    void exportsEveryFormat()
    {
        HistoryPage page(m_session.get());
        box(page, "historyRange")->setCurrentIndex(0);
        QVERIFY(refresh(&page));
        const int crawl = box(page, "historyQueue")->findData(QStringLiteral("crawl"));
        QVERIFY(crawl > 0);
        box(page, "historyQueue")->setCurrentIndex(crawl);
        QTRY_COMPARE(page.chart()->title().contains(QStringLiteral("crawl")), true);
        QTemporaryDir dir;
        for (const char *extension : {"png", "svg", "pdf", "csv"}) {
            const QString path = dir.filePath(QStringLiteral("history.") + QLatin1String(extension));
            QString error;
            QVERIFY2(page.exportTo(path, &error), qPrintable(error));
            QVERIFY2(QFileInfo(path).size() > 0, extension);
        }
        // The exported picture, for people to look at beside the page's screenshots.
        QString error;
        QVERIFY2(page.exportTo(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/history-export.png"), &error),
                 qPrintable(error));
        QFile csv(dir.filePath(QStringLiteral("history.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        // The header, 35 recorded minutes (the gap has no row), the empty rest after the last CRLF.
        QCOMPARE(lines.size(), 37);
        const QByteArray first =
            "crawl," + QDateTime::fromMSecsSinceEpoch(m_base, QTimeZone::utc()).toString(Qt::ISODateWithMs).toUtf8()
            + ",1,10,0,2,0,0,5,2,0\r";
        QCOMPARE(lines.at(1), first);
    }

    void darkScreenshot()
    {
        const QPalette before = QApplication::palette();
        QApplication::setPalette(AppTheme::fusionDark());
        {
            HistoryPage page(m_session.get());
            page.resize(1100, 600);
            box(page, "historyRange")->setCurrentIndex(0);
            box(page, "historyKind")->setCurrentIndex(1);
            QVERIFY(refresh(&page));
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            QVERIFY(page.chart()->drawnBackground().lightness() < 100);
            screenshot(&page, QStringLiteral("history-dark"));
        }
        QApplication::setPalette(before);
    }
};

QTEST_MAIN(TestHistoryPage)
#include "tst_historypage.moc"
