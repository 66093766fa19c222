// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertspage.h"

#include "alertcenter.h"
#include "alertlogmodel.h"
#include "alertrulesdialog.h"
#include "tableviews.h"
#include "tonestyle.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

AlertsPage::AlertsPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_center(AlertCenter::of(session))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_onlyOn(new QCheckBox(tr("&Only alerts still on"), this))
    , m_acknowledge(new QPushButton(tr("A&cknowledge"), this))
    , m_acknowledgeAll(new QPushButton(tr("Acknowledge &all"), this))
    , m_clearHistory(new QPushButton(tr("Clear &history"), this))
    , m_rules(new QPushButton(tr("&Rules…"), this))
    , m_summary(new QLabel(this))
{
    m_proxy->setSourceModel(m_center->log());
    m_proxy->setFilterRole(AlertLogModel::FiringRole);
    m_proxy->setFilterKeyColumn(AlertLogModel::StateColumn);
    TableViews::setUp(m_view, m_proxy);
    m_view->setObjectName(QStringLiteral("alertView")); // its remembered columns' key
    m_view->setAccessibleName(tr("Alerts"));
    // Newest first, as the log keeps them, until a header is clicked.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    QHeaderView *header = m_view->horizontalHeader();
    header->resizeSection(AlertLogModel::StateColumn, 140);
    header->resizeSection(AlertLogModel::FiredColumn, 160);
    header->resizeSection(AlertLogModel::ClearedColumn, 160);

    m_onlyOn->setAccessibleName(tr("Show only alerts still on"));
    m_acknowledge->setAccessibleName(tr("Acknowledge the selected alerts"));
    m_acknowledge->setToolTip(tr("Mark the selected alerts as seen: they leave the badge on the page list. "
                                 "An alert whose subject is no longer listed ends; one on a worker also ends "
                                 "once qless drops the worker."));
    m_acknowledgeAll->setAccessibleName(tr("Acknowledge every alert"));
    m_clearHistory->setAccessibleName(tr("Clear the history"));
    m_clearHistory->setToolTip(tr("Forget the alerts that have cleared; those still on stay."));
    m_rules->setAccessibleName(tr("Edit the alert rules"));
    m_rules->setToolTip(tr("What to watch on this server, when to alert, and a command to run for each alert."));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *intro = new QLabel(tr("Alerts are checked after every refresh against this server's rules. "
                                "Each also shows as a desktop notification and can run a command."),
                             this);
    intro->setForegroundRole(QPalette::PlaceholderText);
    intro->setWordWrap(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_onlyOn);
    buttons->addStretch(1);
    buttons->addWidget(m_acknowledge);
    buttons->addWidget(m_acknowledgeAll);
    buttons->addWidget(m_clearHistory);
    buttons->addSpacing(12);
    buttons->addWidget(m_rules);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(intro);
    layout->addWidget(m_summary);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);

    AlertLogModel *log = m_center->log();
    connect(m_onlyOn, &QCheckBox::toggled, this,
            [this](bool on) { m_proxy->setFilterFixedString(on ? QStringLiteral("true") : QString()); });
    connect(m_acknowledge, &QPushButton::clicked, this, &AlertsPage::acknowledgeSelected);
    connect(m_acknowledgeAll, &QPushButton::clicked, m_center, &AlertCenter::acknowledgeAll);
    connect(m_clearHistory, &QPushButton::clicked, log, &AlertLogModel::clearHistory);
    connect(m_rules, &QPushButton::clicked, this, &AlertsPage::editRules);
    connect(log, &AlertLogModel::unacknowledgedChanged, this, &Page::navigationTextChanged);
    connect(log, &AlertLogModel::unacknowledgedChanged, this, &AlertsPage::updateSummary);
    connect(m_center, &AlertCenter::rulesChanged, this, &AlertsPage::updateSummary);
    connect(log, &QAbstractItemModel::rowsInserted, this, &AlertsPage::updateSummary);
    connect(log, &QAbstractItemModel::rowsRemoved, this, &AlertsPage::updateSummary);
    connect(log, &QAbstractItemModel::modelReset, this, &AlertsPage::updateSummary);
    connect(log, &QAbstractItemModel::dataChanged, this, &AlertsPage::updateSummary);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AlertsPage::updateButtons);
    updateSummary();
}

// The log belongs to the session and outlives this page: its signals must not reach a page
// being destroyed.
AlertsPage::~AlertsPage()
{
    disconnect(m_center->log(), nullptr, this, nullptr);
    disconnect(m_center, nullptr, this, nullptr);
    m_proxy->setSourceModel(nullptr);
}

QString AlertsPage::navigationText() const
{
    const int count = m_center->log()->unacknowledgedCount();
    return count > 0 ? tr("%1 (%2)").arg(title()).arg(count) : title();
}

void AlertsPage::refresh(std::function<void(bool ok)> done)
{
    done(false);
}

void AlertsPage::editRules()
{
    AlertRulesDialog dialog(m_center->rules(), m_center->command(), this);
    if (dialog.exec() == QDialog::Accepted)
        m_center->setRules(dialog.rules(), dialog.command());
}

void AlertsPage::acknowledgeSelected()
{
    QList<int> rows;
    const QModelIndexList selected = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &index : selected)
        rows << m_proxy->mapToSource(index).row();
    m_center->acknowledge(rows);
}

void AlertsPage::updateSummary()
{
    const AlertLogModel *log = m_center->log();
    const int rules = int(m_center->rules().size());
    const int on = log->firingCount();
    QString text;
    if (!m_center->loadError().isEmpty())
        text = tr("The rules kept for this server could not be read (%1): none is checked until they are saved again.")
                   .arg(m_center->loadError());
    else if (rules == 0)
        text = tr("No alert rules for this server yet: add some with Rules….");
    else if (on == 0)
        text = tr("All clear: %n rule(s) checked after every refresh.", nullptr, rules);
    else
        text = tr("%n alert(s) on, ", nullptr, on) + tr("%n not acknowledged.", nullptr, log->unacknowledgedCount());
    m_summary->setText(text);
    ToneStyle::setText(m_summary,
                       on > 0 || !m_center->loadError().isEmpty() ? ToneStyle::Tone::Bad : ToneStyle::Tone::Plain);
    m_acknowledgeAll->setEnabled(log->unacknowledgedCount() > 0);
    m_clearHistory->setEnabled(log->rowCount() > on);
    updateButtons();
}

void AlertsPage::updateButtons()
{
    m_acknowledge->setEnabled(m_view->selectionModel()->hasSelection());
}
