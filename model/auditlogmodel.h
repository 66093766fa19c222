#pragma once

#include "auditrecord.h"
#include "keyedtablemodel.h"

class AuditLog;

// The Activity page: the audit log newest first, one row per write action. Rows are keyed by
// their line in the file, so a reload after more actions inserts the new rows at the top and the
// operator's selection stays where it was (no reset).
class AuditLogModel final : public KeyedTableModel<AuditRecord>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditLogModel)

public:
    enum Column { TimeColumn, ServerColumn, ActionColumn, DetailsColumn, CountColumn, OutcomeColumn, ColumnCount };

    // `log` is not owned and must outlive the model. `maxRows` bounds what a view holds when the
    // log has grown over years; -1 shows everything.
    explicit AuditLogModel(const AuditLog *log, int maxRows = 10000, QObject *parent = nullptr);

    // Reads the file again.
    void reload();
    // Damaged lines skipped by the last reload, for a note under the table.
    int skippedLines() const { return m_skipped; }

    // The arguments and message as one line: "queue=q1, group=boom; 3 skipped (gone)".
    static QString detailsText(const AuditRecord &record);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    QString keyOf(const AuditRecord &row) const override { return QString::number(row.line); }
    bool sameRow(const AuditRecord &a, const AuditRecord &b) const override
    {
        return a.line == b.line && a.time == b.time && a.server == b.server && a.action == b.action
            && a.arguments == b.arguments && a.count == b.count && a.outcome == b.outcome
            && a.message == b.message;
    }

private:
    QString outcomeText(const QString &outcome) const;

    const AuditLog *m_log;
    int m_maxRows;
    int m_skipped = 0;
};
