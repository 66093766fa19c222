#include "auditlogmodel.h"

#include "auditlog.h"
#include "themecolors.h"
#include "timetext.h"

#include <QBrush>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

AuditLogModel::AuditLogModel(const AuditLog *log, int maxRows, QObject *parent)
    : KeyedTableModel<AuditRecord>(parent)
    , m_log(log)
    , m_maxRows(maxRows)
{
}

void AuditLogModel::reload()
{
    int skipped = 0;
    const QList<AuditRecord> records = m_log->records(m_maxRows, &skipped);
    m_skipped = skipped;
    applySnapshot(records);
}

QString AuditLogModel::detailsText(const AuditRecord &record)
{
    QStringList parts;
    for (auto it = record.arguments.constBegin(); it != record.arguments.constEnd(); ++it) {
        const QJsonValue value = it.value();
        QString text;
        if (value.isString())
            text = value.toString();
        else if (value.isArray())
            text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
        else if (value.isObject())
            text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
        else if (value.isNull() || value.isUndefined())
            text = tr("none");
        else
            text = value.toVariant().toString();
        parts << it.key() + QLatin1Char('=') + text;
    }
    QString details = parts.join(QStringLiteral(", "));
    if (!record.message.isEmpty()) {
        // One line in a table cell; the tooltip has the message whole.
        const QString firstLine = record.message.section(QLatin1Char('\n'), 0, 0);
        details += (details.isEmpty() ? QString() : QStringLiteral("; ")) + firstLine;
    }
    return details;
}

QString AuditLogModel::outcomeText(const QString &outcome) const
{
    if (outcome == QLatin1String("done"))
        return tr("Done");
    if (outcome == QLatin1String("failed"))
        return tr("Failed");
    if (outcome == QLatin1String("partial"))
        return tr("Partial");
    if (outcome == QLatin1String("cancelled"))
        return tr("Cancelled");
    if (outcome == QLatin1String("started"))
        return tr("Started"); // a bulk run's first record; its end follows with the same run id
    return outcome; // written by a newer version: show it as it is
}

int AuditLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && section == CountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn: return tr("Time");
    case ServerColumn: return tr("Server");
    case ActionColumn: return tr("Action");
    case DetailsColumn: return tr("Details");
    case CountColumn: return tr("Jobs");
    case OutcomeColumn: return tr("Outcome");
    default: return {};
    }
}

QVariant AuditLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditRecord &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        // Local time to the second for reading; the file and the CSV keep UTC with milliseconds.
        case TimeColumn: return TimeText::local(row.time);
        case ServerColumn: return row.server;
        case ActionColumn: return row.action;
        case DetailsColumn: return detailsText(row);
        case CountColumn: return QLocale().toString(row.count);
        case OutcomeColumn: return outcomeText(row.outcome);
        default: return {};
        }
    case SortRole:
        switch (column) {
        case TimeColumn: return row.time.toMSecsSinceEpoch();
        case ServerColumn: return row.server;
        case ActionColumn: return row.action;
        case DetailsColumn: return detailsText(row);
        case CountColumn: return row.count;
        case OutcomeColumn: return row.outcome;
        default: return {};
        }
    case KeyRole:
        return keyOf(row);
    case Qt::TextAlignmentRole:
        if (column == CountColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        // A write that did not finish is what someone looks for in this log.
        if (column == OutcomeColumn && row.outcome == QLatin1String("failed"))
            return QBrush(ThemeColors::text(ThemeColors::Tone::Bad));
        if (column == OutcomeColumn && row.outcome == QLatin1String("partial"))
            return QBrush(ThemeColors::text(ThemeColors::Tone::Warning));
        return {};
    case Qt::ToolTipRole:
        if (column == TimeColumn)
            return TimeText::utc(row.time);
        if (column == DetailsColumn && !row.message.isEmpty())
            return row.message;
        return {};
    default:
        return {};
    }
}
