// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuelistmodel.h"

#include "pausetimes.h"
#include "qlessclient.h"
#include "themecolors.h"
#include "timetext.h"

#include <QBrush>
#include <QFont>
#include <QLocale>

QueueListModel::QueueListModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<QueueCounts>(parent)
    , m_client(client)
{}

bool QueueListModel::sameRow(const QueueCounts &a, const QueueCounts &b) const
{
    return a.name == b.name && a.waiting == b.waiting && a.running == b.running && a.stalled == b.stalled
           && a.scheduled == b.scheduled && a.depends == b.depends && a.recurring == b.recurring && a.paused == b.paused
           && a.maxConcurrency == b.maxConcurrency && a.damaged == b.damaged;
}

// What is wrong with the sets a column counts (empty when they could be read).
QStringList QueueListModel::damageOf(const QueueCounts &row, int column)
{
    static const QMap<int, QStringList> parts{
        {WaitingColumn, {QStringLiteral("work"), QStringLiteral("scheduled")}},
        {RunningColumn, {QStringLiteral("locks")}},
        {StalledColumn, {QStringLiteral("locks")}},
        {ScheduledColumn, {QStringLiteral("scheduled")}},
        {DependsColumn, {QStringLiteral("depends")}},
        {RecurringColumn, {QStringLiteral("recur")}},
        {LengthColumn, {QStringLiteral("work"), QStringLiteral("locks"), QStringLiteral("scheduled")}},
    };
    QStringList out;
    const QStringList wanted = column == NameColumn ? row.damaged.keys() : parts.value(column);
    for (const QString &part : wanted) {
        if (row.damaged.contains(part))
            out << row.damaged.value(part);
    }
    return out;
}

void QueueListModel::refresh(std::function<void()> done)
{
    const QDateTime askedAt = QDateTime::currentDateTimeUtc();
    m_client->queueReads().queueCounts(this, [this, done, askedAt](const QlessReply<QList<QueueCounts>> &reply) {
        if (reply.ok()) {
            m_lastError.clear();
            if (m_pauseTimes) {
                QStringList running;
                for (const QueueCounts &queue : reply.value) {
                    if (!queue.paused)
                        running << queue.name;
                }
                m_pauseTimes->sawUnpaused(running, askedAt);
            }
            applySnapshot(reply.value);
            emit refreshed();
        } else {
            m_lastError = reply.error.message;
            emit loadFailed(reply.error.message);
        }
        if (done)
            done();
    });
}

QueueCounts QueueListModel::totals() const
{
    QueueCounts sum;
    for (const QueueCounts &row : rows()) {
        sum.waiting += row.waiting;
        sum.running += row.running;
        sum.stalled += row.stalled;
        sum.scheduled += row.scheduled;
        sum.depends += row.depends;
        sum.recurring += row.recurring;
    }
    return sum;
}

QString QueueListModel::lengthText()
{
    return tr("qless's length of the queue: its waiting, running, stalled and scheduled jobs "
              "(not those waiting on dependencies, not recurring templates).");
}

int QueueListModel::pausedCount() const
{
    int paused = 0;
    for (const QueueCounts &row : rows())
        paused += row.paused ? 1 : 0;
    return paused;
}

int QueueListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 QueueListModel::count(const QueueCounts &row, int column)
{
    switch (column) {
    case WaitingColumn: return row.waiting;
    case RunningColumn: return row.running;
    case StalledColumn: return row.stalled;
    case ScheduledColumn: return row.scheduled;
    case DependsColumn: return row.depends;
    case RecurringColumn: return row.recurring;
    case LengthColumn: return row.length();
    default: return 0;
    }
}

QVariant QueueListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && section != NameColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && section == LengthColumn)
        return lengthText();
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Queue");
    case WaitingColumn: return tr("Waiting");
    case RunningColumn: return tr("Running");
    case StalledColumn: return tr("Stalled");
    case ScheduledColumn: return tr("Scheduled");
    case DependsColumn: return tr("Depends");
    case RecurringColumn: return tr("Recurring");
    case LengthColumn: return tr("Length");
    default: return {};
    }
}

QVariant QueueListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueueCounts &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return row.paused ? tr("%1 (paused)").arg(row.name) : row.name;
        // Under a max-concurrency the limit is what the running count is read against.
        // A count whose set cannot be read is not a zero: marked, the tooltip says why.
        if (column != NameColumn && !damageOf(row, column).isEmpty())
            return tr("⚠ %1").arg(QLocale().toString(count(row, column)));
        if (column == NameColumn && !row.damaged.isEmpty())
            return tr("⚠ %1").arg(row.paused ? tr("%1 (paused)").arg(row.name) : row.name);
        if (column == RunningColumn && row.maxConcurrency > 0)
            return tr("%1 / %2").arg(QLocale().toString(row.running), QLocale().toString(row.maxConcurrency));
        return QLocale().toString(count(row, column));
    case SortRole: return column == NameColumn ? QVariant(row.name) : QVariant(count(row, column));
    case KeyRole: return row.name;
    case Qt::TextAlignmentRole:
        return column == NameColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::BackgroundRole:
        // A paused queue's whole row is tinted: its waiting jobs go nowhere however many workers run.
        return row.paused ? QVariant(QBrush(ThemeColors::tint(ThemeColors::Tone::Warning))) : QVariant();
    case Qt::ForegroundRole:
        if (column == NameColumn && row.paused)
            return QBrush(ThemeColors::text(ThemeColors::Tone::Warning));
        // Stalled jobs mean a worker died holding them: they must catch the eye.
        if ((column == StalledColumn && row.stalled > 0) || !damageOf(row, column).isEmpty())
            return QBrush(ThemeColors::text(ThemeColors::Tone::Bad));
        if (column != NameColumn && count(row, column) == 0)
            return QBrush(ThemeColors::text(ThemeColors::Tone::Muted));
        return {};
    case Qt::FontRole:
        if ((column == StalledColumn && row.stalled > 0) || (column == NameColumn && row.paused)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole: {
        QStringList lines;
        for (const QString &damage : damageOf(row, column))
            lines << tr("Damaged in Redis, counted as 0: %1.").arg(damage);
        if (row.paused) {
            lines << tr("Paused: workers pop nothing from this queue.");
            const QDateTime since = m_pauseTimes ? m_pauseTimes->pausedSince(row.name) : QDateTime();
            lines << (since.isValid()
                          ? tr("Paused since %1 (from this console, by its audit log).").arg(TimeText::local(since))
                          : tr("qless does not record since when (this console's audit log has no pause "
                               "of it in force)."));
        }
        if (row.maxConcurrency > 0)
            lines << tr("At most %1 of its jobs run at once (%2-max-concurrency).")
                         .arg(QLocale().toString(row.maxConcurrency), row.name);
        if (column == WaitingColumn && row.waiting > 0)
            lines << tr("Jobs qless timed out count as waiting (as qless counts them): they are handed out first.");
        if (column == LengthColumn)
            lines << lengthText();
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    default: return {};
    }
}
