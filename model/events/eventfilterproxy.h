// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>
#include <QTimer>

class EventLogModel;

// Which events the Events page lists: each filter given (queue, class, jid: any part of it,
// ignoring case; event: exactly that name, tracked or not) must match. Gaps stay listed under
// every filter: a gap in the stream is a gap in every part of it. The order is the stream's.
class EventFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit EventFilterProxy(EventLogModel *source, QObject *parent = nullptr);

    void setQueue(const QString &text);
    void setKlass(const QString &text);
    void setEvent(const QString &name);
    void setJid(const QString &text);
    QString queue() const { return m_queue; }
    QString klass() const { return m_klass; }
    QString event() const { return m_event; }
    QString jid() const { return m_jid; }
    bool isFiltering() const;
    // More classes became known: with a class filter, rows may now match (or not). Filters the
    // table again at once, then at most once per ClassRefilterMs.
    void classesChanged();
    static constexpr int ClassRefilterMs = 1000;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    void change(QString *field, const QString &text);

    EventLogModel *m_events;
    QString m_queue;
    QString m_klass;
    QString m_event;
    QString m_jid;
    QTimer m_classPause;
    bool m_classesPending = false;
};
