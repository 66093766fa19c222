// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionstate.h"

#include <QFrame>

class QLabel;
class QPushButton;
class QTimer;

// A non-modal strip under the connection bar, shown while the connection is down: why, and when
// the next attempt comes (counting down), with Retry now. Data on the pages stays, marked stale.
class TroubleBanner final : public QFrame
{
    Q_OBJECT

public:
    explicit TroubleBanner(QWidget *parent = nullptr);

    void setState(const ConnectionState &state);
    QString text() const;
    QPushButton *retryButton() const { return m_retry; }

signals:
    void retryRequested();

private:
    void updateText();

    QLabel *m_text;
    QPushButton *m_retry;
    QTimer *m_countdown;
    ConnectionState m_state;
    qint64 m_retryAtMs = 0;
};
