// SPDX-License-Identifier: GPL-3.0-or-later
#include "failedpage.h"

#include "actioncenter.h"
#include "failureclustersdialog.h"
#include "failuregroupmodel.h"
#include "failuretimingview.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobrowtext.h"
#include "jobtableproxy.h"
#include "qlesssession.h"
#include "serverreads.h"
#include "tableexportbutton.h"
#include "timetext.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

FailedPage::FailedPage(QlessSession *session, QWidget *parent)
    : MasterDetailPage(session, parent)
    , m_groups(new FailureGroupModel(session->client(), this))
    , m_retryAll(new QPushButton(tr("Retry all"), this))
    , m_moveAll(new QPushButton(tr("Move all…"), this))
    , m_cancelAll(new QPushButton(tr("Cancel all…"), this))
    , m_clusters(new QPushButton(tr("Clusters…"), this))
    , m_timing(new FailureTimingView(session, this))
    , m_exportGroups(new TableExportButton(
          session, [] { return TableExportView{TableExportView::Kind::Failed}; }, this))
    , m_message(new QPlainTextEdit(this))
{
    setList(m_groups, QStringLiteral("groupView"), tr("Failure groups"),
            tr("The group chosen here lists its jobs beside"));
    QTableView *groupView = listView();
    groupView->setSelectionMode(QAbstractItemView::SingleSelection);
    QHeaderView *header = groupView->horizontalHeader();
    header->resizeSection(FailureGroupModel::NameColumn, 200);
    // The newest message takes the rest of the list's width rather than running off behind it.
    header->setStretchLastSection(true);
    header->resizeSection(FailureGroupModel::CountColumn, 50);
    header->resizeSection(FailureGroupModel::LatestColumn, 120);
    groupView->sortByColumn(FailureGroupModel::CountColumn, Qt::DescendingOrder);

    JobListPane *jobs = jobPane();
    jobs->proxy()->setFailureWithoutGroup(true);
    // No last-change column by default: qless does not rewrite a job's `time` when it fails, so
    // beside the failure's own time it would show the pop that ran it, under a name that reads
    // like the failure. The header's menu shows it for whoever wants it.
    jobs->setColumns({{JobListModel::JidColumn, 130},
                      {JobListModel::TimeColumn, 165},
                      {JobListModel::PutColumn, 95},
                      {JobListModel::QueueColumn, 70},
                      {JobListModel::WorkerColumn, 150},
                      {JobListModel::FailureColumn, JobListPane::RestOfRow}});
    jobs->clear(tr("Choose a failure group to list its jobs"));
    JobListActions::Options actions;
    actions.group = [this] { return chosen(); };
    JobListActions::install(jobs->view(), jobs->model(), session, actions);
    m_retryAll->setToolTip(tr("Every job of the group back into the queue it failed in"));
    m_moveAll->setToolTip(tr("Every job of the group into a queue you choose"));
    m_cancelAll->setToolTip(tr("Delete every job of the group"));
    m_clusters->setToolTip(tr("Read the whole group and gather its failures by what actually went wrong"));

    m_message->setReadOnly(true);
    m_message->setAccessibleName(tr("Failure message"));
    m_message->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_message->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_message->setPlaceholderText(tr("The full failure message of the job under the cursor shows here."));

    listHeading()->setText(tr("Failure groups"));
    addBesideListHeading(m_exportGroups);

    auto *right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(QStringLiteral("messageSplitter"));
    auto *jobsSide = new QWidget(this);
    auto *jobsLayout = new QVBoxLayout(jobsSide);
    jobsLayout->setContentsMargins(0, 0, 0, 0);
    auto *groupButtons = new QHBoxLayout;
    // The group's heading ("IOError: 1,234 jobs") beside what can be done to all of it.
    groupButtons->addWidget(jobs->headingLabel(), 1);
    groupButtons->addWidget(m_retryAll);
    groupButtons->addWidget(m_moveAll);
    groupButtons->addWidget(m_cancelAll);
    groupButtons->addWidget(m_clusters);
    groupButtons->addWidget(jobs->exportButton());
    jobsLayout->addLayout(groupButtons);
    jobsLayout->addWidget(m_timing);
    jobsLayout->addWidget(jobs, 1);
    right->addWidget(jobsSide);
    right->addWidget(m_message);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    QSplitter *split = layOut(right);
    split->setObjectName(QStringLiteral("failedSplitter"));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // Stretch factors only share space beyond the size hints, and the jobs side's row of buttons
    // hints wide: without sizes the group list got ~300 px and its count and newest columns ran
    // off behind a scroll bar. Taken as proportions until the page is first laid out.
    split->setSizes({560, 840});

    connect(m_retryAll, &QPushButton::clicked, this, [this] { actOnGroup(ActionCenter::FailedChoice::Retry); });
    connect(m_moveAll, &QPushButton::clicked, this, [this] { actOnGroup(ActionCenter::FailedChoice::Move); });
    connect(m_cancelAll, &QPushButton::clicked, this, [this] { actOnGroup(ActionCenter::FailedChoice::Cancel); });
    connect(m_clusters, &QPushButton::clicked, this, &FailedPage::showClusters);
    connect(jobs->model(), &JobListModel::totalChanged, this, &FailedPage::updateGroupButtons);
    updateGroupButtons();
    connect(jobs, &JobListPane::currentJobChanged, this, &FailedPage::showMessage);
    connect(jobs->model(), &QAbstractItemModel::dataChanged, this, &FailedPage::showMessage);
    connect(m_groups, &FailureGroupModel::refreshed, this, [this] {
        updateSummary();
        openBiggestGroupUnlessChosen();
    });
}

