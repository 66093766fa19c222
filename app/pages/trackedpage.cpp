// SPDX-License-Identifier: GPL-3.0-or-later
#include "trackedpage.h"

#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobrowtext.h"
#include "jobtableproxy.h"
#include "qlesssession.h"
#include "trackedjobsource.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>
#include <QTableView>
#include <QVBoxLayout>

namespace {
const QLatin1String missingState("missing");
}

TrackedPage::TrackedPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_jobs(new JobListPane(session, this))
    , m_filter(new QComboBox(this))
{
    m_jobs->proxy()->setMissingText(tr("expired (job gone)"));
    m_jobs->setColumns({{JobListModel::JidColumn, 220},
                        {JobListModel::StateColumn, 130},
                        {JobListModel::QueueColumn, 110},
                        {JobListModel::KlassColumn, 180},
                        {JobListModel::TimeColumn, 170},
                        {JobListModel::PutColumn, 95},
                        {JobListModel::ChangedColumn, 95},
                        {JobListModel::WorkerColumn, 150},
                        {JobListModel::TagsColumn, JobListPane::RestOfRow}});
    JobListActions::Options actions;
    actions.whyNotAll = [this] {
        return m_jobs->proxy()->stateFilter().isEmpty() ? QString() : tr("Show all states to act on every tracked job");
    };
    JobListActions::install(m_jobs->view(), m_jobs->model(), session, actions);
    m_jobs->view()->sortByColumn(JobListModel::StateColumn, Qt::AscendingOrder);
    m_jobs->setSource(TrackedJobSource::create(session->client()), tr("Tracked jobs"));
    m_jobs->setExportView(TableExportView{TableExportView::Kind::Tracked}); // every state, whatever "Show:" filters

    m_filter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_filter->addItem(tr("All states"), QString());

    auto *bar = new QHBoxLayout;
    auto *show = new QLabel(tr("Sh&ow:"), this);
    show->setBuddy(m_filter);
    bar->addWidget(show);
    bar->addWidget(m_filter);
    bar->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addLayout(bar);
    layout->addWidget(m_jobs, 1);

    connect(m_filter, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_jobs->proxy()->setStateFilter(m_filter->itemData(index).toString()); });
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
    connect(m_jobs->model(), &JobListModel::refreshed, this, &TrackedPage::updateFilterChoices);
    connect(m_jobs->model(), &QAbstractItemModel::rowsInserted, this, &TrackedPage::updateFilterChoices);
}

void TrackedPage::refresh(std::function<void(bool ok)> done)
{
    m_jobs->refresh(std::move(done));
}

void TrackedPage::setStateFilter(const QString &state)
{
    const int index = m_filter->findData(state);
    if (index >= 0) {
        m_filter->setCurrentIndex(index);
    } else {
        // A state with no job yet: keep the choice, it fills when such jobs appear.
        m_filter->addItem(state, state);
        m_filter->setCurrentIndex(m_filter->count() - 1);
    }
}

void TrackedPage::updateFilterChoices()
{
    QMap<QString, int> counts;
    for (const JobRow &job : m_jobs->model()->rows())
        ++counts[*job.state];
    const QString chosen = m_jobs->proxy()->stateFilter();
    if (!chosen.isEmpty() && !counts.contains(chosen))
        counts.insert(chosen, 0);

    // Rebuilt in place: the operator's choice stays the current item.
    QSignalBlocker block(m_filter);
    while (m_filter->count() > 1)
        m_filter->removeItem(1);
    m_filter->setItemText(0, tr("All states (%1)").arg(m_jobs->model()->rowCount()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        const QString label = it.key() == missingState ? tr("expired (job gone)") : JobRowText::stateName(it.key());
        m_filter->addItem(tr("%1 (%2)").arg(label).arg(it.value()), it.key());
    }
    m_filter->setCurrentIndex(qMax(0, m_filter->findData(chosen)));
}
