// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequeaction.h"

#include <QAbstractTableModel>

class BluequeTaskSearch;

// The tasks a BluequeTaskSearch finds, a page of PageSize at a time, growing as matches stream
// in; and the Blueque actions that apply to chosen rows, one per queue and state (a script acts
// on one queue's list of one state). Where a found task stands in its list is not known, so each
// is given as deep as BluequeBulkRun's walk budget allows: a requeue or delete then sends it alone
// and no call walks further than one task's list.
class BluequeTaskSearchModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { IdColumn, QueueColumn, StatusColumn, FoundInColumn, ColumnCount };
    static constexpr int KeyRole = Qt::UserRole + 1;
    static constexpr int PageSize = 100;

    // `search` must outlive the model.
    explicit BluequeTaskSearchModel(BluequeTaskSearch *search, QObject *parent = nullptr);

    // Starts the search over, from the first page.
    void start(const QString &text, const QString &queue = {}, const QString &status = {});
    int page() const { return m_page; }
    int pageCount() const;
    void setPage(int page);

    // The actions that apply to `rows` of the page shown, grouped by queue and state.
    QList<BluequeAction> actionsFor(const QList<int> &rows) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void pageChanged();

private:
    int rowsOfPage() const;
    void grow();

    BluequeTaskSearch *m_search;
    int m_page = 0;
    int m_shown = 0;
};
