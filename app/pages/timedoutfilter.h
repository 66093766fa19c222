// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

// The Waiting tab's "Only timed out": between the tab's filter and its view, it keeps only the
// jobs qless timed out. Those lead a queue's Waiting list (qless hands them out before any other),
// so once a loaded row is not timed out, paging on would find no more: it stops there instead of
// reading a queue of a million jobs for nothing. Off, it passes everything through.
class TimedOutFilter final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimedOutFilter)

public:
    explicit TimedOutFilter(QObject *parent = nullptr);

    void setOnlyTimedOut(bool on);
    bool onlyTimedOut() const { return m_on; }

    bool canFetchMore(const QModelIndex &parent) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool isTimedOut(int sourceRow) const;

    bool m_on = false;
};
