// SPDX-License-Identifier: GPL-3.0-or-later
#include "completedpage.h"

#include "durationtext.h"
#include "joblistactions.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobtableproxy.h"
#include "qlesssession.h"
#include "refreshjoin.h"
#include "serverreads.h"
#include "tonestyle.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

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
    , m_jobs(new JobListPane(session, this))
    , m_queue(new QLineEdit(this))
    , m_klass(new QLineEdit(this))
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
    // A complete job's last change is its completion: say so in the header.
    m_jobs->proxy()->setHeaderText(JobListModel::ChangedColumn, tr("Completed"));
    JobListActions::Options actions;
    actions.whyNotAll = [this] {
        return isFiltering() ? tr("Clear the filter to act on every completed job") : QString();
    };
    actions.cancelOnDelete = false; // qless's cancel skips complete jobs: Delete would do nothing
    JobListActions::install(m_jobs->view(), m_jobs->model(), session, actions);
    m_jobs->setSource(JobSource::completed(session->client()), tr("Completed jobs, newest first"));
    m_jobs->setExportView(TableExportView{TableExportView::Kind::Completed});

    m_queue->setPlaceholderText(tr("Completed in queue (whole name)"));
    m_klass->setPlaceholderText(tr("Class contains (any case)"));
    for (QLineEdit *field : {m_queue, m_klass}) {
        field->setClearButtonEnabled(true);
        field->setMinimumWidth(220);
        field->setMaximumWidth(320);
    }
    for (QLineEdit *field : {m_queue, m_klass})
        field->setToolTip(tr("Press Enter to look through every completed job on the server (not only the rows "
                             "loaded); clear both fields for the whole list"));
    m_queue->setObjectName(QStringLiteral("completedQueueFilter"));
    m_queue->setAccessibleName(tr("Completed in queue"));
    m_klass->setAccessibleName(tr("Class contains"));
    m_klass->setObjectName(QStringLiteral("completedClassFilter"));
    m_retention->setWordWrap(true);
    m_retention->setForegroundRole(QPalette::PlaceholderText);
    ToneStyle::setText(m_status, ToneStyle::Tone::Muted);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_queue);
    bar->addWidget(m_klass);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addLayout(bar);
    layout->addWidget(m_retention);
    layout->addWidget(m_jobs, 1);
    layout->addWidget(m_status);

    // Each filter is a walk of ql:completed on the server: run on Enter (or a cleared field),
    // not on every key typed.
    for (QLineEdit *field : {m_queue, m_klass}) {
        connect(field, &QLineEdit::returnPressed, this, &CompletedPage::applyFilter);
        connect(field, &QLineEdit::textChanged, this, [this](const QString &text) {
            if (text.isEmpty())
                applyFilter();
        });
    }
    connect(m_jobs, &JobListPane::jobActivated, this, &Page::openJobRequested);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_jobs->proxy(), signal, this, &CompletedPage::updateStatus);
    connect(m_jobs->model(), &JobListModel::refreshed, this, &CompletedPage::updateStatus);
    connect(m_jobs->model(), &JobListModel::totalChanged, this, &CompletedPage::updateStatus);
    connect(m_jobs->model(), &JobListModel::loadFailed, this, &CompletedPage::updateStatus);
    updateStatus();
}

void CompletedPage::setFilter(const QString &queue, const QString &klass)
{
    m_queue->setText(queue);
    m_klass->setText(klass);
    applyFilter();
}

void CompletedPage::applyFilter()
{
    const QString queue = m_queue->text().trimmed();
    const QString klass = m_klass->text().trimmed();
    if (queue == m_filterQueue && klass == m_filterKlass)
        return;
    m_filterQueue = queue;
    m_filterKlass = klass;
    // The export writes what the list shows: every completed job, or those the filter matches.
    TableExportView exportView{TableExportView::Kind::Completed};
    exportView.queue = queue;
    exportView.klass = klass;
    m_jobs->setExportView(exportView);
    if (!isFiltering()) {
        m_jobs->setSource(JobSource::completed(session()->client()), tr("Completed jobs, newest first"));
    } else {
        QStringList what;
        if (!queue.isEmpty())
            what << tr("in %1").arg(queue);
        if (!klass.isEmpty())
            what << tr("of a class containing \"%1\"").arg(klass);
        m_jobs->setSource(JobSource::completedMatching(session()->client(), queue, klass),
                          tr("Completed jobs %1, newest first").arg(what.join(QLatin1Char(' '))));
    }
    updateStatus();
}

void CompletedPage::refresh(std::function<void(bool ok)> done)
{
    // The list and the retention options; two replies, one `done`.
    RefreshJoin join(2, std::move(done));
    m_jobs->refresh(join.part());
    readRetention(join.part());
}

void CompletedPage::readRetention(std::function<void(bool ok)> done)
{
    session()->reads()->config(this, [this, done](const QlessReply<QlessConfig> &reply) {
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
        ToneStyle::setText(m_status, ToneStyle::Tone::Bad);
        m_status->setText(tr("Could not read the completed jobs: %1").arg(model->lastError()));
        return;
    }
    ToneStyle::setText(m_status, ToneStyle::Tone::Muted);
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
        text = tr("%Ln job(s)", nullptr, loaded);
    if (isFiltering() && total < 0) {
        // Matches are found by looking at every completed job, newest first: how many so far.
        text = model->canFetchMore({}) ? tr("%1 found so far; scroll down to look further").arg(locale.toString(loaded))
                                       : tr("%1 found").arg(locale.toString(loaded));
    }
    m_status->setText(text);
}
