// SPDX-License-Identifier: GPL-3.0-or-later
#include "historypage.h"

#include "chartexporter.h"
#include "historychart.h"
#include "historycomparebar.h"
#include "historyregistry.h"
#include "historystore.h"
#include "qlesssession.h"
#include "serverreads.h"

#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace {
// Long enough to gather a wheel's notches into one read, short enough not to be noticed.
constexpr int ReadSoonMs = 120;
} // namespace

QList<qint64> HistoryPage::rangeSpansMs()
{
    return {qint64(3600000), qint64(24) * 3600000, qint64(7) * 86400000, qint64(90) * 86400000};
}

HistoryPage::HistoryPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_range(new QComboBox(this))
    , m_queue(new QComboBox(this))
    , m_kind(new QComboBox(this))
    , m_compare(new HistoryCompareBar(this))
    , m_status(new QLabel(this))
    , m_chart(new HistoryChart(this))
{
    m_range->setObjectName(QStringLiteral("historyRange"));
    m_range->setAccessibleName(tr("Time range"));
    m_range->addItems({tr("Last hour"), tr("Last 24 hours"), tr("Last 7 days"), tr("Last 90 days")});
    m_range->setCurrentIndex(1);
    m_queue->setObjectName(QStringLiteral("historyQueue"));
    m_queue->setAccessibleName(tr("Queue"));
    m_queue->addItem(tr("All queues"), QString());
    m_kind->setObjectName(QStringLiteral("historyKind"));
    m_kind->setAccessibleName(tr("Figures"));
    m_kind->addItem(tr("Throughput"), int(HistoryChart::Kind::Throughput));
    m_kind->addItem(tr("Backlog"), int(HistoryChart::Kind::Backlog));
    m_kind->addItem(tr("Failures"), int(HistoryChart::Kind::Failures));
    m_status->setObjectName(QStringLiteral("historyStatus"));
    m_status->setWordWrap(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_kind);
    bar->addWidget(m_queue);
    bar->addWidget(m_range);
    bar->addWidget(m_compare);
    bar->addStretch(1);
    auto *exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setObjectName(QStringLiteral("historyExport"));
    exportButton->setToolTip(tr("Save the chart as shown as PNG, SVG or PDF, or its numbers as CSV (one row per "
                                "queue and bucket; compared, a series column names each)."));
    connect(exportButton, &QPushButton::clicked, this, &HistoryPage::exportInteractively);
    bar->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_chart, 1);

    // Another range shows it whole; another queue or figure keeps the part zoomed into (the
    // operator looks at the same moment from another side).
    connect(m_range, &QComboBox::currentIndexChanged, this, [this] { reload(View::Reset, {}); });
    for (QComboBox *box : {m_queue, m_kind})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { reload(View::Keep, {}); });
    connect(m_compare, &HistoryCompareBar::changed, this, [this] { reload(View::Keep, {}); });
    m_readSoon.setSingleShot(true);
    m_readSoon.setInterval(ReadSoonMs);
    connect(&m_readSoon, &QTimer::timeout, this, [this] { reload(View::Keep, {}); });
    connect(m_chart, &HistoryChart::viewChanged, this, [this] { m_readSoon.start(); });
    connect(m_chart, &HistoryChart::openRunRequested, this, &HistoryPage::openActivityRunRequested);
}

HistoryPage::~HistoryPage() = default;

void HistoryPage::refresh(std::function<void(bool ok)> done)
{
    session()->reads()->queueCounts(this, [this, done](const QlessReply<QList<QueueCounts>> &reply) {
        if (reply.ok()) {
            QStringList names;
            for (const QueueCounts &q : reply.value)
                names << q.name;
            setQueues(names);
        }
        reload(View::FollowNow, [done, ok = reply.ok()](bool readOk) {
            if (done)
                done(ok && readOk);
        });
    });
}

void HistoryPage::setQueues(const QStringList &names)
{
    QStringList sorted = names;
    sorted.sort();
    m_compare->setQueues(sorted);
    QStringList shown;
    for (int i = 1; i < m_queue->count(); ++i)
        shown << m_queue->itemData(i).toString();
    if (shown == sorted)
        return;
    const QString chosen = m_queue->currentData().toString();
    const QSignalBlocker quiet(m_queue);
    while (m_queue->count() > 1)
        m_queue->removeItem(1);
    for (const QString &name : std::as_const(sorted))
        m_queue->addItem(name, name);
    // A queue gone from the server keeps its history: it stays choosable while chosen.
    if (!chosen.isEmpty() && !sorted.contains(chosen))
        m_queue->addItem(chosen, chosen);
    m_queue->setCurrentIndex(std::max(0, m_queue->findData(chosen)));
}

QString HistoryPage::titleText() const
{
    const QString queue = m_queue->currentData().toString();
    QString shown = queue.isEmpty() ? tr("all queues") : queue;
    QString range = m_range->currentText();
    const qint64 span = rangeSpansMs().value(m_range->currentIndex(), rangeSpansMs().at(1));
    if (m_compare->mode() == HistoryCompareBar::Mode::Queue)
        shown = tr("%1 vs %2").arg(shown, m_compare->label(span));
    else if (m_compare->mode() != HistoryCompareBar::Mode::None)
        range = tr("%1 vs %2").arg(range, m_compare->label(span));
    return tr("%1 · %2 · %3").arg(m_kind->currentText(), shown, range);
}

