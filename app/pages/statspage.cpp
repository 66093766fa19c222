#include "statspage.h"

#include "chartexporter.h"
#include "daystatssum.h"
#include "exportchartdialog.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "statschart.h"
#include "statshistory.h"
#include "statssummary.h"

#include <QAction>
#include <QCalendarWidget>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSignalBlocker>
#include <QTextCharFormat>
#include <QToolButton>
#include <QVBoxLayout>

#include <memory>

namespace {
constexpr int DefaultHistoryDays = 30;
// The strip and the calendar cover at most this many days, whatever stats-history says: a
// longer strip would read thousands of figures per queue for bars too thin to see.
constexpr int MaximumHistoryDays = 90;

void setComboData(QComboBox *box, const QString &data)
{
    const int index = box->findData(data);
    if (index >= 0)
        box->setCurrentIndex(index);
}
} // namespace

StatsPage::StatsPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_history(new StatsHistory(session->client(), this))
    , m_lastExportSize(ChartExporter::defaultSize())
{
    buildControls();
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error = new QLabel(this);
    m_error->setStyleSheet(QStringLiteral("color:#c62828"));
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

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Queue:"), this));
    controls->addWidget(m_queueBox);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Day (UTC):"), this));
    controls->addWidget(m_dayEdit);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Compare with:"), this));
    controls->addWidget(m_compareBox);
    controls->addWidget(m_compareDayEdit);
    controls->addWidget(m_compareQueueBox);
    controls->addStretch(1);
    controls->addWidget(m_exportButton);

    auto *summaryFrame = new QFrame(this);
    summaryFrame->setFrameShape(QFrame::StyledPanel);
    auto *summaryLayout = new QVBoxLayout(summaryFrame);
    summaryLayout->addWidget(m_summary);
    summaryLayout->addStretch(1);

    auto *stripHeader = new QHBoxLayout;
    stripHeader->addWidget(new QLabel(tr("Daily strip of:"), this));
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

    updateCompareControls();
    showFigures(QString());
}

void StatsPage::buildControls()
{
    m_queueBox = new QComboBox(this);
    m_queueBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_queueBox->setMinimumContentsLength(14);
    m_queueBox->addItem(tr("All queues"), QString());

    const QDate today = StatsHistory::today();
    m_dayEdit = new QDateEdit(today, this);
    m_compareDayEdit = new QDateEdit(today.addDays(-1), this);
    for (QDateEdit *edit : {m_dayEdit, m_compareDayEdit}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setDateRange(today.addDays(1 - m_historyDays), today);
        edit->setToolTip(tr("qless keeps figures per UTC day. Days in bold have figures."));
        connect(edit, &QDateEdit::dateChanged, this, [this] { load(); });
    }

    m_compareBox = new QComboBox(this);
    m_compareBox->addItem(tr("nothing"), int(Compare::Nothing));
    m_compareBox->addItem(tr("another day"), int(Compare::Day));
    m_compareBox->addItem(tr("another queue"), int(Compare::Queue));
    m_compareQueueBox = new QComboBox(this);
    m_compareQueueBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_compareQueueBox->setMinimumContentsLength(14);
    m_compareQueueBox->addItem(tr("All queues"), QString());
    connect(m_compareBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        updateCompareControls();
        load();
    });
    connect(m_queueBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { load(); });
    connect(m_compareQueueBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { load(); });

    m_stripKindBox = new QComboBox(this);
    m_stripKindBox->addItem(tr("wait times"), int(StatsSeries::Kind::Wait));
    m_stripKindBox->addItem(tr("run times"), int(StatsSeries::Kind::Run));
    connect(m_stripKindBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { showFigures(m_error->isVisible() ? m_error->text() : QString()); });

    auto *exportAction = new QAction(tr("&Export chart…"), this);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // The page's own shortcut: it works wherever the focus is on this page, and nowhere else.
    exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    exportAction->setToolTip(tr("Save a chart as PNG, SVG or PDF at a chosen size, or its numbers as CSV (Ctrl+E)"));
    connect(exportAction, &QAction::triggered, this, &StatsPage::exportInteractively);
    addAction(exportAction);
    auto *copyAction = new QAction(tr("&Copy chart to clipboard…"), this);
    connect(copyAction, &QAction::triggered, this, &StatsPage::copyInteractively);

    m_exportMenu = new QMenu(this);
    m_exportMenu->addAction(exportAction);
    m_exportMenu->addAction(copyAction);
    m_exportButton = new QToolButton(this);
    m_exportButton->setDefaultAction(exportAction);
    m_exportButton->setText(tr("Export…"));
    m_exportButton->setMenu(m_exportMenu);
    m_exportButton->setPopupMode(QToolButton::MenuButtonPopup);
    m_exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
}

void StatsPage::updateCompareControls()
{
    m_compareDayEdit->setVisible(compare() == Compare::Day);
    m_compareQueueBox->setVisible(compare() == Compare::Queue);
}

