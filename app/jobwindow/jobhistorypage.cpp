// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobhistorypage.h"

#include "historymodel.h"
#include "jobtimelineview.h"
#include "tableviews.h"
#include "tonestyle.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

JobHistoryPage::JobHistoryPage(QWidget *parent)
    : QWidget(parent)
    , m_model(new HistoryModel(this))
    , m_view(new QTableView(this))
    , m_form(new QLabel(this))
    , m_timeline(new JobTimelineView(this))
{
    TableViews::setUp(m_view, m_model);
    m_view->setSortingEnabled(false); // a timeline reads in time order
    m_view->setAccessibleName(tr("History"));
    // Fixed widths (never resizeToContents): sizing a column to its contents reads every row.
    QHeaderView *header = m_view->horizontalHeader();
    header->resizeSection(HistoryModel::WhenColumn, 150);
    header->resizeSection(HistoryModel::EventColumn, 90);
    header->resizeSection(HistoryModel::AfterColumn, 90);
    header->resizeSection(HistoryModel::QueueColumn, 110);
    header->resizeSection(HistoryModel::WorkerColumn, 150);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    ToneStyle::setText(m_form, ToneStyle::Tone::Muted);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_timeline);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_form);
}

void JobHistoryPage::showJob(const Job &job, bool extendsShown, int logEntries, double now)
{
    m_timeline->showJob(job, now);
    m_model->setEvents(job.history, extendsShown);
    const QString logs = logEntries == 0 ? QString()
                                         : tr(" %n log entries (notes from workers or from this console’s Add note).",
                                              nullptr, logEntries);
    switch (job.historyForm) {
    case Job::HistoryForm::Stages:
        m_form->setText(tr("Stored as stages in the job's history field (as the 2012 qless scripts write it)."));
        break;
    case Job::HistoryForm::Events:
        m_form->setText(tr("Stored as events in the list ql:j:%1-history (as current qless writes it).%2")
                            .arg(QString::fromUtf8(job.jid), logs));
        break;
    case Job::HistoryForm::None: m_form->setText(tr("No history recorded.")); break;
    }
}