void HistoryPage::reload(View view, std::function<void(bool ok)> done)
{
    m_readSoon.stop();
    const qint64 span = rangeSpansMs().value(m_range->currentIndex(), rangeSpansMs().at(1));
    // Up to the end of the current minute, so the minute being recorded shows as it fills.
    const qint64 toMs = (QDateTime::currentMSecsSinceEpoch() / 60000 + 1) * 60000;
    HistoryViewWindow &window = m_chart->viewWindow();
    if (view == View::Reset || window.rangeToMs() - window.rangeFromMs() != span)
        window.setRange(toMs - span, toMs);
    else if (view == View::FollowNow)
        window.moveRangeEnd(toMs);
    // Only the part shown, in buckets as coarse as its width calls for.
    const ReadAsked asked{window.fromMs(), window.toMs(), HistoryViewWindow::resolutionFor(window.spanMs())};

    const QString queue = m_queue->currentData().toString();
    const auto kind = HistoryChart::Kind(m_kind->currentData().toInt());
    QList<HistoryChartSeries> plan{HistoryChartSeries{queue, QString(), QString(), 0, {}}};
    const HistoryCompareBar::Mode mode = m_compare->mode();
    if (mode == HistoryCompareBar::Mode::Queue) {
        plan.first().label = queue.isEmpty() ? tr("all queues") : queue;
        plan.first().csvName = queue.isEmpty() ? QStringLiteral("all queues") : queue;
        plan << HistoryChartSeries{m_compare->otherQueue(), m_compare->label(span), m_compare->csvName(span), 0, {}};
    } else if (mode != HistoryCompareBar::Mode::None) {
        plan.first().label = tr("this period");
        plan.first().csvName = QStringLiteral("this period");
        plan << HistoryChartSeries{
            queue, m_compare->label(span), m_compare->csvName(span), m_compare->offsetMs(span), {}};
    }
    if (!m_store) {
        // Opened when first shown, not with the window: a window whose History is never looked
        // at leaves the file alone (the registry's store is the one the recorder shares).
        QSettings settings;
        m_store = HistoryRegistry::instance().store(HistoryRegistry::fileFor(session()->settings()),
                                                    HistoryPolicy::fromSettings(settings));
    }
    const int ticket = ++m_readsAsked;
    auto answers = std::make_shared<QList<HistoryChartSeries>>(plan);
    auto pending = std::make_shared<int>(int(plan.size()));
    for (int i = 0; i < plan.size(); ++i) {
        const qint64 shift = plan.at(i).shiftMs;
        const HistoryRange range{plan.at(i).queue, asked.fromMs - shift, asked.toMs - shift, asked.resolutionMinutes};
        m_store->read(range, this, [=](const HistoryRead &read) {
            (*answers)[i].read = read;
            if (--*pending > 0)
                return;
            // An answer overtaken by a later choice is dropped: the chart shows the last one asked.
            if (ticket != m_readsAsked) {
                if (done)
                    done(true);
                return;
            }
            const HistoryRead &first = answers->first().read;
            HistoryViewWindow &shown = m_chart->viewWindow();
            if (shown.isWhole() && !first.points.isEmpty())
                shown.setRecordedFrom(first.points.first().startMs);
            m_lastRead = asked;
            m_chart->show(*answers, kind, titleText());
            QString error = first.error;
            if (answers->size() > 1 && error.isEmpty())
                error = answers->last().read.error;
            showStatus(error, first.points.isEmpty(), answers->size() > 1 && answers->last().read.points.isEmpty());
            if (done)
                done(error.isEmpty());
        });
    }
}

void HistoryPage::showStatus(const QString &error, bool nothing, bool comparisonEmpty)
{
    QStringList status;
    if (!error.isEmpty())
        status << tr("Cannot read the history: %1").arg(error);
    else if (nothing)
        status << tr("Nothing recorded in this range: history is recorded while a window or `qlessdesk record` "
                     "watches this server.");
    else if (!m_store->isWriter() && !m_store->whyReadOnly().isEmpty())
        status << tr("Read only: %1").arg(m_store->whyReadOnly());
    if (error.isEmpty() && comparisonEmpty)
        status << tr("Nothing recorded for the comparison.");
    const HistoryViewWindow &window = m_chart->viewWindow();
    if (!window.isWhole()) {
        const QString format =
            window.spanMs() > qint64(2) * 86400000 ? QStringLiteral("MMM d HH:mm") : QStringLiteral("HH:mm");
        status << tr("Zoomed to %1 – %2: Home shows the whole range.")
                      .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(window.fromMs()), format),
                           QLocale().toString(QDateTime::fromMSecsSinceEpoch(window.toMs()), format));
    }
    m_status->setText(status.join(QLatin1Char(' ')));
    m_status->setVisible(!status.isEmpty());
}

bool HistoryPage::exportTo(const QString &path, QString *error) const
{
    return ChartExporter::exportToFile(*m_chart, path, ChartExporter::defaultSize(), error);
}

void HistoryPage::exportInteractively()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export history"), QString(), ChartExporter::fileDialogFilter());
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, &error))
        QMessageBox::warning(this, tr("Export history"), error);
}
