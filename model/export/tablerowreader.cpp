// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablerowreader.h"

#include <QCoreApplication>

namespace {
// The words were TableExport's before its reading was shared: its translations serve here too.
QString translated(const char *text)
{
    return QCoreApplication::translate("TableExport", text);
}
} // namespace

TableRowReader::TableRowReader(const TableExportView &view, QObject *parent)
    : QObject(parent)
    , m_view(view)
{}

void TableRowReader::start()
{
    if (m_running)
        return;
    m_running = true;
    m_rows = 0;
    const QString problem = m_view.problem();
    if (!problem.isEmpty()) {
        finish(false, problem);
        return;
    }
    read();
}

void TableRowReader::cancel()
{
    if (m_running)
        finish(false, translated("Cancelled."));
}

bool TableRowReader::deliver(const QList<QStringList> &rows, qint64 total)
{
    if (!m_running)
        return false;
    m_rows += rows.size();
    if (!rows.isEmpty())
        emit rowsReady(rows);
    // A receiver may have cancelled (a full disk, the operator).
    if (!m_running)
        return false;
    emit progress(m_rows, total);
    return m_running;
}

void TableRowReader::finish(bool ok, const QString &error)
{
    if (!m_running)
        return;
    m_running = false;
    emit finished(ok, error);
}

void TableRowReader::fail(const QString &message)
{
    finish(false, translated("Cannot read the %1: %2").arg(m_view.describe(), message));
}

QString TableRowReader::namesForMessage(const QStringList &names, int most)
{
    if (names.isEmpty())
        return QStringLiteral("none");
    QStringList shown = names.mid(0, most);
    if (names.size() > most)
        shown << QStringLiteral("...");
    return shown.join(QStringLiteral(", "));
}
