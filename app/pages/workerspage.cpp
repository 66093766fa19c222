#include "workerspage.h"

#include "elidedcelldelegate.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "palettefollower.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "tableexportview.h"
#include "tableviews.h"
#include "tonestyle.h"
#include "workeractions.h"
#include "workerlistmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

WorkersPage::WorkersPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_workers(new WorkerListModel(session->client(), this))
    , m_sortedWorkers(new QSortFilterProxyModel(this))
    , m_workerView(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_jobs(new JobListPane(session->client(), this))
    , m_deregisterIdle(WorkerActions::of(session)->makeDeregisterIdleButton(m_workers, this))
{
    // When the chosen row vanishes, the view moves its cursor to a neighbour: that is not the
    // operator's choice. The flag is up from before the proxy hears of the removal (so connected
    // first) until after the view has dealt with it.
    connect(m_workers, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this](const QModelIndex &, int first, int last) {
        m_workersRemoving = true;
        // The chosen worker deregistered (or no longer seen): its job pane leaves it rather than
        // go on listing jobs of a worker the list no longer has.
        for (int row = first; row <= last && !m_worker.isEmpty(); ++row) {
            if (m_workers->rowAt(row).name == m_worker)
                leaveWorker();
        }
    });
    m_sortedWorkers->setSourceModel(m_workers);
    m_sortedWorkers->setSortRole(WorkerListModel::SortRole);
    TableViews::setUp(m_workerView, m_sortedWorkers);
    connect(m_sortedWorkers, &QAbstractItemModel::rowsRemoved, this, [this] { m_workersRemoving = false; });
    // Right-click: deregister the selected workers, or all idle for longer than a time.
    WorkerActions::of(session)->install(m_workerView, m_workers);
    m_workerView->setObjectName(QStringLiteral("workerView")); // its remembered columns' key
    m_workerView->setAccessibleName(tr("Workers"));
    m_workerView->setAccessibleDescription(tr("The worker chosen here lists its jobs beside"));
    QHeaderView *header = m_workerView->horizontalHeader();
    header->setStretchLastSection(false);
    // Names take what the counts leave: "worker-c.prod.internal-4103" (qless's host-pid) whole at
    // the default window size, beside a worker's jobs. One longer still is cut in the middle,
    // where host names repeat, and shows whole on hover.
    header->setSectionResizeMode(WorkerListModel::NameColumn, QHeaderView::Stretch);
    if (ElidedCellDelegate *cells = ElidedCellDelegate::of(m_workerView))
        cells->setMiddleElided(WorkerListModel::NameColumn);
    header->resizeSection(WorkerListModel::JobsColumn, 50);
    header->resizeSection(WorkerListModel::StalledColumn, 60);
    header->resizeSection(WorkerListModel::LastSeenColumn, 110); // "11 min 32 s ago", a dead worker's age
    // Most recently seen first, as the script lists them.
    m_workerView->sortByColumn(WorkerListModel::LastSeenColumn, Qt::DescendingOrder);

    // Sized to fit the job pane at the default window size, the stretched Tags column at its
    // minimum width included. A worker's jobs are running: their last change is the pop, so
    // put and last change tell how long each waited and has run. A stalled one says so in its
    // lock's cell, so the state and retries left are in the header's menu, not on screen.
    m_jobs->setColumns({{JobListModel::JidColumn, 105},
                        {JobListModel::QueueColumn, 70},
                        {JobListModel::KlassColumn, 105},
                        {JobListModel::TimeColumn, 165}, // "lock expires in 8 min 3 s"
                        {JobListModel::PutColumn, 84},   // "59 min ago", "23 h ago"
                        {JobListModel::ChangedColumn, 84},
                        {JobListModel::TagsColumn, 0}});
    JobListActions::install(m_jobs->view(), m_jobs->model(), session);
    m_jobs->view()->horizontalHeader()->setSectionResizeMode(JobListModel::TagsColumn, QHeaderView::Interactive);
    m_jobs->view()->horizontalHeader()->setStretchLastSection(true);
    m_jobs->clear(tr("Choose a worker to list its jobs"));

    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Workers"));
    // The summary wraps rather than widen the workers' side: the jobs beside need the room.
    m_summary->setWordWrap(true);
    m_summary->setMinimumWidth(120);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_deregisterIdle);
    top->addWidget(new TableExportButton(session->client(),
                                         [] { return TableExportView(TableExportView::Kind::Workers); }, this));
    leftLayout->addLayout(top);
    leftLayout->addWidget(m_workerView, 1);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("workersSplitter"));
    split->addWidget(left);
    split->addWidget(m_jobs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // Stretch factors only share what is left beyond the size hints: give the jobs' columns
    // their room at the default window size.
    split->setSizes({460, 800});
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(split);

    connect(m_workerView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_workersRemoving)
                    showWorker(current.data(WorkerListModel::KeyRole).toString());
            });
    connect(m_workerView, &QTableView::activated, this, [this](const QModelIndex &index) {
        showWorker(index.data(WorkerListModel::KeyRole).toString());
    });
    connect(m_workers, &WorkerListModel::refreshed, this, [this] {
        updateSummary();
        selectWorkerRow();
    });
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
    // The summary is rich text in the palette's colours: written again when it changes.
    PaletteFollower::onChange(m_summary, [this] {
        if (m_workers->lastError().isEmpty())
            updateSummary();
    });
}

