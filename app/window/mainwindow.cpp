// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "actioncenter.h"
#include "alertcenter.h"
#include "alertmonitor.h"
#include "alertrulestore.h"
#include "alerttray.h"
#include "bulkrunspanel.h"
#include "connectionbar.h"
#include "historypage.h"
#include "jobdetaildialog.h"
#include "jobwindows.h"
#include "layoutmemory.h"
#include "overviewpage.h"
#include "page.h"
#include "pagelist.h"
#include "pagenavigator.h"
#include "palettefollower.h"
#include "permissionbanner.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "refreshtimer.h"
#include "searchresolver.h"
#include "sessionhistory.h"
#include "statusbar.h"
#include "taborder.h"
#include "troublebanner.h"
#include "windowmenus.h"
#include "windowtitle.h"

#include <QAction>
#include <QCloseEvent>
#include <QEvent>
#include <QListWidget>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

namespace {
constexpr int DefaultIntervalMs = 5000;
constexpr QSize DefaultSize(1280, 800);
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_bar(new ConnectionBar(this))
    , m_banner(new TroubleBanner(this))
    , m_permissionBanner(new PermissionBanner(this))
    , m_navigation(new QListWidget(this))
    , m_stack(new QStackedWidget(this))
    , m_timer(new RefreshTimer(this))
    , m_runs(new BulkRunsPanel(this))
    , m_status(new StatusBar(m_stack, this))
    , m_title(new WindowTitle(this))
    , m_navigator(new PageNavigator(this))
    , m_tray(new AlertTray(this))
{
    setWindowTitle(tr("qlessdesk"));
    m_navigation->setFrameShape(QFrame::NoFrame);
    m_navigation->setAccessibleName(tr("Pages"));
    m_navigation->setMaximumWidth(220);
    m_navigation->setMinimumWidth(120);
    // Set again on a palette change: a style sheet's palette(window) is read once, when it is set.
    PaletteFollower::follow(m_navigation, [this] {
        m_navigation->setStyleSheet(QStringLiteral("QListWidget { background: palette(window); font-size: 11pt; }"
                                                   "QListWidget::item { padding: 6px 10px; }"));
    });

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_bar);
    layout->addWidget(m_banner);
    layout->addWidget(m_permissionBanner);
    m_split = new QSplitter(central);
    m_split->setObjectName(QStringLiteral("navigationSplitter"));
    m_split->addWidget(m_navigation);
    m_split->addWidget(m_stack);
    m_split->setStretchFactor(1, 1);
    m_split->setChildrenCollapsible(false);
    m_split->setSizes({150, 1130});
    layout->addWidget(m_split, 1);
    layout->addWidget(m_runs);
    setCentralWidget(central);
    setStatusBar(m_status);

    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0 || row >= m_pages.size())
            return;
        m_stack->setCurrentIndex(row);
        m_timer->refreshNow(); // a page comes on screen with fresh data
        if (m_memory)
            m_memory->saveServer(m_server, m_pages, currentPage());
    });
    connect(m_timer, &RefreshTimer::refreshRequested, this, &MainWindow::refreshCurrentPage);
    connect(m_timer, &RefreshTimer::refreshRequested, this, [this] {
        if (m_jobWindows)
            m_jobWindows->refreshAll(); // job windows side by side stay as live as the page
    });
    connect(m_bar, &ConnectionBar::refreshIntervalChanged, m_timer, &RefreshTimer::setInterval);
    connect(m_bar, &ConnectionBar::refreshIntervalChanged, this, [this](int milliseconds) {
        if (m_memory)
            m_memory->setRefreshInterval(milliseconds);
    });
    connect(m_bar, &ConnectionBar::refreshNowRequested, m_timer, &RefreshTimer::refreshNow);
    connect(m_bar, &ConnectionBar::connectRequested, this, &MainWindow::connectRequested);
    connect(m_bar, &ConnectionBar::searchRequested, this, &MainWindow::search);
    connect(m_bar, &ConnectionBar::reconnectRequested, this, &MainWindow::reconnectNow);
    connect(m_banner, &TroubleBanner::retryRequested, this, &MainWindow::reconnectNow);
    connect(m_tray, &AlertTray::alertsRequested, m_navigator, &PageNavigator::openAlerts);
    connect(m_tray, &AlertTray::keepRunningChanged, this, [this](bool keep) {
        if (m_memory)
            m_memory->setKeepInTray(keep);
    });

    WindowMenus::build(this, m_timer, m_bar, m_tray, m_navigation, m_stack);
    m_bar->setRefreshInterval(DefaultIntervalMs);
    m_timer->setInterval(m_bar->refreshInterval());
    resize(DefaultSize);
}

