// SPDX-License-Identifier: GPL-3.0-or-later
#include "recurringpane.h"

#include "actioncenter.h"
#include "jobfilterproxymodel.h"
#include "qlesssession.h"
#include "recurringlistmodel.h"
#include "visiblerows.h"

#include <QHeaderView>
#include <QMenu>
#include <QTableView>

RecurringPane::RecurringPane(QlessSession *session, QWidget *page)
    : QObject(page)
    , m_session(session)
    , m_page(page)
    , m_model(new RecurringListModel(session->client(), this))
    , m_proxy(new JobFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterColumns(
        {RecurringListModel::JidColumn, RecurringListModel::KlassColumn, RecurringListModel::TagsColumn});
    connect(m_model, &RecurringListModel::totalChanged, this, &RecurringPane::totalChanged);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &RecurringPane::rowsChanged);
    connect(m_model, &RecurringListModel::loadFailed, this, &RecurringPane::rowsChanged);
}

void RecurringPane::setUpView(QTableView *view)
{
    VisibleRows::follow(view, m_model); // as the job tabs: a refresh reads around the rows on screen
    QHeaderView *header = view->horizontalHeader();
    // Narrower than the job tabs: eight columns share the width, and the template's name is
    // usually short (the tooltip has the rest).
    header->resizeSection(RecurringListModel::JidColumn, 175);
    header->resizeSection(RecurringListModel::KlassColumn, 140);
    header->resizeSection(RecurringListModel::PriorityColumn, 60);
    header->resizeSection(RecurringListModel::IntervalColumn, 65);
    header->resizeSection(RecurringListModel::NextRunColumn, 190); // "due 2 min ago (queue paused)"
    header->resizeSection(RecurringListModel::CountColumn, 70);
    header->resizeSection(RecurringListModel::BacklogColumn, 65);
    header->resizeSection(RecurringListModel::RetriesColumn, 60);
    header->setSectionResizeMode(RecurringListModel::TagsColumn, QHeaderView::Stretch);
    header->moveSection(header->visualIndex(RecurringListModel::TagsColumn), RecurringListModel::ColumnCount - 1);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this, view](const QPoint &at) { showMenu(view, at); });
}

void RecurringPane::showMenu(QTableView *view, const QPoint &at)
{
    const QModelIndex index = view->indexAt(at);
    if (!index.isValid())
        return;
    const RecurringJob job = index.data(RecurringListModel::RecurringJobRole).value<RecurringJob>();
    if (job.jid.isEmpty())
        return;
    ActionCenter *center = ActionCenter::of(m_session);
    auto *menu = new QMenu(view);
    menu->setObjectName(QStringLiteral("recurringActionsMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setToolTipsVisible(true);
    // The section names the template; the dialog lists what can be edited (backlog included).
    menu->addSection(tr("Recurring job %1").arg(QString::fromUtf8(job.jid)));
    QAction *edit = menu->addAction(tr("Edit…"));
    edit->setToolTip(tr("Interval, priority, retries, queue or backlog"));
    connect(edit, &QAction::triggered, m_page, [this, center, job] { center->askEditRecurring(job, m_page); });
    QAction *stop = menu->addAction(tr("Stop recurring…"));
    connect(stop, &QAction::triggered, m_page, [this, center, job] { center->askStopRecurring(job, m_page); });
    center->guard(edit);
    center->guard(stop);
    menu->popup(view->viewport()->mapToGlobal(at));
}
