// SPDX-License-Identifier: GPL-3.0-or-later
#include "tagspage.h"

#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "qlesssession.h"
#include "tableexportbutton.h"
#include "taglistmodel.h"
#include "visiblerows.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>

TagsPage::TagsPage(QlessSession *session, QWidget *parent)
    : MasterDetailPage(session, parent)
    , m_tags(new TagListModel(session->client(), this))
{
    setList(m_tags, QStringLiteral("tagView"), tr("Tags"), tr("The tag chosen here lists its jobs beside"));
    QTableView *tagView = listView();
    tagView->setSelectionMode(QAbstractItemView::SingleSelection);
    tagView->horizontalHeader()->setStretchLastSection(false);
    tagView->horizontalHeader()->setSectionResizeMode(TagListModel::TagColumn, QHeaderView::Stretch);
    tagView->horizontalHeader()->resizeSection(TagListModel::CountColumn, 80);
    tagView->sortByColumn(TagListModel::CountColumn, Qt::DescendingOrder);
    VisibleRows::follow(tagView, m_tags); // a refresh reads the tags on screen, not all loaded

    // Put and last change before the worker, which only running jobs have: at the default
    // size the times are on screen and the worker is the one a sideways scroll brings.
    JobListPane *jobs = jobPane();
    jobs->setColumns({{JobListModel::JidColumn, 130},
                      {JobListModel::StateColumn, 80},
                      {JobListModel::QueueColumn, 80},
                      {JobListModel::KlassColumn, 120},
                      {JobListModel::TimeColumn, 175}, // "completed 59 min 12 s ago"
                      {JobListModel::PutColumn, 84},
                      {JobListModel::ChangedColumn, 84},
                      {JobListModel::WorkerColumn, 130},
                      {JobListModel::TagsColumn, JobListPane::RestOfRow}});
    JobListActions::install(jobs->view(), jobs->model(), session);
    jobs->clear(tr("Choose a tag to list its jobs"));

    listHeading()->setText(tr("Tags, most used first"));
    addBesideListHeading(new TableExportButton(
        session, [] { return TableExportView{TableExportView::Kind::Tags}; }, this));
    QSplitter *split = layOut(jobs);
    split->setObjectName(QStringLiteral("tagsSplitter"));
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
}

void TagsPage::showJobsOf(const QString &tag)
{
    jobPane()->setSource(JobSource::tag(session()->client(), tag), tr("Tag %1").arg(tag));
    TableExportView view{TableExportView::Kind::Tags};
    view.tag = tag;
    jobPane()->setExportView(view);
}
