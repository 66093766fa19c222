#include "jobdetailview.h"

#include "durationtext.h"
#include "historymodel.h"
#include "jsondataview.h"
#include "qlessclient.h"
#include "tableviews.h"
#include "timetext.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace {
// Jobs with thousands of dependents exist; a label with thousands of links would crawl.
constexpr int LinkLimit = 50;

QString link(const QString &scheme, const QString &value)
{
    return QStringLiteral("<a href=\"%1:%2\">%3</a>")
        .arg(scheme, QString::fromLatin1(QUrl::toPercentEncoding(value)), value.toHtmlEscaped());
}

QString links(const QString &scheme, const QStringList &values)
{
    if (values.isEmpty())
        return QStringLiteral("<span style='color:gray'>%1</span>").arg(JobDetailView::tr("none"));
    QStringList parts;
    for (const QString &value : values.mid(0, LinkLimit))
        parts << link(scheme, value);
    QString html = parts.join(QStringLiteral(", &nbsp;"));
    if (values.size() > LinkLimit)
        html += JobDetailView::tr(" … and %1 more").arg(QLocale().toString(values.size() - LinkLimit));
    return html;
}

// A moment in the desktop's zone with how long ago it was; the same moment in UTC on hover.
// `now`: the Redis server's time (QlessClient::now), the clock the job's times were written by.
QString stamp(double when, double now)
{
    if (when <= 0)
        return QStringLiteral("<span style='color:gray'>—</span>");
    return QStringLiteral("<span title='%1'>%2 <span style='color:gray'>(%3)</span></span>")
        .arg(TimeText::utc(when), TimeText::local(when), TimeText::relative(when, now));
}

QString number(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

// Colours shared with the lists: what needs attention is warm, what moves is blue.
QString stateColour(const QString &state)
{
    if (state == QLatin1String("failed"))
        return QStringLiteral("#c62828");
    if (state == QLatin1String("stalled"))
        return QStringLiteral("#e65100");
    if (state == QLatin1String("running"))
        return QStringLiteral("#1565c0");
    if (state == QLatin1String("complete"))
        return QStringLiteral("#2e7d32");
    if (state == QLatin1String("scheduled") || state == QLatin1String("depends"))
        return QStringLiteral("#6a1b9a");
    return QStringLiteral("#546e7a");
}
} // namespace

