#include "overviewpage.h"

#include "qlesssession.h"
#include "queuelistmodel.h"
#include "tableviews.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

OverviewPage::OverviewPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_queues(new QueueListModel(session->client(), this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_queueView(new QTableView(this))
    , m_summary(new QLabel(this))
{
    m_sorted->setSourceModel(m_queues);
    m_sorted->setSortRole(QueueListModel::SortRole);
    TableViews::setUp(m_queueView, m_sorted);
    m_queueView->horizontalHeader()->setStretchLastSection(false);
    m_queueView->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_queueView->horizontalHeader()->setDefaultSectionSize(110);
    m_queueView->horizontalHeader()->setSectionResizeMode(QueueListModel::NameColumn, QHeaderView::Stretch);
    m_queueView->sortByColumn(QueueListModel::NameColumn, Qt::AscendingOrder);

    QFont large = m_summary->font();
    large.setPointSizeF(large.pointSizeF() * 1.15);
    m_summary->setFont(large);
    m_summary->setTextFormat(Qt::RichText);

    auto *heading = new QLabel(tr("Queues"), this);
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(m_summary);
    layout->addSpacing(8);
    layout->addWidget(heading);
    layout->addWidget(m_queueView, 1);

    connect(m_queueView, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit openQueueRequested(index.data(QueueListModel::KeyRole).toString());
    });
    connect(m_queues, &QueueListModel::refreshed, this, &OverviewPage::updateSummary);
    updateSummary();
}

void OverviewPage::refresh(std::function<void(bool ok)> done)
{
    m_queues->refresh([this, done] { done(m_queues->lastError().isEmpty()); });
}

void OverviewPage::updateSummary()
{
    const QueueCounts total = m_queues->totals();
    const QLocale locale;
    QString stalled = locale.toString(total.stalled);
    if (total.stalled > 0)
        stalled = QStringLiteral("<span style='color:#c62828'><b>%1</b></span>").arg(stalled);
    m_summary->setText(tr("<b>%1</b> queues &nbsp;·&nbsp; <b>%2</b> waiting &nbsp;·&nbsp; <b>%3</b> running"
                          " &nbsp;·&nbsp; %4 stalled &nbsp;·&nbsp; <b>%5</b> scheduled &nbsp;·&nbsp;"
                          " <b>%6</b> depending &nbsp;·&nbsp; <b>%7</b> recurring")
                           .arg(locale.toString(m_queues->rowCount()), locale.toString(total.waiting),
                                locale.toString(total.running), stalled, locale.toString(total.scheduled),
                                locale.toString(total.depends), locale.toString(total.recurring)));
}
