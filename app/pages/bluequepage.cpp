// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequepage.h"

#include "actioncenter.h"
#include "bluequeactions.h"
#include "bluequelistenermodel.h"
#include "bluequequeuemodel.h"
#include "bluequesession.h"
#include "bluequetaskmodel.h"
#include "qlesssession.h"
#include "rowcontextmenu.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace {
QTableView *tableView(QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

// How often the page asks whether the server holds Blueque while it is not on screen: a TYPE
// call, so a deployment started later appears in the navigation without a reconnect.
constexpr int DetectIntervalMs = 30000;
} // namespace

BluequePage::BluequePage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_blueque(new BluequeSession(session->connection(), this))
    , m_queues(new BluequeQueueModel(m_blueque->client(), this))
    , m_tasks(new BluequeTaskModel(m_blueque->client(), this))
    , m_queueProxy(new QSortFilterProxyModel(this))
    , m_queueView(tableView(this))
    , m_stateTabs(new QTabBar(this))
    , m_taskView(tableView(this))
    , m_listeners(new BluequeListenerModel(m_blueque->client(), this))
    , m_listenerView(tableView(this))
    , m_lists(new QStackedWidget(this))
    , m_record(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
    , m_actions(new BluequeActions(ActionCenter::of(session), m_blueque, this))
    , m_actionsButton(new QToolButton(this))
    , m_previousListeners(new QToolButton(this))
    , m_nextListeners(new QToolButton(this))
{
    m_queueProxy->setSourceModel(m_queues);
    m_queueProxy->setSortRole(BluequeQueueModel::SortRole);
    m_queueView->setModel(m_queueProxy);
    m_queueView->setSortingEnabled(true);
    m_queueView->sortByColumn(BluequeQueueModel::NameColumn, Qt::AscendingOrder);
    m_queueView->setAccessibleName(tr("Blueque queues"));
    m_taskView->setModel(m_tasks);
    m_taskView->setAccessibleName(tr("Blueque tasks"));
    m_stateTabs->setAccessibleName(tr("Blueque task state"));
    m_record->setReadOnly(true);
    m_record->setAccessibleName(tr("Blueque task record"));
    m_record->setPlaceholderText(tr("Select a task to see its whole record."));
    m_status->setWordWrap(true);
    m_actionsButton->setText(tr("&Actions"));
    m_actionsButton->setToolTip(tr("What can be done to the selected tasks, or to the whole list"));
    m_actionsButton->setPopupMode(QToolButton::InstantPopup);
    auto *actionsMenu = new QMenu(m_actionsButton);
    actionsMenu->setObjectName(QStringLiteral("bluequeActionsMenu"));
    m_actionsButton->setMenu(actionsMenu);
    connect(actionsMenu, &QMenu::aboutToShow, this, [this, actionsMenu] {
        actionsMenu->clear();
        if (!fillTaskMenu(actionsMenu))
            actionsMenu->addAction(tr("Select a queue and tasks first"))->setEnabled(false);
    });
    RowContextMenu::install(m_taskView, QStringLiteral("bluequeTaskMenu"),
                            [this](QMenu *menu) { return fillTaskMenu(menu); });
    connect(m_actions, &BluequeActions::runFinished, this, [this] { refresh({}); });
    // The tabs name the states in the operator's language; the task hash's `status` stays as
    // Blueque writes it.
    const QStringList labels{tr("pending"), tr("scheduled"), tr("reserved"),
                             tr("started"), tr("complete"),  tr("failed")};
    for (const QString &label : labels)
        m_stateTabs->addTab(label);
    m_stateTabs->addTab(tr("listeners"));
    m_listenerView->setModel(m_listeners);
    m_listenerView->setAccessibleName(tr("Blueque listeners"));
    m_lists->addWidget(m_taskView);
    m_lists->addWidget(m_listenerView);
    // A queue may have more listeners than a page reads at once (BluequeListenerModel::MaxListeners).
    m_previousListeners->setText(tr("&Previous listeners"));
    m_nextListeners->setText(tr("&Next listeners"));
    m_previousListeners->setVisible(false);
    m_nextListeners->setVisible(false);
    connect(m_previousListeners, &QToolButton::clicked, this, [this] { turnListenerPage(-1); });
    connect(m_nextListeners, &QToolButton::clicked, this, [this] { turnListenerPage(1); });

    auto *lower = new QSplitter(Qt::Horizontal, this);
    auto *tasks = new QWidget(lower);
    auto *tasksLayout = new QVBoxLayout(tasks);
    tasksLayout->setContentsMargins(0, 0, 0, 0);
    auto *tabsRow = new QHBoxLayout;
    tabsRow->addWidget(m_stateTabs, 1);
    tabsRow->addWidget(m_previousListeners);
    tabsRow->addWidget(m_nextListeners);
    tabsRow->addWidget(m_actionsButton);
    tasksLayout->addLayout(tabsRow);
    tasksLayout->addWidget(m_lists);
    lower->addWidget(tasks);
    lower->addWidget(m_record);
    // The record holds long lines (parameters as JSON, an error's text): wide enough to read
    // without scrolling sideways at every line.
    m_record->setMinimumWidth(320);
    m_record->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    lower->setSizes({600, 400});
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_queueView);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_blueque, &BluequeSession::presenceChanged, this, &Page::navigationTextChanged);
    connect(m_blueque, &BluequeSession::presenceChanged, this, &BluequePage::availabilityChanged);
    connect(m_queueView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    showQueue(current.data(BluequeQueueModel::KeyRole).toString());
            });
    connect(m_stateTabs, &QTabBar::currentChanged, this, [this](int index) {
        if (index == int(states().size()))
            showListeners();
        else
            showState(states().value(index));
    });
    connect(m_taskView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    showTask(current.data(BluequeTaskModel::KeyRole).toByteArray());
            });
    connect(m_queues, &BluequeQueueModel::refreshed, this, &Page::navigationTextChanged);
    auto *detectTimer = new QTimer(this);
    detectTimer->setInterval(DetectIntervalMs);
    connect(detectTimer, &QTimer::timeout, m_blueque, &BluequeSession::detect);
    detectTimer->start();
    m_blueque->detect();
    updateStatus();
}

