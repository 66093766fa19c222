// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobjobspage.h"

#include "actioncenter.h"
#include "qlesssession.h"
#include "rowcontextmenu.h"
#include "sidejobactions.h"
#include "sidejobchosenjobs.h"
#include "sidejobjobmodel.h"
#include "sidejobportpager.h"
#include "sidejobrecordtext.h"
#include "sidejobsession.h"
#include "tableexportbutton.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace {
// How often the page asks whether the server holds SideJob while it is not on screen: one small
// script, so a deployment started later appears in the navigation without a reconnect.
constexpr int DetectIntervalMs = 30000;
constexpr int MostHistory = 50;
constexpr int MostTextColumnWidth = 260;
} // namespace

SideJobJobsPage::SideJobJobsPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_sidejob(SideJobSession::of(session))
    , m_jobs(new SideJobJobModel(m_sidejob->client(), this))
    , m_ports(new SideJobPortPager(m_sidejob->client(), this))
    , m_actions(new SideJobActions(ActionCenter::of(session), m_sidejob, this))
    , m_statusFilter(new QComboBox(this))
    , m_queueFilter(new QLineEdit(this))
    , m_classFilter(new QLineEdit(this))
    , m_creatorFilter(new QLineEdit(this))
    , m_jobView(new QTableView(this))
    , m_back(new QPushButton(tr("&Back"), this))
    , m_record(new QTextBrowser(this))
    , m_portText(new QPlainTextEdit(this))
    , m_previousValues(new QPushButton(tr("Pre&vious values"), this))
    , m_nextValues(new QPushButton(tr("Ne&xt values"), this))
    , m_status(new QLabel(this))
    , m_export(new TableExportButton(
          session,
          [this] {
              // The filter the table shows, so the file holds what the list would show scrolled
              // to its end.
              const auto &filter = m_jobs->filter();
              TableExportView view{TableExportView::Kind::SideJobJobs};
              view.state = filter.status;
              view.queue = filter.queue;
              view.klass = filter.klass;
              view.creator = filter.creator;
              return std::optional<TableExportView>(view);
          },
          this))
{
    m_statusFilter->addItem(tr("Any status"), QString());
    // The choices name the statuses in the operator's language; the filter matches the status as
    // SideJob writes it.
    const QStringList labels{tr("queued"), tr("running"),     tr("suspended"), tr("completed"),
                             tr("failed"), tr("terminating"), tr("terminated")};
    for (int i = 0; i < SideJobJobModel::statuses().size(); ++i)
        m_statusFilter->addItem(labels.value(i), SideJobJobModel::statuses().at(i));
    m_statusFilter->setAccessibleName(tr("SideJob status filter"));
    m_queueFilter->setPlaceholderText(tr("Queue"));
    m_classFilter->setPlaceholderText(tr("Class"));
    m_creatorFilter->setPlaceholderText(tr("Created by (part of)"));
    m_queueFilter->setAccessibleName(tr("SideJob queue filter"));
    m_classFilter->setAccessibleName(tr("SideJob class filter"));
    m_creatorFilter->setAccessibleName(tr("SideJob creator filter"));
    m_jobView->setModel(m_jobs);
    m_jobView->setAccessibleName(tr("SideJob jobs"));
    m_jobView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_jobView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_jobView->verticalHeader()->hide();
    m_jobView->horizontalHeader()->setStretchLastSection(true);
    m_jobView->setWordWrap(false);
    // What looks wrong next to the status, where an operator reads first (the table is wider than
    // its pane).
    m_jobView->horizontalHeader()->moveSection(SideJobJobModel::AnomalyColumn, SideJobJobModel::StatusColumn + 1);
    m_record->setOpenLinks(false);
    m_record->setAccessibleName(tr("SideJob job record"));
    m_record->setPlaceholderText(tr("Select a job to see its whole record."));
    m_portText->setReadOnly(true);
    m_portText->setAccessibleName(tr("Values waiting on a port"));
    m_portText->setPlaceholderText(tr("Click a port in the record to see the values waiting in it."));
    m_back->setEnabled(false);
    m_status->setWordWrap(true);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_statusFilter);
    filters->addWidget(m_queueFilter);
    filters->addWidget(m_classFilter);
    filters->addWidget(m_creatorFilter);
    filters->addWidget(m_export);
    auto *recordPane = new QWidget(this);
    auto *recordLayout = new QVBoxLayout(recordPane);
    recordLayout->setContentsMargins(0, 0, 0, 0);
    auto *recordBar = new QHBoxLayout;
    recordBar->addWidget(m_back);
    recordBar->addStretch(1);
    auto *actionsButton = new QPushButton(tr("&Actions"), this);
    actionsButton->setObjectName(QStringLiteral("sideJobActionsButton"));
    auto *actionsMenu = new QMenu(actionsButton);
    actionsMenu->setObjectName(QStringLiteral("sideJobActionsMenu"));
    actionsButton->setMenu(actionsMenu);
    connect(actionsMenu, &QMenu::aboutToShow, this, [this, actionsMenu] {
        actionsMenu->clear();
        if (!fillJobMenu(actionsMenu))
            actionsMenu->addAction(tr("Select jobs first"))->setEnabled(false);
    });
    recordBar->addWidget(actionsButton);
    recordLayout->addLayout(recordBar);
    recordLayout->addWidget(m_record, 1);
    auto *portPane = new QWidget(this);
    auto *portLayout = new QVBoxLayout(portPane);
    portLayout->setContentsMargins(0, 0, 0, 0);
    auto *portBar = new QHBoxLayout;
    portBar->addWidget(m_previousValues);
    portBar->addWidget(m_nextValues);
    portBar->addStretch(1);
    portLayout->addLayout(portBar);
    portLayout->addWidget(m_portText, 1);
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(recordPane);
    right->addWidget(portPane);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_jobView);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(filters);
    layout->addWidget(split, 1);

    connect(m_sidejob, &SideJobSession::presenceChanged, this, &Page::navigationTextChanged);
    connect(m_sidejob, &SideJobSession::presenceChanged, this, &Page::availabilityChanged);
    // Nothing to export from a server without SideJob (the export would say so, after a click).
    m_export->setVisible(m_sidejob->isPresent());
    connect(m_sidejob, &SideJobSession::presenceChanged, m_export, &QWidget::setVisible);
    connect(m_sidejob, &SideJobSession::detected, this, &SideJobJobsPage::updateStatus);
    connect(m_jobs, &SideJobJobModel::refreshed, this, &Page::navigationTextChanged);
    connect(m_jobs, &SideJobJobModel::refreshed, this, &SideJobJobsPage::updateStatus);
    connect(m_statusFilter, &QComboBox::currentIndexChanged, this, &SideJobJobsPage::applyFilter);
    for (QLineEdit *edit : {m_queueFilter, m_classFilter, m_creatorFilter})
        connect(edit, &QLineEdit::editingFinished, this, &SideJobJobsPage::applyFilter);
    connect(m_jobView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    showJob(QByteArray::number(current.data(SideJobJobModel::KeyRole).toLongLong()));
            });
    RowContextMenu::install(m_jobView, QStringLiteral("sideJobMenu"),
                            [this](QMenu *menu) { return fillJobMenu(menu); });
    connect(m_actions, &SideJobActions::runFinished, this, [this] { refresh({}); });
    connect(m_record, &QTextBrowser::anchorClicked, this, &SideJobJobsPage::followLink);
    connect(m_back, &QPushButton::clicked, this, &SideJobJobsPage::back);
    connect(m_previousValues, &QPushButton::clicked, m_ports, &SideJobPortPager::previousPage);
    connect(m_nextValues, &QPushButton::clicked, m_ports, &SideJobPortPager::nextPage);
    connect(m_ports, &SideJobPortPager::changed, this, [this] {
        m_portText->setPlainText(m_ports->text());
        updatePortButtons();
    });
    auto *detectTimer = new QTimer(this);
    detectTimer->setInterval(DetectIntervalMs);
    connect(detectTimer, &QTimer::timeout, m_sidejob, &SideJobSession::detect);
    detectTimer->start();
    m_sidejob->detect();
    updatePortButtons();
    updateStatus();
}

