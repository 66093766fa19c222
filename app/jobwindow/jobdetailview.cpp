// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobdetailview.h"

#include "historymodel.h"
#include "jobdetailreader.h"
#include "jobdetailtext.h"
#include "jobfieldsgrid.h"
#include "jobhistorypage.h"
#include "jobrowtext.h"
#include "jobtimelinecap.h"
#include "jobtimelineview.h"
#include "jsondataview.h"
#include "palettefollower.h"
#include "poolrelease.h"
#include "tonestyle.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace JobDetailText;

namespace {
enum Tab { DataTab, HistoryTab, FailureTab };

QLabel *banner(QWidget *parent, ThemeColors::Tone tone)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    ToneStyle::set(label, ToneStyle::Look::Banner, tone, QStringLiteral("border-radius: 3px; padding: 6px;"));
    label->hide();
    return label;
}
} // namespace

JobDetailView::JobDetailView(JobDetailReader *reader, QWidget *parent)
    : QWidget(parent)
    , m_reader(reader)
    , m_title(new QLabel(this))
    , m_state(new QLabel(this))
    , m_message(new QLabel(this))
    , m_problems(banner(this, ThemeColors::Tone::Warning))
    , m_timedOut(banner(this, ThemeColors::Tone::Bad))
    , m_body(new QWidget(this))
    , m_fields(new JobFieldsGrid(this))
    , m_tabs(new QTabWidget(this))
    , m_data(new JsonDataView(this))
    , m_history(new JobHistoryPage(this))
    , m_failurePage(new QWidget(this))
    , m_failureHeader(new QLabel(this))
    , m_failureText(new QPlainTextEdit(this))
{
    m_reader->setParent(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::RichText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_timedOut->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_timedOut, &QLabel::linkActivated, this, &JobDetailView::activateLink);
    connect(m_fields, &JobFieldsGrid::linkActivated, this, &JobDetailView::activateLink);

    auto *header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addSpacing(8);
    header->addWidget(m_state);
    header->addStretch(1);

    m_failureHeader->setTextFormat(Qt::RichText);
    m_failureHeader->setWordWrap(true);
    m_failureHeader->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_failureHeader, &QLabel::linkActivated, this, &JobDetailView::activateLink);
    m_failureText->setReadOnly(true);
    m_failureText->setAccessibleName(tr("Failure message"));
    m_failureText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_failureText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *failureLayout = new QVBoxLayout(m_failurePage);
    failureLayout->addWidget(m_failureHeader);
    failureLayout->addWidget(m_failureText, 1);

    m_tabs->addTab(m_data, tr("Data"));
    m_tabs->addTab(m_history, tr("History"));
    m_tabs->addTab(m_failurePage, tr("Failure"));

    auto *bodyLayout = new QVBoxLayout(m_body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->addWidget(m_problems);
    bodyLayout->addWidget(m_timedOut);
    bodyLayout->addWidget(m_fields);
    bodyLayout->addSpacing(6);
    bodyLayout->addWidget(m_tabs, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_message);
    layout->addWidget(m_body, 1);
    m_body->hide();
    m_message->hide();
    // The fields' rich text carries the palette's colours: written again when it changes.
    PaletteFollower::onChange(this, [this] {
        if (m_job)
            fill(*m_job);
    });
    // qless's max-job-history, for the timeline to say whether entries may be missing.
    (new JobTimelineCap(m_reader->client(), this))->read([this](int cap) {
        m_history->timelineView()->setHistoryCap(cap);
        if (m_job)
            m_history->timelineView()->showJob(*m_job, m_reader->serverNow());
    });
}

JobDetailView::~JobDetailView()
{
    // A huge job takes tens of milliseconds to free: what this window holds of it goes to a pool
    // thread (the models let go of it first, so the pool's references are the last).
    auto kept = std::make_tuple(std::move(m_job), m_history->model()->events(),
                                m_data->setParsed({}, JsonTreeModel::parse({})));
    m_history->model()->setEvents({}, false);
    PoolRelease::release(std::move(kept));
}