const QStringList &BluequePage::states()
{
    static const QStringList names{QStringLiteral("pending"), QStringLiteral("scheduled"), QStringLiteral("reserved"),
                                   QStringLiteral("started"), QStringLiteral("complete"),  QStringLiteral("failed")};
    return names;
}

QString BluequePage::navigationText() const
{
    const int anomalies = m_queues->anomalyCount();
    return anomalies > 0 ? tr("Blueque (%1)").arg(anomalies) : title();
}

bool BluequePage::isAvailable() const
{
    return m_blueque->isPresent();
}

double BluequePage::now() const
{
    return m_blueque->now();
}

void BluequePage::showQueue(const QString &queue)
{
    const QString state = m_tasks->state().isEmpty() ? states().first() : m_tasks->state();
    if (queue == m_tasks->queue())
        return;
    m_tasks->setSource(queue, state);
    refreshTasks({});
    if (listenersShown())
        refreshListeners({});
}

bool BluequePage::listenersShown() const
{
    return m_lists->currentWidget() == m_listenerView;
}

void BluequePage::showListeners()
{
    if (m_stateTabs->currentIndex() != states().size())
        m_stateTabs->setCurrentIndex(int(states().size())); // comes back here through currentChanged
    m_lists->setCurrentWidget(m_listenerView);
    m_actionsButton->setEnabled(false); // listeners are Blueque's own: the console does not touch them
    refreshListeners({});
}

void BluequePage::refreshListeners(std::function<void(bool ok)> done)
{
    if (m_tasks->queue().isEmpty()) {
        if (done)
            done(true);
        return;
    }
    QStringList known;
    for (int row = 0; row < m_queues->rowCount(); ++row)
        known << m_queues->index(row, 0).data(BluequeQueueModel::KeyRole).toString();
    m_listeners->setKnownQueues(known);
    m_listeners->refresh(m_tasks->queue(), now(), [this, done](bool ok) {
        m_listenerView->resizeColumnsToContents();
        m_previousListeners->setVisible(listenersShown() && m_listeners->page() > 0);
        m_nextListeners->setVisible(listenersShown() && m_listeners->hasNextPage());
        updateStatus();
        if (done)
            done(ok);
    });
}

void BluequePage::turnListenerPage(int delta)
{
    if (m_listeners->turnPage(delta))
        refreshListeners({});
}

