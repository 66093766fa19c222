// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tableexportview.h"

#include <QObject>
#include <QString>

#include <memory>

class QSaveFile;
class QlessClient;
class TableRowReader;

// A TableExport written to a CSV file: a header row, then every row as it arrives (CsvText:
// RFC 4180, formula guard, UTF-8). The file is written beside the target under a temporary name
// and renamed over it only when the whole table is in (QSaveFile): a failed or cancelled export
// leaves no file, or the old one untouched. Used by `qlessdesk export-table` and the window.
class TableCsvExport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TableCsvExport)

public:
    TableCsvExport(QlessClient *client, const TableExportView &view, const QString &path, QObject *parent = nullptr);
    // Any other system's table (BluequeTableExport): `reader` becomes this object's child.
    TableCsvExport(TableRowReader *reader, const QString &path, QObject *parent = nullptr);
    ~TableCsvExport() override;

    QString path() const { return m_path; }
    const TableExportView &view() const;
    // Opens the file and starts reading; false (with `error`) when the file cannot be written,
    // then nothing is read and finished() is not emitted.
    bool start(QString *error);
    void cancel();
    bool isRunning() const;
    qint64 rowsWritten() const { return m_written; }

signals:
    void progress(qint64 rows, qint64 total);
    // ok: the file is complete at path(); else `message` says why and no file was left.
    void finished(bool ok, const QString &message);

private:
    void writeRows(const QList<QStringList> &rows);
    void end(bool ok, const QString &error);

    QString m_path;
    std::unique_ptr<QSaveFile> m_file;
    TableRowReader *m_export;
    qint64 m_written = 0;
    QString m_writeError;
};
