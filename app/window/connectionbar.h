// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionstate.h"
#include "searchfield.h" // callers use the field as the QLineEdit it is

#include <QDateTime>
#include <QWidget>

class ElidedLabel;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

// The strip along the top of the window: where we are connected, in what state, when data last
// arrived, a read-only badge, Reconnect (in every state of a connection, not only after a
// failure: a link can be dead while it still looks connected), the refresh interval,
// refresh-now, and the search field.
class ConnectionBar final : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionBar(QWidget *parent = nullptr);

    void setServer(const QString &description, bool readOnly);
    void setState(const ConnectionState &state);
    void setLastRefresh(const QDateTime &when);
    void setStale(bool stale);
    // Milliseconds; 0 = off.
    int refreshInterval() const;
    void setRefreshInterval(int milliseconds);

    SearchField *searchField() const { return m_search; }
    QComboBox *intervalBox() const { return m_interval; }
    ElidedLabel *serverLabel() const { return m_server; }
    QLabel *stateLabel() const { return m_state; }
    QLabel *readOnlyBadge() const { return m_readOnly; }
    QLabel *lastRefreshLabel() const { return m_lastRefresh; }
    QToolButton *reconnectButton() const { return m_reconnect; }

signals:
    void refreshIntervalChanged(int milliseconds);
    void refreshNowRequested();
    void connectRequested();
    // Drop the connection and open it again now.
    void reconnectRequested();
    // Text typed in the search field and confirmed with Enter, or dropped on it.
    void searchRequested(const QString &text);

private:
    void updateLastRefresh();

    ElidedLabel *m_server;
    QLabel *m_state;
    QLabel *m_readOnly;
    QLabel *m_lastRefresh;
    QComboBox *m_interval;
    QToolButton *m_refresh;
    QToolButton *m_connect;
    QToolButton *m_reconnect;
    SearchField *m_search;
    QDateTime m_lastRefreshTime;
    bool m_stale = false;
};
