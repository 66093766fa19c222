// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractItemModel>
#include <QObject>
#include <QPointer>

#include <functional>

class QAbstractItemView;

// Tells a paged list model (JobListModel, RecurringListModel, TagListModel: any with
// setVisibleRange(first, last)) which of its rows a table shows, so that a refresh reads those
// (and a margin) rather than every row loaded. The table may show the model through proxies (sorting,
// filtering): the rows on screen are mapped down to the model's, and the range spans them.
// Recomputed after scrolling, resizing and any change of the rows; it only reports, never reads.
class VisibleRows final : public QObject
{
    Q_OBJECT

public:
    // `report(first, last)` is called with the model's rows ((-1, -1): none shown); never after
    // `model` is gone.
    using Report = std::function<void(int first, int last)>;
    VisibleRows(QAbstractItemView *view, QAbstractItemModel *model, Report report, QObject *parent = nullptr);

    // Installs one on `view` (owned by the view) for a model with setVisibleRange(first, last).
    template<typename Model>
    static VisibleRows *follow(QAbstractItemView *view, Model *model)
    {
        return install(view, model, [model](int first, int last) { model->setVisibleRange(first, last); });
    }

    // Computes and reports the range now (also what the deferred update runs).
    void update();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static VisibleRows *install(QAbstractItemView *view, QAbstractItemModel *model, Report report);
    void scheduleUpdate();
    int toModelRow(int viewRow) const;

    QPointer<QAbstractItemView> m_view;
    QPointer<QAbstractItemModel> m_model;
    Report m_report;
    bool m_scheduled = false;
};
