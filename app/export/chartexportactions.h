// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QSize>
#include <QStringList>

#include <functional>

class QMenu;
class QToolButton;
class QWidget;
class StatsChart;

// The "Export…" button of a page of charts: one chart to a file (PNG, SVG, PDF or its numbers as
// CSV) or to the clipboard, which chart and what size chosen in a dialog and remembered for the
// next time. Dialogs are opened, not exec'd: the page keeps refreshing meanwhile.
class ChartExportActions final : public QObject
{
    Q_OBJECT

public:
    struct Chart
    {
        QString name; // what the dialog lists: "Wait time histogram"
        StatsChart *chart;
    };
    // The file name offered for chart `index`, without folder ("qless-wait-all-2026-11-25.png").
    using SuggestFileName = std::function<QString(int index)>;

    // Ctrl+E exports while the focus is anywhere on `page`.
    ChartExportActions(QWidget *page, QList<Chart> charts, SuggestFileName suggest);

    QToolButton *button() const { return m_button; }
    QMenu *menu() const { return m_menu; }

    bool exportChart(int index, const QString &path, const QSize &size, QString *errorMessage) const;
    void exportInteractively();
    void copyInteractively();

private:
    // Asks which chart and at what size (a dialog titled `title`), remembers the answer for the
    // next time, and hands it to `then`; nothing when the operator cancels.
    void askForChart(const QString &title, std::function<void(int chart, QSize size)> then);
    QStringList names() const;
    void warn(const QString &title, const QString &error);

    QWidget *m_page;
    QList<Chart> m_charts;
    SuggestFileName m_suggest;
    int m_lastChart = 0;
    QSize m_lastSize;
    QMenu *m_menu = nullptr;
    QToolButton *m_button = nullptr;
};