JobDetailView::JobDetailView(QlessClient *client, QWidget *parent)
    : QWidget(parent)
    , m_client(client)
    , m_title(new QLabel(this))
    , m_state(new QLabel(this))
    , m_message(new QLabel(this))
    , m_problems(new QLabel(this))
    , m_timedOut(new QLabel(this))
    , m_body(new QWidget(this))
    , m_tabs(new QTabWidget(this))
    , m_data(new JsonDataView(this))
    , m_history(new HistoryModel(this))
    , m_historyView(new QTableView(this))
    , m_historyForm(new QLabel(this))
    , m_failurePage(new QWidget(this))
    , m_failureHeader(new QLabel(this))
    , m_failureText(new QPlainTextEdit(this))
{
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::RichText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setStyleSheet(QStringLiteral("QLabel { background: #fff3e0; color: #8a4b00; border: 1px solid #ffb74d;"
                                             " border-radius: 3px; padding: 6px; }"));
    m_problems->hide();
    m_timedOut->setWordWrap(true);
    m_timedOut->setTextFormat(Qt::RichText);
    m_timedOut->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_timedOut->setStyleSheet(QStringLiteral("QLabel { background: #fbe9e7; color: #8c2f00; border: 1px solid #ff8a65;"
                                             " border-radius: 3px; padding: 6px; }"));
    connect(m_timedOut, &QLabel::linkActivated, this, &JobDetailView::activateLink);
    m_timedOut->hide();

    auto *header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addSpacing(8);
    header->addWidget(m_state);
    header->addStretch(1);

    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(6);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    addField(grid, 0, 0, QStringLiteral("klass"), tr("Class"));
    addField(grid, 0, 2, QStringLiteral("queue"), tr("Queue"));
    addField(grid, 1, 0, QStringLiteral("worker"), tr("Worker"));
    addField(grid, 1, 2, QStringLiteral("priority"), tr("Priority"));
    addField(grid, 2, 0, QStringLiteral("remaining"), tr("Retries left"));
    addField(grid, 2, 2, QStringLiteral("tracked"), tr("Tracked"));
    // Put comes from the history; `time` is the job's last change (current qless rewrites it at
    // every put, pop and completion).
    addField(grid, 3, 0, QStringLiteral("put"), tr("Put"));
    addField(grid, 3, 2, QStringLiteral("expires"), tr("Lock expires"));
    addField(grid, 4, 0, QStringLiteral("time"), tr("Last change"));
    addField(grid, 5, 0, QStringLiteral("tags"), tr("Tags"));
    addField(grid, 6, 0, QStringLiteral("dependencies"), tr("Depends on"));
    addField(grid, 7, 0, QStringLiteral("dependents"), tr("Dependents"));
    addField(grid, 8, 0, QStringLiteral("spawned_from_jid"), tr("Spawned from"));

    TableViews::setUp(m_historyView, m_history);
    m_historyView->setSortingEnabled(false); // a timeline reads in time order
    m_historyView->horizontalHeader()->resizeSection(HistoryModel::WhenColumn, 150);
    m_historyView->horizontalHeader()->resizeSection(HistoryModel::EventColumn, 90);
    m_historyView->horizontalHeader()->resizeSection(HistoryModel::AfterColumn, 90);
    m_historyView->horizontalHeader()->resizeSection(HistoryModel::QueueColumn, 110);
    m_historyView->horizontalHeader()->resizeSection(HistoryModel::WorkerColumn, 150);
    m_historyForm->setStyleSheet(QStringLiteral("color: gray"));
    auto *historyPage = new QWidget(this);
    auto *historyLayout = new QVBoxLayout(historyPage);
    historyLayout->addWidget(m_historyView, 1);
    historyLayout->addWidget(m_historyForm);

    m_failureHeader->setTextFormat(Qt::RichText);
    m_failureHeader->setWordWrap(true);
    m_failureHeader->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_failureHeader, &QLabel::linkActivated, this, &JobDetailView::activateLink);
    m_failureText->setReadOnly(true);
    m_failureText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_failureText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *failureLayout = new QVBoxLayout(m_failurePage);
    failureLayout->addWidget(m_failureHeader);
    failureLayout->addWidget(m_failureText, 1);

    m_tabs->addTab(m_data, tr("Data"));
    m_tabs->addTab(historyPage, tr("History"));
    m_tabs->addTab(m_failurePage, tr("Failure"));

    auto *bodyLayout = new QVBoxLayout(m_body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->addWidget(m_problems);
    bodyLayout->addWidget(m_timedOut);
    bodyLayout->addLayout(grid);
    bodyLayout->addSpacing(6);
    bodyLayout->addWidget(m_tabs, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_message);
    layout->addWidget(m_body, 1);
    m_body->hide();
    m_message->hide();
}

void JobDetailView::addField(QGridLayout *grid, int row, int column, const QString &field, const QString &label)
{
    auto *name = new QLabel(label, this);
    name->setStyleSheet(QStringLiteral("color: gray"));
    name->setAlignment(Qt::AlignRight | Qt::AlignTop);
    auto *value = new QLabel(this);
    value->setTextFormat(Qt::RichText);
    value->setWordWrap(true);
    value->setTextInteractionFlags(Qt::TextBrowserInteraction);
    value->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    connect(value, &QLabel::linkActivated, this, &JobDetailView::activateLink);
    grid->addWidget(name, row, column);
    // A field on the left with nothing beside it spans the row: lists of links need the room.
    const bool wide = column == 0 && field != QLatin1String("klass") && field != QLatin1String("worker")
        && field != QLatin1String("remaining") && field != QLatin1String("put") && field != QLatin1String("time");
    grid->addWidget(value, row, column + 1, 1, wide ? 3 : 1);
    m_fields.insert(field, value);
    value->setProperty("nameLabel", QVariant::fromValue<QObject *>(name));
}