MainWindow::~MainWindow()
{
    clearPages(); // pages use the session: they go first
}

void MainWindow::reconnectNow()
{
    if (m_session)
        m_session->reconnect();
}

void MainWindow::setSession(std::unique_ptr<QlessSession> session, const QString &profile)
{
    clearPages();
    m_session = std::move(session);
    if (!m_session)
        return;
    QlessSession *s = m_session.get();
    const QString where =
        profile.isEmpty() ? s->settings().describe() : tr("%1 (%2)").arg(profile, s->settings().describe());
    m_bar->setServer(where, s->isReadOnly());
    m_bar->setState(s->state());
    m_bar->setStale(false);
    m_bar->setLastRefresh({});
    m_banner->setState(s->state());
    connect(s, &QlessSession::stateChanged, m_bar, &ConnectionBar::setState);
    connect(s, &QlessSession::stateChanged, m_banner, &TroubleBanner::setState);
    m_permissionBanner->setPermissions(s->permissions());
    connect(s, &QlessSession::permissionsChanged, m_permissionBanner, &PermissionBanner::setPermissions);
    connect(s, &QlessSession::refreshed, m_bar, &ConnectionBar::setLastRefresh);
    connect(s, &QlessSession::staleChanged, m_bar, &ConnectionBar::setStale);
    m_title->setServer(profile.isEmpty() ? s->settings().describe() : profile);
    m_resolver = new SearchResolver(s->reads(), this);
    ActionCenter *actions = ActionCenter::of(s);
    m_runs->watch(actions);
    AlertCenter *alerts = AlertCenter::of(s);
    alerts->useStore(m_alertStore.get());
    m_tray->watch(alerts);
    connect(alerts->monitor(), &AlertMonitor::queuesRead, m_title, [this](const QList<QueueCounts> &queues) {
        if (!qobject_cast<OverviewPage *>(currentPage()))
            m_title->countPaused(queues);
    });
    connect(alerts, &AlertCenter::commandFailed, this,
            [this](const QString &error) { statusBar()->showMessage(tr("Alert command: %1").arg(error), 30000); });
    // The server's history is recorded while this window has its session (shared with another
    // window on the same server); a problem of its file is told, not fatal.
    connect(SessionHistory::of(s), &SessionHistory::problem, this,
            [this](const QString &text) { statusBar()->showMessage(tr("History: %1").arg(text), 30000); });
    m_status->setSession(s, where, actions);
    connect(actions, &ActionCenter::changed, this, [this] { m_timer->refreshNow(); });
    connect(actions, &ActionCenter::openJobRequested, this, &MainWindow::openJob);
    for (Page *page : createPages(s, m_stack))
        addPage(page);
    TabOrder::followLayout(centralWidget()); // the bar, the navigation, then each page as it reads
    fitNavigation();
    m_server = s->settings().describe();
    int row = 0;
    if (m_memory) {
        m_memory->restoreWidgets(this);
        row = m_memory->recallServer(m_server, m_pages);
    }
    m_navigation->setCurrentRow(row);
    emit sessionChanged(s, profile.isEmpty() ? s->settings().describe() : profile);
}

