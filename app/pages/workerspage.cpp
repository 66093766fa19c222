// SPDX-License-Identifier: GPL-3.0-or-later
#include "workerspage.h"

#include "elidedcelldelegate.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "palettefollower.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "tableexportview.h"
#include "tonestyle.h"
#include "workeractions.h"
#include "workerlistmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>

WorkersPage::WorkersPage(QlessSession *session, QWidget *parent)
    : MasterDetailPage(session, parent)
    , m_workers(new WorkerListModel(session->client(), this))
    , m_deregisterIdle(WorkerActions::of(session)->makeDeregisterIdleButton(m_workers, this))
{
    setList(m_workers, QStringLiteral("workerView"), tr("Workers"), tr("The worker chosen here lists its jobs beside"));
    // The chosen worker deregistered (or no longer seen): its job pane leaves it rather than go
    // on listing jobs of a worker the list no longer has.
    connect(m_workers, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                for (int row = first; row <= last && !chosen().isEmpty(); ++row) {
                    if (m_workers->rowAt(row).name == chosen())
                        leaveChosen(
                            tr("Worker %1 is no longer registered (deregistered, or not seen for too long): choose a "
                               "worker to list its jobs")
                                .arg(chosen()));
                }
            });
    QTableView *workerView = listView();
    // Right-click: deregister the selected workers, or all idle for longer than a time.
    WorkerActions::of(session)->install(workerView, m_workers);
    QHeaderView *header = workerView->horizontalHeader();
    header->setStretchLastSection(false);
    // Names take what the counts leave: "worker-c.prod.internal-4103" (qless's host-pid) whole at
    // the default window size, beside a worker's jobs. One longer still is cut in the middle,
    // where host names repeat, and shows whole on hover.
    header->setSectionResizeMode(WorkerListModel::NameColumn, QHeaderView::Stretch);
    if (ElidedCellDelegate *cells = ElidedCellDelegate::of(workerView))
        cells->setMiddleElided(WorkerListModel::NameColumn);
    header->resizeSection(WorkerListModel::JobsColumn, 50);
    header->resizeSection(WorkerListModel::StalledColumn, 60);
    header->resizeSection(WorkerListModel::LastSeenColumn, 110); // "11 min 32 s ago", a dead worker's age
    // Most recently seen first, as the script lists them.
    workerView->sortByColumn(WorkerListModel::LastSeenColumn, Qt::DescendingOrder);

    // Sized to fit the job pane at the default window size, the stretched Tags column at its
    // minimum width included. A worker's jobs are running: their last change is the pop, so
    // put and last change tell how long each waited and has run. A stalled one says so in its
    // lock's cell, so the state and retries left are in the header's menu, not on screen.
    JobListPane *jobs = jobPane();
    jobs->setColumns({{JobListModel::JidColumn, 105},
                      {JobListModel::QueueColumn, 70},
                      {JobListModel::KlassColumn, 105},
                      {JobListModel::TimeColumn, 165}, // "lock expires in 8 min 3 s"
                      {JobListModel::PutColumn, 84},   // "59 min ago", "23 h ago"
                      {JobListModel::ChangedColumn, 84},
                      {JobListModel::TagsColumn, JobListPane::RestOfRow}});
    JobListActions::install(jobs->view(), jobs->model(), session);
    jobs->clear(tr("Choose a worker to list its jobs"));

    QLabel *summary = listHeading();
    summary->setTextFormat(Qt::RichText);
    summary->setText(tr("Workers"));
    // The summary wraps rather than widen the workers' side: the jobs beside need the room.
    summary->setWordWrap(true);
    summary->setMinimumWidth(120);
    addBesideListHeading(m_deregisterIdle);
    addBesideListHeading(new TableExportButton(
        session, [] { return TableExportView(TableExportView::Kind::Workers); }, this));

    QSplitter *split = layOut(jobs);
    split->setObjectName(QStringLiteral("workersSplitter"));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // Stretch factors only share what is left beyond the size hints: give the jobs' columns
    // their room at the default window size.
    split->setSizes({480, 780});

    connect(m_workers, &WorkerListModel::refreshed, this, &WorkersPage::updateSummary);
    // A list that cannot be read (ql:workers of the wrong type) says why where the counts go.
    connect(m_workers, &WorkerListModel::loadFailed, this, [summary](const QString &error) {
        summary->setText(
            ToneStyle::span(ToneStyle::Tone::Bad, tr("⚠ Cannot read the workers: %1").arg(error).toHtmlEscaped()));
    });
    // The summary is rich text in the palette's colours: written again when it changes.
    PaletteFollower::onChange(summary, [this] {
        if (m_workers->lastError().isEmpty())
            updateSummary();
    });
}

void WorkersPage::showJobsOf(const QString &worker)
{
    jobPane()->setSource(JobSource::worker(session()->client(), worker), tr("Worker %1").arg(worker));
    TableExportView view(TableExportView::Kind::Workers);
    view.worker = worker;
    jobPane()->setExportView(view);
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
    QString text =
        tr("%1, %2", "workers, jobs")
            .arg(tr("%Ln worker(s)", nullptr, m_workers->rowCount()), tr("%Ln job(s)", nullptr, int(running)));
    if (stalled > 0)
        text += QStringLiteral(", ")
                + ToneStyle::span(ToneStyle::Tone::Bad,
                                  tr("%1 stalled on %Ln worker(s)", nullptr, int(m_workers->stalledWorkers()))
                                      .arg(locale.toString(stalled)));
    summaryLabel()->setText(text);
    summaryLabel()->setToolTip(WorkerListModel::jobsExplained());
}
