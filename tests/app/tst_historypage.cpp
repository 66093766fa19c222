// SPDX-License-Identifier: GPL-3.0-or-later
#include "activitypage.h"
#include "apptheme.h"
#include "auditlog.h"
#include "auditlogmodel.h"
#include "historychart.h"
#include "historycomparebar.h"
#include "historypage.h"
#include "historyregistry.h"
#include "historystore.h"
#include "historytimeticks.h"
#include "historyviewwindow.h"
#include "pagetestbase.h"

#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QWheelEvent>

#include <cmath>

// The History page on a store a test filled the way the recorder does (HistoryStore in Record
// mode on the server's history file, one batch per minute): the lines carry the values stored, a
// minute not recorded breaks the line (no zero drawn), marks are drawn with their labels, and the
// range box reads again. Zoom and pan read only the part shown (finer buckets zoomed in) and stay
// within what is recorded; a comparison draws two series with each one's stored values and
// exports both, named; a bulk run's mark selects its row in Activity; the axes tick at round
// values. Screenshots light and dark: build*/screenshots/history-*.png.
class TestHistoryPage final : public QObject, public PageTestBase
{
    Q_OBJECT

private:
    std::unique_ptr<QlessSession> m_session;
    std::shared_ptr<HistoryStore> m_store;
    qint64 m_base = 0;      // the minute the filled history starts at
    qint64 m_runMarkMs = 0; // the bulk run's mark (its end row in Activity)
    static constexpr qint64 DayMs = qint64(24) * 3600000;

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
        // The same minutes a day earlier, crawl busier (completed 100 + m): a period to compare.
        for (int m = 0; m < 40; ++m)
            m_store->append(minute(m_base - DayMs + m * 60000, 50, 100 + m, 0));
        HistoryBatch marks;
        m_runMarkMs = m_base + 35 * 60000 + 1234;
        marks.marks << HistoryMark{m_base + 12 * 60000, HistoryMark::Kind::Pause, QStringLiteral("crawl paused")}
                    << HistoryMark{m_base + 30 * 60000, HistoryMark::Kind::Reconnect, QStringLiteral("reconnected")}
                    << HistoryMark{m_runMarkMs, HistoryMark::Kind::BulkRun, QStringLiteral("move done: 3 moved"),
                                   QStringLiteral("run-7")};
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
        // Hovering a mark's label tells what it is and when (UTC too), a bulk run how to open it.
        const QString pause = page.chart()->markToolTip(0);
        QVERIFY2(pause.startsWith(QStringLiteral("Queue paused at ")), qPrintable(pause));
        QVERIFY(pause.contains(QDateTime::fromMSecsSinceEpoch(m_base + 12 * 60000, QTimeZone::utc())
                                   .toString(QStringLiteral("HH:mm:00 'UTC'"))));
        QVERIFY(page.chart()->markToolTip(1).startsWith(QStringLiteral("Reconnected at ")));
        QVERIFY(page.chart()->markToolTip(2).contains(QStringLiteral("run-7")));
        QCOMPARE(page.chart()->drawnMarkLabels(),
                 QStringList({QStringLiteral("crawl paused"), QStringLiteral("reconnected"),
                              QStringLiteral("move done: 3 moved")}));

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
        QTRY_VERIFY(page.chart()->title().contains(box(page, "historyRange")->currentText()));
        QVERIFY(!page.chart()->drawnRuns(completed).isEmpty());
        page.resize(1100, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        screenshot(&page, QStringLiteral("history-90days-light"));
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

    void axesOfThePageTickAtRoundValues()
    {
        HistoryPage page(m_session.get());
        page.resize(1100, 600);
        box(page, "historyRange")->setCurrentIndex(0);
        box(page, "historyKind")->setCurrentIndex(1); // backlog: waiting up to 49
        QVERIFY(refresh(&page));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QList<HistoryTimeTicks::Tick> ticks = page.chart()->drawnTimeTicks();
        QVERIFY(ticks.size() >= 4);
        const int stepMinutes = int((ticks.at(1).ms - ticks.at(0).ms) / 60000);
        QVERIFY(HistoryTimeTicks::stepsMinutes().contains(stepMinutes));
        for (const HistoryTimeTicks::Tick &tick : ticks) {
            const QDateTime at = QDateTime::fromMSecsSinceEpoch(tick.ms);
            QCOMPARE(at.time().second(), 0);
            QCOMPARE((at.time().hour() * 60 + at.time().minute()) % stepMinutes, 0);
            QVERIFY2(tick.label.endsWith(at.toString(QStringLiteral("HH:mm"))), qPrintable(tick.label));
        }
        const QList<qreal> values = page.chart()->drawnValueTicks();
        QVERIFY(values.size() >= 3);
        QCOMPARE(values.first(), 0.0);
        QVERIFY(values.last() > 49); // above the highest waiting count
        const qreal step = values.at(1) - values.at(0);
        const qreal mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
        QVERIFY2(qFuzzyCompare(mantissa, 1.0) || qFuzzyCompare(mantissa, 2.0) || qFuzzyCompare(mantissa, 5.0),
                 qPrintable(QString::number(step)));
        for (int i = 1; i < values.size(); ++i)
            QVERIFY(qFuzzyCompare(values.at(i) - values.at(i - 1), step));
    }

    void zoomAndPanReadOnlyTheShownPart()
    {
        HistoryPage page(m_session.get());
        page.resize(1100, 600);
        QCOMPARE(box(page, "historyRange")->currentIndex(), 1); // 24 hours
        QVERIFY(refresh(&page));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        HistoryChart *chart = page.chart();
        const HistoryViewWindow &window = chart->viewWindow();
        QVERIFY(window.isWhole());
        QCOMPARE(page.lastRead().fromMs, window.rangeFromMs());
        QCOMPARE(page.lastRead().toMs, window.rangeToMs());
        QCOMPARE(page.lastRead().resolutionMinutes, 2); // a day in 2-minute buckets
        const QString completed = HistoryChart::figureNames(HistoryChart::Kind::Throughput).at(0);
        QCOMPARE(qint64(chart->drawnRuns(completed).first().first().x()) % 120000, 0);
        // A bucket's rate is over the minutes heard in it: the first bucket, half recorded when the
        // history starts on an odd minute, is not drawn half as busy.
        const bool evenStart = (m_base / 60000) % 2 == 0;
        QCOMPARE(chart->drawnRuns(completed).first().first().y(), evenStart ? (6.0 + 7.0) / 2 : 6.0);

        // The keyboard: + zooms in (around the middle), the arrows pan, to the end of the range.
        chart->setFocus();
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(chart, Qt::Key_Plus);
        QCOMPARE(window.spanMs(), (window.rangeToMs() - window.rangeFromMs()) / 8);
        for (int i = 0; i < 30; ++i)
            QTest::keyClick(chart, Qt::Key_Right);
        QCOMPARE(window.toMs(), window.rangeToMs());
        QTRY_COMPARE(page.lastRead().fromMs, window.fromMs());
        QCOMPARE(page.lastRead().toMs, window.toMs());
        QCOMPARE(page.lastRead().resolutionMinutes, 1); // 3 hours: minutes
        QTRY_COMPARE(chart->drawnRuns(completed).size(), 2);
        QCOMPARE(chart->drawnRuns(completed).at(1).last(), QPointF(qreal(m_base + 39 * 60000), 5 + (39 % 7) + 1));
        screenshot(&page, QStringLiteral("history-zoomed-light"));
        // The wheel zooms around the pointer: a time near the plot's left edge stays put.
        QChartView *view = chart->findChild<QChartView *>();
        const QRectF plot = view->chart()->plotArea();
        const QPoint pointer = view->mapFromScene(QPointF(plot.left() + plot.width() / 10, plot.center().y()));
        const qint64 before = window.fromMs() + (window.toMs() - window.fromMs()) / 10;
        const qint64 spanBefore = window.spanMs();
        QWheelEvent out(QPointF(pointer), QPointF(view->viewport()->mapToGlobal(pointer)), QPoint(), QPoint(0, 120),
                        Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &out);
        QVERIFY(window.spanMs() < spanBefore);
        const qint64 after = window.fromMs() + (window.toMs() - window.fromMs()) / 10;
        QVERIFY2(std::abs(after - before) < window.spanMs() / 50, qPrintable(QString::number(after - before)));

        // Narrower than what is recorded, panning back stops at its first minute.
        QTest::keyClick(chart, Qt::Key_Plus);
        QTest::keyClick(chart, Qt::Key_Plus);
        QTest::keyClick(chart, Qt::Key_Plus);
        for (int i = 0; i < 30; ++i)
            QTest::keyClick(chart, Qt::Key_Left);
        // (The first bucket recorded: the whole day was read in 2-minute buckets.)
        QVERIFY2(window.fromMs() <= m_base && window.fromMs() > m_base - 120000,
                 qPrintable(QString::number(window.fromMs() - m_base)));
        QTRY_COMPARE(page.lastRead().fromMs, window.fromMs());

        // A drag to the left brings the later part into view, by as much time as it moved; one to
        // the right cannot go before the first minute recorded.
        const qint64 fromBefore = window.fromMs();
        const QPoint start = view->mapFromScene(plot.center());
        const QPoint quarter(int(plot.width() / 4), 0);
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, start);
        QTest::mouseMove(view->viewport(), start - quarter);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, start - quarter);
        const qint64 moved = window.fromMs() - fromBefore;
        QVERIFY2(std::abs(moved - window.spanMs() / 4) < window.spanMs() / 50, qPrintable(QString::number(moved)));
        QTRY_COMPARE(page.lastRead().fromMs, window.fromMs());
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, start);
        QTest::mouseMove(view->viewport(), start + quarter * 3);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, start + quarter * 3);
        QCOMPARE(window.fromMs(), fromBefore);
        QTRY_COMPARE(page.lastRead().fromMs, window.fromMs());

        // Another figure or queue keeps the part zoomed into.
        const qint64 zoomedFrom = window.fromMs();
        box(page, "historyKind")->setCurrentIndex(1);
        QTRY_VERIFY(page.chart()->title().startsWith(box(page, "historyKind")->currentText()));
        QCOMPARE(window.fromMs(), zoomedFrom);
        QCOMPARE(page.lastRead().fromMs, zoomedFrom);

        // Home: the whole range again, read whole.
        QTest::keyClick(chart, Qt::Key_Home);
        QVERIFY(window.isWhole());
        QTRY_COMPARE(page.lastRead().resolutionMinutes, 2);
    }

    void comparesTwoQueues()
    {
        HistoryPage page(m_session.get());
        box(page, "historyRange")->setCurrentIndex(0);
        QVERIFY(refresh(&page));
        box(page, "historyQueue")->setCurrentIndex(box(page, "historyQueue")->findData(QStringLiteral("crawl")));
        page.compareBar()->choose(HistoryCompareBar::Mode::Queue, QStringLiteral("mail"));
        const QString completed = HistoryChart::figureNames(HistoryChart::Kind::Throughput).at(0);
        const QString crawlName = HistoryChart::seriesName(completed, QStringLiteral("crawl"));
        const QString mailName = HistoryChart::seriesName(completed, QStringLiteral("mail"));
        QTRY_VERIFY(page.chart()->drawnLegend().contains(mailName));
        QVERIFY(page.chart()->drawnLegend().contains(crawlName));
        const QList<QList<QPointF>> crawl = page.chart()->drawnRuns(crawlName);
        const QList<QList<QPointF>> mail = page.chart()->drawnRuns(mailName);
        QCOMPARE(crawl.size(), 2);
        QCOMPARE(mail.size(), 2);
        QCOMPARE(crawl.at(0).first(), QPointF(qreal(m_base), 5)); // crawl's own, not summed with mail
        QCOMPARE(crawl.at(1).last(), QPointF(qreal(m_base + 39 * 60000), 5 + (39 % 7)));
        QCOMPARE(mail.at(0).first(), QPointF(qreal(m_base), 1));
        QCOMPARE(mail.at(1).size(), 15);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compared.csv"));
        QString error;
        QVERIFY2(page.exportTo(path, &error), qPrintable(error));
        QFile csv(path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QVERIFY(lines.first().startsWith("series,queue,minute_utc,"));
        QCOMPARE(lines.size(), 1 + 35 + 35 + 1);
        const QByteArray minute =
            QDateTime::fromMSecsSinceEpoch(m_base, QTimeZone::utc()).toString(Qt::ISODateWithMs).toUtf8();
        QVERIFY(lines.contains("crawl,crawl," + minute + ",1,10,0,2,0,0,5,2,0\r"));
        QVERIFY(lines.contains("mail,mail," + minute + ",1,1,0,2,0,0,1,0,0\r"));
    }

    void comparesTwoPeriods()
    {
        HistoryPage page(m_session.get());
        page.resize(1100, 600);
        box(page, "historyRange")->setCurrentIndex(0);
        QVERIFY(refresh(&page));
        box(page, "historyQueue")->setCurrentIndex(box(page, "historyQueue")->findData(QStringLiteral("crawl")));
        page.compareBar()->choose(HistoryCompareBar::Mode::Yesterday);
        const QString completed = HistoryChart::figureNames(HistoryChart::Kind::Throughput).at(0);
        const QString earlierName = HistoryChart::seriesName(completed, page.compareBar()->label(3600000));
        const QString thisName = HistoryChart::seriesName(completed, HistoryPage::tr("this period"));
        QTRY_VERIFY(!page.chart()->drawnRuns(earlierName).isEmpty());
        // Yesterday's minutes drawn over today's: at today's times, with yesterday's values.
        const QList<QList<QPointF>> earlier = page.chart()->drawnRuns(earlierName);
        QCOMPARE(earlier.size(), 1);
        QCOMPARE(earlier.at(0).size(), 40);
        QCOMPARE(earlier.at(0).first(), QPointF(qreal(m_base), 100));
        QCOMPARE(earlier.at(0).at(30), QPointF(qreal(m_base + 30 * 60000), 130));
        QCOMPARE(page.chart()->drawnRuns(thisName).at(0).first(), QPointF(qreal(m_base), 5));
        QVERIFY(page.chart()->title().contains(page.compareBar()->label(3600000)));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        screenshot(&page, QStringLiteral("history-compare-light"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("periods.csv"));
        QString error;
        QVERIFY2(page.exportTo(path, &error), qPrintable(error));
        QFile csv(path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        // Each row at its own time: yesterday's with yesterday's minute.
        const QByteArray yesterday =
            QDateTime::fromMSecsSinceEpoch(m_base - DayMs, QTimeZone::utc()).toString(Qt::ISODateWithMs).toUtf8();
        QVERIFY(lines.contains("1440 min earlier,crawl," + yesterday + ",1,50,0,2,0,0,100,0,0\r"));
        QVERIFY(lines.at(1).startsWith("this period,crawl,"));
    }

    void bulkRunMarkOpensItsActivityRow()
    {
        QTemporaryDir dir;
        auto audited = sessionAuditedInto(dir.filePath(QStringLiteral("audit.jsonl")));
        const auto write = [&audited](const QString &action, const QString &run, qint64 ms, const QString &outcome) {
            AuditRecord r;
            r.time = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
            r.action = action;
            if (!run.isEmpty())
                r.arguments.insert(QStringLiteral("run"), run);
            r.outcome = outcome;
            return audited->auditLog()->append(r);
        };
        // Oldest first, as they are written: the run's start and end among other writes.
        QVERIFY(write(QStringLiteral("move"), QStringLiteral("run-6"), m_runMarkMs - 90000, QStringLiteral("done")));
        QVERIFY(write(QStringLiteral("move"), QStringLiteral("run-7"), m_runMarkMs - 20000, QStringLiteral("started")));
        QVERIFY(write(QStringLiteral("cancel"), QString(), m_runMarkMs - 10000, QStringLiteral("done")));
        QVERIFY(write(QStringLiteral("move"), QStringLiteral("run-7"), m_runMarkMs, QStringLiteral("done")));
        for (int i = 1; i <= 3; ++i)
            QVERIFY(write(QStringLiteral("priority"), QString(), m_runMarkMs + i * 1000, QStringLiteral("done")));
        ActivityPage activity(audited.get());
        QSignalSpy found(&activity, &ActivityPage::runLookupFinished);

        HistoryPage page(m_session.get());
        page.resize(1100, 600);
        box(page, "historyRange")->setCurrentIndex(0);
        QVERIFY(refresh(&page));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        connect(&page, &HistoryPage::openActivityRunRequested, &activity, &ActivityPage::selectRun);

        // Clicking the bulk run's label selects the run's row written at the mark's time.
        QChartView *view = page.chart()->findChild<QChartView *>();
        const QPoint label = page.chart()->markLabelCenter(2);
        QVERIFY(!label.isNull());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->viewport()->mapFrom(page.chart(), label));
        QTRY_COMPARE(found.size(), 1);
        QCOMPARE(found.at(0).at(0).toBool(), true);
        QModelIndex current = activity.view()->currentIndex();
        QCOMPARE(current.data(AuditLogModel::RunRole).toString(), QStringLiteral("run-7"));
        QCOMPARE(current.data(AuditLogModel::SortRole).toLongLong(), m_runMarkMs);
        QVERIFY(activity.view()->selectionModel()->isRowSelected(current.row(), {}));

        // The keyboard: M chooses the marks in turn (a pause's is no link), Enter opens the run.
        QSignalSpy asked(&page, &HistoryPage::openActivityRunRequested);
        page.chart()->setFocus();
        QTest::keyClick(page.chart(), Qt::Key_M);
        QCOMPARE(page.chart()->chosenMark(), 0);
        QTest::keyClick(page.chart(), Qt::Key_Return);
        QCOMPARE(asked.size(), 0);
        QTest::keyClick(page.chart(), Qt::Key_M, Qt::ShiftModifier);
        QCOMPARE(page.chart()->chosenMark(), 2);
        // A refresh draws the chart anew: the mark chosen stays chosen.
        QVERIFY(refresh(&page));
        QCOMPARE(page.chart()->chosenMark(), 2);
        QTest::keyClick(page.chart(), Qt::Key_Return);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.at(0).at(0).toString(), QStringLiteral("run-7"));
        QCOMPARE(asked.at(0).at(1).toLongLong(), m_runMarkMs);
        QTRY_COMPARE(found.size(), 2);

        // The run's start time selects its start row; a run the log lacks is said to be missing.
        activity.selectRun(QStringLiteral("run-7"), m_runMarkMs - 20000);
        QTRY_COMPARE(found.size(), 3);
        current = activity.view()->currentIndex();
        QCOMPARE(current.data(AuditLogModel::SortRole).toLongLong(), m_runMarkMs - 20000);
        activity.selectRun(QStringLiteral("run-404"), m_runMarkMs);
        QTRY_COMPARE(found.size(), 4);
        QCOMPARE(found.at(3).at(0).toBool(), false);
        QVERIFY(activity.statusLabel()->text().contains(QStringLiteral("run-404")));
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
            box(page, "historyKind")->setCurrentIndex(0);
            page.compareBar()->choose(HistoryCompareBar::Mode::Yesterday);
            QTRY_VERIFY(page.chart()->title().contains(page.compareBar()->label(3600000)));
            QTRY_VERIFY(page.chart()->drawnLegend().size() == 4);
            screenshot(&page, QStringLiteral("history-compare-dark"));
        }
        QApplication::setPalette(before);
    }
};

QTEST_MAIN(TestHistoryPage)
#include "tst_historypage.moc"