QLabel *JobDetailView::fieldLabel(const QString &field) const
{
    return m_fields->valueLabel(field);
}

HistoryModel *JobDetailView::historyModel() const
{
    return m_history->model();
}

void JobDetailView::showJob(const QByteArray &jid)
{
    m_jid = jid;
    m_job.reset();
    m_title->setText(QString::fromUtf8(jid));
    m_state->clear();
    ToneStyle::set(m_state, ToneStyle::Look::Badge, ThemeColors::Tone::Plain);
    m_body->hide();
    showMessage(tr("Reading…"));
    read({});
}

void JobDetailView::refresh(std::function<void(bool ok)> done)
{
    if (m_jid.isEmpty()) {
        if (done)
            done(true);
        return;
    }
    read(std::move(done));
}

void JobDetailView::read(std::function<void(bool ok)> done)
{
    m_loading = true;
    m_reader->read(m_jid, [this, done](const QlessReply<JobDetailReader::Content> &reply, bool current) {
        if (!current) {
            // Another job (or a newer read) is on screen now: apply nothing, but whoever waits
            // on this read (a refresh timer) is still told it ended.
            if (done)
                done(true);
            return;
        }
        m_loading = false;
        if (!reply.ok()) {
            // Keep what is on screen (stale beats blank) and say why it is not fresh.
            showMessage(tr("<b>Could not read the job:</b> %1").arg(reply.error.message.toHtmlEscaped()));
        } else if (!reply.value.job) {
            // Shown before and gone now: cancelled, or completed and expired meanwhile.
            const bool wasThere = m_job.has_value();
            showNoJob();
            if (wasThere)
                emit vanished(m_jid);
        } else {
            const JobDetailReader::Content &content = reply.value;
            // What was shown is let go of once nothing here refers to it, on a pool thread.
            std::optional<Job> before = std::exchange(m_job, content.job);
            m_message->hide();
            fill(*m_job);
            m_history->showJob(*m_job, content.historyExtendsLast, content.logEntries, m_reader->serverNow());
            std::shared_ptr<JsonTreeModel::Parsed> treeBefore = m_data->setParsed(m_job->data, content.data);
            m_tabs->setTabText(DataTab, m_data->isValidJson() ? tr("Data") : tr("Data ⚠ not JSON"));
            m_tabs->setTabText(HistoryTab, tr("History (%1)").arg(m_job->history.size()));
            // A job opened for the first time shows what matters most about it: why it failed.
            // (A refresh keeps the tab the operator chose.)
            if (m_body->isHidden())
                m_tabs->setCurrentIndex(m_job->failure ? FailureTab : DataTab);
            m_body->show();
            PoolRelease::release(std::make_pair(std::move(before), std::move(treeBefore)));
        }
        emit loaded(reply.ok());
        if (done)
            done(reply.ok());
    });
}

void JobDetailView::showMessage(const QString &html)
{
    m_message->setText(html);
    m_message->show();
}

void JobDetailView::showNoJob()
{
    PoolRelease::release(std::exchange(m_job, std::nullopt));
    m_body->hide();
    m_state->clear();
    ToneStyle::set(m_state, ToneStyle::Look::Badge, ThemeColors::Tone::Plain);
    showMessage(tr("<b>No job with the jid “%1” exists in Redis.</b><br>It may have completed and "
                   "expired from the history, been cancelled, or the jid may be mistyped.")
                    .arg(QString::fromUtf8(m_jid).toHtmlEscaped()));
}

