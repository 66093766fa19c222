// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class AlertTray;
class ConnectionBar;
class MainWindow;
class QListWidget;
class QStackedWidget;
class RefreshTimer;

// The main window's menu bar: File (connect here, open another server in a window of its own,
// All servers, reconnect, quit), View (refresh, layout, find, palette, tray), Go (the pages) and
// Help. Its actions call the window's public slots and signals.
namespace WindowMenus {
void build(MainWindow *window, RefreshTimer *timer, ConnectionBar *bar, AlertTray *tray, QListWidget *navigation,
           QStackedWidget *stack);
}
