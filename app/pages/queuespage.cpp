// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuespage.h"

#include "jobfilterproxymodel.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "palettefollower.h"
#include "pausetimes.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "queuepicker.h"
#include "queuetabcolumns.h"
#include "recurringlistmodel.h"
#include "recurringpane.h"
#include "refreshjoin.h"
#include "tableexportbutton.h"
#include "tableviews.h"
#include "timedoutfilter.h"
#include "tonestyle.h"
#include "visiblerows.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

QueuesPage::QueuesPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_queues(new QueueListModel(session->client(), this))
    , m_queueView(new QueuePicker(session, m_queues, this))
    , m_recurringPane(new RecurringPane(session, this))
    , m_recurring(m_recurringPane->model())
    , m_heading(new QLabel(this))
    , m_filter(new QLineEdit(this))
    , m_timedOutOnly(new QCheckBox(tr("Only timed out"), this))
    , m_timedOutFilter(new TimedOutFilter(this))
    , m_tabWidget(new QTabWidget(this))
    , m_status(new QLabel(this))
{
    m_queueView->setObjectName(QStringLiteral("queueView")); // its remembered columns' key
    m_queueView->setAccessibleName(tr("Queues"));
    m_queueView->setAccessibleDescription(tr("The queue chosen here fills the tabs beside"));
    m_queues->setPauseTimes(PauseTimes::of(session)); // "paused since" in a paused queue's tooltip
    connect(m_queueView, &QueuePicker::queueChosen, this, &QueuesPage::showQueue);
    connect(m_queues, &QueueListModel::refreshed, this, [this] {
        if (m_queue.isEmpty() && m_queues->rowCount() > 0) // first look: the first queue by name
            showQueue(m_queueView->firstQueue());
        m_queueView->select(m_queue);
        updateHeading();
        updateTabTitles();
    });

    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.25);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setTextFormat(Qt::RichText);
    m_filter->setPlaceholderText(tr("Filter by jid, class or tag"));
    m_filter->setAccessibleName(tr("Filter jobs"));
    m_filter->setAccessibleDescription(tr("Shows the loaded jobs whose jid, class or tag holds every word"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(260); // the placeholder says what it filters: keep it readable
    m_filter->setMaximumWidth(360);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        for (TabParts &parts : m_tabs)
            parts.proxy->setFilterText(text);
        updateStatus();
    });
    ToneStyle::setText(m_status, ToneStyle::Tone::Muted);
    // The heading's colours are the palette's: drawn again when it changes.
    PaletteFollower::onChange(m_heading, [this] { updateHeading(); });
    m_timedOutOnly->setToolTip(tr("Show only the jobs qless timed out: they lead the Waiting list, and the next "
                                  "pop of this queue takes them first"));
    connect(m_timedOutOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_timedOutFilter->setOnlyTimedOut(on);
        // The worker they were taken from instead of the priority, which does not order them:
        // the next pop takes timed-out jobs first whatever their priority.
        tableView(WaitingTab)->setColumnHidden(JobListModel::WorkerColumn, !on);
        tableView(WaitingTab)->setColumnHidden(JobListModel::PriorityColumn, on);
        updateStatus();
    });

    addJobTab(WaitingTab, QStringLiteral("waiting"));
    addJobTab(RunningTab, QStringLiteral("running"));
    addJobTab(StalledTab, QStringLiteral("stalled"));
    addJobTab(ScheduledTab, QStringLiteral("scheduled"));
    addJobTab(DependsTab, QStringLiteral("depends"));
    addRecurringTab();
    m_exportQueues = new TableExportButton(
        session, [] { return TableExportView{TableExportView::Kind::Queues}; }, this);
    m_exportJobs = new TableExportButton(
        session,
        [this]() -> std::optional<TableExportView> {
            if (m_queue.isEmpty())
                return std::nullopt;
            TableExportView view{TableExportView::Kind::Jobs};
            view.queue = m_queue;
            view.state = m_tabs.at(currentTab()).state;
            return view;
        },
        this);
    m_exportJobs->setToolTip(tr("Save every job of this tab's list as a CSV file: all of it, read from the server "
                                "(not only the rows loaded, whatever the filter shows); times in UTC"));
    connect(m_tabWidget, &QTabWidget::currentChanged, this, [this] {
        m_timedOutOnly->setVisible(currentTab() == WaitingTab);
        loadCurrentTab();
        updateStatus();
        m_exportJobs->updateEnabled();
    });

    auto *top = new QHBoxLayout;
    top->addWidget(m_heading);
    top->addStretch(1);
    top->addWidget(m_timedOutOnly);
    top->addWidget(m_filter);
    top->addWidget(m_exportJobs);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_queueView, 1);
    leftLayout->addWidget(m_exportQueues, 0, Qt::AlignRight);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(8, 0, 0, 0);
    rightLayout->addLayout(top);
    rightLayout->addWidget(m_tabWidget, 1);
    rightLayout->addWidget(m_status);

    auto *splitter = new QSplitter(this);
    splitter->setObjectName(QStringLiteral("queuesSplitter"));
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({315, 885});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(splitter);
    updateHeading();
    updateTabTitles();
    updateStatus();
}

