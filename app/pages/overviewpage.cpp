// SPDX-License-Identifier: GPL-3.0-or-later
#include "overviewpage.h"

#include "failuregroupmodel.h"
#include "jobrowtext.h"
#include "palettefollower.h"
#include "pausetimes.h"
#include "qlesssession.h"
#include "queueactions.h"
#include "queuelistmodel.h"
#include "refreshjoin.h"
#include "serverreads.h"
#include "tableexportbutton.h"
#include "tableexportview.h"
#include "tableviews.h"
#include "tonestyle.h"
#include "workeractions.h"
#include "workerlistmodel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace {
QString alarm(const QString &text)
{
    return ToneStyle::span(ToneStyle::Tone::Bad, QStringLiteral("<b>%1</b>").arg(text));
}

QLabel *heading(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}
} // namespace

OverviewPage::OverviewPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_queues(new QueueListModel(session->client(), this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_queueView(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_failures(new FailureGroupModel(session->client(), this))
    , m_sortedFailures(new QSortFilterProxyModel(this))
    , m_failureView(new QTableView(this))
    , m_workers(new WorkerListModel(session->client(), this))
    , m_tracked(new QLabel(this))
    , m_workersLabel(new QLabel(this))
    , m_deregisterIdle(WorkerActions::of(session)->makeDeregisterIdleButton(m_workers, this))
    , m_exportWorkers(new TableExportButton(
          session, [] { return TableExportView(TableExportView::Kind::Workers); }, this))
{
    m_sorted->setSourceModel(m_queues);
    m_sorted->setSortRole(QueueListModel::SortRole);
    TableViews::setUp(m_queueView, m_sorted);
    // Names key each table's remembered columns (LayoutMemory).
    m_queueView->setObjectName(QStringLiteral("queueView"));
    m_failureView->setObjectName(QStringLiteral("failureView"));
    m_queueView->setAccessibleName(tr("Queues"));
    m_queueView->setAccessibleDescription(
        tr("Every queue's counts; Enter opens the queue, the context menu pauses it"));
    m_failureView->setAccessibleName(tr("Failure groups"));
    m_failureView->setAccessibleDescription(tr("Failed jobs by group; Enter opens the group"));
    m_queueView->horizontalHeader()->setStretchLastSection(false);
    m_queueView->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_queueView->horizontalHeader()->setDefaultSectionSize(110);
    m_queueView->horizontalHeader()->setSectionResizeMode(QueueListModel::NameColumn, QHeaderView::Stretch);
    m_queueView->sortByColumn(QueueListModel::NameColumn, Qt::AscendingOrder);
    // Right-click: pause/unpause, max concurrency, forget (for one, a selection or all queues).
    QueueActions::of(session)->install(m_queueView, m_queues);
    m_queues->setPauseTimes(PauseTimes::of(session)); // "paused since" in a paused queue's tooltip

    // The Overview needs the groups' counts only: no per-group lookups.
    m_failures->setLatestLookups(false);
    m_sortedFailures->setSourceModel(m_failures);
    m_sortedFailures->setSortRole(FailureGroupModel::SortRole);
    TableViews::setUp(m_failureView, m_sortedFailures);
    m_failureView->setColumnHidden(FailureGroupModel::LatestColumn, true);
    m_failureView->setColumnHidden(FailureGroupModel::MessageColumn, true);
    m_failureView->horizontalHeader()->setStretchLastSection(false);
    m_failureView->horizontalHeader()->setSectionResizeMode(FailureGroupModel::NameColumn, QHeaderView::Stretch);
    m_failureView->horizontalHeader()->resizeSection(FailureGroupModel::CountColumn, 90);
    m_failureView->sortByColumn(FailureGroupModel::CountColumn, Qt::DescendingOrder);

    QFont large = m_summary->font();
    large.setPointSizeF(large.pointSizeF() * 1.15);
    m_summary->setFont(large);
    m_summary->setTextFormat(Qt::RichText);
    for (QLabel *label : {m_tracked, m_workersLabel}) {
        label->setTextFormat(Qt::RichText);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setWordWrap(true);
    }

    // Below the queues: failures (a list, they are what to act on), tracked jobs and workers.
    auto *below = new QGridLayout;
    below->setHorizontalSpacing(24);
    below->addWidget(heading(tr("Failures"), this), 0, 0);
    below->addWidget(heading(tr("Tracked jobs"), this), 0, 1);
    below->addWidget(heading(tr("Workers"), this), 0, 2);
    below->addWidget(m_failureView, 1, 0);
    below->addWidget(m_tracked, 1, 1);
    // The workers' actions sit under their summary, as the Workers page has them beside its list.
    auto *workers = new QVBoxLayout;
    workers->addWidget(m_workersLabel);
    auto *workerButtons = new QHBoxLayout;
    workerButtons->addWidget(m_deregisterIdle);
    workerButtons->addWidget(m_exportWorkers);
    workerButtons->addStretch(1);
    workers->addLayout(workerButtons);
    workers->addStretch(1);
    below->addLayout(workers, 1, 2);
    below->setColumnStretch(0, 2);
    below->setColumnStretch(1, 1);
    below->setColumnStretch(2, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(m_summary);
    layout->addSpacing(8);
    auto *queuesHeading = new QHBoxLayout;
    queuesHeading->addWidget(heading(tr("Queues"), this), 1);
    queuesHeading->addWidget(new TableExportButton(
        session, [] { return TableExportView(TableExportView::Kind::Queues); }, this));
    layout->addLayout(queuesHeading);
    layout->addWidget(m_queueView, 3);
    layout->addSpacing(8);
    layout->addLayout(below, 2);

    connect(m_queueView, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit openQueueRequested(index.data(QueueListModel::KeyRole).toString());
    });
    connect(m_failureView, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit openFailureGroupRequested(index.data(FailureGroupModel::KeyRole).toString());
    });
    connect(m_queues, &QueueListModel::refreshed, this, &OverviewPage::updateSummary);
    connect(m_failures, &FailureGroupModel::refreshed, this, &OverviewPage::updateSummary);
    connect(m_workers, &WorkerListModel::refreshed, this, &OverviewPage::updateWorkers);
    updateSummary();
    updateWorkers();
    // The summaries are rich text in the palette's colours: written again when it changes.
    PaletteFollower::onChange(this, [this] {
        updateSummary();
        updateWorkers();
        if (!m_tracked->text().isEmpty()) // read at least once
            showTracked(m_trackedStates);
    });
    showTracked({});
}

void OverviewPage::refresh(std::function<void(bool ok)> done)
{
    // Four reads go out together; `done` runs once, after the last reply.
    RefreshJoin join(4, std::move(done));
    m_queues->refresh([this, part = join.part()] { part(m_queues->lastError().isEmpty()); });
    m_failures->refresh([this, part = join.part()] { part(m_failures->lastError().isEmpty()); });
    m_workers->refresh([this, part = join.part()] { part(m_workers->lastError().isEmpty()); });
    // Counts by state, one field per job: reading the tracked jobs whole each refresh would cost
    // Redis as much as their data and histories weigh.
    session()->reads()->trackedStates(this, [this, part = join.part()](const QlessReply<TrackedStates> &reply) {
        if (reply.ok())
            showTracked(reply.value);
        part(reply.ok());
    });
}

void OverviewPage::updateSummary()
{
    const QueueCounts total = m_queues->totals();
    const QLocale locale;
    QString stalled = locale.toString(total.stalled);
    if (total.stalled > 0)
        stalled = alarm(stalled);
    const qint64 failedJobs = m_failures->totalJobs();
    const QString failed = failedJobs > 0 ? alarm(locale.toString(failedJobs)) : locale.toString(failedJobs);
    m_summary->setText(tr("%1 &nbsp;·&nbsp; <b>%2</b> waiting &nbsp;·&nbsp; <b>%3</b> running"
                          " &nbsp;·&nbsp; %4 stalled &nbsp;·&nbsp; <b>%5</b> scheduled &nbsp;·&nbsp;"
                          " <b>%6</b> depending &nbsp;·&nbsp; <b>%7</b> recurring &nbsp;·&nbsp; %8 failed")
                           .arg(tr("<b>%Ln</b> queue(s)", nullptr, m_queues->rowCount()),
                                locale.toString(total.waiting), locale.toString(total.running), stalled,
                                locale.toString(total.scheduled), locale.toString(total.depends),
                                locale.toString(total.recurring), failed));
    // A paused queue keeps its jobs waiting however many workers run: name them.
    QStringList paused;
    for (const QueueCounts &queue : m_queues->rows()) {
        if (queue.paused)
            paused << queue.name.toHtmlEscaped();
    }
    std::sort(paused.begin(), paused.end());
    if (!paused.isEmpty()) {
        const QStringList shown = paused.mid(0, 5);
        QString names = shown.join(QStringLiteral(", "));
        if (paused.size() > shown.size())
            names += tr(" and %1 more").arg(locale.toString(paused.size() - shown.size()));
        m_summary->setText(m_summary->text() + QStringLiteral(" &nbsp;·&nbsp; ")
                           + ToneStyle::span(ToneStyle::Tone::Warning, tr("paused: %1").arg(names)));
    }
}

void OverviewPage::updateWorkers()
{
    const QLocale locale;
    qint64 running = 0;
    for (const WorkerSummary &worker : m_workers->rows())
        running += worker.jobs;
    QStringList lines;
    lines << tr("<b>%Ln</b> worker(s) seen", nullptr, m_workers->rowCount());
    // Not "running": qless's workers count includes jobs it timed out (see WorkerListModel), so
    // this may exceed the Running total above it.
    lines << tr("<b>%Ln</b> job(s) on workers", nullptr, int(running));
    const int stalledWorkers = m_workers->stalledWorkers();
    lines << (stalledWorkers > 0 ? tr("%1 holding stalled jobs").arg(alarm(locale.toString(stalledWorkers)))
                                 : tr("none holding stalled jobs"));
    m_workersLabel->setText(lines.join(QStringLiteral("<br>")));
    m_workersLabel->setToolTip(WorkerListModel::jobsExplained());
}

void OverviewPage::showTracked(const TrackedStates &tracked)
{
    m_trackedStates = tracked;
    const QLocale locale;
    QStringList lines;
    lines << tr("<b>%1</b> tracked").arg(locale.toString(tracked.total));
    if (tracked.counted < tracked.total)
        lines << tr("states of the first %1:").arg(locale.toString(tracked.counted));
    for (auto it = tracked.states.cbegin(); it != tracked.states.cend(); ++it) {
        const bool bad = it.key() == QLatin1String("failed") || it.key() == QLatin1String("stalled")
                         || it.key() == QLatin1String("unreadable");
        const QString count =
            bad ? alarm(locale.toString(it.value())) : QStringLiteral("<b>%1</b>").arg(locale.toString(it.value()));
        lines << tr("%1 %2").arg(count, JobRowText::stateName(it.key()).toHtmlEscaped());
    }
    if (tracked.expired > 0)
        lines << tr("<b>%1</b> expired (job gone)").arg(locale.toString(tracked.expired));
    m_tracked->setText(lines.join(QStringLiteral("<br>")));
}