void StatsPage::refresh(std::function<void(bool ok)> done)
{
    QlessClient *client = session()->client();
    client->queueCounts(this, [this, client, done](const QlessReply<QList<QueueCounts>> &reply) {
        if (!reply.ok()) {
            showFigures(tr("Cannot read the queues: %1").arg(reply.error.message));
            done(false);
            return;
        }
        QStringList names;
        for (const QueueCounts &q : reply.value)
            names << q.name;
        applyQueues(names);
        client->configValue(QStringLiteral("stats-history"), this,
                            [this, done](const QlessReply<std::optional<QString>> &config) {
            bool numeric = false;
            const int days = config.ok() && config.value ? config.value->toInt(&numeric) : 0;
            m_historyDays = numeric && days > 0 ? qMin(days, MaximumHistoryDays) : DefaultHistoryDays;
            const QDate today = StatsHistory::today();
            for (QDateEdit *edit : {m_dayEdit, m_compareDayEdit}) {
                const QSignalBlocker blocker(edit);
                edit->setDateRange(today.addDays(1 - m_historyDays), today);
            }
            load(done);
        });
    });
}

void StatsPage::applyQueues(const QStringList &queues)
{
    m_queues = queues;
    m_queues.sort(Qt::CaseInsensitive);
    for (QComboBox *box : {m_queueBox, m_compareQueueBox}) {
        const QSignalBlocker blocker(box);
        const QString current = box->currentData().toString();
        while (box->count() > 1)
            box->removeItem(1);
        for (const QString &name : qAsConst(m_queues))
            box->addItem(name, name);
        // A queue that is gone still has its past days; keep showing what was asked for.
        if (!current.isEmpty() && box->findData(current) < 0)
            box->addItem(current, current);
        setComboData(box, current);
    }
}

void StatsPage::load(std::function<void(bool ok)> done)
{
    const int generation = ++m_generation;
    QList<QDate> days = stripDays();
    if (!days.contains(day()))
        days << day();
    if (compare() == Compare::Day && !days.contains(compareDay()))
        days << compareDay();
    const QStringList mainQueues = queuesOf(queue());
    const QStringList otherQueues = compare() == Compare::Queue ? queuesOf(compareQueue()) : QStringList();
    m_history->load(mainQueues, days, [this, generation, otherQueues, done](const QString &error) {
        m_history->load(otherQueues, {day()}, [this, generation, error, done](const QString &otherError) {
            const QString problem = error.isEmpty() ? otherError : error;
            // A later selection's read is under way: it shows its own figures when it is in.
            if (generation == m_generation) {
                showFigures(problem.isEmpty() ? QString() : tr("Cannot read the stats: %1").arg(problem));
                if (problem.isEmpty())
                    session()->markRefreshed();
            }
            if (done)
                done(problem.isEmpty());
        });
    });
}

void StatsPage::showFigures(const QString &error)
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
            title = tr("%1 · %2 · %3 against %4").arg(StatsSeries::kindTitle(kind), label, dayText,
                                                      compareDay().toString(Qt::ISODate));
        } else if (compare() == Compare::Queue) {
            const QString other = queueLabel(compareQueue());
            series << StatsSeries::histogram(comparedStats(), kind, StatsSeries::seriesName(kind, day(), other));
            title = tr("%1 · %2 against %3 · %4").arg(StatsSeries::kindTitle(kind), label, other, dayText);
        }
        chart->setTitle(title);
        chart->setHistograms(series);
    }

    switch (compare()) {
    case Compare::Nothing:
        columns << StatsSummary::Column(dayText, main);
        break;
    case Compare::Day:
        columns << StatsSummary::Column(dayText, main)
                << StatsSummary::Column(compareDay().toString(Qt::ISODate), comparedStats());
        break;
    case Compare::Queue:
        columns << StatsSummary::Column(label, main) << StatsSummary::Column(queueLabel(compareQueue()), comparedStats());
        break;
    }
    m_summary->setText(QStringLiteral("<b>%1</b><br>%2").arg(label.toHtmlEscaped(), StatsSummary::html(columns)));

    const auto stripKind = StatsSeries::Kind(m_stripKindBox->currentData().toInt());
    DailyTrendSeries strip(tr("%1 · %2").arg(StatsSeries::kindName(stripKind), label));
    const QStringList queues = queuesOf(queue());
    for (const QDate &d : stripDays())
        strip.days << StatsSeries::trendDay(m_history->figures(queues, d), stripKind, d);
    m_stripChart->setTitle(tr("%1 · %2 · last %3 days").arg(StatsSeries::kindTitle(stripKind), label).arg(m_historyDays));
    m_stripChart->setDailyTrend(strip);

    markCalendar();
    emit shown();
}

void StatsPage::markCalendar()
{
    QTextCharFormat bold;
    bold.setFontWeight(QFont::Bold);
    const QList<QDate> marked = daysWithData();
    for (QDateEdit *edit : {m_dayEdit, m_compareDayEdit}) {
        QCalendarWidget *calendar = edit->calendarWidget();
        if (!calendar)
            continue;
        calendar->setDateTextFormat(QDate(), QTextCharFormat()); // clears every day's format
        for (const QDate &d : marked)
            calendar->setDateTextFormat(d, bold);
    }
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
    if (m_queueBox->findData(name) < 0)
        m_queueBox->addItem(name, name);
    setComboData(m_queueBox, name);
}