void MainWindow::setMemory(std::unique_ptr<LayoutMemory> memory)
{
    m_memory = std::move(memory);
    if (!m_memory)
        return;
    m_memory->restoreWindow(this);
    m_memory->restoreWidgets(this);
    m_bar->setRefreshInterval(m_memory->refreshInterval(DefaultIntervalMs));
    m_tray->setKeepRunning(m_memory->keepInTray());
}

void MainWindow::setAlertStore(std::unique_ptr<AlertRuleStore> store)
{
    m_alertStore = std::move(store);
    if (m_session)
        AlertCenter::of(m_session.get())->useStore(m_alertStore.get());
}

void MainWindow::resetLayout()
{
    setWindowState(windowState() & ~(Qt::WindowMaximized | Qt::WindowFullScreen));
    resize(DefaultSize);
    if (m_memory)
        m_memory->resetWidgets(this);
    fitNavigation();
}

void MainWindow::fitNavigation()
{
    if (m_navigation->count() == 0)
        return;
    // The page titles' own width and two characters to spare (a count such as "Alerts (12)"
    // stays within the longest title): every pixel more is taken from the pages, whose lists
    // are laid out for the window's default 1280 px.
    m_navigation->ensurePolished();
    const int slack = 2 * m_navigation->fontMetrics().averageCharWidth();
    // Only the titles listed count: pages of a job system the server lacks are hidden rows, and
    // sizeHintForColumn would measure them too.
    int titles = 0;
    for (int row = 0; row < m_navigation->count(); ++row)
        if (!m_navigation->isRowHidden(row))
            titles = qMax(titles, m_navigation->sizeHintForIndex(m_navigation->model()->index(row, 0)).width());
    const int wanted = titles + slack + 2 * m_navigation->frameWidth();
    const int width = qBound(m_navigation->minimumWidth(), wanted, m_navigation->maximumWidth());
    const int total = m_split->width() > 0 ? m_split->width() : DefaultSize.width();
    m_split->setSizes({width, total - width - m_split->handleWidth()});
}

void MainWindow::rememberPages()
{
    if (!m_memory || m_pages.isEmpty())
        return;
    m_memory->saveWidgets(this);
    m_memory->saveServer(m_server, m_pages, currentPage());
}

void MainWindow::addPage(Page *page)
{
    // The class names the page in the settings: a title is translated, the class is not.
    if (page->objectName().isEmpty())
        page->setObjectName(QString::fromLatin1(page->metaObject()->className()));
    m_pages.append(page);
    m_stack->addWidget(page);
    m_navigation->addItem(page->navigationText());
    m_navigation->item(m_navigation->count() - 1)->setHidden(!page->isAvailable());
    connect(page, &Page::navigationTextChanged, this, [this, page] {
        if (QListWidgetItem *item = m_navigation->item(int(m_pages.indexOf(page))))
            item->setText(page->navigationText());
    });
    connect(page, &Page::availabilityChanged, this, [this, page] {
        const int row = int(m_pages.indexOf(page));
        QListWidgetItem *item = m_navigation->item(row);
        if (!item)
            return;
        item->setHidden(!page->isAvailable());
        // A title listed now that is wider than the list widens it (never narrows it: the
        // operator may have widened it by hand).
        const int needed = m_navigation->sizeHintForIndex(m_navigation->model()->index(row, 0)).width()
                           + 2 * m_navigation->fontMetrics().averageCharWidth() + 2 * m_navigation->frameWidth();
        if (page->isAvailable() && needed > m_navigation->width())
            fitNavigation();
    });
    connect(page, &Page::openJobRequested, this, &MainWindow::openJob);
    connect(page, &Page::openQueueRequested, m_navigator, &PageNavigator::openQueue);
    connect(page, &Page::openFailureGroupRequested, m_navigator, &PageNavigator::openFailureGroup);
    connect(page, &Page::openTagRequested, m_navigator, &PageNavigator::openTag);
    connect(page, &Page::openWorkerRequested, m_navigator, &PageNavigator::openWorker);
    connect(page, &Page::changesSeen, m_timer, &RefreshTimer::refreshSoon); // the Events page's stream
    if (auto *history = qobject_cast<HistoryPage *>(page))
        connect(history, &HistoryPage::openActivityRunRequested, m_navigator, &PageNavigator::openActivityRun);
}

