// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableView>

class QSortFilterProxyModel;
class QlessSession;
class QueueListModel;

// The Queues page's picker: every queue by name with the counts that matter most (the tabs
// beside give the rest for the queue chosen), and on its rows the queue actions of the Overview
// (pause, unpause, max concurrency, forget; a multi-selection is theirs). The current row is the
// queue the tabs show: moving it chooses another (queueChosen). Its names (the key its columns
// are remembered by, what a screen reader calls it) are the page's to give.
class QueuePicker final : public QTableView
{
    Q_OBJECT

public:
    QueuePicker(QlessSession *session, QueueListModel *queues, QWidget *parent = nullptr);

    // The first queue by name; empty while none is listed.
    QString firstQueue() const;
    // Makes `queue`'s row current; nothing changes while it is not listed.
    void select(const QString &queue);

signals:
    void queueChosen(const QString &queue);

private:
    QueueListModel *m_queues;
    QSortFilterProxyModel *m_sorted;
};
