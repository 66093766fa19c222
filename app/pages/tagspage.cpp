#include "tagspage.h"

#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "tableviews.h"
#include "taglistmodel.h"
#include "visiblerows.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

TagsPage::TagsPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_tags(new TagListModel(session->client(), this))
    , m_sortedTags(new QSortFilterProxyModel(this))
    , m_tagView(new QTableView(this))
    , m_jobs(new JobListPane(session->client(), this))
{
    // When the chosen row vanishes, the view moves its cursor to a neighbour: that is not the
    // operator's choice. The flag is up from before the proxy hears of the removal (so connected
    // first) until after the view has dealt with it.
    connect(m_tags, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { m_tagsRemoving = true; });
    m_sortedTags->setSourceModel(m_tags);
    m_sortedTags->setSortRole(TagListModel::SortRole);
    TableViews::setUp(m_tagView, m_sortedTags);
    connect(m_sortedTags, &QAbstractItemModel::rowsRemoved, this, [this] { m_tagsRemoving = false; });
    m_tagView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tagView->setObjectName(QStringLiteral("tagView")); // its remembered columns' key
    m_tagView->setAccessibleName(tr("Tags"));
    m_tagView->setAccessibleDescription(tr("The tag chosen here lists its jobs beside"));
    m_tagView->horizontalHeader()->setStretchLastSection(false);
    m_tagView->horizontalHeader()->setSectionResizeMode(TagListModel::TagColumn, QHeaderView::Stretch);
    m_tagView->horizontalHeader()->resizeSection(TagListModel::CountColumn, 80);
    m_tagView->sortByColumn(TagListModel::CountColumn, Qt::DescendingOrder);
    VisibleRows::follow(m_tagView, m_tags); // a refresh reads the tags on screen, not all loaded

    // Put and last change before the worker, which only running jobs have: at the default
    // size the times are on screen and the worker is the one a sideways scroll brings.
    m_jobs->setColumns({{JobListModel::JidColumn, 180},
                        {JobListModel::StateColumn, 80},
                        {JobListModel::QueueColumn, 90},
                        {JobListModel::KlassColumn, 130},
                        {JobListModel::TimeColumn, 150},
                        {JobListModel::PutColumn, 95},
                        {JobListModel::ChangedColumn, 95},
                        {JobListModel::WorkerColumn, 130},
                        {JobListModel::TagsColumn, 0}});
    JobListActions::install(m_jobs->view(), m_jobs->model(), session);
    m_jobs->view()->horizontalHeader()->setSectionResizeMode(JobListModel::TagsColumn, QHeaderView::Interactive);
    m_jobs->view()->horizontalHeader()->setStretchLastSection(true);
    m_jobs->clear(tr("Choose a tag to list its jobs"));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *heading = new QLabel(tr("Tags, most used first"), left);
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);
    auto *headingRow = new QHBoxLayout;
    headingRow->addWidget(heading, 1);
    headingRow->addWidget(new TableExportButton(session->client(),
                                                [] { return TableExportView{TableExportView::Kind::Tags}; }, left));
    leftLayout->addLayout(headingRow);
    leftLayout->addWidget(m_tagView, 1);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("tagsSplitter"));
    split->addWidget(left);
    split->addWidget(m_jobs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(split);

    connect(m_tagView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_tagsRemoving)
                    showTag(current.data(TagListModel::KeyRole).toString());
            });
    connect(m_tagView, &QTableView::activated, this, [this](const QModelIndex &index) {
        showTag(index.data(TagListModel::KeyRole).toString());
    });
    connect(m_tags, &TagListModel::refreshed, this, &TagsPage::selectTagRow);
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
}

void TagsPage::refresh(std::function<void(bool ok)> done)
{
    auto left = std::make_shared<int>(2);
    auto ok = std::make_shared<bool>(true);
    const auto finish = [left, ok, done](bool fine) {
        *ok = *ok && fine;
        if (--*left == 0)
            done(*ok);
    };
    m_tags->refresh([this, finish] { finish(m_tags->lastError().isEmpty()); });
    m_jobs->refresh(finish);
}

void TagsPage::showTag(const QString &tag)
{
    if (tag.isEmpty())
        return;
    if (tag != m_tag || !m_jobs->model()->source().isValid()) {
        m_tag = tag;
        m_jobs->setSource(JobSource::tag(session()->client(), tag), tr("Tag %1").arg(tag));
        TableExportView view{TableExportView::Kind::Tags};
        view.tag = tag;
        m_jobs->setExportView(view);
    }
    selectTagRow();
}

void TagsPage::selectTagRow()
{
    TableViews::selectSourceRow(m_tagView, m_sortedTags, m_tags->rowOf(m_tag));
}
