// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsidekiqpage.h"

#include "qlesssession.h"
#include "sidejobsession.h"
#include "sidekiqitemmodel.h"
#include "sidekiqmonitor.h"
#include "sidekiqprocessmodel.h"
#include "sidekiqqueuemodel.h"
#include "tableexportbutton.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QVBoxLayout>

namespace {
QTableView *sortedTable(QAbstractItemModel *model, int sortRole, QWidget *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    auto *view = new QTableView(parent);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(0, Qt::AscendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

const QStringList &sortedSets()
{
    static const QStringList names{QStringLiteral("schedule"), QStringLiteral("retry"), QStringLiteral("dead")};
    return names;
}
} // namespace

SideJobSidekiqPage::SideJobSidekiqPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_sidejob(SideJobSession::of(session))
    , m_monitor(new SidekiqMonitor(m_sidejob->client(), this))
    , m_queueView(sortedTable(m_monitor->queues(), SidekiqQueueModel::SortRole, this))
    , m_processView(sortedTable(m_monitor->processes(), SidekiqProcessModel::SortRole, this))
    , m_setTabs(new QTabBar(this))
    , m_itemView(sortedTable(m_monitor->items(), SidekiqItemModel::SortRole, this))
    , m_status(new QLabel(this))
    , m_exportQueues(new TableExportButton(
          session, [] { return TableExportView{TableExportView::Kind::SideJobQueues}; }, this))
    , m_exportProcesses(new TableExportButton(
          session, [] { return TableExportView{TableExportView::Kind::SideJobProcesses}; }, this))
{
    m_exportQueues->setObjectName(QStringLiteral("sidekiqQueuesExportButton"));
    m_exportQueues->setText(tr("Export queues CSV…"));
    m_exportProcesses->setObjectName(QStringLiteral("sidekiqProcessesExportButton"));
    m_exportProcesses->setText(tr("Export processes CSV…"));
    m_queueView->setAccessibleName(tr("Sidekiq queues"));
    m_processView->setAccessibleName(tr("Sidekiq processes"));
    m_itemView->setAccessibleName(tr("Sidekiq sorted set items"));
    m_setTabs->setAccessibleName(tr("Sidekiq sorted set"));
    m_status->setWordWrap(true);
    m_setTabs->addTab(tr("Scheduled"));
    m_setTabs->addTab(tr("Retry"));
    m_setTabs->addTab(tr("Dead"));

    auto *items = new QWidget(this);
    auto *itemsLayout = new QVBoxLayout(items);
    itemsLayout->setContentsMargins(0, 0, 0, 0);
    itemsLayout->addWidget(m_setTabs);
    itemsLayout->addWidget(m_itemView);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_queueView);
    split->addWidget(m_processView);
    split->addWidget(items);
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_status, 1);
    bar->addWidget(m_exportQueues);
    bar->addWidget(m_exportProcesses);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_sidejob, &SideJobSession::presenceChanged, this, &Page::availabilityChanged);
    // Nothing to export from a server without SideJob (the export would say so, after a click).
    for (TableExportButton *button : {m_exportQueues, m_exportProcesses}) {
        button->setVisible(m_sidejob->isPresent());
        connect(m_sidejob, &SideJobSession::presenceChanged, button, &QWidget::setVisible);
    }
    connect(m_setTabs, &QTabBar::currentChanged, this, [this](int index) { showSortedSet(sortedSets().value(index)); });
    updateTabs();
    m_status->setText(m_sidejob->summary());
}

bool SideJobSidekiqPage::isAvailable() const
{
    return m_sidejob->isPresent();
}

void SideJobSidekiqPage::showSortedSet(const QString &set)
{
    const int index = int(sortedSets().indexOf(set));
    if (index < 0)
        return;
    if (m_setTabs->currentIndex() != index)
        m_setTabs->setCurrentIndex(index); // comes back here through currentChanged
    if (set == m_monitor->sortedSet())
        return;
    m_monitor->setSortedSet(set);
    m_monitor->refresh(m_sidejob->now(), [this](bool) { m_itemView->resizeColumnsToContents(); });
}

void SideJobSidekiqPage::refresh(std::function<void(bool ok)> done)
{
    m_sidejob->detect();
    m_monitor->refresh(m_sidejob->now(), [this, done](bool ok) {
        if (ok) {
            for (QTableView *view : {m_queueView, m_processView, m_itemView})
                view->resizeColumnsToContents();
            session()->markRefreshed();
        }
        updateTabs();
        m_status->setText(m_sidejob->isPresent() ? m_monitor->summary() : m_sidejob->summary());
        if (done)
            done(ok);
    });
}

// Retry and dead are shown only when they hold something (SideJob turns Sidekiq's retries off;
// other Sidekiq jobs may share the Redis); the schedule always.
void SideJobSidekiqPage::updateTabs()
{
    for (int i = 0; i < sortedSets().size(); ++i) {
        const qint64 size = m_monitor->sortedSetSize(sortedSets().at(i));
        const QStringList labels{tr("Scheduled (%1)"), tr("Retry (%1)"), tr("Dead (%1)")};
        m_setTabs->setTabText(i, labels.at(i).arg(size < 0 ? tr("not a sorted set") : QString::number(size)));
        m_setTabs->setTabVisible(i, i == 0 || size != 0 || m_setTabs->currentIndex() == i);
    }
}