void WorkersPage::refresh(std::function<void(bool ok)> done)
{
    auto left = std::make_shared<int>(2);
    auto ok = std::make_shared<bool>(true);
    const auto finish = [left, ok, done](bool fine) {
        *ok = *ok && fine;
        if (--*left == 0)
            done(*ok);
    };
    m_workers->refresh([this, finish] {
        // A list that cannot be read (ql:workers of the wrong type) says why where the counts go.
        if (!m_workers->lastError().isEmpty())
            m_summary->setText(ToneStyle::span(ToneStyle::Tone::Bad,
                                               tr("⚠ Cannot read the workers: %1").arg(m_workers->lastError()).toHtmlEscaped()));
        finish(m_workers->lastError().isEmpty());
    });
    m_jobs->refresh(finish);
}

void WorkersPage::showWorker(const QString &worker)
{
    if (worker.isEmpty())
        return;
    if (worker != m_worker || !m_jobs->model()->source().isValid()) {
        m_worker = worker;
        m_jobs->setSource(JobSource::worker(session()->client(), worker), tr("Worker %1").arg(worker));
        TableExportView view(TableExportView::Kind::Workers);
        view.worker = worker;
        m_jobs->setExportView(view);
    }
    selectWorkerRow();
}

void WorkersPage::leaveWorker()
{
    const QString gone = m_worker;
    m_worker.clear();
    m_jobs->setExportView(std::nullopt);
    m_jobs->clear(tr("Worker %1 is no longer registered (deregistered, or not seen for too long): choose a worker "
                     "to list its jobs").arg(gone));
}

void WorkersPage::selectWorkerRow()
{
    TableViews::selectSourceRow(m_workerView, m_sortedWorkers, m_workers->rowOf(m_worker));
}

void WorkersPage::updateSummary()
{
    const QLocale locale;
    qint64 running = 0;
    qint64 stalled = 0;
    for (const WorkerSummary &worker : m_workers->rows()) {
        running += worker.jobs;
        stalled += worker.stalled;
    }
    // "jobs", not "running jobs": qless's count includes jobs it timed out (see WorkerListModel).
    QString text = tr("%1, %2", "workers, jobs")
                       .arg(tr("%Ln worker(s)", nullptr, m_workers->rowCount()), tr("%Ln job(s)", nullptr, int(running)));
    if (stalled > 0)
        text += QStringLiteral(", ")
            + ToneStyle::span(ToneStyle::Tone::Bad,
                              tr("%1 stalled on %Ln worker(s)", nullptr, int(m_workers->stalledWorkers()))
                                  .arg(locale.toString(stalled)));
    m_summary->setText(text);
    m_summary->setToolTip(WorkerListModel::jobsExplained());
}
