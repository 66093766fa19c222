// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class BluequeActions;
class BluequeSession;
class BluequeTaskSearch;
class BluequeTaskSearchModel;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QToolButton;

// Search of every Blueque task's parameters and error text (issue #32), beside the Blueque page
// and listed only while the server holds Blueque. The search runs on the server in bounded steps
// (BluequeTaskSearch); matches stream into a paged table, a queue or a state narrows it; the
// selected task's whole record shows beside; the found tasks' actions (requeue, delete, cancel,
// run now) go through BluequeActions, one per queue and state, as the model groups them.
class BluequeSearchPage final : public Page
{
    Q_OBJECT

public:
    explicit BluequeSearchPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Blueque search"); }
    bool isAvailable() const override;
    void refresh(std::function<void(bool ok)> done) override;

    // Starts a search with what the form says, or says what is missing.
    void startSearch();

    // For tests and screenshots.
    QLineEdit *textEdit() const { return m_text; }
    QLineEdit *queueEdit() const { return m_queue; }
    QComboBox *stateBox() const { return m_state; }
    QPushButton *searchButton() const { return m_start; }
    QPushButton *nextPageButton() const { return m_next; }
    QPushButton *previousPageButton() const { return m_previous; }
    BluequeTaskSearch *search() const { return m_search; }
    BluequeTaskSearchModel *resultModel() const { return m_results; }
    QTableView *resultView() const { return m_view; }
    QPlainTextEdit *recordView() const { return m_record; }
    QLabel *statusLabel() const { return m_status; }
    BluequeActions *actions() const { return m_actions; }

private:
    bool fillMenu(QMenu *menu);
    void showTask(const QByteArray &id);
    void updateStatus();

    BluequeSession *m_blueque;
    BluequeTaskSearch *m_search;
    BluequeTaskSearchModel *m_results;
    BluequeActions *m_actions;
    QLineEdit *m_text;
    QLineEdit *m_queue;
    QComboBox *m_state;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QPushButton *m_resume;
    QToolButton *m_actionsButton;
    QTableView *m_view;
    QPushButton *m_previous;
    QPushButton *m_next;
    QPlainTextEdit *m_record;
    QLabel *m_status;
    QByteArray m_shownTask;
    bool m_changedSince = false;
};
