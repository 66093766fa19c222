// SPDX-License-Identifier: GPL-3.0-or-later
#include "statspage.h"

#include "chartexportactions.h"
#include "daystatssum.h"
#include "palettefollower.h"
#include "qlesssession.h"
#include "serverreads.h"
#include "statschart.h"
#include "statshistory.h"
#include "statsselectionbar.h"
#include "statssummary.h"
#include "tonestyle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace {
constexpr int DefaultHistoryDays = 30;
// The strip and the calendar cover at most this many days, whatever stats-history says: a
// longer strip would read thousands of figures per queue for bars too thin to see.
constexpr int MaximumHistoryDays = 90;
} // namespace

StatsPage::StatsPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_history(new StatsHistory(session->client(), this))
{
    // Days come a round of calls at a time (many a second over many queues): the charts are
    // drawn again at most every quarter second while they do.
    m_progressRedraw = new QTimer(this);
    m_progressRedraw->setSingleShot(true);
    m_progressRedraw->setInterval(250);
    connect(m_progressRedraw, &QTimer::timeout, this, [this] {
        if (m_loading)
            showFigures(QString(), false);
    });
    m_selection = new StatsSelectionBar(this);
    const QDate today = StatsHistory::today();
    m_selection->setDayRange(today, m_historyDays);
    m_selection->setDay(today);
    m_selection->setCompareDay(today.addDays(-1));
    connect(m_selection, &StatsSelectionBar::changed, this, [this] { load(); });
    m_stripKindBox = new QComboBox(this);
    m_stripKindBox->addItem(tr("wait times"), int(StatsSeries::Kind::Wait));
    m_stripKindBox->addItem(tr("run times"), int(StatsSeries::Kind::Run));
    connect(m_stripKindBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { showFigures(m_error->isVisible() ? m_error->text() : QString()); });
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error = new QLabel(this);
    ToneStyle::setText(m_error, ToneStyle::Tone::Bad);
    // The summary's rich text is in the palette's colours: written again when it changes.
    PaletteFollower::onChange(m_summary, [this] {
        if (!m_summary->text().isEmpty())
            showFigures(m_error->text());
    });
    m_error->setWordWrap(true);
    m_error->hide();
    m_waitChart = new StatsChart(this);
    m_runChart = new StatsChart(this);
    m_stripChart = new StatsChart(this);
    m_stripChart->setMinimumHeight(230);
    // One log toggle for both histograms: compared side by side, they must use the same scale.
    connect(m_waitChart, &StatsChart::logScaleChanged, m_runChart, &StatsChart::setLogScale);
    connect(m_runChart, &StatsChart::logScaleChanged, m_waitChart, &StatsChart::setLogScale);
    auto *logBox = new QCheckBox(tr("Logarithmic count axis"), this);
    logBox->setToolTip(tr("Show counts on a logarithmic scale, so that a few slow jobs stay visible "
                          "beside many fast ones"));
    for (StatsChart *chart : {m_waitChart, m_runChart}) {
        chart->setLogToggleVisible(false);
        connect(chart, &StatsChart::logScaleChanged, logBox, &QCheckBox::setChecked);
    }
    connect(logBox, &QCheckBox::toggled, m_waitChart, &StatsChart::setLogScale);
    // In the order of StatsPage::Chart.
    m_exportActions = new ChartExportActions(this,
                                             {{chartName(Chart::Wait), m_waitChart},
                                              {chartName(Chart::Run), m_runChart},
                                              {chartName(Chart::DailyStrip), m_stripChart}},
                                             [this](int index) {
                                                 const auto which = Chart(index);
                                                 const QString kind = which == Chart::Wait  ? QStringLiteral("wait")
                                                                      : which == Chart::Run ? QStringLiteral("run")
                                                                                            : QStringLiteral("daily");
                                                 return QStringLiteral("qless-%1-%2-%3.png")
                                                     .arg(kind, queue().isEmpty() ? QStringLiteral("all") : queue(),
                                                          day().toString(Qt::ISODate));
                                             });

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_selection);
    controls->addStretch(1);
    controls->addWidget(m_exportActions->button());

    auto *summaryFrame = new QFrame(this);
    summaryFrame->setFrameShape(QFrame::StyledPanel);
    auto *summaryLayout = new QVBoxLayout(summaryFrame);
    summaryLayout->addWidget(m_summary);
    summaryLayout->addStretch(1);

    auto *stripHeader = new QHBoxLayout;
    auto *stripLabel = new QLabel(tr("Daily &strip of:"), this);
    stripLabel->setBuddy(m_stripKindBox);
    stripHeader->addWidget(stripLabel);
    stripHeader->addWidget(m_stripKindBox);
    stripHeader->addStretch(1);
    auto *stripColumn = new QVBoxLayout;
    stripColumn->addLayout(stripHeader);
    stripColumn->addWidget(m_stripChart, 1);

    auto *middle = new QHBoxLayout;
    middle->addWidget(summaryFrame);
    middle->addLayout(stripColumn, 1);

    auto *histogramHeader = new QHBoxLayout;
    histogramHeader->addStretch(1);
    histogramHeader->addWidget(logBox);
    auto *histogramCharts = new QHBoxLayout;
    histogramCharts->addWidget(m_waitChart, 1);
    histogramCharts->addWidget(m_runChart, 1);
    auto *histograms = new QVBoxLayout;
    histograms->addLayout(histogramHeader);
    histograms->addLayout(histogramCharts, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addLayout(controls);
    layout->addWidget(m_error);
    layout->addLayout(middle);
    layout->addLayout(histograms, 2);

    showFigures(QString());
}

