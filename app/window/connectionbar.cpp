// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionbar.h"

#include "connectionstatetext.h"
#include "elidedlabel.h"
#include "timetext.h"
#include "tonestyle.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace {
// Refresh choices offered to the operator, in milliseconds (0 = off).
const int Intervals[] = {0, 1000, 2000, 5000, 10000, 30000, 60000};

const QString badgeBox = QStringLiteral("border-radius: 3px; padding: 1px 6px;");
} // namespace

ConnectionBar::ConnectionBar(QWidget *parent)
    : QWidget(parent)
    , m_server(new ElidedLabel(this))
    , m_state(new QLabel(this))
    , m_readOnly(new QLabel(tr("read-only"), this))
    , m_lastRefresh(new QLabel(this))
    , m_interval(new QComboBox(this))
    , m_refresh(new QToolButton(this))
    , m_connect(new QToolButton(this))
    , m_reconnect(new QToolButton(this))
    , m_search(new SearchField(this))
{
    m_server->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_server->font();
    bold.setBold(true);
    m_server->setFont(bold);
    ToneStyle::set(m_readOnly, ToneStyle::Look::Badge, ToneStyle::Tone::Special, badgeBox);
    m_readOnly->setToolTip(tr("Opened read-only: every action is disabled."));
    m_readOnly->hide();

    for (const int ms : Intervals) {
        m_interval->addItem(ms == 0 ? tr("Refresh: off") : tr("Refresh: every %n s", nullptr, ms / 1000), ms);
    }
    m_interval->setToolTip(tr("How often the page on screen reads Redis again"));

    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refresh->setToolTip(tr("Refresh now (F5)"));
    m_refresh->setAccessibleName(tr("Refresh now"));
    m_interval->setAccessibleName(tr("Refresh interval"));
    m_connect->setText(tr("Connect…"));
    m_connect->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_connect->setToolTip(tr("Connect to another server or profile (Ctrl+O)"));
    m_reconnect->setText(tr("Reconnect"));
    m_reconnect->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_reconnect->setToolTip(tr("Drop the connection to this server and open it again now (Ctrl+Shift+R): for a "
                               "link that seems dead though it looks connected, a server fixed after a failure, "
                               "or to skip the wait before the next attempt. Reads in flight are sent again; "
                               "writes in flight are reported as not known to have run."));
    m_search->setPlaceholderText(tr("Find a job id or tag (Ctrl+F)"));
    m_search->setAccessibleName(tr("Find a job or tag"));
    m_search->setToolTip(tr("A jid opens its job, anything else lists that tag (Ctrl+F). A jid dropped here opens "
                            "its job at once."));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(260);
    // Room for the longest form, so the bar does not jump as the text changes.
    m_lastRefresh->setMinimumWidth(m_lastRefresh->fontMetrics().horizontalAdvance(
        tr("stale: data from %1 (%2)").arg(QStringLiteral("00:00:00"), tr("%n s ago", nullptr, 9999))));
    m_lastRefresh->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_state->setAlignment(Qt::AlignCenter);
    m_state->setMinimumWidth(m_state->fontMetrics().horizontalAdvance(tr("reconnecting")) + 20);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_connect);
    layout->addWidget(m_server);
    layout->addWidget(m_readOnly);
    layout->addWidget(m_state);
    layout->addWidget(m_reconnect);
    layout->addStretch(1);
    layout->addWidget(m_lastRefresh);
    layout->addWidget(m_interval);
    layout->addWidget(m_refresh);
    layout->addWidget(m_search);

    connect(m_interval, &QComboBox::currentIndexChanged, this,
            [this] { emit refreshIntervalChanged(refreshInterval()); });
    connect(m_refresh, &QToolButton::clicked, this, &ConnectionBar::refreshNowRequested);
    connect(m_connect, &QToolButton::clicked, this, &ConnectionBar::connectRequested);
    connect(m_reconnect, &QToolButton::clicked, this, &ConnectionBar::reconnectRequested);
    connect(m_search, &SearchField::searchRequested, this, &ConnectionBar::searchRequested);
    // "3 s ago" must move on by itself between refreshes.
    auto *tick = new QTimer(this);
    connect(tick, &QTimer::timeout, this, &ConnectionBar::updateLastRefresh);
    tick->start(1000);
    setState(ConnectionState{});
}

void ConnectionBar::setServer(const QString &description, bool readOnly)
{
    m_server->setFullText(description);
    m_readOnly->setVisible(readOnly);
}

void ConnectionBar::setState(const ConnectionState &state)
{
    m_state->setText(ConnectionStateText::word(state));
    // Offered whatever the state, as long as there is a connection to open again.
    m_reconnect->setEnabled(state.phase != ConnectionState::Phase::Idle
                            && state.phase != ConnectionState::Phase::Closed);
    ToneStyle::set(m_state, ToneStyle::Look::Badge, ConnectionStateText::tone(state), badgeBox);
    m_state->setToolTip(ConnectionStateText::sentence(state));
}

void ConnectionBar::setLastRefresh(const QDateTime &when)
{
    m_lastRefreshTime = when;
    updateLastRefresh();
}

void ConnectionBar::setStale(bool stale)
{
    m_stale = stale;
    updateLastRefresh();
}

void ConnectionBar::updateLastRefresh()
{
    if (!m_lastRefreshTime.isValid()) {
        m_lastRefresh->clear();
        return;
    }
    const qint64 seconds = qMax<qint64>(0, m_lastRefreshTime.secsTo(QDateTime::currentDateTime()));
    const QString age = seconds < 2 ? tr("just now") : tr("%n s ago", nullptr, int(qMin<qint64>(seconds, 1 << 30)));
    m_lastRefresh->setText(
        m_stale ? tr("stale: data from %1 (%2)").arg(m_lastRefreshTime.toString(QStringLiteral("HH:mm:ss")), age)
                : tr("updated %1").arg(age));
    ToneStyle::setText(m_lastRefresh, m_stale ? ToneStyle::Tone::Bad : ToneStyle::Tone::Plain);
    m_lastRefresh->setToolTip(tr("%1 (%2)").arg(TimeText::local(m_lastRefreshTime), TimeText::utc(m_lastRefreshTime)));
}

int ConnectionBar::refreshInterval() const
{
    return m_interval->currentData().toInt();
}

void ConnectionBar::setRefreshInterval(int milliseconds)
{
    const int at = m_interval->findData(milliseconds);
    if (at >= 0)
        m_interval->setCurrentIndex(at);
}