void QueuesPage::setUpView(TabParts &parts, QAbstractItemModel *shown)
{
    parts.view = new QTableView(this);
    parts.view->setObjectName(parts.state + QStringLiteral("View")); // its remembered columns' key
    TableViews::setUp(parts.view, shown);
    QHeaderView *header = parts.view->horizontalHeader();
    // Lists open in the order the script gives (pop order for waiting jobs); a third click on a
    // header returns to it.
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    header->setStretchLastSection(false);
}

void QueuesPage::addJobTab(Tab tab, const QString &state)
{
    TabParts parts;
    parts.state = state;
    parts.jobs = new JobListModel(session()->client(), this);
    parts.proxy = new JobFilterProxyModel(this);
    parts.proxy->setSourceModel(parts.jobs);
    parts.proxy->setFilterColumns({JobListModel::JidColumn, JobListModel::KlassColumn, JobListModel::TagsColumn});
    if (tab == WaitingTab)
        m_timedOutFilter->setSourceModel(parts.proxy);
    setUpView(parts, tab == WaitingTab ? static_cast<QAbstractItemModel *>(m_timedOutFilter) : parts.proxy);
    QTableView *view = parts.view;
    VisibleRows::follow(view, parts.jobs); // a refresh reads the rows on screen, not all loaded
    QueueTabColumns::setUp(view, parts.proxy, state);

    connect(view, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit openJobRequested(index.data(JobListModel::KeyRole).toByteArray());
    });
    JobListActions::Options actions;
    actions.whyNotAll = [this] {
        return m_filter->text().isEmpty()
                   ? QString()
                   : tr("Clear the filter to act on every job of the list (it filters loaded rows only)");
    };
    JobListActions::install(view, parts.jobs, session(), actions);
    connect(parts.jobs, &JobListModel::totalChanged, this, &QueuesPage::updateTabTitles);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(parts.proxy, signal, this, &QueuesPage::updateStatus);
    connect(parts.jobs, &JobListModel::loadFailed, this, &QueuesPage::updateStatus);
    connect(parts.jobs, &JobListModel::refreshed, this, &QueuesPage::updateStatus); // rows changed in place
    m_tabs.append(parts);
    m_tabWidget->addTab(view, QString());
}

void QueuesPage::addRecurringTab()
{
    TabParts parts;
    parts.state = QStringLiteral("recurring");
    parts.proxy = m_recurringPane->proxy();
    setUpView(parts, parts.proxy);
    m_recurringPane->setUpView(parts.view);
    connect(m_recurringPane, &RecurringPane::totalChanged, this, &QueuesPage::updateTabTitles);
    connect(m_recurringPane, &RecurringPane::rowsChanged, this, &QueuesPage::updateStatus);
    m_tabs.append(parts);
    m_tabWidget->addTab(parts.view, QString());
}

void QueuesPage::showQueue(const QString &name)
{
    if (name == m_queue)
        return;
    m_queue = name;
    m_exportJobs->updateEnabled();
    m_queueView->select(m_queue);
    updateHeading();
    updateTabTitles();
    loadCurrentTab();
    updateStatus();
}

void QueuesPage::showTab(Tab tab)
{
    m_tabWidget->setCurrentIndex(tab);
}

QueuesPage::Tab QueuesPage::currentTab() const
{
    return Tab(qBound(0, m_tabWidget->currentIndex(), TabCount - 1));
}

void QueuesPage::loadCurrentTab()
{
    // Tabs load when first shown for a queue; the others wait, so opening a queue costs one list.
    TabParts &parts = m_tabs[currentTab()];
    if (parts.loadedQueue == m_queue && !m_queue.isEmpty())
        return;
    parts.loadedQueue = m_queue;
    if (parts.jobs) {
        parts.jobs->setSource(m_queue.isEmpty() ? JobSource()
                                                : JobSource::queueState(session()->client(), m_queue, parts.state));
    } else {
        m_recurring->setQueue(m_queue);
    }
}

void QueuesPage::refresh(std::function<void(bool ok)> done)
{
    // The counts and the tab on screen; two replies, one `done`.
    RefreshJoin join(2, std::move(done));
    m_queues->refresh([this, part = join.part()] { part(m_queues->lastError().isEmpty()); });
    const TabParts &parts = m_tabs.at(currentTab());
    const RefreshJoin::Part tabRead = join.part();
    if (parts.loadedQueue != m_queue || m_queue.isEmpty()) {
        tabRead(true); // nothing loaded yet: showQueue loads it
    } else if (parts.jobs) {
        JobListModel *jobs = parts.jobs;
        jobs->refresh([jobs, tabRead] { tabRead(jobs->lastError().isEmpty()); });
    } else {
        m_recurring->refresh([this, tabRead] { tabRead(m_recurring->lastError().isEmpty()); });
    }
}

