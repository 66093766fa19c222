// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QSortFilterProxyModel>
#include <QStringList>

// What the Failed, Tracked, Tags, Workers and Completed pages put between a JobListModel and its
// view: sorting by the raw values, an optional state filter, an optional text filter over a few
// columns (every word in one of them, any case; loaded rows only, so while it is on, paging stops
// at fetchLimitWhileFiltering() rows: a filter that matches nothing never drags a list of millions
// across the wire), and two texts that read better in those
// pages (a failure group's list shows the message without repeating the group; a jid whose job is
// gone can be named for what it means there, e.g. "expired").
class JobTableProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobTableProxy)

public:
    explicit JobTableProxy(QObject *parent = nullptr);

    // Only jobs in this state ("missing" for jids whose job is gone); empty: every state.
    void setStateFilter(const QString &state);
    QString stateFilter() const { return m_state; }
    // For a failure group's list: the message without the group, and the worker that failed the
    // job (a failed job's own worker field is cleared).
    void setFailureWithoutGroup(bool on);
    void setTextFilterColumns(const QList<int> &columns) { m_textColumns = columns; }
    void setTextFilter(const QString &text);
    bool isTextFiltering() const { return !m_words.isEmpty(); }
    // A column's header where it means something particular on a page ("Completed").
    void setHeaderText(int column, const QString &text) { m_headers.insert(column, text); }
    void setFetchLimitWhileFiltering(int rows) { m_fetchLimit = rows; }
    int fetchLimitWhileFiltering() const { return m_fetchLimit; }
    void setMissingText(const QString &text);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_state;
    QString m_missingText;
    QList<int> m_textColumns;
    QStringList m_words;
    QHash<int, QString> m_headers;
    int m_fetchLimit = 10000;
    bool m_failureWithoutGroup = false;
};