QString SideJobJobsPage::navigationText() const
{
    const int anomalies = m_jobs->anomalyCount();
    return anomalies > 0 ? tr("SideJob (%1)").arg(anomalies) : title();
}

bool SideJobJobsPage::isAvailable() const
{
    return m_sidejob->isPresent();
}

void SideJobJobsPage::setFilter(const QString &status, const QString &queue, const QString &klass,
                                const QString &creator)
{
    const QSignalBlocker blocker(m_statusFilter);
    m_statusFilter->setCurrentIndex(qMax(0, m_statusFilter->findData(status)));
    m_queueFilter->setText(queue);
    m_classFilter->setText(klass);
    m_creatorFilter->setText(creator);
    applyFilter();
}

void SideJobJobsPage::applyFilter()
{
    const auto before = m_jobs->filter();
    m_jobs->setFilter(m_statusFilter->currentData().toString(), m_queueFilter->text().trimmed(),
                      m_classFilter->text().trimmed(), m_creatorFilter->text().trimmed());
    if (!(m_jobs->filter() == before))
        m_jobs->refresh([this](bool) { fitColumns(); });
}

void SideJobJobsPage::refresh(std::function<void(bool ok)> done)
{
    m_sidejob->detect();
    m_jobs->refresh([this, done](bool ok) {
        if (ok) {
            fitColumns();
            session()->markRefreshed();
        }
        if (ok && m_shownJob.isEmpty() && m_jobs->rowCount() > 0)
            m_jobView->selectRow(0); // shows its record through the selection
        else if (!m_shownJob.isEmpty())
            readRecord();
        m_ports->reload();
        updateStatus();
        if (done)
            done(ok);
    });
}

