// SPDX-License-Identifier: GPL-3.0-or-later
#include "statusbar.h"

#include "actioncenter.h"
#include "bulkprogress.h"
#include "qlesssession.h"
#include "roundtripmeter.h"
#include "timetext.h"

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStackedWidget>

StatusBar::StatusBar(QStackedWidget *pages, QWidget *parent)
    : QStatusBar(parent)
    , m_pages(pages)
    , m_server(new QLabel(this))
    , m_readOnly(new QLabel(tr("Read-only"), this))
    , m_roundTrip(new QLabel(this))
    , m_lastRefresh(new QLabel(this))
    , m_runsText(new QLabel(this))
    , m_runsProgress(new QProgressBar(this))
{
    setObjectName(QStringLiteral("statusBar"));
    m_server->setObjectName(QStringLiteral("statusServer"));
    m_server->setTextFormat(Qt::PlainText);
    m_server->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readOnly->setObjectName(QStringLiteral("statusReadOnly"));
    m_readOnly->setToolTip(ActionCenter::readOnlyReason());
    // The mark must be seen at a glance, in any theme: bold, not a colour of its own.
    QFont bold = m_readOnly->font();
    bold.setBold(true);
    m_readOnly->setFont(bold);
    m_readOnly->hide();
    m_roundTrip->setObjectName(QStringLiteral("statusRoundTrip"));
    m_roundTrip->setToolTip(tr("Round trip to the server: one PING after each refresh"));
    m_lastRefresh->setObjectName(QStringLiteral("statusLastRefresh"));
    m_runsText->setObjectName(QStringLiteral("statusRuns"));
    m_runsProgress->setObjectName(QStringLiteral("statusRunsProgress"));
    m_runsProgress->setMaximumWidth(140);
    m_runsProgress->setMaximumHeight(fontMetrics().height());
    m_runsProgress->setTextVisible(false);
    m_runsText->hide();
    m_runsProgress->hide();

    // A little room around each: the items read apart without lines between them.
    for (QLabel *label : {m_server, m_readOnly, m_roundTrip, m_lastRefresh, m_runsText})
        label->setContentsMargins(6, 0, 6, 0);
    // Permanent: a passing message (a failed search) takes the left side, never these.
    addPermanentWidget(m_runsText);
    addPermanentWidget(m_runsProgress);
    addPermanentWidget(m_server);
    addPermanentWidget(m_readOnly);
    addPermanentWidget(m_roundTrip);
    addPermanentWidget(m_lastRefresh);

    connect(m_pages, &QStackedWidget::currentChanged, this, &StatusBar::updateRuns);
    setSession(nullptr, {}, nullptr);
}

void StatusBar::setSession(QlessSession *session, const QString &where, ActionCenter *actions)
{
    if (m_session)
        m_session->disconnect(this);
    if (m_meter)
        m_meter->disconnect(this);
    m_runs.clear();
    m_session = session;
    m_meter = session ? RoundTripMeter::of(session) : nullptr;
    m_server->setText(session ? where : tr("Not connected"));
    m_server->setToolTip(session ? tr("Server: %1").arg(where) : QString());
    m_readOnly->setVisible(session && session->isReadOnly());
    updateLastRefresh(session ? session->lastRefresh() : QDateTime());
    updateRoundTrip();
    updateRuns();
    if (!session)
        return;
    connect(session, &QlessSession::refreshed, this, [this](const QDateTime &when) {
        updateLastRefresh(when);
        m_meter->measure(); // one PING per refresh at most: watching stays cheap
    });
    connect(session, &QlessSession::stateChanged, this, &StatusBar::updateRoundTrip);
    connect(session, &QlessSession::staleChanged, this, [this] { updateLastRefresh(m_session->lastRefresh()); });
    connect(m_meter, &RoundTripMeter::measured, this, &StatusBar::updateRoundTrip);
    if (actions)
        connect(actions, &ActionCenter::runStarted, this, &StatusBar::addRun);
}

void StatusBar::updateRoundTrip()
{
    const bool ready = m_session && m_session->state().phase == ConnectionState::Phase::Ready;
    const double ms = m_meter ? m_meter->lastMs() : -1;
    if (!ready || ms < 0) {
        m_roundTrip->setText(tr("Round trip —"));
        return;
    }
    // Tenths where they matter (a local server answers in well under a millisecond).
    m_roundTrip->setText(tr("Round trip %1 ms").arg(QLocale().toString(ms, 'f', ms < 10 ? 1 : 0)));
}

void StatusBar::updateLastRefresh(const QDateTime &when)
{
    if (!when.isValid()) {
        m_lastRefresh->setText(m_session ? tr("Not refreshed yet") : QString());
        m_lastRefresh->setToolTip({});
        return;
    }
    const QString time = QLocale().toString(when.toLocalTime().time(), QLocale::LongFormat);
    const bool stale = m_session && m_session->isStale();
    m_lastRefresh->setText(stale ? tr("Last refresh %1 (stale)").arg(time) : tr("Last refresh %1").arg(time));
    m_lastRefresh->setToolTip(TimeText::local(when));
}

void StatusBar::addRun(BulkProgress *runner)
{
    m_runs.append({runner, m_pages->currentWidget()});
    connect(runner, &BulkProgress::progressed, this, &StatusBar::updateRuns);
    connect(runner, &BulkProgress::phaseChanged, this, &StatusBar::updateRuns);
    connect(runner, &QObject::destroyed, this, &StatusBar::updateRuns, Qt::QueuedConnection);
    updateRuns();
}

void StatusBar::updateRuns()
{
    // Runs that ended, or whose row was dismissed, are no longer followed.
    m_runs.removeIf([](const Run &run) { return !run.runner || run.runner->phase() == BulkProgress::Phase::Finished; });
    qint64 processed = 0;
    qint64 total = 0;
    int shown = 0;
    QStringList names;
    for (const Run &run : std::as_const(m_runs)) {
        if (run.page && run.page == m_pages->currentWidget())
            continue; // its page is on screen, with the runs panel under it
        ++shown;
        processed += run.runner->processed();
        total += run.runner->total();
        names << run.runner->describe();
    }
    m_runsText->setVisible(shown > 0);
    m_runsProgress->setVisible(shown > 0);
    if (shown == 0)
        return;
    const QLocale locale;
    m_runsText->setToolTip(names.join(QLatin1Char('\n')));
    if (total <= 0) { // still listing the jobs
        // English says "Bulk run: listing jobs" for one (qlessdesk_en's singular form).
        m_runsText->setText(tr("%n bulk run(s): listing jobs", nullptr, shown));
        m_runsProgress->setRange(0, 0);
        return;
    }
    const QString counts = tr("%1 / %2").arg(locale.toString(processed), locale.toString(total));
    m_runsText->setText(tr("%n bulk run(s): %1", nullptr, shown).arg(counts));
    m_runsProgress->setRange(0, 1000);
    m_runsProgress->setValue(int(1000 * processed / total));
}
