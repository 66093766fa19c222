#pragma once

#include "page.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QueueListModel;

// The first page: every queue with its counts per state, the totals, and what needs attention
// (stalled jobs stand out). Double-clicking a queue opens it on the Queues page.
class OverviewPage final : public Page
{
    Q_OBJECT

public:
    explicit OverviewPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Overview"); }
    void refresh(std::function<void(bool ok)> done) override;

    QueueListModel *queueModel() const { return m_queues; }
    QTableView *queueView() const { return m_queueView; }
    QLabel *summaryLabel() const { return m_summary; }

private:
    void updateSummary();

    QueueListModel *m_queues;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_queueView;
    QLabel *m_summary;
};
