// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class JobFilterProxyModel;
class QlessSession;
class QTableView;
class QWidget;
class RecurringListModel;

// The Queues page's Recurring tab: a queue's recurring templates (next run, jobs spawned,
// backlog, whether the queue they feed is paused), filtered as the job tabs are, with the context
// menu that edits or stops a template. The page keeps what all its tabs share (the view's place,
// the title with its count, the status line, the filter field).
class RecurringPane final : public QObject
{
    Q_OBJECT

public:
    // `page`: the parent of the view and of the dialogs the menu opens.
    RecurringPane(QlessSession *session, QWidget *page);

    RecurringListModel *model() const { return m_model; }
    JobFilterProxyModel *proxy() const { return m_proxy; }
    // Sets up `view`, which the page made over proxy(): columns, widths, the actions menu.
    void setUpView(QTableView *view);

signals:
    void totalChanged();
    // Rows came or went, or a read failed: the page's status line says so.
    void rowsChanged();

private:
    void showMenu(QTableView *view, const QPoint &at);

    QlessSession *m_session;
    QWidget *m_page;
    RecurringListModel *m_model;
    JobFilterProxyModel *m_proxy;
};
