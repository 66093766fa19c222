// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartexportactions.h"

#include "chartexporter.h"
#include "exportchartdialog.h"
#include "statschart.h"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>
#include <QWidget>

ChartExportActions::ChartExportActions(QWidget *page, QList<Chart> charts, SuggestFileName suggest)
    : QObject(page)
    , m_page(page)
    , m_charts(std::move(charts))
    , m_suggest(std::move(suggest))
    , m_lastSize(ChartExporter::defaultSize())
{
    auto *exportAction = new QAction(tr("&Export chart…"), page);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    // The page's own shortcut: it works wherever the focus is on this page, and nowhere else.
    exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    exportAction->setToolTip(tr("Save a chart as PNG, SVG or PDF at a chosen size, or its numbers as CSV (Ctrl+E)"));
    connect(exportAction, &QAction::triggered, this, &ChartExportActions::exportInteractively);
    page->addAction(exportAction);
    auto *copyAction = new QAction(tr("&Copy chart to clipboard…"), page);
    connect(copyAction, &QAction::triggered, this, &ChartExportActions::copyInteractively);

    m_menu = new QMenu(page);
    m_menu->addAction(exportAction);
    m_menu->addAction(copyAction);
    m_button = new QToolButton(page);
    m_button->setDefaultAction(exportAction);
    m_button->setText(tr("Export…"));
    m_button->setMenu(m_menu);
    m_button->setPopupMode(QToolButton::MenuButtonPopup);
    m_button->setToolButtonStyle(Qt::ToolButtonTextOnly);
}

QStringList ChartExportActions::names() const
{
    QStringList names;
    for (const Chart &chart : m_charts)
        names << chart.name;
    return names;
}

bool ChartExportActions::exportChart(int index, const QString &path, const QSize &size, QString *errorMessage) const
{
    return ChartExporter::exportToFile(*m_charts.at(index).chart, path, size, errorMessage);
}

void ChartExportActions::askForChart(const QString &title, std::function<void(int chart, QSize size)> then)
{
    auto *dialog = new ExportChartDialog(title, names(), m_lastChart, m_page);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setChartSize(m_lastSize);
    connect(dialog, &QDialog::accepted, this, [this, dialog, then = std::move(then)] {
        m_lastChart = dialog->chartIndex();
        m_lastSize = dialog->chartSize();
        then(m_lastChart, m_lastSize);
    });
    dialog->open();
}

void ChartExportActions::exportInteractively()
{
    askForChart(tr("Export chart"), [this](int which, QSize size) {
        auto *files = new QFileDialog(m_page, tr("Export %1").arg(m_charts.at(which).name), QString(),
                                      ChartExporter::fileDialogFilter());
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setAcceptMode(QFileDialog::AcceptSave);
        files->setDefaultSuffix(QStringLiteral("png"));
        files->selectFile(m_suggest(which));
        connect(files, &QFileDialog::filterSelected, files, [files](const QString &filter) {
            // "PNG image (*.png)" -> "png": a name typed without extension gets the chosen one.
            const int star = filter.indexOf(QLatin1String("*."));
            if (star >= 0)
                files->setDefaultSuffix(filter.mid(star + 2).chopped(1));
        });
        connect(files, &QFileDialog::fileSelected, this, [this, which, size](const QString &path) {
            QString error;
            if (!exportChart(which, path, size, &error))
                warn(tr("Export failed"), error);
        });
        files->open();
    });
}

void ChartExportActions::copyInteractively()
{
    askForChart(tr("Copy chart to clipboard"), [this](int which, QSize size) {
        QString error;
        if (!ChartExporter::copyToClipboard(*m_charts.at(which).chart, size, &error))
            warn(tr("Copy failed"), error);
    });
}

void ChartExportActions::warn(const QString &title, const QString &error)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, error, QMessageBox::Ok, m_page);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}
