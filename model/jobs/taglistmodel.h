// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "tagcount.h"

#include <functional>

class QlessClient;

// The tags in use, most used first, with how many jobs carry each (the tag script's top list).
// Paged in as the view scrolls (canFetchMore/fetchMore: one request in flight, rows appended on
// its reply); a refresh reads the rows ListPaging picks (all loaded up to its cap, else the rows
// around the view) and applies them as a keyed diff (tag as key); rows out of view keep what they
// had (FreshRole false). The tag script gives no total: a short page is the end.
class TagListModel final : public KeyedTableModel<TagCount>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TagListModel)

public:
    enum Column { TagColumn, CountColumn, ColumnCount };
    // Whether the row was read by the last refresh (or paged in since), as JobListModel's.
    static constexpr int FreshRole = Qt::UserRole + 3;

    explicit TagListModel(QlessClient *client, QObject *parent = nullptr);

    // Paging (page size, the view's range, refreshWindow, isFresh): KeyedTableModel's.
    bool isLoading() const { return m_inFlight; }
    QString lastError() const { return m_lastError; }

    // Reads the rows of refreshWindow() (at least the first page). `done` runs when the reply is
    // in, or at once when a page is already on its way.
    void refresh(std::function<void()> done = {});

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void refreshed();
    void loadFailed(const QString &message);
    void loadingChanged(bool loading);

protected:
    QString keyOf(const TagCount &row) const override { return row.tag; }
    bool sameRow(const TagCount &a, const TagCount &b) const override { return a.tag == b.tag && a.count == b.count; }

private:
    void setInFlight(bool inFlight);

    QlessClient *m_client;
    bool m_inFlight = false;
    bool m_loadedOnce = false;
    QString m_lastError;
};
