// SPDX-License-Identifier: GPL-3.0-or-later
#include "historychart.h"
#include "historytimeticks.h"
#include "historyviewwindow.h"

#include <QDateTime>
#include <QTest>

// The History chart's arithmetic, without a server or a drawing: the view window that zoom and
// pan move (bounded by the range and by what is recorded, zoomed around a point, read at a
// resolution its span calls for), the round times the time axis ticks at, and a coarse bucket's
// rate. The page's use of them on a real store: tst_historypage.
class TestHistoryView final : public QObject
{
    Q_OBJECT

    static constexpr qint64 DayMs = qint64(24) * 3600000;

private slots:
    void viewWindowStaysWithinTheRangeAndWhatIsRecorded()
    {
        HistoryViewWindow window;
        const qint64 hour = 3600000;
        window.setRange(0, hour);
        window.setRecordedFrom(hour / 2);
        QVERIFY(window.zoom(4));
        QCOMPARE(window.spanMs(), hour / 4);
        window.pan(-10 * hour);
        QCOMPARE(window.fromMs(), hour / 2); // nothing recorded before: no panning into it
        window.pan(10 * hour);
        QCOMPARE(window.toMs(), hour);
        // Zoomed around a point, that point keeps its place on screen.
        window.setRange(0, hour); // nothing known to be recorded
        QVERIFY(window.zoom(2, hour / 4));
        QCOMPARE(window.fromMs(), hour / 8);
        QCOMPARE(window.toMs(), hour / 8 + hour / 2);
        QVERIFY(!window.zoom(1000, 0) || window.spanMs() == HistoryViewWindow::MinSpanMs);
        QCOMPARE(window.spanMs(), HistoryViewWindow::MinSpanMs);
        window.zoom(0.0001);
        QVERIFY(window.isWhole());
        // A coarse bucket heard for one of its two minutes: its rate is that minute's, not half.
        HistoryPoint half;
        half.resolutionMinutes = 2;
        half.hasEvents = true;
        half.completed = 6;
        half.minutesListened = 1;
        QCOMPARE(HistoryChart::runs({half}, HistoryChart::Kind::Throughput, 0).at(0).at(0).y(), 6.0);
        QCOMPARE(HistoryViewWindow::resolutionFor(hour), 1);
        QCOMPARE(HistoryViewWindow::resolutionFor(24 * hour), 2);
        QCOMPARE(HistoryViewWindow::resolutionFor(7 * 24 * hour), 15);
        QCOMPARE(HistoryViewWindow::resolutionFor(90 * 24 * hour), 180);
    }

    void timeTicksAtRoundTimes()
    {
        const qint64 noon = QDateTime(QDate(2026, 11, 25), QTime(12, 3, 17), Qt::UTC).toMSecsSinceEpoch();
        const QList<HistoryTimeTicks::Tick> hour = HistoryTimeTicks::ticks(noon, noon + 3600000, 8, Qt::UTC);
        QCOMPARE(hour.size(), 6); // every 10 minutes from 12:10
        QCOMPARE(hour.first().label, QStringLiteral("12:10"));
        QCOMPARE(hour.last().label, QStringLiteral("13:00"));
        for (const HistoryTimeTicks::Tick &tick : hour)
            QCOMPARE(tick.ms % 600000, 0);
        // Over midnight the date is said where the day changes.
        const qint64 late = QDateTime(QDate(2026, 11, 25), QTime(23, 0), Qt::UTC).toMSecsSinceEpoch();
        const QList<HistoryTimeTicks::Tick> night = HistoryTimeTicks::ticks(late, late + 2 * 3600000, 5, Qt::UTC);
        QCOMPARE(night.size(), 5); // every 30 minutes
        QCOMPARE(night.at(1).label, QStringLiteral("23:30"));
        QVERIFY2(night.at(2).label.endsWith(QStringLiteral("00:00")) && night.at(2).label.size() > 5,
                 qPrintable(night.at(2).label));
        // A week: midnights; 90 days: Mondays.
        const QList<HistoryTimeTicks::Tick> week = HistoryTimeTicks::ticks(noon, noon + 7 * DayMs, 8, Qt::UTC);
        QCOMPARE(week.size(), 7);
        for (const HistoryTimeTicks::Tick &tick : week)
            QCOMPARE(tick.ms % DayMs, 0);
        const QList<HistoryTimeTicks::Tick> quarter = HistoryTimeTicks::ticks(noon, noon + 90 * DayMs, 8, Qt::UTC);
        QVERIFY(quarter.size() >= 6 && quarter.size() <= 8);
        for (const HistoryTimeTicks::Tick &tick : quarter)
            QCOMPARE(QDateTime::fromMSecsSinceEpoch(tick.ms, Qt::UTC).date().dayOfWeek(), 1);
    }
};

QTEST_MAIN(TestHistoryView)
#include "tst_historyview.moc"
