// SPDX-License-Identifier: GPL-3.0-or-later
#include "troublebanner.h"

#include "tonestyle.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>

TroubleBanner::TroubleBanner(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_retry(new QPushButton(tr("Retry now"), this))
    , m_countdown(new QTimer(this))
{
    setObjectName(QStringLiteral("troubleBanner"));
    ToneStyle::set(this, ToneStyle::Look::Banner, ToneStyle::Tone::Warning, QStringLiteral("border-width: 0 0 1px 0;"),
                   QStringLiteral("#troubleBanner"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_retry);
    connect(m_retry, &QPushButton::clicked, this, &TroubleBanner::retryRequested);
    connect(m_countdown, &QTimer::timeout, this, &TroubleBanner::updateText);
    m_countdown->setInterval(250);
    hide();
}

void TroubleBanner::setState(const ConnectionState &state)
{
    m_state = state;
    const bool trouble =
        state.phase == ConnectionState::Phase::Reconnecting || state.phase == ConnectionState::Phase::Failed;
    if (!trouble) {
        m_countdown->stop();
        hide();
        return;
    }
    m_retryAtMs = QDateTime::currentMSecsSinceEpoch() + state.retryInMs;
    updateText();
    if (state.phase == ConnectionState::Phase::Reconnecting)
        m_countdown->start();
    else
        m_countdown->stop();
    show();
}

QString TroubleBanner::text() const
{
    return m_text->text();
}

void TroubleBanner::updateText()
{
    const QString reason = m_state.error.message.isEmpty() ? tr("the connection was lost") : m_state.error.message;
    if (m_state.phase == ConnectionState::Phase::Failed) {
        m_text->setText(
            tr("Not connected to %1: %2. What is shown is from the last refresh.").arg(m_state.address, reason));
        return;
    }
    const qint64 left = qMax<qint64>(0, m_retryAtMs - QDateTime::currentMSecsSinceEpoch());
    const int seconds = int((left + 999) / 1000);
    m_text->setText(seconds > 0
                        ? tr("Connection to %1 lost: %2. Retrying in %n s; what is shown is from the last refresh.",
                             nullptr, seconds)
                              .arg(m_state.address, reason)
                        : tr("Connection to %1 lost: %2. Reconnecting…").arg(m_state.address, reason));
}
