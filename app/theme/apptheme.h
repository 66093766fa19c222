// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QPalette>

class QAction;
class QObject;

// The palette the whole application draws with. By default the platform's (the desktop theme,
// followed when it changes); on request Fusion with a dark palette, for desktops whose theme
// Qt does not pick up and for checking that every page reads on dark (--dark, View > Dark
// palette, the screenshot tests).
class AppTheme final
{
    Q_DECLARE_TR_FUNCTIONS(AppTheme)

public:
    // Fusion's dark counterpart of its light palette: the same roles, tuned for 4.5:1 text.
    static QPalette fusionDark();
    // The Fusion style with fusionDark(), or back to the style and palette the desktop gave.
    static void setDark(bool dark);
    static bool isDark();
    // View > Dark palette: checked while the dark palette is on, toggling it.
    static QAction *darkPaletteAction(QObject *parent);
};