void SideJobJobsPage::fitColumns()
{
    m_jobView->resizeColumnsToContents(); // a few hundred rows at most
    // Long texts are cut: the whole text is in the cell's tooltip and in the record.
    for (const int column : {int(SideJobJobModel::ArgsColumn), int(SideJobJobModel::AnomalyColumn)})
        m_jobView->setColumnWidth(column, qMin(m_jobView->columnWidth(column), MostTextColumnWidth));
}

void SideJobJobsPage::showJob(const QByteArray &id)
{
    if (id == m_shownJob)
        return;
    if (!m_shownJob.isEmpty()) {
        m_history << m_shownJob;
        if (m_history.size() > MostHistory)
            m_history.removeFirst();
    }
    m_shownJob = id;
    m_childCursor = "0";
    m_back->setEnabled(!m_history.isEmpty());
    const int row = m_jobs->rowOf(id.toLongLong());
    if (row >= 0 && m_jobView->currentIndex().row() != row) {
        const QSignalBlocker blocker(m_jobView->selectionModel());
        m_jobView->selectRow(row);
    }
    readRecord();
}

void SideJobJobsPage::back()
{
    if (m_history.isEmpty())
        return;
    const QByteArray previous = m_history.takeLast();
    m_shownJob.clear(); // not pushed again
    showJob(previous);
}

void SideJobJobsPage::readRecord()
{
    const QByteArray id = m_shownJob;
    m_sidejob->readRecordText(
        id, this,
        [this, id](const QString &html) {
            if (id != m_shownJob)
                return;
            const int scroll = m_record->verticalScrollBar()->value();
            m_record->setHtml(html);
            m_record->verticalScrollBar()->setValue(scroll);
        },
        m_childCursor);
}

void SideJobJobsPage::followLink(const QUrl &link)
{
    const QString target = link.toString();
    if (target.startsWith(QLatin1String("sidejob-job:"))) {
        showJob(target.mid(12).toUtf8());
        return;
    }
    if (target.startsWith(QLatin1String("sidejob-children:"))) {
        m_childCursor = target.mid(17).toUtf8();
        readRecord();
        return;
    }
    if (target.startsWith(QLatin1String("sidejob-port:"))) {
        const QString rest = target.mid(13);
        m_ports->show(m_shownJob, rest.startsWith(QLatin1String("in:")), rest.section(QLatin1Char(':'), 1));
    }
}

void SideJobJobsPage::updatePortButtons()
{
    m_previousValues->setEnabled(m_ports->hasPrevious());
    m_nextValues->setEnabled(m_ports->hasNext());
}

void SideJobJobsPage::updateStatus()
{
    QStringList parts;
    parts << m_sidejob->summary();
    if (m_sidejob->isPresent()) {
        parts << (m_jobs->nextId() > 0
                      ? tr("%n job(s) listed, newest first; scroll for more (ids below %1 not yet looked at)", nullptr,
                           m_jobs->rowCount())
                            .arg(m_jobs->nextId() + 1)
                      : tr("%n job(s) listed: every id looked at", nullptr, m_jobs->rowCount()));
        const int anomalies = m_jobs->anomalyCount();
        if (anomalies > 0)
            parts << tr("%n look(s) wrong: see What looks wrong", nullptr, anomalies);
    }
    if (!m_jobs->lastError().isEmpty())
        parts << m_jobs->lastError();
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

bool SideJobJobsPage::fillJobMenu(QMenu *menu)
{
    QList<int> rows;
    const QModelIndexList selected = m_jobView->selectionModel()->selectedRows();
    for (const QModelIndex &index : selected)
        rows << index.row();
    return m_actions->fillMenu(menu, SideJobChosenJobs::of(*m_jobs, rows), this);
}