void JobDetailView::fill(const Job &job)
{
    const double now = m_reader->serverNow();
    m_title->setText(QString::fromUtf8(job.jid));
    // A running job whose lock ran out is what qless calls stalled.
    const bool lockExpired = job.lockExpired(now);
    m_state->setText(job.timedOut ? tr("timed out") : lockExpired ? tr("stalled") : JobRowText::stateName(job.state));
    m_state->setToolTip(lockExpired ? tr("Its lock expired: the worker stopped heartbeating it. The job still "
                                         "says running; the next pop hands it out again.")
                                    : QString());
    ToneStyle::set(m_state, ToneStyle::Look::Badge, stateTone(lockExpired ? QStringLiteral("stalled") : job.state),
                   QStringLiteral("border-radius: 3px; padding: 2px 8px; font-weight: bold;"));
    if (job.timedOut) {
        const QString who = job.timedOutWorker.isEmpty()
                                ? tr("its worker")
                                : tr("worker %1").arg(link(QStringLiteral("worker"), job.timedOutWorker));
        m_timedOut->setText(tr("<b>Timed out</b> %1: qless took the job from %2. It is back in %3 as waiting "
                               "(qless counts it so), first in line for the next pop, with its state left as "
                               "<i>stalled</i>.")
                                .arg(job.timedOutAt > 0 ? stamp(job.timedOutAt, now) : tr("(when is not recorded)"),
                                     who, link(QStringLiteral("queue"), job.queue)));
        m_timedOut->show();
    } else {
        m_timedOut->hide();
    }
    m_fields->showJob(job, now);
    showProblems(job);
    // A key that is not a hash gave nothing to show beyond the damage: no empty Data tab that
    // would read as "data not JSON".
    m_tabs->setVisible(!job.hasProblem(QStringLiteral("job")));
    showFailure(job, now);
}

void JobDetailView::showProblems(const Job &job)
{
    if (job.problems.isEmpty() && !job.escapedBytes) {
        m_problems->hide();
        return;
    }
    QStringList lines;
    for (auto it = job.problems.cbegin(); it != job.problems.cend(); ++it) {
        const QString name = it.key().toHtmlEscaped();
        if (it->kind == FieldProblem::Kind::Missing)
            lines << tr("<b>%1</b> is missing").arg(name);
        else if (it.key() == QLatin1String("data"))
            lines << tr("<b>data</b> is not valid JSON (the Data tab shows it as stored)");
        else if (it->raw.isEmpty())
            lines << tr("<b>%1</b> is not valid").arg(name);
        else
            lines << tr("<b>%1</b> is not valid: <code>%2</code>").arg(name, it->raw.left(200).toHtmlEscaped());
    }
    if (job.escapedBytes)
        lines << tr("some text holds bytes that are not UTF-8; they are shown as \\xHH");
    m_problems->setText(tr("⚠ This job's record in Redis is damaged; what is shown may be incomplete:<br>%1")
                            .arg(lines.join(QStringLiteral("<br>"))));
    m_problems->show();
}

void JobDetailView::showFailure(const Job &job, double now)
{
    const bool failed = job.failure.has_value();
    m_tabs->setTabEnabled(FailureTab, failed);
    if (!failed) {
        m_failureHeader->clear();
        m_failureText->clear();
        return;
    }
    const JobFailure &failure = *job.failure;
    m_failureHeader->setText(
        tr("<b>%1</b> &nbsp;·&nbsp; failed %2 &nbsp;·&nbsp; worker %3")
            .arg(failure.group.toHtmlEscaped(), stamp(failure.when, now),
                 failure.worker.isEmpty() ? QStringLiteral("—") : link(QStringLiteral("worker"), failure.worker)));
    if (m_failureText->toPlainText() != failure.message)
        m_failureText->setPlainText(failure.message);
    m_tabs->setTabText(FailureTab, tr("Failure"));
}

void JobDetailView::activateLink(const QString &href)
{
    const int colon = href.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return;
    const QString scheme = href.left(colon);
    const QByteArray value = QByteArray::fromPercentEncoding(href.mid(colon + 1).toLatin1());
    if (scheme == QLatin1String("job"))
        emit openJobRequested(value);
    else if (scheme == QLatin1String("queue"))
        emit openQueueRequested(QString::fromUtf8(value));
    else if (scheme == QLatin1String("tag"))
        emit openTagRequested(QString::fromUtf8(value));
    else if (scheme == QLatin1String("worker"))
        emit openWorkerRequested(QString::fromUtf8(value));
}
