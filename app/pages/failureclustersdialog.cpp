// SPDX-License-Identifier: GPL-3.0-or-later
#include "failureclustersdialog.h"

#include "actioncenter.h"
#include "bulktarget.h"
#include "failureclustermodel.h"
#include "failureclusterscan.h"
#include "qlesssession.h"
#include "tableviews.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>

FailureClustersDialog::FailureClustersDialog(QlessSession *session, const QString &group, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_group(group)
    , m_scan(new FailureClusterScan(session->client(), this))
    , m_model(new FailureClusterModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_stop(new QPushButton(tr("Stop reading"), this))
    , m_example(new QPlainTextEdit(this))
    , m_exampleJob(new QLabel(this))
    , m_retry(new QPushButton(tr("Retry"), this))
    , m_move(new QPushButton(tr("Move\u2026"), this))
    , m_cancelJobs(new QPushButton(tr("Cancel jobs"), this))
{
    setWindowTitle(tr("Failure clusters of %1").arg(group));
    setAttribute(Qt::WA_DeleteOnClose);
    resize(1100, 640);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(FailureClusterModel::SortRole);
    TableViews::setUp(m_view, m_proxy);
    m_view->setObjectName(QStringLiteral("clusterView"));
    m_view->setAccessibleName(tr("Failure clusters"));
    m_view->setAccessibleDescription(tr("The failures of %1 gathered by what went wrong, biggest first").arg(group));
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(false);
    header->resizeSection(FailureClusterModel::CountColumn, 80);
    header->setSectionResizeMode(FailureClusterModel::MessageColumn, QHeaderView::Stretch);
    header->resizeSection(FailureClusterModel::FrameColumn, 280);
    header->resizeSection(FailureClusterModel::FirstColumn, 110);
    header->resizeSection(FailureClusterModel::LastColumn, 110);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // biggest first, as the model orders them

    m_example->setReadOnly(true);
    m_example->setAccessibleName(tr("Newest failure of the cluster"));
    m_progress->setAccessibleName(tr("Failures read"));
    m_example->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_example->setPlaceholderText(tr("The newest failure of the cluster under the cursor shows here."));
    m_exampleJob->setTextFormat(Qt::RichText);
    m_status->setWordWrap(true);
    m_retry->setToolTip(tr("Put every job of the selected clusters back into the queue it failed in"));
    m_move->setToolTip(tr("Move every job of the selected clusters into a queue you choose"));
    m_cancelJobs->setToolTip(tr("Delete every job of the selected clusters"));

    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_progress);
    top->addWidget(m_stop);
    auto *exampleSide = new QWidget(this);
    auto *exampleLayout = new QVBoxLayout(exampleSide);
    exampleLayout->setContentsMargins(0, 0, 0, 0);
    exampleLayout->addWidget(m_exampleJob);
    exampleLayout->addWidget(m_example, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(exampleSide);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    for (QPushButton *button : {m_retry, m_move, m_cancelJobs})
        buttons->addButton(button, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_stop, &QPushButton::clicked, m_scan, &FailureClusterScan::cancel);
    connect(m_scan, &FailureClusterScan::progressed, this, &FailureClustersDialog::showProgress);
    connect(m_scan, &FailureClusterScan::finished, this, &FailureClustersDialog::onFinished);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &FailureClustersDialog::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &FailureClustersDialog::showExample);
    connect(m_exampleJob, &QLabel::linkActivated, this, [this](const QString &) {
        const QModelIndex current = m_proxy->mapToSource(m_view->currentIndex());
        if (current.isValid())
            emit openJobRequested(m_model->clusterAt(current.row()).exampleJid);
    });
    connect(m_retry, &QPushButton::clicked, this, [this] { act(ActionCenter::FailedChoice::Retry); });
    connect(m_move, &QPushButton::clicked, this, [this] { act(ActionCenter::FailedChoice::Move); });
    connect(m_cancelJobs, &QPushButton::clicked, this, [this] { act(ActionCenter::FailedChoice::Cancel); });
    rescan();
}

void FailureClustersDialog::rescan()
{
    m_model->setClusters({}, 0);
    m_progress->setRange(0, 0);
    m_progress->show();
    m_stop->show();
    m_status->setText(tr("Reading the failures of %1\u2026").arg(m_group));
    m_scan->start(m_group);
    updateButtons();
}

void FailureClustersDialog::showProgress()
{
    const qint64 total = qMax(m_scan->total(), m_scan->scanned());
    // QProgressBar counts in int: a group past 2^31 failures is shown in thousands.
    const int scale = total > 1000000000 ? 1000 : 1;
    m_progress->setRange(0, int(total / scale));
    m_progress->setValue(int(m_scan->scanned() / scale));
    m_status->setText(
        tr("Reading the failures of %1: %2 of %3, %Ln cluster(s) so far", nullptr, int(m_scan->clusters().size()))
            .arg(m_group, QLocale().toString(m_scan->scanned()), QLocale().toString(total)));
}

void FailureClustersDialog::onFinished(bool ok, const QString &error)
{
    m_progress->hide();
    m_stop->hide();
    m_model->setClusters(m_scan->clusters().sorted(), double(QDateTime::currentSecsSinceEpoch()));
    const QLocale locale;
    QString text;
    if (ok) {
        // Two counts, each with its own plural: the sentence is put together from its halves.
        text = tr("%1 in %2", "failures of a group, in clusters")
                   .arg(tr("%Ln failure(s) of %1", nullptr, int(m_scan->clusters().failures())).arg(m_group),
                        tr("%Ln cluster(s)", nullptr, int(m_scan->clusters().size())));
    } else if (error.isEmpty()) {
        text = tr("Stopped after %1 of %Ln failure(s): the clusters below are of those only", nullptr,
                  int(qMin<qint64>(m_scan->total(), std::numeric_limits<int>::max())))
                   .arg(locale.toString(m_scan->scanned()));
    } else {
        text = tr("Could not read the failures of %1: %2").arg(m_group, error);
    }
    if (m_scan->unreadable() > 0)
        text += tr(" (%Ln listed job(s) gone or unreadable, left out)", nullptr, int(m_scan->unreadable()));
    m_status->setText(text);
    if (m_model->rowCount() > 0)
        m_view->selectRow(0);
    updateButtons();
}

void FailureClustersDialog::showExample()
{
    const QModelIndex current = m_proxy->mapToSource(m_view->currentIndex());
    if (!current.isValid()) {
        m_example->clear();
        m_exampleJob->clear();
        return;
    }
    const FailureCluster &cluster = m_model->clusterAt(current.row());
    m_example->setPlainText(cluster.example);
    m_exampleJob->setText(
        tr("Newest of %1: <a href=\"job\">%2</a>")
            .arg(QLocale().toString(cluster.count), QString::fromUtf8(cluster.exampleJid).toHtmlEscaped()));
}

QList<QByteArray> FailureClustersDialog::selectedJids() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows())
        rows << m_proxy->mapToSource(index).row();
    std::sort(rows.begin(), rows.end());
    QList<QByteArray> jids;
    for (int row : rows)
        jids += m_model->clusterAt(row).jids;
    return jids;
}

void FailureClustersDialog::updateButtons()
{
    // Only a complete read: acting on part of a cluster would leave the rest to be found later.
    const bool ready = !m_scan->isRunning() && !m_view->selectionModel()->selectedRows().isEmpty();
    ActionCenter *actions = ActionCenter::of(m_session);
    for (QPushButton *button : {m_retry, m_move, m_cancelJobs}) {
        button->setEnabled(ready);
        actions->guard(button);
    }
}

void FailureClustersDialog::act(ActionCenter::FailedChoice choice)
{
    const QList<QByteArray> jids = selectedJids();
    if (jids.isEmpty())
        return;
    const int clusters = int(m_view->selectionModel()->selectedRows().size());
    const BulkTarget target =
        BulkTarget::ofJids(jids, tr("%n cluster(s) of failure group %1", nullptr, clusters).arg(m_group));
    ActionCenter::of(m_session)->actOnFailed(choice, target, this);
}
