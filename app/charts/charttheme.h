// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QPalette>

// The colours a chart is drawn in, from a palette: the window's chart follows the application
// palette (light or dark, and a change of it), while exports are drawn on white unless asked
// otherwise, since they end up in reports and tickets whatever the desktop looked like.
// Hand-set rather than a Qt Charts theme: its themes fix their own fonts, series colours and
// backgrounds, where ours come from the palette and the colour-blind-safe series below. Plain
// colours: StatsChart (statschartbuild.cpp) puts them on the Qt Charts objects.
struct ChartTheme
{
    QColor background;
    QColor text;
    QColor muted; // "No data", secondary labels
    QColor axisLine;
    QColor grid;      // ticks
    QColor minorGrid; // between the log axis' decades
    QColor unitRule;  // where the time unit changes
    bool isDark = false;

    static ChartTheme fromPalette(const QPalette &palette);
    // For exports: Qt's plain light palette, or the dark one (export-stats --theme dark).
    static ChartTheme light();
    static ChartTheme dark();

    // Series index's colour (Okabe-Ito, colour-blind-safe; the first, the one compared against,
    // is the blue), moved until it shows at 3:1 against the background.
    QColor series(int index) const;
    // The same hue readable as text (4.5:1) on the page around: the Stats summary heads its
    // columns in the colours of their bars.
    static QColor seriesText(int index, const QPalette &palette);
};
