// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsearchpage.h"

#include "qlesssession.h"
#include "sidejobjobmodel.h"
#include "sidejobsearch.h"
#include "sidejobsession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

SideJobSearchPage::SideJobSearchPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_sidejob(SideJobSession::of(session))
    , m_search(new SideJobSearch(m_sidejob->client(), this))
    , m_pattern(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regular e&xpression"), this))
    , m_inArgs(new QCheckBox(tr("&Args"), this))
    , m_inPorts(new QCheckBox(tr("&Port data"), this))
    , m_inStatus(new QCheckBox(tr("S&tatus"), this))
    , m_inClass(new QCheckBox(tr("C&lass"), this))
    , m_statusFilter(new QComboBox(this))
    , m_start(new QPushButton(tr("&Search"), this))
    , m_stop(new QPushButton(tr("St&op"), this))
    , m_resume(new QPushButton(tr("&Resume"), this))
    , m_results(new QStandardItemModel(0, 5, this))
    , m_resultView(new QTableView(this))
    , m_status(new QLabel(this))
{
    m_pattern->setPlaceholderText(tr("Text to find (exact case), or a pattern"));
    m_pattern->setAccessibleName(tr("SideJob search text"));
    m_pattern->setClearButtonEnabled(true);
    for (QCheckBox *field : {m_inArgs, m_inPorts, m_inStatus, m_inClass})
        field->setChecked(true);
    m_inPorts->setToolTip(tr("The first 10 values waiting on each port (20 ports a job)"));
    m_statusFilter->addItem(tr("Any status"), QString());
    // The choices name the statuses in the operator's language; the server matches the status as
    // SideJob writes it.
    const QStringList labels{tr("queued"), tr("running"),     tr("suspended"), tr("completed"),
                             tr("failed"), tr("terminating"), tr("terminated")};
    for (int i = 0; i < SideJobJobModel::statuses().size(); ++i)
        m_statusFilter->addItem(labels.value(i), SideJobJobModel::statuses().at(i));
    m_statusFilter->setAccessibleName(tr("Only jobs in this status"));
    m_results->setHorizontalHeaderLabels({tr("Job"), tr("Status"), tr("Queue"), tr("Class"), tr("Found in")});
    m_resultView->setModel(m_results);
    m_resultView->setAccessibleName(tr("SideJob jobs found"));
    m_resultView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_resultView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_resultView->verticalHeader()->hide();
    m_resultView->horizontalHeader()->setStretchLastSection(true);
    m_status->setWordWrap(true);

    auto *line = new QHBoxLayout;
    line->addWidget(m_pattern, 1);
    line->addWidget(m_regex);
    line->addWidget(m_start);
    line->addWidget(m_stop);
    line->addWidget(m_resume);
    auto *fields = new QHBoxLayout;
    fields->addWidget(new QLabel(tr("Search in:"), this));
    for (QCheckBox *field : {m_inArgs, m_inPorts, m_inStatus, m_inClass})
        fields->addWidget(field);
    fields->addSpacing(16);
    fields->addWidget(m_statusFilter);
    fields->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(line);
    layout->addLayout(fields);
    layout->addWidget(m_status);
    layout->addWidget(m_resultView, 1);

    connect(m_sidejob, &SideJobSession::presenceChanged, this, &Page::availabilityChanged);
    connect(m_start, &QPushButton::clicked, this, &SideJobSearchPage::search);
    connect(m_pattern, &QLineEdit::returnPressed, this, &SideJobSearchPage::search);
    connect(m_stop, &QPushButton::clicked, m_search, &SideJobSearch::cancel);
    connect(m_resume, &QPushButton::clicked, this, [this] {
        m_search->resume();
        updateButtons();
    });
    connect(m_search, &SideJobSearch::matched, this, &SideJobSearchPage::showMatches);
    connect(m_search, &SideJobSearch::finished, this, &SideJobSearchPage::onFinished);
    m_status->setText(tr("Searches every job, newest first, a bounded step at a time; the jobs found appear "
                         "as they are found."));
    updateButtons();
}

bool SideJobSearchPage::isAvailable() const
{
    return m_sidejob->isPresent();
}

void SideJobSearchPage::refresh(std::function<void(bool ok)> done)
{
    m_sidejob->detect();
    if (done)
        done(true);
}

void SideJobSearchPage::setPattern(const QString &pattern, bool regex)
{
    m_pattern->setText(pattern);
    m_regex->setChecked(regex);
}

void SideJobSearchPage::search()
{
    SideJobSearchCriteria criteria;
    criteria.pattern = m_pattern->text();
    criteria.regex = m_regex->isChecked();
    criteria.fields = (m_inArgs->isChecked() ? SideJobSearchCriteria::Args : 0)
                      | (m_inPorts->isChecked() ? SideJobSearchCriteria::Ports : 0)
                      | (m_inStatus->isChecked() ? SideJobSearchCriteria::Status : 0)
                      | (m_inClass->isChecked() ? SideJobSearchCriteria::Class : 0);
    criteria.narrow.status = m_statusFilter->currentData().toString();
    m_results->removeRows(0, m_results->rowCount());
    if (!m_search->start(criteria)) {
        m_status->setText(m_search->lastError());
        updateButtons();
        return;
    }
    m_status->setText(tr("Searching…"));
    updateButtons();
}

void SideJobSearchPage::showMatches()
{
    const auto &hits = m_search->matches();
    for (qsizetype i = m_results->rowCount(); i < hits.size(); ++i) {
        const SideJobSearchHit &hit = hits.at(i);
        QList<QStandardItem *> row{new QStandardItem(QString::number(hit.id)), new QStandardItem(hit.status),
                                   new QStandardItem(hit.queue), new QStandardItem(hit.klass),
                                   new QStandardItem(hit.where.join(QStringLiteral(", ")))};
        m_results->appendRow(row);
    }
    m_status->setText(tr("Searching… %Ln job(s) found so far, %1 ids looked at", nullptr, int(hits.size()))
                          .arg(QLocale().toString(m_search->looked())));
}

void SideJobSearchPage::onFinished(bool ok, const QString &error)
{
    showMatches();
    const QString found = tr("%Ln job(s) found, %1 ids looked at", nullptr, int(m_search->matches().size()))
                              .arg(QLocale().toString(m_search->looked()));
    if (ok)
        m_status->setText(found + QLatin1Char('.'));
    else if (error.isEmpty())
        m_status->setText(tr("Stopped: %1.").arg(found));
    else
        m_status->setText(tr("The search stopped: %1 (%2)").arg(error, found));
    m_resultView->resizeColumnsToContents();
    updateButtons();
}

void SideJobSearchPage::updateButtons()
{
    const bool running = m_search->isRunning();
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    m_resume->setEnabled(!running && !m_search->isComplete() && m_search->looked() > 0);
}