void StatsPage::refresh(std::function<void(bool ok)> done)
{
    ServerReads *reads = session()->reads();
    reads->queueCounts(this, [this, reads, done](const QlessReply<QList<QueueCounts>> &reply) {
        if (!reply.ok()) {
            showFigures(tr("Cannot read the queues: %1").arg(reply.error.message));
            done(false);
            return;
        }
        QStringList names;
        for (const QueueCounts &q : reply.value)
            names << q.name;
        applyQueues(names);
        reads->configValue(QStringLiteral("stats-history"), this,
                           [this, done](const QlessReply<std::optional<QString>> &config) {
                               bool numeric = false;
                               const int days = config.ok() && config.value ? config.value->toInt(&numeric) : 0;
                               m_historyDays =
                                   numeric && days > 0 ? qMin(days, MaximumHistoryDays) : DefaultHistoryDays;
                               m_selection->setDayRange(StatsHistory::today(), m_historyDays);
                               load(done);
                           });
    });
}

void StatsPage::applyQueues(const QStringList &queues)
{
    m_queues = queues;
    m_queues.sort(Qt::CaseInsensitive);
    m_selection->setQueues(m_queues);
}

void StatsPage::load(std::function<void(bool ok)> done)
{
    const int generation = ++m_generation;
    // What is on screen first: the day picked (the summary and histograms), the day compared,
    // then the strip from today back.
    QList<QDate> days{day()};
    if (compare() == Compare::Day && !days.contains(compareDay()))
        days << compareDay();
    QList<QDate> strip = stripDays();
    std::reverse(strip.begin(), strip.end());
    for (const QDate &d : std::as_const(strip)) {
        if (!days.contains(d))
            days << d;
    }
    const QStringList mainQueues = queuesOf(queue());
    const QStringList otherQueues = compare() == Compare::Queue ? queuesOf(compareQueue()) : QStringList();
    m_loading = true;
    const auto progress = [this, generation] {
        if (generation == m_generation && !m_progressRedraw->isActive())
            m_progressRedraw->start();
    };
    m_history->load(
        mainQueues, days,
        [this, generation, otherQueues, done, progress](const QString &error) {
            if (generation != m_generation) {
                // A later selection's read took over: it shows its own figures when it is in.
                if (done)
                    done(error.isEmpty());
                return;
            }
            m_history->load(
                otherQueues, {day()},
                [this, generation, error, done](const QString &otherError) {
                    const QString problem = error.isEmpty() ? otherError : error;
                    if (generation == m_generation) {
                        m_loading = false;
                        m_progressRedraw->stop();
                        showFigures(problem.isEmpty() ? QString() : tr("Cannot read the stats: %1").arg(problem));
                        if (problem.isEmpty())
                            session()->markRefreshed();
                    }
                    if (done)
                        done(problem.isEmpty());
                },
                progress);
        },
        progress);
}