void QueuesPage::updateHeading()
{
    if (m_queue.isEmpty()) {
        m_heading->setText(m_queues->rowCount() == 0 ? tr("No queues yet") : QString());
        return;
    }
    const int row = m_queues->rowOf(m_queue);
    const bool paused = row >= 0 && m_queues->rowAt(row).paused;
    m_recurring->setQueuePaused(paused); // the templates feeding it spawn nothing meanwhile
    // qless's length beside the name (the picker has no room for it), what it counts on hover.
    const QString small = QStringLiteral(" font-size:small");
    const QString length =
        row >= 0 ? QStringLiteral(" ")
                       + ToneStyle::span(
                           ToneStyle::Tone::Muted,
                           tr("&nbsp;·&nbsp; length %1").arg(QLocale().toString(m_queues->rowAt(row).length())), small)
                 : QString();
    m_heading->setText(
        m_queue.toHtmlEscaped()
        + (paused ? QStringLiteral(" ") + ToneStyle::span(ToneStyle::Tone::Warning, tr("paused"), small) : QString())
        + length);
    m_heading->setToolTip(
        row >= 0 ? m_queues->headerData(QueueListModel::LengthColumn, Qt::Horizontal, Qt::ToolTipRole).toString()
                 : QString());
}

qint64 QueuesPage::countOf(Tab tab) const
{
    // The tab's own list knows its total as of its last read; before that, the queue's counts.
    const TabParts &parts = m_tabs.at(tab);
    if (parts.loadedQueue == m_queue) {
        const qint64 total = parts.jobs ? parts.jobs->total() : m_recurring->total();
        if (total >= 0)
            return total;
    }
    const int row = m_queues->rowOf(m_queue);
    if (row < 0)
        return -1;
    const QueueCounts &counts = m_queues->rowAt(row);
    switch (tab) {
    case WaitingTab: return counts.waiting;
    case RunningTab: return counts.running;
    case StalledTab: return counts.stalled;
    case ScheduledTab: return counts.scheduled;
    case DependsTab: return counts.depends;
    case RecurringTab: return counts.recurring;
    default: return -1;
    }
}

void QueuesPage::updateTabTitles()
{
    static const char *const names[TabCount] = {QT_TR_NOOP("Waiting"), QT_TR_NOOP("Running"),
                                                QT_TR_NOOP("Stalled"), QT_TR_NOOP("Scheduled"),
                                                QT_TR_NOOP("Depends"), QT_TR_NOOP("Recurring")};
    for (int tab = 0; tab < TabCount; ++tab) {
        const qint64 count = countOf(Tab(tab));
        const QString name = tr(names[tab]);
        m_tabWidget->setTabText(tab, count < 0 ? name : tr("%1 (%2)").arg(name, QLocale().toString(count)));
        // A screen reader names the list by its tab, count included.
        m_tabWidget->widget(tab)->setAccessibleName(m_tabWidget->tabText(tab));
    }
}

void QueuesPage::updateStatus()
{
    const TabParts &parts = m_tabs.at(currentTab());
    const QString error = parts.jobs ? parts.jobs->lastError() : m_recurring->lastError();
    if (!error.isEmpty()) {
        ToneStyle::setText(m_status, ToneStyle::Tone::Bad);
        m_status->setText(tr("Could not read this list: %1").arg(error));
        return;
    }
    ToneStyle::setText(m_status, ToneStyle::Tone::Muted);
    if (m_queue.isEmpty()) {
        m_status->clear();
        return;
    }
    const QLocale locale;
    const int loaded = parts.proxy->sourceModel()->rowCount();
    const qint64 total = countOf(currentTab());
    QString text;
    if (total > loaded)
        text = tr("%1 of %2 loaded; scroll down to load more").arg(locale.toString(loaded), locale.toString(total));
    else if (parts.jobs)
        text = tr("%Ln job(s)", nullptr, loaded);
    else
        text = tr("%Ln template(s)", nullptr, loaded);
    if (parts.proxy->isFiltering())
        text = tr("%1 match the filter · %2").arg(locale.toString(parts.proxy->rowCount()), text);
    if (currentTab() == WaitingTab && m_timedOutFilter->onlyTimedOut()) {
        // They lead the list, so what is loaded holds them all once a row that is not follows.
        m_status->setText(
            tr("Only timed-out jobs: %1 shown of %2 waiting (the next pop takes them first)")
                .arg(locale.toString(m_timedOutFilter->rowCount()), locale.toString(qMax<qint64>(total, loaded))));
        return;
    }
    if (parts.jobs && currentTab() == WaitingTab) {
        // qless hands timed-out jobs out before any other; say how many lead the list.
        int timedOut = 0;
        for (const JobRow &job : parts.jobs->rows())
            timedOut += job.timedOut ? 1 : 0;
        if (timedOut > 0)
            text = tr("%Ln timed out (listed first: the next pop takes them) · %1", nullptr, timedOut).arg(text);
    }
    m_status->setText(text);
}
