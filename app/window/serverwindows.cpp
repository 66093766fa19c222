// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverwindows.h"

#include "allserverswindow.h"
#include "mainwindow.h"
#include "qlesssession.h"
#include "serveroverviewmodel.h"

namespace {
// Each new window this far right of and below the last one, so none hides another whole.
constexpr int Cascade = 32;
} // namespace

ServerWindows::ServerWindows(Prepare prepare, QObject *parent)
    : QObject(parent)
    , m_prepare(std::move(prepare))
    , m_allServers(new AllServersWindow)
{
    connect(m_allServers, &AllServersWindow::openServerRequested, this, [this] { emit connectionWanted(nullptr); });
    connect(m_allServers, &AllServersWindow::showServerRequested, this, &ServerWindows::showWindowOf);
}

ServerWindows::~ServerWindows()
{
    delete m_allServers; // first: its rows need no news of the sessions going
    for (const QPointer<MainWindow> &window : std::as_const(m_windows))
        delete window.data();
}

MainWindow *ServerWindows::openWindow()
{
    const QList<MainWindow *> open = windows();
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (m_prepare)
        m_prepare(window);
    if (!open.isEmpty())
        window->move(open.last()->pos() + QPoint(Cascade, Cascade));
    m_windows.append(window);
    connect(window, &MainWindow::connectRequested, this, [this, window] { emit connectionWanted(window); });
    connect(window, &MainWindow::anotherServerRequested, this, [this] { emit connectionWanted(nullptr); });
    connect(window, &MainWindow::allServersRequested, this, &ServerWindows::showAllServers);
    connect(window, &MainWindow::sessionChanged, m_allServers->model(), &ServerOverviewModel::addServer);
    connect(window, &QObject::destroyed, this,
            [this] { m_windows.removeIf([](const QPointer<MainWindow> &w) { return w.isNull(); }); });
    window->show();
    return window;
}

MainWindow *ServerWindows::open(const ConnectionSettings &settings, const QString &profile)
{
    MainWindow *window = openWindow();
    connectWindow(window, settings, profile);
    return window;
}

void ServerWindows::connectWindow(MainWindow *window, const ConnectionSettings &settings, const QString &profile)
{
    // The old session goes with setSession; the overview drops its row when it is destroyed.
    window->setSession(std::make_unique<QlessSession>(settings), profile);
}

QList<MainWindow *> ServerWindows::windows() const
{
    QList<MainWindow *> list;
    for (const QPointer<MainWindow> &window : m_windows) {
        if (window)
            list << window.data();
    }
    return list;
}

void ServerWindows::showAllServers()
{
    m_allServers->show();
    m_allServers->raise();
    m_allServers->activateWindow();
}

bool ServerWindows::showWindowOf(QlessSession *session)
{
    for (MainWindow *window : windows()) {
        if (window->session() == session) {
            if (window->isMinimized())
                window->showNormal();
            window->show(); // hidden in the tray, too
            window->raise();
            window->activateWindow();
            return true;
        }
    }
    return false;
}
