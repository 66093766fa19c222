// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QlessSession;
class ServerOverviewModel;

// The All servers window: every server open in the console, one row each with its connection,
// alerts on and totals, and a line summing them. Each row is read on its own (ServerOverviewModel),
// so one slow or unreachable server never holds up the others. Rows are read only while the
// window is shown. Enter or a double-click brings that server's window up.
class AllServersWindow final : public QWidget
{
    Q_OBJECT

public:
    explicit AllServersWindow(QWidget *parent = nullptr);

    ServerOverviewModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *summary() const { return m_summary; }
    // The server of the view's current row; null when none is chosen.
    QlessSession *currentServer() const;

signals:
    // Open one more server, in a window of its own.
    void openServerRequested();
    // Bring `session`'s window to the front.
    void showServerRequested(QlessSession *session);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateSummary();
    void showCurrent();

    ServerOverviewModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLabel *m_summary;
    QPushButton *m_open;
    QPushButton *m_show;
};
