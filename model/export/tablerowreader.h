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
    using QObject::QObject;
    ~TableRowReader() override = default;

    virtual const TableExportView &view() const = 0;
    virtual QStringList header() const = 0;
    // Starts reading; finished() follows, once.
    virtual void start() = 0;
    // Stops reading: no more rows; finished(false, ...) is emitted now.
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

signals:
    void rowsReady(const QList<QStringList> &rows);
    // Rows so far, and how many the list holds when known (-1 when not).
    void progress(qint64 rows, qint64 total);
    void finished(bool ok, const QString &error);
};
