// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/statschart.h"
#include "histogrambins.h"

#include <QApplication>
#include <QDir>
#include <QGraphicsView>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

// StatsChart: what it draws is read back from its own chart objects, not from pixels; the
// screenshots at the end are for people to look at.
class TstStatsChart : public QObject
{
    Q_OBJECT

private:
    static HistogramSeries waitSeries(const QString &name, int scale)
    {
        HistogramSeries s(name);
        // Most jobs wait a few seconds, a tail runs into minutes and hours, one waited a week.
        const int seconds[] = {40, 120, 300, 220, 150, 90, 60, 45, 30, 20};
        for (int i = 0; i < 10; ++i)
            s.counts[i] = qint64(seconds[i]) * scale;
        for (int i = 10; i < 60; ++i)
            s.counts[i] = qint64(60 - i) * scale / 5;
        for (int m = 1; m < 60; ++m)
            s.counts[HistogramBins::indexForSeconds(m * 60)] = qint64(qMax(0, 30 - m)) * scale / 3;
        s.counts[HistogramBins::indexForSeconds(3600)] = 4;
        s.counts[HistogramBins::indexForSeconds(5 * 3600)] = 2;
        s.counts[HistogramBins::indexForSeconds(2 * 86400)] = 1;
        s.counts[HistogramBins::Count - 1] = 1;
        s.count = s.total();
        s.mean = 97.25;
        s.std = 412.5;
        return s;
    }

    static DailyTrendSeries trend(int days)
    {
        DailyTrendSeries t(QStringLiteral("wait · crawl"));
        const QDate last(2026, 11, 20);
        for (int i = days - 1; i >= 0; --i) {
            DailyTrendSeries::Day day;
            day.date = last.addDays(-i);
            day.count = (i == 4) ? 0 : 800 + (i * 137) % 500;
            day.mean = 20.0 + (i * 53) % 140;
            t.days << day;
        }
        return t;
    }

    static void screenshot(StatsChart &chart, const QString &name, const QSize &size = QSize(1000, 560))
    {
        chart.resize(size);
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVERIFY(chart.grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png")));
    }

private slots:
    void histogramDrawsEveryBinOfEverySeries()
    {
        StatsChart chart;
        const HistogramSeries a = waitSeries(QStringLiteral("wait · 2026-11-20 · crawl"), 1);
        const HistogramSeries b = waitSeries(QStringLiteral("wait · 2026-11-19 · crawl"), 2);
        chart.setHistograms({a, b});
        QCOMPARE(chart.mode(), StatsChart::Mode::Histogram);
        QCOMPARE(chart.drawnSeriesCount(), 2);
        QCOMPARE(chart.drawnSeriesNames(), QStringList({a.name, b.name}));
        for (int s = 0; s < 2; ++s) {
            const QVector<qreal> values = chart.drawnValues(s);
            QCOMPARE(values.size(), HistogramBins::Count);
            const HistogramSeries &expected = s == 0 ? a : b;
            for (int bin = 0; bin < HistogramBins::Count; ++bin)
                QCOMPARE(values.at(bin), qreal(expected.counts.at(bin)));
        }
        QVERIFY(!chart.showsNoDataMessage());
    }

    void shortSeriesArePaddedToAllBins()
    {
        HistogramSeries s(QStringLiteral("short"));
        s.counts = {3, 4};
        StatsChart chart;
        chart.setHistograms({s});
        const QVector<qreal> values = chart.drawnValues(0);
        QCOMPARE(values.size(), HistogramBins::Count);
        QCOMPARE(values.at(0), 3.0);
        QCOMPARE(values.at(1), 4.0);
        QCOMPARE(values.at(2), 0.0);
    }

    void axisLabelsAreRoundValuesGroupedByUnit()
    {
        StatsChart chart;
        chart.resize(1000, 560);
        chart.setHistograms({waitSeries(QStringLiteral("x"), 1)});
        QCOMPARE(chart.tickLabels(),
                 QStringList({QStringLiteral("0 s"), QStringLiteral("10 s"), QStringLiteral("20 s"),
                              QStringLiteral("30 s"), QStringLiteral("40 s"), QStringLiteral("50 s"),
                              QStringLiteral("1 min"), QStringLiteral("10 min"), QStringLiteral("20 min"),
                              QStringLiteral("30 min"), QStringLiteral("40 min"), QStringLiteral("50 min"),
                              QStringLiteral("1 h"), QStringLiteral("6 h"), QStringLiteral("12 h"),
                              QStringLiteral("18 h"), QStringLiteral("1 d"), QStringLiteral("6 d+")}));
        QCOMPARE(chart.groupLabels(), QStringList({QStringLiteral("seconds"), QStringLiteral("minutes"),
                                                   QStringLiteral("hours"), QStringLiteral("days")}));
    }

    void narrowChartsLabelFewerTicks()
    {
        StatsChart chart;
        chart.resize(1000, 560);
        chart.setHistograms({waitSeries(QStringLiteral("x"), 1)});
        const int wide = int(chart.tickLabels().size());
        chart.resize(640, 400);
        chart.setHistograms({waitSeries(QStringLiteral("x"), 1)});
        const QStringList medium = chart.tickLabels();
        chart.resize(400, 300);
        chart.setHistograms({waitSeries(QStringLiteral("x"), 1)});
        const QStringList sparse = chart.tickLabels();
        QVERIFY(medium.size() < wide);
        QVERIFY(sparse.size() < medium.size());
        // Each unit keeps its first tick, so the groups still read.
        for (const QString &label :
             {QStringLiteral("0 s"), QStringLiteral("1 min"), QStringLiteral("1 h"), QStringLiteral("1 d")})
            QVERIFY2(sparse.contains(label), qPrintable(label));
        QCOMPARE(chart.groupLabels().size(), 4);
    }

    void logScaleToggles()
    {
        StatsChart chart;
        QSignalSpy spy(&chart, &StatsChart::logScaleChanged);
        chart.setHistograms({waitSeries(QStringLiteral("x"), 1)});
        QVERIFY(!chart.isLogScale());
        QVERIFY(!chart.countAxisIsLogarithmic());
        chart.setLogScale(true);
        QVERIFY(chart.isLogScale());
        QVERIFY(chart.countAxisIsLogarithmic());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toBool(), true);
        // The data is unchanged by the scale; an empty bin sits on the axis floor.
        QCOMPARE(chart.drawnValues(0).at(2), 300.0);
        QCOMPARE(chart.drawnValues(0).at(HistogramBins::indexForSeconds(40 * 60)), 0.5);
        // New data keeps the scale the operator chose.
        chart.setHistograms({waitSeries(QStringLiteral("y"), 2)});
        QVERIFY(chart.countAxisIsLogarithmic());
        chart.setLogScale(false);
        QVERIFY(!chart.countAxisIsLogarithmic());
        QCOMPARE(spy.count(), 2);
        chart.setLogScale(false);
        QCOMPARE(spy.count(), 2);
    }

