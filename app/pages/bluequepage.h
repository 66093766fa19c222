// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

#include <QStringList>

class BluequeActions;
class BluequeListenerModel;
class BluequeQueueModel;
class BluequeSession;
class BluequeTaskModel;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabBar;
class QTableView;
class QToolButton;
struct BluequeTaskRef;

// The Blueque deployment on this server, beside qless (docs/BLUEQUE.md): every queue with its
// counts per state, listeners and what looks wrong; the selected queue's tasks of one state,
// paged in as the operator scrolls; the selected task's whole record. Listed in the navigation
// only while the server holds Blueque (isAvailable). The tasks' actions (BluequeActions) are in
// the task table's context menu and the Actions button above it.
class BluequePage final : public Page
{
    Q_OBJECT

public:
    explicit BluequePage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Blueque"); }
    QString navigationText() const override;
    bool isAvailable() const override;
    void refresh(std::function<void(bool ok)> done) override;

    static const QStringList &states();
    void showQueue(const QString &queue);
    void showState(const QString &state);
    // The selected queue's listeners with what each holds, in place of its tasks (the tab after
    // the states).
    void showListeners();

    // For tests and screenshots.
    BluequeSession *bluequeSession() const { return m_blueque; }
    BluequeQueueModel *queueModel() const { return m_queues; }
    BluequeTaskModel *taskModel() const { return m_tasks; }
    QTableView *queueView() const { return m_queueView; }
    QTableView *taskView() const { return m_taskView; }
    BluequeListenerModel *listenerModel() const { return m_listeners; }
    QTableView *listenerView() const { return m_listenerView; }
    QPlainTextEdit *recordView() const { return m_record; }
    QLabel *statusLabel() const { return m_status; }
    QToolButton *actionsButton() const { return m_actionsButton; }
    QToolButton *nextListenersButton() const { return m_nextListeners; }
    QToolButton *previousListenersButton() const { return m_previousListeners; }
    BluequeActions *actions() const { return m_actions; }
    // The task rows selected, with where each stands in its list.
    QList<BluequeTaskRef> chosenTasks() const;

private:
    double now() const;
    void refreshTasks(std::function<void(bool ok)> done);
    void showTask(const QByteArray &id);
    void updateStatus();
    bool fillTaskMenu(QMenu *menu);
    bool listenersShown() const;
    void refreshListeners(std::function<void(bool ok)> done);
    void turnListenerPage(int delta);

    BluequeSession *m_blueque;
    BluequeQueueModel *m_queues;
    BluequeTaskModel *m_tasks;
    QSortFilterProxyModel *m_queueProxy;
    QTableView *m_queueView;
    QTabBar *m_stateTabs;
    QTableView *m_taskView;
    BluequeListenerModel *m_listeners;
    QTableView *m_listenerView;
    QStackedWidget *m_lists;
    QPlainTextEdit *m_record;
    QLabel *m_status;
    BluequeActions *m_actions;
    QToolButton *m_actionsButton;
    QToolButton *m_previousListeners;
    QToolButton *m_nextListeners;
    QByteArray m_shownTask;
};
