// SPDX-License-Identifier: GPL-3.0-or-later
#include "masterdetailpage.h"

#include "joblistmodel.h"
#include "joblistpane.h"
#include "qlesssession.h"
#include "tableviews.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

MasterDetailPage::MasterDetailPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_sorted(new QSortFilterProxyModel(this))
    , m_listView(new QTableView(this))
    , m_listSide(new QWidget(this))
    , m_listHeading(new QLabel(this))
    , m_listHeadingRow(new QHBoxLayout)
    , m_jobs(new JobListPane(session, this))
{
    QFont bold = m_listHeading->font();
    bold.setBold(true);
    m_listHeading->setFont(bold);
    m_listHeadingRow->addWidget(m_listHeading, 1);
    auto *listLayout = new QVBoxLayout(m_listSide);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addLayout(m_listHeadingRow);
    listLayout->addWidget(m_listView, 1);
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
}

void MasterDetailPage::setListModel(QAbstractItemModel *model, int sortRole, int keyRole)
{
    m_keyRole = keyRole;
    // When the chosen row vanishes, the view moves its cursor to a neighbour: that is not the
    // operator's choice. The flag is up from before the proxy hears of the removal (so connected
    // first) until after the view has dealt with it.
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { m_listRemoving = true; });
    m_sorted->setSourceModel(model);
    m_sorted->setSortRole(sortRole);
    TableViews::setUp(m_listView, m_sorted);
    connect(m_sorted, &QAbstractItemModel::rowsRemoved, this, [this] { m_listRemoving = false; });

    connect(m_listView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_listRemoving)
                    choose(current.data(m_keyRole).toString());
            });
    connect(m_listView, &QTableView::activated, this,
            [this](const QModelIndex &index) { choose(index.data(m_keyRole).toString()); });
}

void MasterDetailPage::nameList(const QString &name, const QString &accessibleName, const QString &description)
{
    m_listView->setObjectName(name);
    m_listView->setAccessibleName(accessibleName);
    m_listView->setAccessibleDescription(description);
}

void MasterDetailPage::addBesideListHeading(QWidget *widget)
{
    m_listHeadingRow->addWidget(widget);
}

QSplitter *MasterDetailPage::layOut(QWidget *detail)
{
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_listSide);
    split->addWidget(detail);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(split);
    return split;
}

void MasterDetailPage::refresh(std::function<void(bool ok)> done)
{
    RefreshJoin join(2, std::move(done));
    m_refreshList(join.part());
    m_jobs->refresh(join.part());
}

void MasterDetailPage::choose(const QString &key)
{
    if (key.isEmpty())
        return;
    if (key != m_chosen || !m_jobs->model()->source().isValid()) {
        m_chosen = key;
        showJobsOf(key);
    }
    selectChosenRow();
}

void MasterDetailPage::leaveChosen(const QString &why)
{
    m_chosen.clear();
    m_jobs->setExportView(std::nullopt);
    m_jobs->clear(why);
}

void MasterDetailPage::selectChosenRow()
{
    TableViews::selectSourceRow(m_listView, m_sorted, m_rowOf(m_chosen));
}
