// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class AlertCenter;
class QCheckBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

// The connection's alerts: those on now and the history of those that cleared, newest first;
// the operator acknowledges what they have seen (the badge on the page list counts what is on
// and not yet acknowledged) and edits the rules (Rules…). Reads nothing from Redis itself: the
// window checks the rules after each refresh (AlertCenter).
class AlertsPage final : public Page
{
    Q_OBJECT

public:
    explicit AlertsPage(QlessSession *session, QWidget *parent = nullptr);
    ~AlertsPage() override;

    QString title() const override { return tr("Alerts"); }
    // "Alerts (3)" while three alerts are on and not acknowledged.
    QString navigationText() const override;
    // Nothing to read here: ok = false, so the window does not take this as fresh server data.
    void refresh(std::function<void(bool ok)> done) override;

    AlertCenter *center() const { return m_center; }
    QTableView *view() const { return m_view; }
    QCheckBox *onlyOnBox() const { return m_onlyOn; }
    QPushButton *acknowledgeButton() const { return m_acknowledge; }
    QPushButton *acknowledgeAllButton() const { return m_acknowledgeAll; }
    QPushButton *rulesButton() const { return m_rules; }
    QLabel *summaryLabel() const { return m_summary; }

    // Opens the rules dialog; what it accepts becomes the connection's rules.
    void editRules();

private:
    void acknowledgeSelected();
    void updateSummary();
    void updateButtons();

    AlertCenter *m_center;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QCheckBox *m_onlyOn;
    QPushButton *m_acknowledge;
    QPushButton *m_acknowledgeAll;
    QPushButton *m_clearHistory;
    QPushButton *m_rules;
    QLabel *m_summary;
};
