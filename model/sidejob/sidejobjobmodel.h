// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "qlessreply.h"
#include "sidejobtypes.h"

#include <functional>

class SideJobClient;

// SideJob's jobs, newest first, that pass a filter (status, queue, class, creator), paged in as the
// view scrolls (fetchMore). `jobs` is a set with no order and no index by status, so the rows come
// from a walk down the ids (lua/sidejob/jobpage.lua): each call looks at a bounded window of ids,
// and one fill makes at most CallsPerFill calls, so a rare status among a million jobs costs a few
// calls a scroll, never one long one. Keyed by job id; each row says what looks wrong with it.
class SideJobJobModel final : public KeyedTableModel<SideJobRow, qint64>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideJobJobModel)

public:
    enum Column {
        IdColumn,
        StatusColumn,
        QueueColumn,
        ClassColumn,
        ArgsColumn,
        CreatedColumn,
        CreatorColumn,
        RanColumn,
        ParentColumn,
        LayoutColumn,
        AnomalyColumn,
        ColumnCount
    };
    static constexpr int PageSize = 100;
    static constexpr int CallsPerFill = 8;
    static constexpr int MostRowsRefreshed = 500;

    explicit SideJobJobModel(SideJobClient *client, QObject *parent = nullptr);

    static const QStringList &statuses();
    // What to list; rows go at once, the next refresh reads them.
    void setFilter(const SideJobFilter &filter);
    // The same from texts (the pages name no redis/ type): empty means any.
    void setFilter(const QString &status, const QString &queue, const QString &klass, const QString &creator)
    {
        setFilter(SideJobFilter{status, queue, klass, creator});
    }
    // How many held rows look wrong (anomaly()).
    int anomalyCount() const;
    const SideJobFilter &filter() const { return m_filter; }
    // Re-reads from the newest job down, as many rows as are held (PageSize to MostRowsRefreshed).
    void refresh(std::function<void(bool ok)> done = {});
    qint64 total() const { return m_total; } // jobs in `jobs`
    // The id the walk goes on at when scrolled further; 0 when every id was looked at.
    qint64 nextId() const { return m_next; }
    QString lastError() const { return m_lastError; }
    // What looks wrong with a row, in a sentence (empty: nothing).
    static QString anomaly(const SideJobRow &row);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void refreshed();

protected:
    qint64 keyOf(const SideJobRow &row) const override { return row.id; }
    bool sameRow(const SideJobRow &a, const SideJobRow &b) const override;

private:
    struct Fill
    {
        QList<SideJobRow> rows;
        qint64 next = 0;
        qint64 total = 0;
        int calls = 0;
    };
    using FillDone = std::function<void(const QlessReply<Fill> &)>;
    void fill(qint64 cursor, int want, std::shared_ptr<Fill> sofar, quint64 generation, FillDone done);

    SideJobClient *m_client;
    SideJobFilter m_filter;
    qint64 m_total = -1;
    qint64 m_next = 0;
    bool m_loading = false;
    quint64 m_generation = 0; // a reply for an older filter is dropped
    QString m_lastError;
};
