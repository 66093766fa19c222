// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablecsvexport.h"

#include "csvtext.h"
#include "tableexport.h"

#include <QDir>
#include <QSaveFile>

TableCsvExport::TableCsvExport(QlessClient *client, const TableExportView &view, const QString &path, QObject *parent)
    : TableCsvExport(new TableExport(client, view), path, parent)
{}

TableCsvExport::TableCsvExport(TableRowReader *reader, const QString &path, QObject *parent)
    : QObject(parent)
    , m_path(path)
    , m_export(reader)
{
    m_export->setParent(this);
    connect(m_export, &TableRowReader::rowsReady, this, &TableCsvExport::writeRows);
    connect(m_export, &TableRowReader::progress, this, &TableCsvExport::progress);
    connect(m_export, &TableRowReader::finished, this, &TableCsvExport::end);
}

TableCsvExport::~TableCsvExport() = default; // an uncommitted QSaveFile removes its temporary file

const TableExportView &TableCsvExport::view() const
{
    return m_export->view();
}

bool TableCsvExport::isRunning() const
{
    return m_export->isRunning();
}

bool TableCsvExport::start(QString *error)
{
    m_written = 0;
    m_writeError.clear();
    m_file = std::make_unique<QSaveFile>(m_path);
    if (!m_file->open(QIODevice::WriteOnly)) {
        *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(m_path), m_file->errorString());
        m_file.reset();
        return false;
    }
    const QByteArray header = CsvText::line(m_export->header()).toUtf8();
    if (m_file->write(header) != header.size()) {
        *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(m_path), m_file->errorString());
        m_file->cancelWriting();
        m_file.reset();
        return false;
    }
    m_export->start();
    return true;
}

void TableCsvExport::cancel()
{
    m_export->cancel();
}

void TableCsvExport::writeRows(const QList<QStringList> &rows)
{
    if (!m_file)
        return;
    QString text;
    for (const QStringList &row : rows)
        text += CsvText::line(row);
    const QByteArray bytes = text.toUtf8();
    if (m_file->write(bytes) != bytes.size()) {
        // A full disk: stop reading, say why (end() takes this message over "Cancelled.").
        m_writeError = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(m_path), m_file->errorString());
        m_export->cancel();
        return;
    }
    m_written += rows.size();
}

void TableCsvExport::end(bool ok, const QString &error)
{
    if (!m_file)
        return;
    QString message = m_writeError.isEmpty() ? error : m_writeError;
    if (ok && !m_file->commit()) {
        ok = false;
        message = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(m_path), m_file->errorString());
    }
    if (!ok)
        m_file->cancelWriting();
    m_file.reset();
    emit finished(ok, message);
}
