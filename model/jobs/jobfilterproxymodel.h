// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QSortFilterProxyModel>

#include <functional>

// A job list as one tab shows it: sorted by the raw values (SortRole), filtered by text over a
// few columns (every word must appear in one of them, any case), with headers and cells renamed
// where a column means something particular in this tab ("When" is "Lock expires" for running
// jobs). The filter only sees loaded rows; while it is on, the view pages in more only up to
// fetchLimitWhileFiltering() rows, so a filter that matches nothing never drags a queue of a
// million jobs across the wire.
class JobFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobFilterProxyModel)

public:
    using CellText = std::function<QVariant(const QModelIndex &source)>;

    explicit JobFilterProxyModel(QObject *parent = nullptr);

    void setFilterColumns(const QList<int> &columns) { m_filterColumns = columns; }
    void setFilterText(const QString &text);
    QString filterText() const { return m_words.join(QLatin1Char(' ')); }
    bool isFiltering() const { return !m_words.isEmpty(); }
    void setHeaderText(int column, const QString &text) { m_headers.insert(column, text); }
    // `text` gives the DisplayRole of `column` (and its tooltip, when the text is long).
    void setCellText(int column, CellText text) { m_cells.insert(column, std::move(text)); }
    void setFetchLimitWhileFiltering(int rows) { m_fetchLimit = rows; }
    int fetchLimitWhileFiltering() const { return m_fetchLimit; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QList<int> m_filterColumns;
    QStringList m_words;
    QHash<int, QString> m_headers;
    QHash<int, CellText> m_cells;
    int m_fetchLimit = 10000;
};
