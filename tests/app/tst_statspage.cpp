// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartcsv.h"
#include "charts/statschart.h"
#include "daystatssum.h"
#include "export/chartexporter.h"
#include "export/exportchartdialog.h"
#include "histogrambins.h"
#include "pages/statspage.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "statshistory.h"

#include <QAction>
#include <QCalendarWidget>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextCharFormat>
#include <QtMath>

#include <memory>

// StatsPage against a real redis-server: jobs with known wait and run times go through our
// scripts (put, pop, complete, fail) on today's and yesterday's UTC days, and the page must show
// their bins and figures, compare, add queues up, and export what it shows.
class TstStatsPage : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_qless;
    std::unique_ptr<QlessSession> m_session;
    QTemporaryDir m_dir;
    // Midnight (UTC) of today, as qless files days.
    double m_today = 0;

    static double sampleStd(const QList<double> &values)
    {
        double mean = 0;
        for (double v : values)
            mean += v;
        mean /= double(values.size());
        double squares = 0;
        for (double v : values)
            squares += (v - mean) * (v - mean);
        return qSqrt(squares / double(values.size() - 1));
    }

    void job(const QByteArray &queue, const QByteArray &jid, double putAt, double wait, double run)
    {
        QCOMPARE(m_qless.put(queue, jid, putAt).bytes, jid);
        QCOMPARE(m_qless.pop(queue, "w", 1, putAt + wait), QList<QByteArray>{jid});
        QCOMPARE(m_qless.call(QStringLiteral("complete"), {jid, "w", queue, num(putAt + wait + run), "{}"}).bytes,
                 QByteArray("complete"));
    }

    void failedJob(const QByteArray &queue, const QByteArray &jid, double putAt, double wait)
    {
        QCOMPARE(m_qless.put(queue, jid, putAt).bytes, jid);
        QCOMPARE(m_qless.pop(queue, "w", 1, putAt + wait), QList<QByteArray>{jid});
        QCOMPARE(m_qless.call(QStringLiteral("fail"), {jid, "w", "timeout", "too slow", num(putAt + wait + 1)}).bytes,
                 jid);
    }

    // Refreshes as the window would and waits for the reply (not for a time).
    static bool refresh(StatsPage &page)
    {
        bool finished = false;
        bool ok = false;
        page.refresh([&](bool result) {
            finished = true;
            ok = result;
        });
        return QTest::qWaitFor([&] { return finished; }, 30000) && ok;
    }

    // Waits until a change of selection has been read and shown.
    static bool settle(StatsPage &page, const std::function<void()> &change)
    {
        QSignalSpy shown(&page, &StatsPage::shown);
        change();
        return shown.count() > 0 || shown.wait(30000);
    }

    QDate today() const { return QDateTime::fromSecsSinceEpoch(qint64(m_today), Qt::UTC).date(); }

    static void screenshot(QWidget &widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        QVERIFY(widget.grab().save(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/") + name + QStringLiteral(".png")));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
        m_today = double(QDateTime(StatsHistory::today(), QTime(0, 0), Qt::UTC).toSecsSinceEpoch());
        const double yesterday = m_today - 86400;
        // crawl today: waits 3, 3, 75 s and 2 h; runs 10, 10, 130 s and 3 h. Yesterday: one job.
        job("crawl", "c1", m_today + 60, 3, 10);
        job("crawl", "c2", m_today + 120, 3, 10);
        job("crawl", "c3", m_today + 180, 75, 130);
        job("crawl", "c4", m_today + 240, 7200, 10800);
        job("crawl", "c5", yesterday + 600, 5, 20);
        // mail today: waits 1 and 2 s, runs 4 and 4 s, and one job that waited 9 s and failed.
        job("mail", "m1", m_today + 60, 1, 4);
        job("mail", "m2", m_today + 120, 2, 4);
        failedJob("mail", "m3", m_today + 180, 9);

        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_qless.server().socketPath();
        m_session = std::make_unique<QlessSession>(settings);
    }

    void cleanupTestCase() { m_session.reset(); }

    void showsTheDaysBinsAndSummary()
    {
        StatsPage page(m_session.get());
        QCOMPARE(page.title(), QStringLiteral("Stats"));
        QCOMPARE(page.day(), today());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));

        const QList<HistogramSeries> wait = page.chart(StatsPage::Chart::Wait)->histograms();
        QCOMPARE(wait.size(), 1);
        QCOMPARE(wait[0].counts[HistogramBins::indexForSeconds(3)], 2);
        QCOMPARE(wait[0].counts[HistogramBins::indexForSeconds(75)], 1);
        QCOMPARE(wait[0].counts[HistogramBins::indexForSeconds(7200)], 1);
        QCOMPARE(wait[0].total(), 4);
        QCOMPARE(wait[0].count, 4);
        QCOMPARE(wait[0].mean, 1820.25);
        QVERIFY(qAbs(wait[0].std - sampleStd({3, 3, 75, 7200})) < 1e-6);
        QCOMPARE(wait[0].name, QStringLiteral("wait · %1 · crawl").arg(today().toString(Qt::ISODate)));

        const QList<HistogramSeries> run = page.chart(StatsPage::Chart::Run)->histograms();
        QCOMPARE(run[0].counts[HistogramBins::indexForSeconds(10)], 2);
        QCOMPARE(run[0].counts[HistogramBins::indexForSeconds(130)], 1);
        QCOMPARE(run[0].counts[HistogramBins::indexForSeconds(10800)], 1);
        QCOMPARE(run[0].mean, 2737.5);

        // The charts draw what they hold, and the summary reads the same figures.
        QCOMPARE(page.chart(StatsPage::Chart::Wait)->drawnSeriesCount(), 1);
        const QString summary = page.summaryLabel()->text();
        QVERIFY2(summary.contains(QStringLiteral("Jobs waited")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("30 min 20 s")), qPrintable(summary)); // mean wait 1820.25 s
        QVERIFY2(summary.contains(QStringLiteral("45 min 37 s")) || summary.contains(QStringLiteral("45 min 38 s")),
                 qPrintable(summary)); // mean run 2737.5 s
        QVERIFY(page.errorLabel()->isHidden());
    }

    void failuresAreCounted()
    {
        StatsPage page(m_session.get());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("mail")); }));
        const DayStats stats = page.shownStats();
        QCOMPARE(stats.failures, 1);
        QCOMPARE(stats.failed, 1);
        QCOMPARE(stats.wait.count, 3);
        QCOMPARE(stats.run.count, 2);
        QVERIFY(page.summaryLabel()->text().contains(QStringLiteral("Failures")));
    }

    void dailyStripAndCalendarMarks()
    {
        StatsPage page(m_session.get());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));
        QCOMPARE(page.historyDays(), 30);
        const DailyTrendSeries strip = page.chart(StatsPage::Chart::DailyStrip)->dailyTrend();
        QCOMPARE(strip.days.size(), 30);
        QCOMPARE(strip.days.last().date, today());
        QCOMPARE(strip.days.last().count, 4);
        QCOMPARE(strip.days.at(28).count, 1);
        QCOMPARE(strip.days.at(28).mean, 5.0);
        QCOMPARE(strip.days.at(27).count, 0);
        QCOMPARE(page.daysWithData(), (QList<QDate>{today().addDays(-1), today()}));
        QVERIFY(page.dayEdit()->calendarWidget()->dateTextFormat(today()).font().bold());
        QVERIFY(!page.dayEdit()->calendarWidget()->dateTextFormat(today().addDays(-2)).font().bold());

        page.setStripKind(StatsSeries::Kind::Run);
        QCOMPARE(page.chart(StatsPage::Chart::DailyStrip)->dailyTrend().days.at(28).mean, 20.0);
    }

    void comparesAnotherDayOnTheSameAxes()
    {
        StatsPage page(m_session.get());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));
        page.setCompareDay(today().addDays(-1));
        QVERIFY(settle(page, [&] { page.setCompare(StatsPage::Compare::Day); }));
        StatsChart *wait = page.chart(StatsPage::Chart::Wait);
        QCOMPARE(wait->drawnSeriesCount(), 2);
        QCOMPARE(wait->histograms().at(1).name,
                 QStringLiteral("wait · %1 · crawl").arg(today().addDays(-1).toString(Qt::ISODate)));
        QCOMPARE(wait->histograms().at(1).counts[HistogramBins::indexForSeconds(5)], 1);
        QCOMPARE(page.chart(StatsPage::Chart::Run)->drawnSeriesCount(), 2);
        QCOMPARE(page.comparedStats().run.count, 1);
        QVERIFY(wait->title().contains(QStringLiteral("against")));
    }

    void comparesAnotherQueue()
    {
        StatsPage page(m_session.get());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));
        page.setCompareQueue(QStringLiteral("mail"));
        QVERIFY(settle(page, [&] { page.setCompare(StatsPage::Compare::Queue); }));
        const QList<HistogramSeries> run = page.chart(StatsPage::Chart::Run)->histograms();
        QCOMPARE(run.size(), 2);
        QCOMPARE(run[1].name, QStringLiteral("run · %1 · mail").arg(today().toString(Qt::ISODate)));
        QCOMPARE(run[1].counts[HistogramBins::indexForSeconds(4)], 2);
        QCOMPARE(page.chart(StatsPage::Chart::Run)->drawnSeriesCount(), 2);
    }

    void allQueuesAddUp()
    {
        StatsPage page(m_session.get());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));
        QVERIFY(settle(page, [&] { page.setQueue(QString()); }));
        QCOMPARE(page.queueBox()->currentText(), QStringLiteral("All queues"));
        const DayStats all = page.shownStats();
        const QList<double> waits{3, 3, 75, 7200, 1, 2, 9};
        const QList<double> runs{10, 10, 130, 10800, 4, 4};
        QCOMPARE(all.wait.count, 7);
        QCOMPARE(all.run.count, 6);
        QVERIFY(qAbs(all.wait.mean - (3 + 3 + 75 + 7200 + 1 + 2 + 9) / 7.0) < 1e-9);
        QVERIFY(qAbs(all.wait.std - sampleStd(waits)) < 1e-6);
        QVERIFY(qAbs(all.run.std - sampleStd(runs)) < 1e-6);
        QCOMPARE(all.failures, 1);
        const HistogramSeries wait = page.chart(StatsPage::Chart::Wait)->histograms().at(0);
        QCOMPARE(wait.counts[HistogramBins::indexForSeconds(3)], 2);
        QCOMPARE(wait.counts[HistogramBins::indexForSeconds(1)], 1);
        QCOMPARE(wait.total(), 7);
        QVERIFY(wait.name.endsWith(QStringLiteral("all queues")));
    }

    void pooledDeviationOfParts()
    {
        // The pooled deviation is that of the whole sample, however it is split.
        const QList<double> a{1, 2, 3, 40};
        const QList<double> b{100, 200};
        const auto figures = [](const QList<double> &values) {
            DurationFigures f;
            f.count = values.size();
            for (double v : values)
                f.mean += v / double(values.size());
            f.std = values.size() > 1 ? sampleStd(values) : 0;
            f.histogram = QList<qint64>(148, 0);
            return f;
        };
        const DurationFigures sum = DayStatsSum::combine(QList<DurationFigures>{figures(a), figures(b), figures({7})});
        QCOMPARE(sum.count, 7);
        QVERIFY(qAbs(sum.std - sampleStd({1, 2, 3, 40, 100, 200, 7})) < 1e-9);
        QCOMPARE(DayStatsSum::combine(QList<DurationFigures>{}).count, 0);
        QCOMPARE(DayStatsSum::combine(QList<DurationFigures>{figures({5})}).std, 0.0);
    }

    void csvExportIsTheNumbersShown()
    {
        StatsPage page(m_session.get());
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));
        const QString file = m_dir.filePath(QStringLiteral("wait.csv"));
        QString error;
        QVERIFY2(page.exportChart(StatsPage::Chart::Wait, file, QSize(), &error), qPrintable(error));
        QFile csv(file);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray bytes = csv.readAll();
        QCOMPARE(bytes, ChartCsv::histograms(page.chart(StatsPage::Chart::Wait)->histograms()));
        const QList<QByteArray> lines = bytes.split('\n');
        QCOMPARE(lines.value(1 + 3), QByteArray("3 s,2\r"));
        QCOMPARE(lines.value(1 + 60), QByteArray("1 min,1\r"));
        QCOMPARE(lines.value(1 + 148), QByteArray("count,4\r"));
        QCOMPARE(lines.value(1 + 149), QByteArray("mean,1820.25\r"));

        QVERIFY2(page.exportChart(StatsPage::Chart::DailyStrip, m_dir.filePath(QStringLiteral("strip.csv")), QSize(),
                                  &error),
                 qPrintable(error));
        QVERIFY2(page.exportChart(StatsPage::Chart::Run, m_dir.filePath(QStringLiteral("run.png")), QSize(800, 450),
                                  &error),
                 qPrintable(error));
        QCOMPARE(QImage(m_dir.filePath(QStringLiteral("run.png"))).size(), QSize(800, 450));
        QVERIFY(!page.exportChart(StatsPage::Chart::Run, m_dir.filePath(QStringLiteral("gone/run.png")),
                                  QSize(800, 450), &error));
        QVERIFY(error.contains(QStringLiteral("gone")));
    }

    void exportMenuHasCtrlE()
    {
        StatsPage page(m_session.get());
        const QList<QAction *> actions = page.exportMenu()->actions();
        QVERIFY(actions.size() >= 2);
        QCOMPARE(actions.first()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
        QVERIFY(page.actions().contains(actions.first()));
    }

    void ctrlEExportsThroughTheDialogs()
    {
        StatsPage page(m_session.get());
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("crawl")); }));
        page.chart(StatsPage::Chart::Wait)->setFocus();
        QTest::keyClick(page.chart(StatsPage::Chart::Wait), Qt::Key_E, Qt::ControlModifier);
        ExportChartDialog *dialog = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (dialog = page.findChild<ExportChartDialog *>()) != nullptr; }, 10000));
        QCOMPARE(dialog->chartSize(), ChartExporter::defaultSize());
        dialog->setChartSize(QSize(640, 400));
        dialog->accept();
        QFileDialog *files = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (files = page.findChild<QFileDialog *>()) != nullptr; }, 10000));
        const QString file = m_dir.filePath(QStringLiteral("dialog.png"));
        emit files->fileSelected(file);
        QCOMPARE(QImage(file).size(), QSize(640, 400));
        files->reject();
    }

    void screenshots()
    {
        // A realistic day: thousands of jobs, most waiting seconds, a tail into minutes and hours.
        QRandomGenerator random(20240310);
        const auto spread = [&random](double typical) {
            // Log-normal-ish: the product of a few uniform factors around a typical duration.
            double d = typical;
            for (int i = 0; i < 3; ++i)
                d *= 0.25 + random.generateDouble() * 2.5;
            return d;
        };
        for (int dayBack = 13; dayBack >= 0; --dayBack) {
            const double base = m_today - dayBack * 86400.0;
            const int jobs = dayBack == 0 ? 400 : dayBack == 1 ? 300 : 40 + (dayBack * 37) % 60;
            if (dayBack == 5)
                continue; // a day nothing ran: the strip shows the gap
            for (int i = 0; i < jobs; ++i) {
                const QByteArray jid = "r" + QByteArray::number(dayBack) + "-" + QByteArray::number(i);
                const double slow = i % 25 == 0 ? 150 : 1; // every 25th job is stuck behind a backlog
                job("reports", jid, base + 60 + i * 30, spread(4 * slow + dayBack), spread(25 + dayBack * 2));
            }
        }
        for (int i = 0; i < 250; ++i)
            job("thumbnails", "t" + QByteArray::number(i), m_today + 100 + i * 20, spread(2), spread(1.5));

        StatsPage page(m_session.get());
        page.resize(1500, 950);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(refresh(page));
        QVERIFY(settle(page, [&] { page.setQueue(QStringLiteral("reports")); }));
        QCOMPARE(page.shownStats().wait.count, 400);
        screenshot(page, QStringLiteral("statspage-day"));

        page.setCompareDay(today().addDays(-1));
        QVERIFY(settle(page, [&] { page.setCompare(StatsPage::Compare::Day); }));
        screenshot(page, QStringLiteral("statspage-compare-day"));
        page.chart(StatsPage::Chart::Wait)->setLogScale(true);
        QVERIFY(page.chart(StatsPage::Chart::Run)->isLogScale());
        screenshot(page, QStringLiteral("statspage-compare-day-log"));
        page.chart(StatsPage::Chart::Wait)->setLogScale(false);

        page.setCompareQueue(QStringLiteral("thumbnails"));
        QVERIFY(settle(page, [&] { page.setCompare(StatsPage::Compare::Queue); }));
        screenshot(page, QStringLiteral("statspage-compare-queue"));

        QVERIFY(settle(page, [&] { page.setCompare(StatsPage::Compare::Nothing); }));
        QVERIFY(settle(page, [&] { page.setQueue(QString()); }));
        screenshot(page, QStringLiteral("statspage-all-queues"));

        page.resize(1000, 700);
        QTest::qWait(0);
        screenshot(page, QStringLiteral("statspage-small"));
    }

    // Last: it adds hundreds of queues. "All queues" over them is read as day sums, calls of at
    // most 100 queues (desk.statssum), not a `stats` call per queue and day: qless's stats reads
    // each queue's field names (HKEYS), the sum never does. Counted by Redis (INFO commandstats).
    void allQueuesOfManyAreReadAsDaySums()
    {
        const QByteArray yesterday = QByteArray::number(qint64(m_today) - 86400);
        for (int i = 0; i < 300; ++i) {
            const QByteArray queue = "bulk-" + QByteArray::number(i);
            QVERIFY(!m_qless.command({"ZADD", "ql:queues", num(m_today), queue}).isError());
            QVERIFY(!m_qless
                         .command({"HSET", "ql:s:wait:" + yesterday + ":" + queue, "total", "2", "mean",
                                   QByteArray::number(i), "vk", "8", "s1", "2"})
                         .isError());
        }
        StatsPage page(m_session.get());
        page.setDay(today().addDays(-1));
        QVERIFY(!m_qless.command({"CONFIG", "RESETSTAT"}).isError());
        QVERIFY(refresh(page));
        const QByteArray info = m_qless.command({"INFO", "commandstats"}).bytes;
        const auto calls = [&info](const QByteArray &command) {
            const qsizetype at = info.indexOf(QByteArray("cmdstat_" + command + ":calls="));
            if (at < 0)
                return qint64(0);
            const qsizetype from = at + command.size() + 15; // "cmdstat_" and ":calls="
            return info.mid(from, info.indexOf(',', from) - from).toLongLong();
        };
        QCOMPARE(calls("hkeys"), qint64(0));
        const QJsonArray queues = m_qless.qlessJson("queues", m_today + 3600).toArray();
        QVERIFY(queues.size() > 300);
        QVERIFY2(calls("evalsha") < qint64(queues.size()) * page.historyDays() / 10,
                 qPrintable(QString::number(calls("evalsha"))));

        // The figures are those of every queue's `stats` added up.
        double count = 0;
        double weighted = 0;
        for (const QJsonValue &queue : queues) {
            const QJsonObject wait = m_qless
                                         .qlessJson("stats", m_today + 3600,
                                                    {queue.toObject().value(QStringLiteral("name")).toString().toUtf8(),
                                                     num(m_today - 3600)})
                                         .toObject()
                                         .value(QStringLiteral("wait"))
                                         .toObject();
            count += wait.value(QStringLiteral("count")).toDouble();
            weighted += wait.value(QStringLiteral("count")).toDouble() * wait.value(QStringLiteral("mean")).toDouble();
        }
        const DayStats shown = page.shownStats();
        QCOMPARE(double(shown.wait.count), count);
        QVERIFY(qAbs(shown.wait.mean - weighted / count) < 1e-9 * qMax(1.0, weighted / count));
    }
};

QTEST_MAIN(TstStatsPage)
#include "tst_statspage.moc"
