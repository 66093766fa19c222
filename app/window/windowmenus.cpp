// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowmenus.h"

#include "alerttray.h"
#include "apptheme.h"
#include "connectionbar.h"
#include "mainwindow.h"
#include "pageshortcuts.h"
#include "refreshtimer.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>

namespace WindowMenus {

void build(MainWindow *window, RefreshTimer *timer, ConnectionBar *bar, AlertTray *tray, QListWidget *navigation,
           QStackedWidget *stack)
{
    QMenuBar *menus = window->menuBar();
    QMenu *file = menus->addMenu(MainWindow::tr("&File"));
    QAction *connectAction = file->addAction(MainWindow::tr("&Connect…"));
    connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    connectAction->setToolTip(MainWindow::tr("Connect this window to another server"));
    QObject::connect(connectAction, &QAction::triggered, window, &MainWindow::connectRequested);
    QAction *another = file->addAction(MainWindow::tr("Open &another server…"));
    another->setObjectName(QStringLiteral("openAnotherServerAction"));
    another->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    another->setToolTip(MainWindow::tr("Connect to one more server, in a window of its own"));
    QObject::connect(another, &QAction::triggered, window, &MainWindow::anotherServerRequested);
    QAction *all = file->addAction(MainWindow::tr("All &servers"));
    all->setObjectName(QStringLiteral("allServersAction"));
    all->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    all->setToolTip(MainWindow::tr("Every open server side by side: connection, alerts and totals"));
    QObject::connect(all, &QAction::triggered, window, &MainWindow::allServersRequested);
    QAction *reconnectAction = file->addAction(MainWindow::tr("&Reconnect"));
    reconnectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    QObject::connect(reconnectAction, &QAction::triggered, window, &MainWindow::reconnectNow);
    file->addSeparator();
    QAction *quit = file->addAction(MainWindow::tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    QObject::connect(quit, &QAction::triggered, window, &QWidget::close);

    QMenu *view = menus->addMenu(MainWindow::tr("&View"));
    QAction *refresh = view->addAction(MainWindow::tr("&Refresh now"));
    refresh->setShortcut(QKeySequence::Refresh); // F5
    QObject::connect(refresh, &QAction::triggered, timer, &RefreshTimer::refreshNow);
    QAction *reset = view->addAction(MainWindow::tr("Reset &layout"));
    reset->setObjectName(QStringLiteral("resetLayoutAction"));
    reset->setToolTip(MainWindow::tr("Window size, splitters and table columns as they first were"));
    QObject::connect(reset, &QAction::triggered, window, &MainWindow::resetLayout);
    QAction *find = view->addAction(MainWindow::tr("&Find job or tag"));
    find->setShortcut(QKeySequence::Find); // Ctrl+F
    QObject::connect(find, &QAction::triggered, window, [bar] {
        bar->searchField()->setFocus(Qt::ShortcutFocusReason);
        bar->searchField()->selectAll();
    });
    view->addAction(AppTheme::darkPaletteAction(view));
    view->addAction(tray->keepRunningAction());

    new PageShortcuts(menus->addMenu(MainWindow::tr("&Go")), navigation, stack);

    QMenu *help = menus->addMenu(MainWindow::tr("&Help"));
    QAction *about = help->addAction(MainWindow::tr("&About qlessdesk"));
    QObject::connect(about, &QAction::triggered, window, [window] {
        QMessageBox::about(window, MainWindow::tr("About qlessdesk"),
                           MainWindow::tr("<b>qlessdesk</b> %1<br>A desktop console for the qless job queue.")
                               .arg(QApplication::applicationVersion()));
    });
}

} // namespace WindowMenus
