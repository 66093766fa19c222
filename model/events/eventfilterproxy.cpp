// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventfilterproxy.h"

#include "eventlogmodel.h"

EventFilterProxy::EventFilterProxy(EventLogModel *source, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_events(source)
{
    setSourceModel(source);
    // Rows are never sorted, only filtered; and a row's fields never change once it came, but its
    // class (looked up later): the class column changes for the whole table a few times a second,
    // which a dynamic filter would answer by filtering every row again each time.
    setDynamicSortFilter(false);
    m_classPause.setSingleShot(true);
    m_classPause.setInterval(ClassRefilterMs);
    connect(&m_classPause, &QTimer::timeout, this, [this] {
        if (m_classesPending) {
            m_classesPending = false;
            invalidateRowsFilter();
        }
    });
}

void EventFilterProxy::change(QString *field, const QString &text)
{
    const QString trimmed = text.trimmed();
    if (*field == trimmed)
        return;
    *field = trimmed;
    invalidateRowsFilter();
}

void EventFilterProxy::setQueue(const QString &text)
{
    change(&m_queue, text);
}
void EventFilterProxy::setKlass(const QString &text)
{
    change(&m_klass, text);
}
void EventFilterProxy::setEvent(const QString &name)
{
    change(&m_event, name);
}
void EventFilterProxy::setJid(const QString &text)
{
    change(&m_jid, text);
}

bool EventFilterProxy::isFiltering() const
{
    return !m_queue.isEmpty() || !m_klass.isEmpty() || !m_event.isEmpty() || !m_jid.isEmpty();
}

void EventFilterProxy::classesChanged()
{
    if (m_klass.isEmpty())
        return;
    // At most once per ClassRefilterMs: filtering 50,000 rows again is not free.
    if (m_classPause.isActive()) {
        m_classesPending = true;
        return;
    }
    invalidateRowsFilter();
    m_classPause.start();
}

bool EventFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid() || sourceRow < 0 || sourceRow >= m_events->rowCount())
        return false;
    const QlessEvent &event = m_events->eventAt(sourceRow);
    if (event.isGap())
        return true;
    if (!m_event.isEmpty() && event.event.compare(m_event, Qt::CaseInsensitive) != 0)
        return false;
    if (!m_queue.isEmpty() && !event.queue.contains(m_queue, Qt::CaseInsensitive))
        return false;
    if (!m_jid.isEmpty() && !event.jid.contains(m_jid, Qt::CaseInsensitive))
        return false;
    if (!m_klass.isEmpty() && !m_events->classOf(event).contains(m_klass, Qt::CaseInsensitive))
        return false;
    return true;
}