    void toolTipNamesTheBinAndExactCounts()
    {
        StatsChart chart;
        HistogramSeries a(QStringLiteral("wait · today"));
        HistogramSeries b(QStringLiteral("wait · yesterday"));
        const int bin = HistogramBins::indexForSeconds(3 * 60);
        a.counts[bin] = 1234567;
        a.counts[0] = 1234567;
        b.counts[bin] = 3;
        chart.setHistograms({a, b});
        const QLocale locale;
        const QString expected = QStringLiteral("3 min (3 min to under 4 min)\n") + QStringLiteral("wait · today: ")
                                 + locale.toString(1234567) + QStringLiteral(" jobs (") + locale.toString(50.0, 'f', 1)
                                 + QStringLiteral(" %)\n") + QStringLiteral("wait · yesterday: 3 jobs (")
                                 + locale.toString(100.0, 'f', 1) + QStringLiteral(" %)");
        QCOMPARE(chart.binToolTip(bin), expected);
        QVERIFY(chart.binToolTip(HistogramBins::Count - 1).startsWith(QStringLiteral("6 d+ (6 d or more)")));
        QVERIFY(chart.binToolTip(5).startsWith(QStringLiteral("5 s (5 s to under 6 s)\n")));
        QVERIFY(chart.binToolTip(59).startsWith(QStringLiteral("59 s (59 s to under 1 min)\n")));
        QVERIFY(chart.binToolTip(HistogramBins::Count - 2).startsWith(QStringLiteral("5 d (5 d to under 6 d)\n")));
        QVERIFY(chart.binToolTip(-1).isEmpty());
        QVERIFY(chart.binToolTip(HistogramBins::Count).isEmpty());
    }