QString StatsPage::queue() const
{
    return m_queueBox->currentData().toString();
}

void StatsPage::setDay(const QDate &d)
{
    m_dayEdit->setDate(d);
}

QDate StatsPage::day() const
{
    return m_dayEdit->date();
}

void StatsPage::setCompare(Compare mode)
{
    m_compareBox->setCurrentIndex(m_compareBox->findData(int(mode)));
}

void StatsPage::setCompareDay(const QDate &d)
{
    m_compareDayEdit->setDate(d);
}

void StatsPage::setCompareQueue(const QString &name)
{
    if (m_compareQueueBox->findData(name) < 0)
        m_compareQueueBox->addItem(name, name);
    setComboData(m_compareQueueBox, name);
}

void StatsPage::setStripKind(StatsSeries::Kind kind)
{
    m_stripKindBox->setCurrentIndex(m_stripKindBox->findData(int(kind)));
}

StatsPage::Compare StatsPage::compare() const
{
    return Compare(m_compareBox->currentData().toInt());
}

QString StatsPage::compareQueue() const
{
    return m_compareQueueBox->currentData().toString();
}

QDate StatsPage::compareDay() const
{
    return m_compareDayEdit->date();
}

DayStats StatsPage::shownStats() const
{
    return m_history->figures(queuesOf(queue()), day());
}

DayStats StatsPage::comparedStats() const
{
    switch (compare()) {
    case Compare::Day:
        return m_history->figures(queuesOf(queue()), compareDay());
    case Compare::Queue:
        return m_history->figures(queuesOf(compareQueue()), day());
    case Compare::Nothing:
        break;
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
    case Chart::Wait:
        return m_waitChart;
    case Chart::Run:
        return m_runChart;
    case Chart::DailyStrip:
        return m_stripChart;
    }
    return m_waitChart;
}

QString StatsPage::chartName(Chart which)
{
    switch (which) {
    case Chart::Wait:
        return tr("Wait time histogram");
    case Chart::Run:
        return tr("Run time histogram");
    case Chart::DailyStrip:
        return tr("Daily strip");
    }
    return {};
}

bool StatsPage::exportChart(Chart which, const QString &path, const QSize &size, QString *errorMessage) const
{
    return ChartExporter::exportToFile(*chart(which), path, size, errorMessage);
}

void StatsPage::exportInteractively()
{
    const QStringList names{chartName(Chart::Wait), chartName(Chart::Run), chartName(Chart::DailyStrip)};
    auto *dialog = new ExportChartDialog(tr("Export chart"), names, int(m_lastExported), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setChartSize(m_lastExportSize);
    // Non-modal-blocking dialogs (open, not exec): the page keeps refreshing meanwhile.
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_lastExported = Chart(dialog->chartIndex());
        m_lastExportSize = dialog->chartSize();
        const Chart which = m_lastExported;
        const QSize size = m_lastExportSize;
        const QString kind = which == Chart::Wait ? QStringLiteral("wait")
                             : which == Chart::Run ? QStringLiteral("run")
                                                   : QStringLiteral("daily");
        const QString suggested = QStringLiteral("qless-%1-%2-%3.png")
                                      .arg(kind, queue().isEmpty() ? QStringLiteral("all") : queue(),
                                           day().toString(Qt::ISODate));
        auto *files = new QFileDialog(this, tr("Export %1").arg(chartName(which)), QString(),
                                      ChartExporter::fileDialogFilter());
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setAcceptMode(QFileDialog::AcceptSave);
        files->setDefaultSuffix(QStringLiteral("png"));
        files->selectFile(suggested);
        connect(files, &QFileDialog::filterSelected, files, [files](const QString &filter) {
            // "PNG image (*.png)" -> "png": a name typed without extension gets the chosen one.
            const int star = filter.indexOf(QLatin1String("*."));
            if (star >= 0)
                files->setDefaultSuffix(filter.mid(star + 2).chopped(1));
        });
        connect(files, &QFileDialog::fileSelected, this, [this, which, size](const QString &path) {
            QString error;
            if (!exportChart(which, path, size, &error)) {
                auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), error, QMessageBox::Ok, this);
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
            }
        });
        files->open();
    });
    dialog->open();
}

void StatsPage::copyInteractively()
{
    const QStringList names{chartName(Chart::Wait), chartName(Chart::Run), chartName(Chart::DailyStrip)};
    auto *dialog = new ExportChartDialog(tr("Copy chart to clipboard"), names, int(m_lastExported), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setChartSize(m_lastExportSize);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_lastExported = Chart(dialog->chartIndex());
        m_lastExportSize = dialog->chartSize();
        QString error;
        if (!ChartExporter::copyToClipboard(*chart(m_lastExported), m_lastExportSize, &error)) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Copy failed"), error, QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    });
    dialog->open();
}
