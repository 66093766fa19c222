// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventlogmodel.h"

#include "poolrelease.h"
#include "themecolors.h"
#include "timetext.h"

#include <QDateTime>
#include <QLocale>

namespace {
using Tone = ThemeColors::Tone;

Tone toneOf(const QlessEvent &event)
{
    if (event.isGap())
        return Tone::Warning;
    if (!event.problem.isEmpty() || event.event == QLatin1String("failed") || event.event == QLatin1String("lock_lost"))
        return Tone::Bad;
    if (event.event == QLatin1String("stalled") || event.event == QLatin1String("canceled"))
        return Tone::Warning;
    if (event.event == QLatin1String("completed"))
        return Tone::Good;
    return Tone::Plain;
}

// The local time of day. The zone's offset is asked for once a minute, not for every cell painted:
// asking it reads the zone file's status (glibc's localtime) each time.
QString clockText(qint64 ms)
{
    static qint64 minute = -1;
    static qint64 offsetMs = 0;
    if (ms / 60000 != minute) {
        minute = ms / 60000;
        offsetMs = qint64(QDateTime::fromMSecsSinceEpoch(ms).offsetFromUtc()) * 1000;
    }
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms + offsetMs, Qt::UTC).time(),
                              QStringLiteral("HH:mm:ss.zzz"));
}
} // namespace

EventLogModel::EventLogModel(QObject *parent, int capacity)
    : QAbstractTableModel(parent)
    , m_capacity(qMax(1, capacity))
{}

EventLogModel::~EventLogModel()
{
    PoolRelease::release(std::exchange(m_rows, {}));
    PoolRelease::release(std::exchange(m_held, {}));
}

QString EventLogModel::classOf(const QlessEvent &event) const
{
    if (!event.klass.isEmpty() || event.jid.isEmpty() || !m_classOf)
        return event.klass;
    return m_classOf(event.jid);
}

void EventLogModel::classesChanged()
{
    // Classes are looked up for the newest jids, so the newest rows are those that changed; a
    // signal over all 50,000 would have every proxy walk them all, several times a second. Older
    // rows read their class when next painted or filtered.
    if (m_rows.empty())
        return;
    const int first = qMax(0, rowCount() - ClassChangeRows);
    emit dataChanged(index(first, KlassColumn), index(rowCount() - 1, KlassColumn), {Qt::DisplayRole});
}

void EventLogModel::append(const QList<QlessEvent> &events, quint64 skipped, qint64 nowMs)
{
    if (events.isEmpty() && skipped == 0)
        return;
    std::deque<QlessEvent> incoming;
    if (skipped > 0) {
        QlessEvent gap;
        gap.source = QlessEvent::Source::Gap;
        gap.event = QStringLiteral("gap");
        gap.receivedMs =
            events.isEmpty() ? (nowMs > 0 ? nowMs : QDateTime::currentMSecsSinceEpoch()) : events.first().receivedMs;
        gap.detail = tr("Events skipped, the console fell behind: %1").arg(QLocale().toString(skipped));
        m_skipped += skipped;
        incoming.push_back(std::move(gap));
    }
    for (const QlessEvent &event : events) {
        incoming.push_back(event);
        if (!event.isGap()) {
            ++m_received;
            m_rate.add(event.receivedMs);
        }
    }
    for (QlessEvent &event : incoming) {
        event.sequence = ++m_sequence;
        if (event.isGap())
            ++m_gaps;
    }
    if (m_paused) {
        for (QlessEvent &event : incoming)
            m_held.push_back(std::move(event));
        while (int(m_held.size()) > m_capacity) {
            m_held.pop_front();
            ++m_trimmed;
        }
    } else {
        show(incoming);
    }
    emit countsChanged();
}

void EventLogModel::show(std::deque<QlessEvent> &incoming)
{
    // What would be trimmed at once is never inserted: a batch larger than the capacity keeps
    // only its newest rows.
    while (int(incoming.size()) > m_capacity) {
        incoming.pop_front();
        ++m_trimmed;
    }
    const int overflow = int(m_rows.size() + incoming.size()) - m_capacity;
    if (overflow > 0) {
        beginRemoveRows({}, 0, overflow - 1);
        m_rows.erase(m_rows.begin(), m_rows.begin() + overflow);
        m_trimmed += quint64(overflow);
        endRemoveRows();
    }
    if (incoming.empty())
        return;
    const int first = rowCount();
    beginInsertRows({}, first, first + int(incoming.size()) - 1);
    for (QlessEvent &event : incoming)
        m_rows.push_back(std::move(event));
    endInsertRows();
}