QLabel *JobDetailView::fieldLabel(const QString &field) const
{
    return m_fields.value(field);
}

void JobDetailView::setField(const QString &field, const QString &html)
{
    if (QLabel *label = m_fields.value(field))
        label->setText(html);
}

void JobDetailView::showJob(const QByteArray &jid)
{
    m_jid = jid;
    m_job.reset();
    m_title->setText(QString::fromUtf8(jid));
    m_state->clear();
    m_state->setStyleSheet({});
    m_body->hide();
    showMessage(tr("Loading…"));
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
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_client->job(m_jid, this, [this, generation, done](const QlessReply<std::optional<Job>> &reply) {
        if (generation != m_generation) {
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
        } else if (!reply.value) {
            m_job.reset();
            m_body->hide();
            m_state->clear();
            m_state->setStyleSheet({});
            showMessage(tr("<b>No job with the jid “%1” exists in Redis.</b><br>It may have completed and "
                           "expired from the history, been cancelled, or the jid may be mistyped.")
                            .arg(QString::fromUtf8(m_jid).toHtmlEscaped()));
        } else {
            m_job = reply.value;
            m_message->hide();
            fill(*m_job);
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

void JobDetailView::fill(const Job &job)
{
    const double now = m_client->now(); // ages against the server's clock, not this desktop's
    const auto problem = [&job](const QString &field, const QString &html) -> QString {
        const auto it = job.problems.constFind(field);
        if (it == job.problems.cend())
            return html;
        if (it->kind == FieldProblem::Kind::Missing)
            return QStringLiteral("<span style='color:#c62828'>%1</span>").arg(tr("(missing)"));
        return QStringLiteral("<span style='color:#c62828'>%1</span> <code>%2</code>")
            .arg(tr("(invalid)"), it->raw.left(200).toHtmlEscaped());
    };

    m_title->setText(QString::fromUtf8(job.jid));
    m_state->setText(job.timedOut ? tr("timed out") : job.state);
    m_state->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; border-radius: 3px; padding: 2px 8px;"
                                          " font-weight: bold; }")
                               .arg(stateColour(job.state)));
    if (job.timedOut) {
        const QString who = job.timedOutWorker.isEmpty() ? tr("its worker")
                                                         : tr("worker %1").arg(link(QStringLiteral("worker"), job.timedOutWorker));
        m_timedOut->setText(tr("<b>Timed out</b> %1: qless took the job from %2. It is back in %3 as waiting "
                               "(qless counts it so), first in line for the next pop, with its state left as "
                               "<i>stalled</i>.")
                                .arg(job.timedOutAt > 0 ? stamp(job.timedOutAt, now) : tr("(when is not recorded)"), who,
                                     link(QStringLiteral("queue"), job.queue)));
        m_timedOut->show();
    } else {
        m_timedOut->hide();
    }
    setField(QStringLiteral("klass"), problem(QStringLiteral("klass"), job.klass.toHtmlEscaped()));
    setField(QStringLiteral("queue"), problem(QStringLiteral("queue"), job.queue.isEmpty()
                                                                           ? QStringLiteral("—")
                                                                           : link(QStringLiteral("queue"), job.queue)));
    setField(QStringLiteral("worker"), problem(QStringLiteral("worker"), job.worker.isEmpty()
                                                                             ? QStringLiteral("<span style='color:gray'>—</span>")
                                                                             : link(QStringLiteral("worker"), job.worker)));
    setField(QStringLiteral("priority"), problem(QStringLiteral("priority"), number(job.priority)));
    setField(QStringLiteral("remaining"),
             problem(QStringLiteral("remaining"), tr("%1 of %2").arg(number(job.remaining), number(job.retries))));
    setField(QStringLiteral("tracked"), job.tracked ? tr("<b>yes</b>") : tr("no"));
    setField(QStringLiteral("put"), stamp(job.put, now));
    setField(QStringLiteral("time"), problem(QStringLiteral("time"), stamp(job.time, now)));

    // One place for "the time that matters in this state": lock expiry, or when it falls due.
    QLabel *expires = m_fields.value(QStringLiteral("expires"));
    auto *expiresName = qobject_cast<QLabel *>(expires->property("nameLabel").value<QObject *>());
    if (job.state == QLatin1String("scheduled")) {
        expiresName->setText(tr("Due"));
        expires->setText(stamp(job.due, now));
    } else {
        expiresName->setText(tr("Lock expires"));
        const bool locked = (job.state == QLatin1String("running") || job.state == QLatin1String("stalled"))
            && !job.timedOut;
        expires->setText(locked ? problem(QStringLiteral("expires"), stamp(job.expires, now))
                                : QStringLiteral("<span style='color:gray'>—</span>"));
    }
    setField(QStringLiteral("tags"), problem(QStringLiteral("tags"), links(QStringLiteral("tag"), job.tags)));
    setField(QStringLiteral("dependencies"),
             problem(QStringLiteral("dependencies"), links(QStringLiteral("job"), job.dependencies)));
    setField(QStringLiteral("dependents"), problem(QStringLiteral("dependents"), links(QStringLiteral("job"), job.dependents)));
    setField(QStringLiteral("spawned_from_jid"), job.spawnedFrom.isEmpty()
                                                    ? QStringLiteral("<span style='color:gray'>—</span>")
                                                    : link(QStringLiteral("job"), job.spawnedFrom));

    if (job.problems.isEmpty() && !job.escapedBytes) {
        m_problems->hide();
    } else {
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

    // A key that is not a hash gave nothing to show beyond the damage: no empty Data tab that
    // would read as "data not JSON".
    m_tabs->setVisible(!job.hasProblem(QStringLiteral("job")));
    m_data->setText(job.data);
    m_tabs->setTabText(0, m_data->isValidJson() ? tr("Data") : tr("Data ⚠ not JSON"));

    m_history->setEvents(job.history);
    m_tabs->setTabText(1, tr("History (%1)").arg(job.history.size()));
    const auto logEntries = std::count_if(job.history.cbegin(), job.history.cend(),
                                          [](const JobEvent &event) { return event.isLog(); });
    const QString logs = logEntries == 0 ? QString() : tr(" %n log entries (notes from workers or from this console’s Add note).", nullptr, int(logEntries));
    switch (job.historyForm) {
    case Job::HistoryForm::Stages:
        m_historyForm->setText(tr("Stored as stages in the job's history field (as the 2012 qless scripts write it)."));
        break;
    case Job::HistoryForm::Events:
        m_historyForm->setText(tr("Stored as events in the list ql:j:%1-history (as current qless writes it).%2")
                                   .arg(QString::fromUtf8(job.jid), logs));
        break;
    case Job::HistoryForm::None:
        m_historyForm->setText(tr("No history recorded."));
        break;
    }

    const bool failed = job.failure.has_value();
    m_tabs->setTabEnabled(2, failed);
    if (failed) {
        const JobFailure &failure = *job.failure;
        m_failureHeader->setText(tr("<b>%1</b> &nbsp;·&nbsp; failed %2 &nbsp;·&nbsp; worker %3")
                                     .arg(failure.group.toHtmlEscaped(), stamp(failure.when, now),
                                          failure.worker.isEmpty() ? QStringLiteral("—")
                                                                   : link(QStringLiteral("worker"), failure.worker)));
        if (m_failureText->toPlainText() != failure.message)
            m_failureText->setPlainText(failure.message);
        m_tabs->setTabText(2, tr("Failure"));
    } else {
        m_failureHeader->clear();
        m_failureText->clear();
    }
    // A job opened for the first time shows what matters most about it: why it failed.
    // (A refresh keeps the tab the operator chose.)
    if (m_body->isHidden())
        m_tabs->setCurrentIndex(failed ? 2 : 0);
    m_body->show();
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