void BluequePage::showState(const QString &state)
{
    m_previousListeners->setVisible(false);
    m_nextListeners->setVisible(false);
    const int index = int(states().indexOf(state));
    if (index >= 0 && m_stateTabs->currentIndex() != index)
        m_stateTabs->setCurrentIndex(index); // comes back here through currentChanged
    m_lists->setCurrentWidget(m_taskView);
    m_actionsButton->setEnabled(true);
    if (state == m_tasks->state() || m_tasks->queue().isEmpty())
        return;
    m_tasks->setSource(m_tasks->queue(), state);
    refreshTasks({});
}

void BluequePage::refresh(std::function<void(bool ok)> done)
{
    m_blueque->detect();
    m_queues->refresh(now(), [this, done](bool ok) {
        if (ok)
            m_queueView->resizeColumnsToContents();
        if (ok && m_tasks->queue().isEmpty() && m_queues->rowCount() > 0)
            m_queueView->selectRow(0); // shows its tasks through the selection
        updateStatus();
        if (!ok) {
            if (done)
                done(false);
            return;
        }
        session()->markRefreshed();
        if (listenersShown())
            refreshListeners([this, done](bool) { refreshTasks(done); });
        else
            refreshTasks(done);
    });
}

void BluequePage::refreshTasks(std::function<void(bool ok)> done)
{
    m_tasks->refresh(now(), [this, done](bool ok) {
        m_taskView->resizeColumnsToContents(); // a page of at most a few hundred rows
        updateStatus();
        if (!m_shownTask.isEmpty())
            showTask(m_shownTask);
        if (done)
            done(ok);
    });
}

void BluequePage::showTask(const QByteArray &id)
{
    m_shownTask = id;
    m_blueque->readTaskText(id, this, [this, id](const QString &text) {
        if (id == m_shownTask)
            m_record->setPlainText(text);
    });
}

void BluequePage::updateStatus()
{
    if (!m_blueque->isPresent()) {
        m_status->setText(tr("This server holds no Blueque deployment (no blueque_queues key)."));
        return;
    }
    QStringList parts;
    parts << tr("%n Blueque queue(s)", nullptr, m_queues->rowCount());
    const int anomalies = m_queues->anomalyCount();
    if (anomalies > 0)
        parts << tr("%n anomaly(ies): hover a queue's Anomalies cell for why", nullptr, anomalies);
    if (!m_tasks->queue().isEmpty() && listenersShown()) {
        const int gone = m_listeners->goneCount();
        parts << tr("listeners of %1: %n read", nullptr, m_listeners->rowCount() - gone).arg(m_tasks->queue());
        if (m_listeners->page() > 0 || m_listeners->hasNextPage())
            parts << tr("page %1").arg(m_listeners->page() + 1);
        if (gone > 0)
            parts << tr("%n reserved list(s) left by listeners gone from the set (marked)", nullptr, gone);
    } else if (!m_tasks->queue().isEmpty())
        parts << (m_tasks->total() < 0
                      ? tr("%1 of %2: unreadable").arg(m_tasks->state(), m_tasks->queue())
                      : tr("%1 of %2: %n task(s)", nullptr, int(qMin<qint64>(m_tasks->total(), INT_MAX)))
                            .arg(m_tasks->state(), m_tasks->queue()));
    if (!m_queues->lastError().isEmpty())
        parts << m_queues->lastError();
    if (!m_tasks->lastError().isEmpty())
        parts << m_tasks->lastError();
    if (listenersShown() && !m_listeners->lastError().isEmpty())
        parts << m_listeners->lastError();
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

QList<BluequeTaskRef> BluequePage::chosenTasks() const
{
    QList<BluequeTaskRef> out;
    const qint64 listed = qMax<qint64>(m_tasks->total(), m_tasks->rowCount());
    for (const QModelIndex &index : m_taskView->selectionModel()->selectedRows())
        out << BluequeTaskRef{index.data(BluequeTaskModel::KeyRole).toByteArray(), index.row(), listed,
                              index.siblingAtColumn(BluequeTaskModel::ErrorColumn).data().toString()};
    std::sort(out.begin(), out.end(), [](const BluequeTaskRef &a, const BluequeTaskRef &b) { return a.row < b.row; });
    return out;
}

bool BluequePage::fillTaskMenu(QMenu *menu)
{
    if (m_tasks->queue().isEmpty())
        return false;
    return m_actions->fillMenu(menu, m_tasks->queue(), m_tasks->state(), chosenTasks(), m_tasks->total(), this);
}