    void hoveringABarShowsItsToolTip()
    {
        StatsChart chart;
        HistogramSeries a(QStringLiteral("today"));
        HistogramSeries b(QStringLiteral("yesterday"));
        const int bin = HistogramBins::indexForSeconds(5);
        a.counts[bin] = 80;
        b.counts[bin] = 60;
        a.counts[bin + 1] = 10;
        chart.setHistograms({a, b});
        chart.resize(1000, 560);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        auto *view = chart.findChild<QGraphicsView *>();
        QVERIFY(view);
        QWidget *viewport = view->viewport();
        QTest::mouseMove(viewport, viewport->mapFrom(&chart, chart.barPosition(1, bin)));
        QVERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), chart.binToolTip(bin));
        QVERIFY(QToolTip::text().contains(QStringLiteral("yesterday: 60 jobs")));
        const auto windows = QApplication::topLevelWidgets();
        for (QWidget *window : windows) {
            if (window->inherits("QTipLabel") && window->isVisible()) {
                QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
                QVERIFY(window->grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/statschart-tooltip.png")));
            }
        }
        // Off the bars, the tooltip goes.
        QTest::mouseMove(viewport, QPoint(2, 2));
        // QToolTip hides on a short timer of its own.
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    void emptyShowsNoData()
    {
        StatsChart chart;
        QVERIFY(chart.isEmpty());
        QVERIFY(chart.showsNoDataMessage());
        chart.setHistograms({HistogramSeries(QStringLiteral("nothing"))});
        QVERIFY(chart.isEmpty());
        QVERIFY(chart.showsNoDataMessage());
        chart.setHistograms({waitSeries(QStringLiteral("x"), 1), HistogramSeries(QStringLiteral("nothing"))});
        QVERIFY(!chart.showsNoDataMessage());
        // The empty one of an overlay says so in the legend instead.
        QVERIFY(chart.drawnSeriesNames().at(1).contains(QStringLiteral("no data")));
        chart.setDailyTrend(DailyTrendSeries(QStringLiteral("nothing")));
        QVERIFY(chart.showsNoDataMessage());
    }

    void dailyTrendDrawsCountsAndMeans()
    {
        StatsChart chart;
        const DailyTrendSeries t = trend(7);
        chart.setDailyTrend(t);
        QCOMPARE(chart.mode(), StatsChart::Mode::DailyTrend);
        QCOMPARE(chart.tickLabels().size(), 7);
        QCOMPARE(chart.drawnSeriesCount(), 2);
        const QVector<qreal> counts = chart.drawnValues(0);
        QCOMPARE(counts.size(), 7);
        QVector<qreal> means;
        for (int i = 0; i < 7; ++i) {
            QCOMPARE(counts.at(i), qreal(t.days.at(i).count));
            if (t.days.at(i).count > 0)
                means << t.days.at(i).mean;
        }
        // The day without jobs has no mean point.
        QCOMPARE(chart.drawnValues(1), means);
        QVERIFY(!chart.showsNoDataMessage());
        QVERIFY(chart.dayToolTip(6).startsWith(QStringLiteral("2026-11-20\n")));
        QVERIFY(chart.dayToolTip(2).endsWith(QStringLiteral("mean none")));
        QVERIFY(chart.dayToolTip(7).isEmpty());
    }

    void screenshots()
    {
        {
            StatsChart chart;
            chart.setTitle(QStringLiteral("Wait time · crawl · 2026-11-20"));
            chart.setHistograms({waitSeries(QStringLiteral("wait · 2026-11-20 · crawl"), 1)});
            screenshot(chart, QStringLiteral("statschart-single"));
        }
        {
            StatsChart chart;
            chart.setTitle(QStringLiteral("Wait time · crawl · 2026-11-20 against 2026-11-19"));
            chart.setHistograms({waitSeries(QStringLiteral("wait · 2026-11-20 · crawl"), 1),
                                 waitSeries(QStringLiteral("wait · 2026-11-19 · crawl"), 2)});
            screenshot(chart, QStringLiteral("statschart-overlay"));
            chart.setLogScale(true);
            screenshot(chart, QStringLiteral("statschart-log"));
            screenshot(chart, QStringLiteral("statschart-log-narrow"), QSize(560, 380));
        }
        {
            StatsChart chart;
            chart.setTitle(QStringLiteral("Wait time · crawl · last 14 days"));
            chart.setDailyTrend(trend(14));
            screenshot(chart, QStringLiteral("statschart-daily"));
            chart.setTitle(QStringLiteral("Wait time · crawl · last 30 days"));
            chart.setDailyTrend(trend(30));
            screenshot(chart, QStringLiteral("statschart-daily-30"), QSize(800, 450));
        }
        {
            StatsChart chart;
            chart.setTitle(QStringLiteral("Wait time · crawl · 2026-11-21"));
            chart.setHistograms({HistogramSeries(QStringLiteral("wait · 2026-11-21 · crawl"))});
            screenshot(chart, QStringLiteral("statschart-empty"));
            chart.setDailyTrend(DailyTrendSeries(QStringLiteral("wait · crawl")));
            screenshot(chart, QStringLiteral("statschart-daily-empty"), QSize(800, 450));
        }
    }
};

QTEST_MAIN(TstStatsChart)
#include "tst_statschart.moc"
