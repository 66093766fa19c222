#include "failedpage.h"

#include "actioncenter.h"
#include "failureclustersdialog.h"
#include "joblistactions.h"
#include "failuregroupmodel.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobrowtext.h"
#include "tableexportbutton.h"
#include "jobtableproxy.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "tableviews.h"
#include "timetext.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

FailedPage::FailedPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_groups(new FailureGroupModel(session->client(), this))
    , m_sortedGroups(new QSortFilterProxyModel(this))
    , m_groupView(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_jobs(new JobListPane(session->client(), this))
    , m_retryAll(new QPushButton(tr("Retry all"), this))
    , m_moveAll(new QPushButton(tr("Move all…"), this))
    , m_cancelAll(new QPushButton(tr("Cancel all…"), this))
    , m_clusters(new QPushButton(tr("Clusters…"), this))
    , m_exportGroups(new TableExportButton(session->client(),
                                           [] { return TableExportView{TableExportView::Kind::Failed}; }, this))
    , m_message(new QPlainTextEdit(this))
{
    // When the chosen row vanishes, the view moves its cursor to a neighbour: that is not the
    // operator's choice. The flag is up from before the proxy hears of the removal (so connected
    // first) until after the view has dealt with it.
    connect(m_groups, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { m_groupsRemoving = true; });
    m_sortedGroups->setSourceModel(m_groups);
    m_sortedGroups->setSortRole(FailureGroupModel::SortRole);
    TableViews::setUp(m_groupView, m_sortedGroups);
    connect(m_sortedGroups, &QAbstractItemModel::rowsRemoved, this, [this] { m_groupsRemoving = false; });
    m_groupView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_groupView->setObjectName(QStringLiteral("groupView")); // its remembered columns' key
    m_groupView->setAccessibleName(tr("Failure groups"));
    m_groupView->setAccessibleDescription(tr("The group chosen here lists its jobs beside"));
    QHeaderView *header = m_groupView->horizontalHeader();
    header->resizeSection(FailureGroupModel::NameColumn, 200);
    // The newest message takes the rest of the list's width rather than running off behind it.
    header->setStretchLastSection(true);
    header->resizeSection(FailureGroupModel::CountColumn, 50);
    header->resizeSection(FailureGroupModel::LatestColumn, 120);
    m_groupView->sortByColumn(FailureGroupModel::CountColumn, Qt::DescendingOrder);

    m_jobs->proxy()->setFailureWithoutGroup(true);
    // No last-change column by default: qless does not rewrite a job's `time` when it fails, so
    // beside the failure's own time it would show the pop that ran it, under a name that reads
    // like the failure. The header's menu shows it for whoever wants it.
    m_jobs->setColumns({{JobListModel::JidColumn, 130},
                        {JobListModel::TimeColumn, 165},
                        {JobListModel::PutColumn, 95},
                        {JobListModel::QueueColumn, 70},
                        {JobListModel::WorkerColumn, 150},
                        {JobListModel::FailureColumn, 0}});
    m_jobs->view()->horizontalHeader()->setSectionResizeMode(JobListModel::FailureColumn, QHeaderView::Interactive);
    m_jobs->view()->horizontalHeader()->setStretchLastSection(true);
    m_jobs->clear(tr("Choose a failure group to list its jobs"));
    JobListActions::Options actions;
    actions.group = [this] { return m_group; };
    JobListActions::install(m_jobs->view(), m_jobs->model(), session, actions);
    m_retryAll->setToolTip(tr("Every job of the group back into the queue it failed in"));
    m_moveAll->setToolTip(tr("Every job of the group into a queue you choose"));
    m_cancelAll->setToolTip(tr("Delete every job of the group"));
    m_clusters->setToolTip(tr("Read the whole group and gather its failures by what actually went wrong"));

    m_message->setReadOnly(true);
    m_message->setAccessibleName(tr("Failure message"));
    m_message->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_message->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_message->setPlaceholderText(tr("The full failure message of the job under the cursor shows here."));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    auto *summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summary, 1);
    summaryRow->addWidget(m_exportGroups);
    leftLayout->addLayout(summaryRow);
    leftLayout->addWidget(m_groupView, 1);

    auto *right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(QStringLiteral("messageSplitter"));
    auto *jobsSide = new QWidget(this);
    auto *jobsLayout = new QVBoxLayout(jobsSide);
    jobsLayout->setContentsMargins(0, 0, 0, 0);
    auto *groupButtons = new QHBoxLayout;
    // The group's heading ("IOError: 1,234 jobs") beside what can be done to all of it.
    groupButtons->addWidget(m_jobs->headingLabel(), 1);
    groupButtons->addWidget(m_retryAll);
    groupButtons->addWidget(m_moveAll);
    groupButtons->addWidget(m_cancelAll);
    groupButtons->addWidget(m_clusters);
    groupButtons->addWidget(m_jobs->exportButton());
    jobsLayout->addLayout(groupButtons);
    jobsLayout->addWidget(m_jobs, 1);
    right->addWidget(jobsSide);
    right->addWidget(m_message);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("failedSplitter"));
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // Stretch factors only share space beyond the size hints, and the jobs side's row of buttons
    // hints wide: without sizes the group list got ~300 px and its count and newest columns ran
    // off behind a scroll bar. Taken as proportions until the page is first laid out.
    split->setSizes({560, 840});
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(split);

    connect(m_groupView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_groupsRemoving)
                    onGroupChosen(current);
            });
    connect(m_groupView, &QTableView::activated, this, &FailedPage::onGroupChosen);
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
    connect(m_retryAll, &QPushButton::clicked, this, [this] { actOnGroup(ActionCenter::FailedChoice::Retry); });
    connect(m_moveAll, &QPushButton::clicked, this, [this] { actOnGroup(ActionCenter::FailedChoice::Move); });
    connect(m_cancelAll, &QPushButton::clicked, this, [this] { actOnGroup(ActionCenter::FailedChoice::Cancel); });
    connect(m_clusters, &QPushButton::clicked, this, &FailedPage::showClusters);
    connect(m_jobs->model(), &JobListModel::totalChanged, this, &FailedPage::updateGroupButtons);
    updateGroupButtons();
    connect(m_jobs, &JobListPane::currentJobChanged, this, &FailedPage::showMessage);
    connect(m_jobs->model(), &QAbstractItemModel::dataChanged, this, &FailedPage::showMessage);
    connect(m_groups, &FailureGroupModel::refreshed, this, [this] {
        const QLocale locale;
        // Only so many groups are listed (desk.failed's bound): say so when there are more.
        const QString groups = m_groups->totalGroups() > m_groups->rowCount()
            ? tr("%1 of %2").arg(locale.toString(m_groups->rowCount()), locale.toString(m_groups->totalGroups()))
            : locale.toString(m_groups->rowCount());
        m_summary->setText(tr("Failure groups: %1, failed jobs: %2").arg(groups, locale.toString(m_groups->totalJobs())));
        // Coming to the page, the operator wants to see failures, not an empty pane: the
        // biggest group opens until they choose another.
        if (m_group.isEmpty() && m_sortedGroups->rowCount() > 0) {
            showGroup(m_sortedGroups->index(0, 0).data(FailureGroupModel::KeyRole).toString());
            return;
        }
        selectGroupRow();
    });
    m_summary->setText(tr("Failure groups"));
}