void EventLogModel::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    if (!paused && !m_held.empty()) {
        std::deque<QlessEvent> held;
        held.swap(m_held);
        show(held);
    }
    emit countsChanged();
}

void EventLogModel::clear()
{
    if (!m_rows.empty()) {
        beginResetModel();
        PoolRelease::release(std::exchange(m_rows, {}));
        endResetModel();
    }
    PoolRelease::release(std::exchange(m_held, {}));
    emit countsChanged();
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EventLogModel::cellText(const QlessEvent &event, int column) const
{
    switch (column) {
    case TimeColumn: return clockText(event.receivedMs);
    case EventColumn:
        if (event.isGap())
            return eventName(QStringLiteral("gap"));
        if (event.source == QlessEvent::Source::Tracked)
            return tr("%1 (tracked)").arg(eventName(event.event));
        return eventName(event.event);
    case QueueColumn: return event.queue;
    case JidColumn: return event.jid;
    case KlassColumn: return classOf(event);
    case WorkerColumn: return event.worker;
    case DetailColumn:
        if (event.isGap() && event.lostMs > 0) {
            const double lostFor = double(event.receivedMs - event.lostMs) / 1000.0;
            return tr("Events lost from %1 to %2 (%3 s): %4")
                .arg(clockText(event.lostMs), clockText(event.receivedMs), QLocale().toString(lostFor, 'f', 1),
                     event.detail);
        }
        if (!event.problem.isEmpty())
            return tr("Unreadable: %1: %2").arg(event.problem, QString::fromUtf8(event.payload.left(200)));
        return event.detail;
    }
    return QString();
}

QString EventLogModel::eventName(const QString &event)
{
    static const struct
    {
        const char *name;
        const char *text;
    } names[] = {
        {"put", QT_TR_NOOP("put")},
        {"popped", QT_TR_NOOP("popped")},
        {"completed", QT_TR_NOOP("completed")},
        {"advanced", QT_TR_NOOP("advanced")},
        {"failed", QT_TR_NOOP("failed")},
        {"stalled", QT_TR_NOOP("stalled")},
        {"lock_lost", QT_TR_NOOP("lock_lost")},
        {"canceled", QT_TR_NOOP("canceled")},
        {"track", QT_TR_NOOP("track")},
        {"untrack", QT_TR_NOOP("untrack")},
        {"config_set", QT_TR_NOOP("config_set")},
        {"config_unset", QT_TR_NOOP("config_unset")},
        {"gap", QT_TR_NOOP("gap")},
    };
    for (const auto &n : names) {
        if (event == QLatin1String(n.name))
            return tr(n.text);
    }
    return event;
}

QString EventLogModel::toolTip(const QlessEvent &event) const
{
    QString tip = TimeText::localWithUtc(double(event.receivedMs) / 1000.0);
    if (!event.channel.isEmpty())
        tip += QLatin1Char('\n') + tr("Channel: %1").arg(QString::fromUtf8(event.channel));
    if (!event.payload.isEmpty())
        tip += QLatin1Char('\n') + QString::fromUtf8(event.payload.left(2000));
    if (!event.problem.isEmpty())
        tip += QLatin1Char('\n') + event.problem;
    return tip;
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QlessEvent &event = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return cellText(event, index.column());
    case SortRole:
        if (index.column() == TimeColumn)
            return event.receivedMs;
        return cellText(event, index.column());
    case Qt::ToolTipRole: return toolTip(event);
    case Qt::ForegroundRole: {
        const Tone tone = toneOf(event);
        return tone == Tone::Plain ? QVariant() : QVariant(ThemeColors::text(tone));
    }
    case Qt::BackgroundRole: return event.isGap() ? QVariant(ThemeColors::tint(Tone::Warning)) : QVariant();
    default: return {};
    }
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn: return tr("Time");
    case EventColumn: return tr("Event");
    case QueueColumn: return tr("Queue");
    case JidColumn: return tr("Jid");
    case KlassColumn: return tr("Class");
    case WorkerColumn: return tr("Worker");
    case DetailColumn: return tr("Detail");
    }
    return {};
}
