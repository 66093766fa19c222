// SPDX-License-Identifier: GPL-3.0-or-later
#include "allserverswindow.h"

#include "serveroverviewmodel.h"
#include "tableviews.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

AllServersWindow::AllServersWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_model(new ServerOverviewModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_open(new QPushButton(tr("&Open another server…"), this))
    , m_show(new QPushButton(tr("&Show its window"), this))
{
    setWindowTitle(tr("All servers — qlessdesk"));
    setObjectName(QStringLiteral("allServersWindow"));
    m_proxy->setSourceModel(m_model);
    TableViews::setUp(m_view, m_proxy);
    m_view->setObjectName(QStringLiteral("serverView"));
    m_view->setAccessibleName(tr("Servers"));
    m_view->setAccessibleDescription(tr("Every open server with its connection, alerts on and totals"));
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // in the order opened
    // Numbers are short: narrow columns, so that a row reads across without scrolling.
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    // Other job systems take a line each: a row is as tall as the systems its server holds.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->resizeSection(ServerOverviewModel::ServerColumn, 180);
    header->resizeSection(ServerOverviewModel::ConnectionColumn, 120);
    header->resizeSection(ServerOverviewModel::AlertsColumn, 80);
    header->resizeSection(ServerOverviewModel::QueuesColumn, 110);
    for (int column = ServerOverviewModel::WaitingColumn; column <= ServerOverviewModel::WorkersColumn; ++column)
        header->resizeSection(column, qMax(80, header->sectionSizeHint(column))); // a long German header fits

    auto *intro = new QLabel(tr("Every server open in qlessdesk, each read on its own connection and thread: "
                                "a slow or unreachable server holds up only its own row."),
                             this);
    intro->setForegroundRole(QPalette::PlaceholderText);
    intro->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("allServersSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_open->setAccessibleName(tr("Open another server"));
    m_open->setToolTip(tr("Connect to one more server, in a window of its own (Ctrl+Shift+O)"));
    m_show->setAccessibleName(tr("Show the chosen server's window"));
    m_show->setEnabled(false);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addStretch(1);
    buttons->addWidget(m_show);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(intro);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_open, &QPushButton::clicked, this, &AllServersWindow::openServerRequested);
    connect(m_show, &QPushButton::clicked, this, &AllServersWindow::showCurrent);
    connect(m_view, &QTableView::activated, this, &AllServersWindow::showCurrent); // Enter, double-click
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { m_show->setEnabled(currentServer() != nullptr); });
    connect(m_model, &ServerOverviewModel::rowRead, this, &AllServersWindow::updateSummary);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &AllServersWindow::updateSummary);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &AllServersWindow::updateSummary);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &AllServersWindow::updateSummary);
    m_model->setPaused(true); // until shown
    updateSummary();
    resize(1200, 360);
}

QlessSession *AllServersWindow::currentServer() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_model->sessionAt(m_proxy->mapToSource(current).row()) : nullptr;
}

void AllServersWindow::showCurrent()
{
    if (QlessSession *session = currentServer())
        emit showServerRequested(session);
}

void AllServersWindow::updateSummary()
{
    const int servers = m_model->rowCount();
    if (servers == 0) {
        m_summary->setText(tr("No server is open."));
        return;
    }
    const ServerTotals sum = m_model->sum();
    const QLocale locale;
    QStringList parts;
    parts << tr("%n server(s)", nullptr, servers);
    if (const int down = m_model->downCount(); down > 0)
        parts << tr("%n not answering", nullptr, down);
    parts << tr("%1 waiting").arg(locale.toString(sum.waiting)) << tr("%1 running").arg(locale.toString(sum.running))
          << tr("%1 stalled").arg(locale.toString(sum.stalled)) << tr("%1 failed").arg(locale.toString(sum.failed))
          << tr("%Ln worker(s)", nullptr, int(sum.workers));
    parts << tr("%n alert(s) on", nullptr, m_model->alertsOnCount());
    m_summary->setText(tr("In all: %1").arg(parts.join(QStringLiteral(" · "))));
}

void AllServersWindow::showEvent(QShowEvent *event)
{
    m_model->setPaused(false);
    m_model->refreshNow();
    QWidget::showEvent(event);
}

void AllServersWindow::hideEvent(QHideEvent *event)
{
    m_model->setPaused(true);
    QWidget::hideEvent(event);
}
