// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchpage.h"

#include "actioncenter.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobsearch.h"
#include "jobsearchform.h"
#include "jobselection.h"
#include "qlesssession.h"
#include "tonestyle.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <limits>

namespace {
// How often the list takes in new matches while a search runs: each time the model reads its
// rows again (up to 500 summaries), so not at every step of the walk; quickly until the first
// page is in, then once a second (the rest pages in as the operator scrolls).
constexpr int FirstPageIntervalMs = 250;
constexpr int StreamIntervalMs = 1000;
} // namespace

SearchPage::SearchPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_form(new JobSearchForm(this))
    , m_search(new JobSearch(session->client(), this))
    , m_jobs(new JobListPane(session, this))
    , m_start(new QPushButton(tr("&Search"), this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_resume(new QPushButton(tr("C&ontinue"), this))
    , m_all(new QToolButton(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_streamTimer(new QTimer(this))
{
    m_jobs->setColumns({{JobListModel::JidColumn, 230},
                        {JobListModel::StateColumn, 110},
                        {JobListModel::QueueColumn, 110},
                        {JobListModel::KlassColumn, 170},
                        {JobListModel::TagsColumn, 120},
                        {JobListModel::WorkerColumn, 130},
                        {JobListModel::ChangedColumn, 95},
                        {JobListModel::FailureColumn, 0}});
    m_jobs->clear(tr("Fill in what to look for and press Enter: every job on the server is looked at."));
    JobListActions::Options actions;
    actions.whyNotAll = [this] {
        return m_search->isRunning() ? tr("Wait for the search to end (or cancel it) to act on all its matches")
                                     : QString();
    };
    JobListActions::install(m_jobs->view(), m_jobs->model(), session, actions);

    m_start->setDefault(true);
    m_start->setAccessibleName(tr("Search every job"));
    m_cancel->setAccessibleName(tr("Cancel the search"));
    m_resume->setAccessibleName(tr("Continue the search where it stopped"));
    m_resume->setToolTip(tr("Goes on looking from where the search stopped, keeping the matches found"));
    m_all->setText(tr("&Act on all matches"));
    m_all->setAccessibleName(tr("Act on all matches"));
    m_all->setPopupMode(QToolButton::InstantPopup);
    m_all->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_all->setMenu(new QMenu(m_all));
    m_all->menu()->setObjectName(QStringLiteral("allMatchesMenu"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(220);
    m_progress->setAccessibleName(tr("Search progress"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    ToneStyle::setText(m_status, ToneStyle::Tone::Muted);
    m_streamTimer->setSingleShot(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_resume);
    buttons->addWidget(m_progress);
    buttons->addWidget(m_status, 1);
    buttons->addWidget(m_all);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(m_form);
    layout->addLayout(buttons);
    layout->addWidget(m_jobs, 1);

    connect(m_form, &JobSearchForm::submitted, this, &SearchPage::startSearch);
    connect(m_start, &QPushButton::clicked, this, &SearchPage::startSearch);
    connect(m_cancel, &QPushButton::clicked, m_search, &JobSearch::cancel);
    connect(m_resume, &QPushButton::clicked, m_search, &JobSearch::resume);
    connect(m_all->menu(), &QMenu::aboutToShow, this, &SearchPage::showAllMatchesMenu);
    connect(m_search, &JobSearch::matched, this, &SearchPage::refreshSoon);
    connect(m_search, &JobSearch::progressed, this, &SearchPage::updateStatus);
    connect(m_search, &JobSearch::finished, this, &SearchPage::searchEnded);
    connect(m_streamTimer, &QTimer::timeout, this, [this] {
        if (m_jobs->model()->isLoading()) {
            m_streamTimer->start(FirstPageIntervalMs); // a page read is under way: take the new ones after it
            return;
        }
        m_jobs->model()->refresh();
    });
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
    updateStatus();
}

void SearchPage::refresh(std::function<void(bool ok)> done)
{
    m_jobs->refresh(std::move(done));
}

void SearchPage::startSearch()
{
    const JobSearchCriteria criteria = m_form->criteria();
    const QString problem = criteria.validate();
    if (!problem.isEmpty()) {
        ToneStyle::setText(m_status, ToneStyle::Tone::Bad);
        m_status->setText(problem);
        return;
    }
    m_search->start(criteria);
    m_jobs->setSource(m_search->source(), tr("Search: %1").arg(criteria.describe()));
}

void SearchPage::refreshSoon()
{
    if (m_streamTimer->isActive())
        return;
    const JobListModel *model = m_jobs->model();
    m_streamTimer->start(model->rowCount() < model->pageSize() ? FirstPageIntervalMs : StreamIntervalMs);
}

void SearchPage::searchEnded(bool, const QString &)
{
    // The last matches in at once, not after the stream's next tick.
    m_streamTimer->stop();
    m_jobs->model()->refresh();
    updateStatus();
}

void SearchPage::updateStatus()
{
    const bool running = m_search->isRunning();
    m_cancel->setEnabled(running);
    m_resume->setVisible(m_search->canResume());
    m_progress->setVisible(running || m_search->isComplete() || m_search->canResume());
    m_progress->setValue(int(m_search->progress() * 1000));
    const qint64 matches = m_search->matchCount();
    m_all->setEnabled(!running && matches > 0);
    m_all->setToolTip(running ? tr("Wait for the search to end (or cancel it) to act on all its matches") : QString());
    if (!running && !m_search->hasStarted())
        return; // nothing searched yet: a validation message stays
    ToneStyle::setText(m_status, m_search->lastError().isEmpty() ? ToneStyle::Tone::Muted : ToneStyle::Tone::Bad);
    const QLocale locale;
    const auto count = [](qint64 n) { return int(qMin<qint64>(n, std::numeric_limits<int>::max())); };
    const QString found = tr("%Ln matches", nullptr, count(matches));
    const QString looked = tr("%Ln keys looked at", nullptr, count(m_search->looked()));
    QString text;
    if (running) {
        text = tr("Searching… %1 so far; %2 of about %3.").arg(found, looked, locale.toString(m_search->keys()));
    } else if (m_search->isComplete()) {
        text = tr("%1 among every job, in %2 s.").arg(found, locale.toString(m_search->elapsedMs() / 1000.0, 'f', 1));
    } else if (m_search->patternStopped()) {
        // Continue would stop at the same job again: the message says what to change instead.
        text = tr("The search stopped: %1. %2 before that.").arg(m_search->lastError(), found);
    } else if (!m_search->lastError().isEmpty()) {
        text = tr("The search stopped: %1. %2 before that; Continue goes on from there.")
                   .arg(m_search->lastError(), found);
    } else {
        text = tr("Cancelled after %1 (about %2 of the keys): %3. Continue goes on from there.")
                   .arg(looked, locale.toString(m_search->progress() * 100, 'f', 0) + QLatin1Char('%'), found);
    }
    m_status->setText(text);
}

void SearchPage::showAllMatchesMenu()
{
    QMenu *menu = m_all->menu();
    // clear() deletes the menu's actions but not the submenus made last time (Priority): those
    // are its children until deleted.
    qDeleteAll(menu->findChildren<QMenu *>(QString(), Qt::FindDirectChildrenOnly));
    menu->clear();
    if (m_search->isRunning() || m_search->matchCount() == 0)
        return;
    // Exactly the jobs found, frozen now: the run does them however they change meanwhile.
    const JobSource source = m_search->source(true);
    JobSelection selection;
    selection.all = BulkTarget::ofSource(source, m_search->matchCount(),
                                         tr("all %Ln matches of the search", nullptr, int(m_search->matchCount())));
    selection.listState = source.state;
    selection.listName = source.description;
    selection.holdsState = source.holdsState;
    ActionCenter::of(session())->fillAllJobsMenu(menu, selection, window());
}
