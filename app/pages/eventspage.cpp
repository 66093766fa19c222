// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventspage.h"

#include "eventfilterproxy.h"
#include "eventlogmodel.h"
#include "eventstream.h"
#include "jobclasscache.h"
#include "qlesssession.h"
#include "ratesparkline.h"
#include "tableviews.h"
#include "tonestyle.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace {
QLineEdit *filterEdit(const QString &placeholder, const QString &name, QWidget *parent)
{
    auto *edit = new QLineEdit(parent);
    edit->setPlaceholderText(placeholder);
    edit->setAccessibleName(name);
    edit->setClearButtonEnabled(true);
    return edit;
}
} // namespace

EventsPage::EventsPage(QlessSession *session, QWidget *parent)
    : Page(session, parent)
    , m_stream(new EventStream(session->settings(), session->client(), this))
    , m_filter(new EventFilterProxy(m_stream->model(), this))
    , m_view(new QTableView(this))
    , m_queue(filterEdit(tr("Queue"), tr("Filter by queue"), this))
    , m_klass(filterEdit(tr("Class"), tr("Filter by class"), this))
    , m_event(new QComboBox(this))
    , m_jid(filterEdit(tr("Jid"), tr("Filter by jid"), this))
    , m_pause(new QPushButton(tr("&Pause"), this))
    , m_clear(new QPushButton(tr("C&lear"), this))
    , m_sparkline(new RateSparkline(this))
    , m_rate(new QLabel(this))
    , m_state(new QLabel(this))
    , m_counts(new QLabel(this))
    , m_tick(new QTimer(this))
    , m_countsDue(new QTimer(this))
{
    TableViews::setUp(m_view, m_filter);
    m_view->setObjectName(QStringLiteral("eventView")); // its remembered columns' key
    m_view->setAccessibleName(tr("Events"));
    // The stream's order is the one to read it in; tens of thousands of rows are not sorted on
    // the GUI thread 20 times a second.
    m_view->setSortingEnabled(false);
    m_filter->sort(-1); // TableViews sorts by a column; this table is never sorted
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    header->resizeSection(EventLogModel::TimeColumn, 95);
    // Wide enough for every event's name in the console's language ("Konfig. zurückgesetzt").
    int eventWidth = 125;
    for (const QString &name : EventStream::knownEvents())
        eventWidth = qMax(eventWidth, m_view->fontMetrics().horizontalAdvance(EventLogModel::eventName(name)) + 16);
    header->resizeSection(EventLogModel::EventColumn, eventWidth);
    header->resizeSection(EventLogModel::QueueColumn, 110);
    header->resizeSection(EventLogModel::JidColumn, 200);
    header->resizeSection(EventLogModel::KlassColumn, 150);
    header->resizeSection(EventLogModel::WorkerColumn, 120);

    m_event->setAccessibleName(tr("Filter by event"));
    m_event->addItem(tr("All events"), QString());
    for (const QString &name : EventStream::knownEvents())
        m_event->addItem(EventLogModel::eventName(name), name);
    m_pause->setCheckable(true);
    m_pause->setAccessibleName(tr("Pause the table"));
    m_pause->setToolTip(tr("Hold the table still; events go on being counted and appear on resume."));
    m_clear->setAccessibleName(tr("Clear the table"));
    m_clear->setToolTip(tr("Forget the events listed so far (the counts stay)."));
    m_rate->setAccessibleName(tr("Events per second"));
    m_rate->setMinimumWidth(m_rate->fontMetrics().horizontalAdvance(QStringLiteral("00,000/s")));
    m_rate->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_counts->setForegroundRole(QPalette::PlaceholderText);
    m_counts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_counts->setWordWrap(true);
    m_state->setObjectName(QStringLiteral("eventStreamState"));
    m_state->setWordWrap(true); // why the feed cannot start is a sentence, not a word
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *intro = new QLabel(tr("What qless publishes, as it happens: this console's changes and every other "
                                "client's. Double-click an event to open its job."),
                             this);
    intro->setForegroundRole(QPalette::PlaceholderText);
    intro->setWordWrap(true);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_queue, 2);
    filters->addWidget(m_klass, 2);
    filters->addWidget(m_event, 2);
    filters->addWidget(m_jid, 3);
    filters->addSpacing(12);
    filters->addWidget(m_pause);
    filters->addWidget(m_clear);

    auto *status = new QHBoxLayout;
    m_statusRow = status;
    status->addWidget(m_state);
    status->addWidget(m_counts, 1);
    status->addWidget(m_sparkline);
    status->addWidget(m_rate);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(intro);
    layout->addLayout(filters);
    layout->addLayout(status);
    layout->addWidget(m_view, 1);

    connect(m_queue, &QLineEdit::textChanged, m_filter, &EventFilterProxy::setQueue);
    connect(m_klass, &QLineEdit::textChanged, m_filter, &EventFilterProxy::setKlass);
    connect(m_jid, &QLineEdit::textChanged, m_filter, &EventFilterProxy::setJid);
    connect(m_event, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setEvent(m_event->currentData().toString()); });
    connect(m_pause, &QPushButton::toggled, this, &EventsPage::setPaused);
    connect(m_clear, &QPushButton::clicked, m_stream->model(), &EventLogModel::clear);
    m_countsDue->setSingleShot(true);
    m_countsDue->setInterval(CountsIntervalMs);
    connect(m_countsDue, &QTimer::timeout, this, &EventsPage::updateCounts);
    connect(m_stream->model(), &EventLogModel::countsChanged, this, [this] {
        if (!m_countsDue->isActive())
            m_countsDue->start();
        followTail();
    });
    if (m_stream->jobClasses())
        connect(m_stream->jobClasses(), &JobClassCache::learned, m_filter, &EventFilterProxy::classesChanged);
    connect(m_stream, &EventStream::stateChanged, this, &EventsPage::updateState);
    connect(m_stream, &EventStream::changesSeen, this, &Page::changesSeen);
    // A stream that gave up (a password changed on the server) tries again when the session's own
    // connection is back: the operator fixed it there (File > Reconnect).
    connect(session, &QlessSession::stateChanged, this, [this](const ConnectionState &state) {
        if (state.phase == ConnectionState::Phase::Ready && m_stream->state().phase == ConnectionState::Phase::Failed)
            m_stream->reconnect();
    });
    // Following the tail until the operator scrolls away from it; back at the end, it follows again.
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this](int value) { m_following = value >= m_view->verticalScrollBar()->maximum(); });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString jid = index.siblingAtColumn(EventLogModel::JidColumn).data().toString();
        if (!jid.isEmpty())
            emit openJobRequested(jid.toUtf8());
    });
    // The rate falls to nothing when nothing comes: the sparkline moves on by the clock.
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &EventsPage::updateRate);
    m_tick->start();
    updateState();
    updateCounts();
    updateRate();
}

