// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequesearchpage.h"

#include "actioncenter.h"
#include "bluequeactions.h"
#include "bluequepage.h"
#include "bluequesession.h"
#include "bluequetasksearch.h"
#include "bluequetasksearchmodel.h"
#include "qlesssession.h"
#include "rowcontextmenu.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

BluequeSearchPage::BluequeSearchPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_blueque(new BluequeSession(session->connection(), this))
    , m_search(new BluequeTaskSearch(m_blueque->client(), this))
    , m_results(new BluequeTaskSearchModel(m_search, this))
    , m_actions(new BluequeActions(ActionCenter::of(session), m_blueque, this))
    , m_text(new QLineEdit(this))
    , m_queue(new QLineEdit(this))
    , m_state(new QComboBox(this))
    , m_start(new QPushButton(tr("&Search"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_resume(new QPushButton(tr("Con&tinue"), this))
    , m_actionsButton(new QToolButton(this))
    , m_view(new QTableView(this))
    , m_previous(new QPushButton(tr("&Previous page"), this))
    , m_next(new QPushButton(tr("&Next page"), this))
    , m_record(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
{
    m_text->setPlaceholderText(tr("Text in the parameters or the error (exact case)"));
    m_text->setAccessibleName(tr("Blueque search text"));
    m_text->setClearButtonEnabled(true);
    m_queue->setPlaceholderText(tr("any queue"));
    m_queue->setAccessibleName(tr("Blueque search queue"));
    m_state->setAccessibleName(tr("Blueque search state"));
    m_state->addItem(tr("any state"), QString());
    const QStringList labels{tr("pending"), tr("scheduled"), tr("reserved"),
                             tr("started"), tr("complete"),  tr("failed")};
    for (qsizetype i = 0; i < labels.size(); ++i)
        m_state->addItem(labels.at(i), BluequePage::states().at(i));
    m_start->setDefault(true);
    m_cancel->setEnabled(false);
    m_resume->setEnabled(false);
    m_actionsButton->setText(tr("&Actions"));
    m_actionsButton->setToolTip(tr("What can be done to the selected tasks"));
    m_actionsButton->setPopupMode(QToolButton::InstantPopup);
    auto *actionsMenu = new QMenu(m_actionsButton);
    actionsMenu->setObjectName(QStringLiteral("bluequeSearchActionsMenu"));
    m_actionsButton->setMenu(actionsMenu);
    connect(actionsMenu, &QMenu::aboutToShow, this, [this, actionsMenu] {
        actionsMenu->clear();
        if (!fillMenu(actionsMenu))
            actionsMenu->addAction(tr("Select found tasks first"))->setEnabled(false);
    });
    m_view->setModel(m_results);
    m_view->setAccessibleName(tr("Blueque tasks found"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    RowContextMenu::install(m_view, QStringLiteral("bluequeSearchMenu"),
                            [this](QMenu *menu) { return fillMenu(menu); });
    m_record->setReadOnly(true);
    m_record->setAccessibleName(tr("Blueque task record"));
    m_record->setPlaceholderText(tr("Select a task to see its whole record."));
    m_record->setMinimumWidth(320);
    m_status->setWordWrap(true);

    auto *form = new QHBoxLayout;
    form->addWidget(m_text, 3);
    form->addWidget(m_queue, 1);
    form->addWidget(m_state);
    form->addWidget(m_start);
    form->addWidget(m_cancel);
    form->addWidget(m_resume);
    auto *pager = new QHBoxLayout;
    pager->addWidget(m_previous);
    pager->addWidget(m_next);
    pager->addStretch(1);
    pager->addWidget(m_actionsButton);
    auto *results = new QWidget(this);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addLayout(pager);
    resultsLayout->addWidget(m_view, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(results);
    split->addWidget(m_record);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_start, &QPushButton::clicked, this, &BluequeSearchPage::startSearch);
    connect(m_text, &QLineEdit::returnPressed, this, &BluequeSearchPage::startSearch);
    connect(m_cancel, &QPushButton::clicked, m_search, &BluequeTaskSearch::cancel);
    connect(m_resume, &QPushButton::clicked, this, [this] {
        m_search->resume();
        updateStatus();
    });
    connect(m_previous, &QPushButton::clicked, this, [this] { m_results->setPage(m_results->page() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { m_results->setPage(m_results->page() + 1); });
    connect(m_results, &BluequeTaskSearchModel::pageChanged, this, &BluequeSearchPage::updateStatus);
    // The found rows are what the search saw; an action changes tasks behind them.
    connect(m_actions, &BluequeActions::runFinished, this, [this] {
        m_changedSince = true;
        updateStatus();
        if (!m_shownTask.isEmpty())
            showTask(m_shownTask);
    });
    connect(m_search, &BluequeTaskSearch::finished, this, [this] {
        m_view->resizeColumnsToContents();
        updateStatus();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    showTask(current.data(BluequeTaskSearchModel::KeyRole).toByteArray());
            });
    connect(m_blueque, &BluequeSession::presenceChanged, this, &Page::availabilityChanged);
    // Asked again now and then while another page is shown, as the Blueque page does, so a
    // deployment that appears later lists this page without a reconnect (a TYPE call).
    auto *detectTimer = new QTimer(this);
    detectTimer->setInterval(30000);
    connect(detectTimer, &QTimer::timeout, m_blueque, &BluequeSession::detect);
    detectTimer->start();
    m_blueque->detect();
    updateStatus();
}

bool BluequeSearchPage::isAvailable() const
{
    return m_blueque->isPresent();
}

void BluequeSearchPage::refresh(std::function<void(bool ok)> done)
{
    // The found rows stay as the search found them (a search walks every task; it is started by
    // the operator, not by the refresh timer); the shown record is read again.
    m_blueque->detect();
    if (!m_shownTask.isEmpty())
        showTask(m_shownTask);
    if (done)
        done(true);
}

void BluequeSearchPage::startSearch()
{
    const QString text = m_text->text();
    if (text.isEmpty()) {
        m_status->setText(tr("Type a text to look for in the tasks' parameters and errors."));
        return;
    }
    m_record->clear();
    m_shownTask.clear();
    m_changedSince = false;
    m_results->start(text, m_queue->text().trimmed(), m_state->currentData().toString());
    updateStatus();
}

bool BluequeSearchPage::fillMenu(QMenu *menu)
{
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedRows())
        rows << index.row();
    const QList<BluequeAction> actions = m_results->actionsFor(rows);
    for (const BluequeAction &action : actions) {
        QAction *item = menu->addAction(action.describe() + QStringLiteral("…"));
        connect(item, &QAction::triggered, this, [this, action] { m_actions->run(action, this); });
        ActionCenter::of(session())->guard(item);
    }
    if (!rows.isEmpty() && actions.isEmpty()) {
        QAction *none = menu->addAction(tr("Nothing can be done to reserved or started tasks"));
        none->setEnabled(false);
        none->setToolTip(BluequeActions::cannotStopText());
    }
    return !menu->isEmpty();
}

void BluequeSearchPage::showTask(const QByteArray &id)
{
    m_shownTask = id;
    m_blueque->readTaskText(id, this, [this, id](const QString &text) {
        if (id == m_shownTask)
            m_record->setPlainText(text);
    });
}

void BluequeSearchPage::updateStatus()
{
    const QLocale locale;
    const qint64 found = m_search->matches().size();
    m_cancel->setEnabled(m_search->isRunning());
    m_resume->setEnabled(!m_search->isRunning() && !m_search->isComplete() && m_search->calls() > 0);
    m_previous->setEnabled(m_results->page() > 0);
    m_next->setEnabled(m_results->page() + 1 < m_results->pageCount());
    if (m_search->calls() == 0) {
        m_status->setText(tr("Looks through every task's parameters and error text on the server, in short steps."));
        return;
    }
    QStringList parts;
    parts << tr("%Ln task(s) found", nullptr, int(qMin<qint64>(found, INT_MAX)));
    parts << tr("%Ln task(s) looked at", nullptr, int(qMin<qint64>(m_search->looked(), INT_MAX)));
    if (m_results->pageCount() > 1)
        parts << tr("page %1 of %2").arg(m_results->page() + 1).arg(m_results->pageCount());
    if (m_search->isRunning())
        parts << tr("searching…");
    else if (m_search->isComplete())
        parts << tr("done");
    else if (!m_search->lastError().isEmpty())
        parts << tr("stopped: %1 (Continue goes on from there)").arg(m_search->lastError());
    else
        parts << tr("cancelled (Continue goes on from there)");
    if (m_changedSince)
        parts << tr("an action has changed tasks since: search again to see them as they are now");
    m_status->setText(parts.join(QStringLiteral(" · ")));
}
