// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

class ExportableChart;

// Every way a chart leaves the program, in one place: PNG, SVG and PDF drawn afresh at the size
// asked for (not a grab of the window), CSV of the numbers, and the clipboard. Files are written
// through QSaveFile, so a failed export leaves neither a half-written file nor a clobbered old
// one; every failure comes back as a message an operator can act on.
class ChartExporter final
{
    Q_DECLARE_TR_FUNCTIONS(ChartExporter)

public:
    enum class Format { Unknown, Png, Svg, Pdf, Csv };

    static constexpr int MinimumSide = 100;
    static constexpr int MaximumSide = 10000;
    // An image holds 4 bytes a pixel: 40 megapixels are 160 MB, enough for any report.
    static constexpr qint64 MaximumImagePixels = 40'000'000;
    static QSize defaultSize() { return {1200, 700}; }

    // From the file name's extension, case-insensitive.
    static Format formatForPath(const QString &path);
    // For a save dialog: "PNG image (*.png);;SVG drawing (*.svg);;...".
    static QString fileDialogFilter();
    // Empty when size is usable for format, else why not.
    static QString checkSize(const QSize &size, Format format);

    // Writes chart to path in the format its extension names; size is in pixels (CSV ignores
    // it). Returns false and sets errorMessage when it could not. Light unless theme says
    // otherwise, whatever the window is drawn in: an export goes into reports.
    static bool exportToFile(const ExportableChart &chart, const QString &path, const QSize &size,
                             QString *errorMessage, const ChartTheme &theme = ChartTheme::light());
    static QImage renderImage(const ExportableChart &chart, const QSize &size,
                              const ChartTheme &theme = ChartTheme::light());
    static QByteArray csv(const ExportableChart &chart);
    // An image of the chart at size on the clipboard, for pasting into a report.
    static bool copyToClipboard(const ExportableChart &chart, const QSize &size, QString *errorMessage,
                                const ChartTheme &theme = ChartTheme::light());

private:
    // The resolution the chart lays out its text at; painting at another would shrink or grow
    // the text against the places laid out for it.
    static int layoutDpi();
};