// The stream (and its thread) stops before the widgets that show it go; and no child's signal
// reaches this page's slots once it is no longer an EventsPage (the view's scroll bar moves as the
// view goes).
EventsPage::~EventsPage()
{
    const QList<QObject *> children = findChildren<QObject *>();
    for (QObject *child : children)
        QObject::disconnect(child, nullptr, this, nullptr);
    m_tick->stop();
    m_countsDue->stop();
    m_filter->setSourceModel(nullptr);
    delete m_stream;
    m_stream = nullptr;
}

void EventsPage::refresh(std::function<void(bool ok)> done)
{
    done(false);
}

void EventsPage::setPaused(bool paused)
{
    if (m_pause->isChecked() != paused)
        m_pause->setChecked(paused); // comes back here through toggled
    m_pause->setText(paused ? tr("&Resume") : tr("&Pause"));
    m_stream->model()->setPaused(paused);
    if (!paused)
        m_following = true;
    followTail();
    updateCounts(); // the operator's own action shows at once
}

void EventsPage::followTail()
{
    if (m_following && !m_stream->model()->isPaused())
        m_view->scrollToBottom();
}

void EventsPage::updateCounts()
{
    const EventLogModel *model = m_stream->model();
    const QLocale locale;
    QStringList parts;
    // Worded "name: number", which reads for every count without plural forms in the source.
    parts << tr("received: %1").arg(locale.toString(model->receivedCount()));
    if (model->gapCount() > 0)
        parts << tr("gaps: %1").arg(locale.toString(model->gapCount()));
    if (model->trimmed() > 0)
        parts << tr("let go: %1 (the newest %2 are kept)")
                     .arg(locale.toString(model->trimmed()), locale.toString(model->capacity()));
    if (model->isPaused())
        parts << tr("paused, waiting: %1").arg(locale.toString(model->heldCount()));
    if (m_filter->isFiltering())
        parts << tr("listed: %1 of %2").arg(locale.toString(m_filter->rowCount()), locale.toString(model->rowCount()));
    const QString text = parts.join(QStringLiteral(" · "));
    if (m_counts->text() != text)
        m_counts->setText(text);
}

void EventsPage::updateRate()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const EventRate &rate = m_stream->model()->rate();
    m_sparkline->setSeries(rate.series(now));
    m_rate->setText(tr("%1/s").arg(QLocale().toString(rate.lastSecond(now))));
    updateCounts(); // the filter's count changes as filters are typed, between batches too
}

void EventsPage::updateState()
{
    const ConnectionState state = m_stream->state();
    QString text;
    ToneStyle::Tone tone = ToneStyle::Tone::Plain;
    switch (state.phase) {
    case ConnectionState::Phase::Ready:
        text = tr("Listening");
        tone = ToneStyle::Tone::Good;
        break;
    case ConnectionState::Phase::Idle:
    case ConnectionState::Phase::Connecting: text = tr("Connecting…"); break;
    case ConnectionState::Phase::Reconnecting:
        text = tr("Stream lost, reconnecting: events now are missed (a gap row will say when)");
        tone = ToneStyle::Tone::Warning;
        break;
    case ConnectionState::Phase::Failed:
        // An ACL without qless's channels: said as such, not as a dropped link (it will not pass).
        if (state.error.kind == RedisError::Kind::NoPermission)
            text = tr("No event stream: this Redis user may not subscribe to qless's channels, so no event can be "
                      "shown. Give it &ql:* (ACL channel permissions; Redis 7 gives a new user none).");
        else
            text = tr("No event stream: %1").arg(state.error.message);
        tone = ToneStyle::Tone::Bad;
        break;
    case ConnectionState::Phase::Closed: text = tr("Closed"); break;
    }
    m_state->setText(text);
    m_state->setToolTip(state.error.message);
    // A sentence saying why there is no stream gets the row's width, not a narrow column.
    m_statusRow->setStretchFactor(m_state, state.phase == ConnectionState::Phase::Failed ? 3 : 0);
    ToneStyle::setText(m_state, tone);
}
