#pragma once

#include <QSortFilterProxyModel>

// What the Failed, Tracked, Tags and Workers pages put between a JobListModel and its view:
// sorting by the raw values, an optional state filter, and two texts that read better in those
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
    void setMissingText(const QString &text);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_state;
    QString m_missingText;
    bool m_failureWithoutGroup = false;
};
