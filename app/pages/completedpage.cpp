#include "completedpage.h"

#include "durationtext.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobtableproxy.h"
#include "qlessclient.h"
#include "qlesssession.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

namespace {
// qless's own defaults, for a server whose reply lacks them.
constexpr double DefaultHistorySeconds = 7 * 24 * 3600;
constexpr double DefaultHistoryCount = 50000;

double numberOr(const QString &text, double fallback)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    return ok ? value : fallback;
}
} // namespace

CompletedPage::CompletedPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_jobs(new JobListPane(session->client(), this))
    , m_filter(new QLineEdit(this))
    , m_retention(new QLabel(this))
    , m_status(new QLabel(this))
{
    m_jobs->setColumns({{JobListModel::JidColumn, 262},
                        {JobListModel::KlassColumn, 190},
                        {JobListModel::QueueColumn, 120},
                        {JobListModel::ChangedColumn, 120},
                        {JobListModel::PutColumn, 110},
                        {JobListModel::RetriesColumn, 85},
                        {JobListModel::TagsColumn, 0}});
    m_jobs->proxy()->setTextFilterColumns({JobListModel::QueueColumn, JobListModel::KlassColumn});
    // A complete job's last change is its completion: say so in the header.
    m_jobs->proxy()->setHeaderText(JobListModel::ChangedColumn, tr("Completed"));
    JobListActions::Options actions;
    actions.whyNotAll = [this] {
        return m_filter->text().trimmed().isEmpty()
                   ? QString()
                   : tr("Clear the filter to act on every completed job (it filters loaded rows only)");
    };
    actions.cancelOnDelete = false; // qless's cancel skips complete jobs: Delete would do nothing
    JobListActions::install(m_jobs->view(), m_jobs->model(), session, actions);
    m_jobs->setSource(JobSource::completed(session->client()), tr("Completed jobs, newest first"));
    m_jobs->setExportView(TableExportView{TableExportView::Kind::Completed}); // all of them, whatever the filter

    m_filter->setPlaceholderText(tr("Filter by queue or class"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(260);
    m_filter->setMaximumWidth(360);
    m_retention->setWordWrap(true);
    m_retention->setForegroundRole(QPalette::PlaceholderText);
    m_status->setStyleSheet(QStringLiteral("color: gray"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addLayout(bar);
    layout->addWidget(m_retention);
    layout->addWidget(m_jobs, 1);
    layout->addWidget(m_status);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_jobs->proxy()->setTextFilter(text);
        updateStatus();
    });
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_jobs->proxy(), signal, this, &CompletedPage::updateStatus);
    connect(m_jobs->model(), &JobListModel::refreshed, this, &CompletedPage::updateStatus);
    connect(m_jobs->model(), &JobListModel::totalChanged, this, &CompletedPage::updateStatus);
    connect(m_jobs->model(), &JobListModel::loadFailed, this, &CompletedPage::updateStatus);
    updateStatus();
}

void CompletedPage::setFilterText(const QString &text)
{
    m_filter->setText(text);
}

void CompletedPage::refresh(std::function<void(bool ok)> done)
{
    // The list and the retention options; two replies, one `done`.
    auto left = std::make_shared<int>(2);
    auto ok = std::make_shared<bool>(true);
    const auto finish = [left, ok, done](bool fine) {
        *ok = *ok && fine;
        if (--*left == 0)
            done(*ok);
    };
    m_jobs->refresh(finish);
    readRetention(finish);
}

void CompletedPage::readRetention(std::function<void(bool ok)> done)
{
    session()->client()->config(this, [this, done](const QlessReply<QlessConfig> &reply) {
        if (!reply.ok()) {
            done(false);
            return;
        }
        // qless deletes completed jobs as others complete: those older than jobs-history seconds,
        // and beyond the newest jobs-history-count.
        const double seconds = numberOr(reply.value.text(QStringLiteral("jobs-history")), DefaultHistorySeconds);
        const double count = numberOr(reply.value.text(QStringLiteral("jobs-history-count")), DefaultHistoryCount);
        const QString age = seconds < 0 ? tr("not at all (jobs-history is negative)")
                                        : tr("for %1 (jobs-history)").arg(DurationText::format(seconds));
        m_retention->setText(tr("qless keeps completed jobs %1, at most the newest %2 of them "
                                "(jobs-history-count); older ones are deleted as other jobs complete.")
                                 .arg(age, QLocale().toString(qint64(count))));
        done(true);
    });
}

void CompletedPage::updateStatus()
{
    const JobListModel *model = m_jobs->model();
    if (!model->lastError().isEmpty()) {
        m_status->setStyleSheet(QStringLiteral("color: #c62828"));
        m_status->setText(tr("Could not read the completed jobs: %1").arg(model->lastError()));
        return;
    }
    m_status->setStyleSheet(QStringLiteral("color: gray"));
    const QLocale locale;
    const int loaded = model->rowCount();
    // ql:completed can hold millions: say how many there are, not only how many are loaded.
    const qint64 total = model->total();
    QString text;
    if (total > loaded)
        text = tr("%1 of %2 loaded; scroll down to load more").arg(locale.toString(loaded), locale.toString(total));
    else if (model->canFetchMore({}))
        text = tr("%1 loaded; scroll down to load more").arg(locale.toString(loaded));
    else
        text = loaded == 1 ? tr("1 job") : tr("%1 jobs").arg(locale.toString(loaded));
    if (m_jobs->proxy()->isTextFiltering()) {
        text = tr("%1 match the filter (among the loaded rows) · %2")
                   .arg(locale.toString(m_jobs->proxy()->rowCount()), text);
    }
    m_status->setText(text);
}