void StatsPage::showFigures(const QString &error, bool complete)
{
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());

    const QString label = queueLabel(queue());
    const QString dayText = day().toString(Qt::ISODate);
    const DayStats main = shownStats();
    QList<StatsSummary::Column> columns;
    QString against;
    for (StatsChart *chart : {m_waitChart, m_runChart}) {
        const StatsSeries::Kind kind = chart == m_waitChart ? StatsSeries::Kind::Wait : StatsSeries::Kind::Run;
        QList<HistogramSeries> series{StatsSeries::histogram(main, kind, StatsSeries::seriesName(kind, day(), label))};
        QString title = tr("%1 · %2 · %3").arg(StatsSeries::kindTitle(kind), label, dayText);
        if (compare() == Compare::Day) {
            series << StatsSeries::histogram(comparedStats(), kind, StatsSeries::seriesName(kind, compareDay(), label));
            title = tr("%1 · %2 · %3 against %4")
                        .arg(StatsSeries::kindTitle(kind), label, dayText, compareDay().toString(Qt::ISODate));
        } else if (compare() == Compare::Queue) {
            const QString other = queueLabel(compareQueue());
            series << StatsSeries::histogram(comparedStats(), kind, StatsSeries::seriesName(kind, day(), other));
            title = tr("%1 · %2 against %3 · %4").arg(StatsSeries::kindTitle(kind), label, other, dayText);
        }
        chart->setTitle(title);
        chart->setHistograms(series);
    }

    switch (compare()) {
    case Compare::Nothing: columns << StatsSummary::Column(dayText, main); break;
    case Compare::Day:
        columns << StatsSummary::Column(dayText, main)
                << StatsSummary::Column(compareDay().toString(Qt::ISODate), comparedStats());
        break;
    case Compare::Queue:
        columns << StatsSummary::Column(label, main)
                << StatsSummary::Column(queueLabel(compareQueue()), comparedStats());
        break;
    }
    m_summary->setText(QStringLiteral("<b>%1</b><br>%2").arg(label.toHtmlEscaped(), StatsSummary::html(columns)));

    const auto stripKind = StatsSeries::Kind(m_stripKindBox->currentData().toInt());
    DailyTrendSeries strip(tr("%1 · %2").arg(StatsSeries::kindName(stripKind), label));
    const QStringList queues = queuesOf(queue());
    for (const QDate &d : stripDays())
        strip.days << StatsSeries::trendDay(m_history->figures(queues, d), stripKind, d);
    QString stripTitle =
        tr("%1 · %2 · last %n day(s)", nullptr, m_historyDays).arg(StatsSeries::kindTitle(stripKind), label);
    if (m_loading) {
        // A sum over many queues comes a few days at a time: the days not in yet read as empty.
        qsizetype read = 0;
        for (const QDate &d : stripDays())
            read += m_history->has(queues, d) ? 1 : 0;
        if (read < m_historyDays)
            stripTitle += tr(" · reading, %1 of %2 days in").arg(read).arg(m_historyDays);
    }
    m_stripChart->setTitle(stripTitle);
    m_stripChart->setDailyTrend(strip);

    m_selection->markDays(daysWithData());
    if (complete)
        emit shown();
}

QList<QDate> StatsPage::daysWithData() const
{
    QList<QDate> days;
    const QStringList queues = queuesOf(queue());
    for (const QDate &d : stripDays()) {
        if (!DayStatsSum::isEmpty(m_history->figures(queues, d)))
            days << d;
    }
    return days;
}

void StatsPage::setQueue(const QString &name)
{
    m_selection->setQueue(name);
}

QString StatsPage::queue() const
{
    return m_selection->queue();
}

void StatsPage::setDay(const QDate &d)
{
    m_selection->setDay(d);
}

QDate StatsPage::day() const
{
    return m_selection->day();
}

void StatsPage::setCompare(Compare mode)
{
    m_selection->setCompare(mode);
}

void StatsPage::setCompareDay(const QDate &d)
{
    m_selection->setCompareDay(d);
}

void StatsPage::setCompareQueue(const QString &name)
{
    m_selection->setCompareQueue(name);
}

void StatsPage::setStripKind(StatsSeries::Kind kind)
{
    m_stripKindBox->setCurrentIndex(m_stripKindBox->findData(int(kind)));
}

StatsSeries::Kind StatsPage::stripKind() const
{
    return StatsSeries::Kind(m_stripKindBox->currentData().toInt());
}

StatsPage::Compare StatsPage::compare() const
{
    return m_selection->compare();
}

QString StatsPage::compareQueue() const
{
    return m_selection->compareQueue();
}

QDate StatsPage::compareDay() const
{
    return m_selection->compareDay();
}

DayStats StatsPage::shownStats() const
{
    return m_history->figures(queuesOf(queue()), day());
}

DayStats StatsPage::comparedStats() const
{
    switch (compare()) {
    case Compare::Day: return m_history->figures(queuesOf(queue()), compareDay());
    case Compare::Queue: return m_history->figures(queuesOf(compareQueue()), day());
    case Compare::Nothing: break;
    }
    return {};
}

QStringList StatsPage::queuesOf(const QString &name) const
{
    return name.isEmpty() ? m_queues : QStringList{name};
}

QString StatsPage::queueLabel(const QString &name) const
{
    return name.isEmpty() ? tr("all queues") : name;
}

QList<QDate> StatsPage::stripDays() const
{
    QList<QDate> days;
    const QDate today = StatsHistory::today();
    for (int i = m_historyDays - 1; i >= 0; --i)
        days << today.addDays(-i);
    return days;
}

StatsChart *StatsPage::chart(Chart which) const
{
    switch (which) {
    case Chart::Wait: return m_waitChart;
    case Chart::Run: return m_runChart;
    case Chart::DailyStrip: return m_stripChart;
    }
    return m_waitChart;
}

QString StatsPage::chartName(Chart which)
{
    switch (which) {
    case Chart::Wait: return tr("Wait time histogram");
    case Chart::Run: return tr("Run time histogram");
    case Chart::DailyStrip: return tr("Daily strip");
    }
    return {};
}

bool StatsPage::exportChart(Chart which, const QString &path, const QSize &size, QString *errorMessage) const
{
    return m_exportActions->exportChart(int(which), path, size, errorMessage);
}

QMenu *StatsPage::exportMenu() const
{
    return m_exportActions->menu();
}