void FailedPage::refresh(std::function<void(bool ok)> done)
{
    auto left = std::make_shared<int>(2);
    auto ok = std::make_shared<bool>(true);
    const auto finish = [left, ok, done](bool fine) {
        *ok = *ok && fine;
        if (--*left == 0)
            done(*ok);
    };
    m_groups->refresh([this, finish] { finish(m_groups->lastError().isEmpty()); });
    m_jobs->refresh(finish);
}

void FailedPage::showGroup(const QString &group)
{
    if (group == m_group && m_jobs->model()->source().isValid()) {
        selectGroupRow();
        return;
    }
    m_group = group;
    m_jobs->setSource(JobSource::failureGroup(session()->client(), group), group);
    TableExportView view{TableExportView::Kind::Failed};
    view.group = group;
    m_jobs->setExportView(view);
    m_message->clear();
    m_messageOf.clear();
    selectGroupRow();
}

void FailedPage::onGroupChosen(const QModelIndex &index)
{
    const QString group = index.data(FailureGroupModel::KeyRole).toString();
    if (!group.isEmpty())
        showGroup(group);
}

void FailedPage::selectGroupRow()
{
    TableViews::selectSourceRow(m_groupView, m_sortedGroups, m_groups->rowOf(m_group));
}

QString FailedPage::messageText(const Job &job)
{
    if (job.isMissing())
        return tr("%1: this jid is listed in the group, but its job data is gone from Redis.")
            .arg(QString::fromUtf8(job.jid));
    if (!job.failure)
        return tr("%1 has no failure recorded (state: %2).").arg(QString::fromUtf8(job.jid), JobRowText::stateName(job.state));
    const JobFailure &failure = *job.failure;
    return tr("%1 failed in %2 on %3 at %4 (group %5)\n\n")
               .arg(QString::fromUtf8(job.jid), job.queue, failure.worker, TimeText::localWithUtc(failure.when),
                    failure.group)
        + failure.message;
}

void FailedPage::showMessage()
{
    const std::optional<Job> job = m_jobs->currentJob();
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
    session()->client()->job(job->jid, this, [this, of, row = *job](const QlessReply<std::optional<Job>> &reply) {
        if (of != m_messageOf)
            return; // the cursor moved on meanwhile
        if (!reply.ok())
            m_message->setPlainText(messageText(row) + tr("\n\n(The whole message could not be read: %1)").arg(reply.error.message));
        else if (reply.value)
            m_message->setPlainText(messageText(*reply.value));
    });
}

void FailedPage::updateGroupButtons()
{
    const bool any = !m_group.isEmpty() && m_jobs->model()->total() > 0;
    for (QPushButton *button : {m_retryAll, m_moveAll, m_cancelAll}) {
        button->setEnabled(any);
        ActionCenter::of(session())->guard(button);
    }
    m_clusters->setEnabled(any); // a read: fine on a read-only connection too
}

FailureClustersDialog *FailedPage::showClusters()
{
    if (m_group.isEmpty())
        return nullptr;
    auto *dialog = new FailureClustersDialog(session(), m_group, this);
    connect(dialog, &FailureClustersDialog::openJobRequested, this, &Page::openJobRequested);
    dialog->show();
    return dialog;
}

void FailedPage::actOnGroup(ActionCenter::FailedChoice choice)
{
    const qint64 total = m_jobs->model()->total();
    if (m_group.isEmpty() || total <= 0)
        return;
    ActionCenter::of(session())->actOnFailed(choice, BulkTarget::ofFailureGroup(m_group, total), this);
}
