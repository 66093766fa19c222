// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tableexportview.h"

#include <QList>
#include <QObject>
#include <QStringList>

// What a table export reads its rows through, whatever the job system: qless's tables
// (TableExport) or Blueque's (BluequeTableExport). TableCsvExport writes any of them to a file.
// Rows, progress and the end arrive as signals on the reader's thread; start() returns at once.
class TableRowReader : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TableRowReader)

public:
    explicit TableRowReader(const TableExportView &view, QObject *parent = nullptr);
    ~TableRowReader() override = default;

    const TableExportView &view() const { return m_view; }
    virtual QStringList header() const = 0;
    // Starts reading; finished() follows, once. A view with a problem() finishes with it at once.
    void start();
    // Stops reading: no more rows; finished(false, ...) is emitted now.
    void cancel();
    bool isRunning() const { return m_running; }
    qint64 rowCount() const { return m_rows; }

signals:
    void rowsReady(const QList<QStringList> &rows);
    // Rows so far, and how many the list holds when known (-1 when not).
    void progress(qint64 rows, qint64 total);
    void finished(bool ok, const QString &error);

protected:
    // Reads the view's rows (its problem() is empty): deliver() them, then finish().
    virtual void read() = 0;
    // Hands out rows and progress; false when the export has ended meanwhile.
    bool deliver(const QList<QStringList> &rows, qint64 total);
    void finish(bool ok, const QString &error = QString());
    // A failed reply ends the export with what went wrong.
    void fail(const QString &message);
    // The first `most` of `names` for an error message ("none" when empty, "..." when cut).
    static QString namesForMessage(const QStringList &names, int most);

private:
    const TableExportView m_view;
    bool m_running = false;
    qint64 m_rows = 0;
};
