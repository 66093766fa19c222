#pragma once

#include <QObject>
#include <QPointer>

class JobListModel;
class QAbstractItemView;

// Tells a JobListModel which of its rows a table shows, so that a refresh reads those (and a
// margin) rather than every row loaded. The table may show the model through proxies (sorting,
// filtering): the rows on screen are mapped down to the model's, and the range spans them.
// Recomputed after scrolling, resizing and any change of the rows; it only reports, never reads.
class VisibleRows final : public QObject
{
    Q_OBJECT

public:
    VisibleRows(QAbstractItemView *view, JobListModel *model, QObject *parent = nullptr);

    // Installs one on `view` (owned by the view).
    static VisibleRows *follow(QAbstractItemView *view, JobListModel *model);

    // Computes and reports the range now (also what the deferred update runs).
    void update();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void scheduleUpdate();
    int toModelRow(int viewRow) const;

    QPointer<QAbstractItemView> m_view;
    QPointer<JobListModel> m_model;
    bool m_scheduled = false;
};
