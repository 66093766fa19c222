// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableexportbutton.h"

#include "bluequesession.h"
#include "bluequetableexport.h"
#include "qlesssession.h"
#include "sidejobsession.h"
#include "sidejobtableexport.h"
#include "tablecsvexport.h"

#include <QDir>
#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QToolTip>

#include <limits>

TableExportButton::TableExportButton(QlessSession *session, ViewOf viewOf, QWidget *parent)
    : QToolButton(parent)
    , m_session(session)
    , m_viewOf(std::move(viewOf))
{
    setObjectName(QStringLiteral("tableExportButton"));
    setText(tr("Export CSV…"));
    setToolTip(tr("Save every row of this list as a CSV file (all of it, read from the server, not only "
                  "the rows loaded; times in UTC)"));
    connect(this, &QToolButton::clicked, this, &TableExportButton::chooseFile);
    updateEnabled();
}

void TableExportButton::updateEnabled()
{
    setEnabled(!isExporting() && m_viewOf && m_viewOf().has_value());
}

void TableExportButton::chooseFile()
{
    const std::optional<TableExportView> view = m_viewOf ? m_viewOf() : std::nullopt;
    if (!view)
        return;
    auto *files =
        new QFileDialog(window(), tr("Export %1 as CSV").arg(view->describe()), QString(), tr("CSV files (*.csv)"));
    files->setAttribute(Qt::WA_DeleteOnClose);
    files->setAcceptMode(QFileDialog::AcceptSave);
    files->setDefaultSuffix(QStringLiteral("csv"));
    files->selectFile(view->suggestedFileName());
    connect(files, &QFileDialog::fileSelected, this, [this](const QString &path) { exportTo(path); });
    files->open();
}

bool TableExportButton::exportTo(const QString &path)
{
    const std::optional<TableExportView> view = m_viewOf ? m_viewOf() : std::nullopt;
    if (!view || isExporting())
        return false;
    TableCsvExport *csv = nullptr;
    if (view->isBlueque() && m_session) {
        if (!m_blueque)
            m_blueque = new BluequeSession(m_session->connection(), this);
        csv = new TableCsvExport(new BluequeTableExport(m_blueque, *view), path, this);
    } else if (view->isSideJob() && m_session) {
        csv = new TableCsvExport(new SideJobTableExport(SideJobSession::of(m_session), *view), path, this);
    } else {
        csv = new TableCsvExport(m_session ? m_session->client() : nullptr, *view, path, this);
    }
    QString error;
    if (!csv->start(&error)) {
        delete csv;
        m_lastResult = error;
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), error, QMessageBox::Ok, window());
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        emit finished(false, error);
        return false;
    }
    m_export = csv;
    setEnabled(false);
    // Shown only when the export takes a while; a small list is done before it would appear.
    auto *progress = new QProgressDialog(tr("Reading %1…").arg(view->describe()), tr("Cancel"), 0, 0, window());
    progress->setObjectName(QStringLiteral("tableExportProgress"));
    progress->setWindowTitle(tr("Export CSV"));
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setMinimumDuration(400);
    progress->setValue(0);
    connect(progress, &QProgressDialog::canceled, this, &TableExportButton::cancel);
    m_progress = progress;
    connect(csv, &TableCsvExport::progress, this, &TableExportButton::onProgress);
    connect(csv, &TableCsvExport::finished, this, &TableExportButton::onFinished);
    return true;
}

void TableExportButton::cancel()
{
    if (!m_export)
        return;
    m_cancelled = true;
    m_export->cancel();
}

void TableExportButton::onProgress(qint64 rows, qint64 total)
{
    if (!m_progress)
        return;
    const QLocale locale;
    if (total > 0 && total <= std::numeric_limits<int>::max()) {
        m_progress->setMaximum(int(total));
        m_progress->setValue(int(qMin(rows, total)));
        m_progress->setLabelText(tr("%1 of %Ln row(s) written", nullptr, int(total)).arg(locale.toString(rows)));
    } else {
        m_progress->setMaximum(0); // a busy bar: the list's length is not known ahead
        m_progress->setLabelText(
            tr("%Ln row(s) written", nullptr, int(qMin<qint64>(rows, std::numeric_limits<int>::max()))));
    }
}

void TableExportButton::onFinished(bool ok, const QString &message)
{
    TableCsvExport *csv = m_export;
    const QString path = csv ? QDir::toNativeSeparators(csv->path()) : QString();
    const qint64 rows = csv ? csv->rowsWritten() : 0;
    if (m_progress) {
        m_progress->close();
        m_progress->deleteLater();
    }
    if (csv)
        csv->deleteLater();
    m_export.clear();
    updateEnabled();
    if (ok) {
        m_lastResult =
            tr("Saved %Ln row(s) to %1", nullptr, int(qMin<qint64>(rows, std::numeric_limits<int>::max()))).arg(path);
        QToolTip::showText(mapToGlobal(rect().bottomLeft()), m_lastResult, this);
    } else {
        m_lastResult = tr("Not saved: %1").arg(message);
        // A cancel is the operator's own doing; anything else deserves a word.
        if (!m_cancelled) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), message, QMessageBox::Ok, window());
            box->setObjectName(QStringLiteral("tableExportFailed"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    }
    m_cancelled = false;
    emit finished(ok, message);
}