void MainWindow::clearPages()
{
    rememberPages();
    // The job windows and the resolver use the old session's client: they go with its pages.
    delete m_jobWindows;
    m_jobWindows = nullptr;
    delete m_resolver;
    m_resolver = nullptr;
    m_navigation->clear();
    m_runs->clear();
    m_tray->watch(nullptr);
    m_status->setSession(nullptr, {}, nullptr);
    qDeleteAll(m_pages);
    m_pages.clear();
}

JobDetailDialog *MainWindow::jobDetail() const
{
    return m_jobWindows ? m_jobWindows->latest() : nullptr;
}

Page *MainWindow::currentPage() const
{
    const int row = m_stack->currentIndex();
    return row >= 0 && row < m_pages.size() ? m_pages.at(row) : nullptr;
}

bool MainWindow::showPage(const QString &title)
{
    for (int i = 0; i < m_pages.size(); ++i) {
        if (m_pages.at(i)->title() == title) {
            m_navigation->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

void MainWindow::refreshCurrentPage()
{
    Page *page = currentPage();
    if (!page || !m_session) {
        m_timer->finished();
        return;
    }
    QlessSession *s = m_session.get();
    // The ticket: a late end of a refresh the timer gave up must not end the next one; a page
    // deleted with its replies out never calls back, so its going ends the refresh.
    const quint64 ticket = m_timer->ticket();
    m_timer->endWith(page);
    page->refresh([this, s, ticket](bool ok) {
        if (m_session.get() != s) {
            m_timer->finished(ticket);
            return;
        }
        AlertCenter *alerts = AlertCenter::of(s);
        if (ok) {
            s->markRefreshed();
            auto *overview = qobject_cast<OverviewPage *>(currentPage());
            // One read of every queue's counts a refresh: the alert rules' serves the title too.
            if (overview || !alerts->readsQueueCounts())
                m_title->countPaused(s, overview);
        }
        alerts->check(); // whatever the page: the rules read their own few counts
        m_timer->finished(ticket);
    });
}

void MainWindow::search(const QString &text)
{
    // A jid that exists opens its job; anything else is taken as a tag.
    if (!m_resolver)
        return;
    m_resolver->resolve(text, [this](const SearchResolver::Result &result) {
        switch (result.kind) {
        case SearchResolver::Result::Kind::Job: openJob(result.jid); break;
        case SearchResolver::Result::Kind::Tag: m_navigator->openTag(result.text); break;
        case SearchResolver::Result::Kind::Error:
            statusBar()->showMessage(tr("Search failed: %1").arg(result.error), 10000);
            break;
        }
    });
}

void MainWindow::openJob(const QByteArray &jid)
{
    if (!m_session)
        return;
    if (!m_jobWindows) {
        m_jobWindows = new JobWindows(m_session.get(), this, m_navigator);
        connect(m_jobWindows, &JobWindows::jobGone, this, [this](const QByteArray &gone) {
            statusBar()->showMessage(tr("Job %1 no longer exists in Redis (cancelled, or completed and expired): "
                                        "its window closed.")
                                         .arg(QString::fromUtf8(gone)),
                                     30000);
        });
    }
    m_jobWindows->open(jid);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::WindowStateChange)
        m_timer->setPaused(isMinimized());
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_tray->hideInsteadOfClose()) {
        event->ignore();
        hide(); // still refreshing and alerting, from the tray
        return;
    }
    if (m_memory) {
        m_memory->saveWindow(this);
        rememberPages();
        m_memory->sync();
    }
    QMainWindow::closeEvent(event);
}