void FailedPage::updateSummary()
{
    const QLocale locale;
    // Only so many groups are listed (desk.failed's bound): say so when there are more.
    const QString groups =
        m_groups->totalGroups() > m_groups->rowCount()
            ? tr("%1 of %2").arg(locale.toString(m_groups->rowCount()), locale.toString(m_groups->totalGroups()))
            : locale.toString(m_groups->rowCount());
    listHeading()->setText(
        tr("Failure groups: %1, failed jobs: %2").arg(groups, locale.toString(m_groups->totalJobs())));
}

void FailedPage::openBiggestGroupUnlessChosen()
{
    // Coming to the page, the operator wants to see failures, not an empty pane: the biggest
    // group (the list's first row, as sorted) opens until they choose another.
    if (chosen().isEmpty() && listView()->model()->rowCount() > 0)
        choose(listView()->model()->index(0, 0).data(FailureGroupModel::KeyRole).toString());
}

void FailedPage::showJobsOf(const QString &group)
{
    jobPane()->setSource(JobSource::failureGroup(session()->client(), group), group);
    TableExportView view{TableExportView::Kind::Failed};
    view.group = group;
    jobPane()->setExportView(view);
    m_timing->setGroup(group);
    m_message->clear();
    m_messageOf.clear();
}

QString FailedPage::messageText(const Job &job)
{
    if (job.isMissing())
        return tr("%1: this jid is listed in the group, but its job data is gone from Redis.")
            .arg(QString::fromUtf8(job.jid));
    if (!job.failure)
        return tr("%1 has no failure recorded (state: %2).")
            .arg(QString::fromUtf8(job.jid), JobRowText::stateName(job.state));
    const JobFailure &failure = *job.failure;
    return tr("%1 failed in %2 on %3 at %4 (group %5)\n\n")
               .arg(QString::fromUtf8(job.jid), job.queue, failure.worker, TimeText::localWithUtc(failure.when),
                    failure.group)
           + failure.message;
}

void FailedPage::showMessage()
{
    const std::optional<Job> job = jobPane()->currentJob();
    if (!job) {
        m_messageOf.clear();
        m_message->clear();
        return;
    }
    // A row carries the message's first line only (JobPageReader): the whole message, traceback
    // and all, is read with the job, once per job and failure (a refresh of the same row reads
    // nothing more). Until it comes, the row's line shows.
    const QString of = QString::fromUtf8(job->jid) + QLatin1Char(' ')
                       + (job->failure ? QString::number(job->failure->when, 'f', 3) : job->state);
    if (of == m_messageOf)
        return;
    m_messageOf = of;
    m_message->setPlainText(messageText(*job));
    if (job->isMissing() || !job->failure)
        return;
    session()->reads()->job(job->jid, this, [this, of, row = *job](const QlessReply<std::optional<Job>> &reply) {
        if (of != m_messageOf)
            return; // the cursor moved on meanwhile
        if (!reply.ok())
            m_message->setPlainText(messageText(row)
                                    + tr("\n\n(The whole message could not be read: %1)").arg(reply.error.message));
        else if (reply.value)
            m_message->setPlainText(messageText(*reply.value));
    });
}

void FailedPage::updateGroupButtons()
{
    const bool any = !chosen().isEmpty() && jobPane()->model()->total() > 0;
    for (QPushButton *button : {m_retryAll, m_moveAll, m_cancelAll}) {
        button->setEnabled(any);
        ActionCenter::of(session())->guard(button);
    }
    m_clusters->setEnabled(any); // a read: fine on a read-only connection too
}

FailureClustersDialog *FailedPage::showClusters()
{
    if (chosen().isEmpty())
        return nullptr;
    auto *dialog = new FailureClustersDialog(session(), chosen(), this);
    connect(dialog, &FailureClustersDialog::openJobRequested, this, &Page::openJobRequested);
    dialog->show();
    return dialog;
}

void FailedPage::actOnGroup(ActionCenter::FailedChoice choice)
{
    const qint64 total = jobPane()->model()->total();
    if (chosen().isEmpty() || total <= 0)
        return;
    ActionCenter::of(session())->actOnFailed(choice, BulkTarget::ofFailureGroup(chosen(), total), this);
}
