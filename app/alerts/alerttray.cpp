// SPDX-License-Identifier: GPL-3.0-or-later
#include "alerttray.h"

#include "alertcenter.h"
#include "alertlogmodel.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QStyle>
#include <QSystemTrayIcon>

namespace {
constexpr int NotificationMs = 10000;
constexpr int MaxLinesInNotification = 3;
} // namespace

AlertTray::AlertTray(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_keepAction(new QAction(tr("&Keep running in the tray when closed"), this))
{
    m_keepAction->setCheckable(true);
    m_keepAction->setObjectName(QStringLiteral("keepInTrayAction"));
    m_keepAction->setToolTip(tr("Closing the window leaves qlessdesk refreshing and alerting in the system tray."));
    connect(m_keepAction, &QAction::toggled, this, &AlertTray::setKeepRunning);
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        m_keepAction->setEnabled(false);
        m_keepAction->setToolTip(tr("This desktop has no system tray."));
        return;
    }
    m_icon = new QSystemTrayIcon(this);
    m_menu = new QMenu;
    m_menu->addAction(tr("&Show qlessdesk"), this, &AlertTray::showWindow);
    m_menu->addAction(tr("Show &alerts"), this, [this] {
        showWindow();
        emit alertsRequested();
    });
    m_menu->addSeparator();
    m_menu->addAction(tr("&Quit"), this, &AlertTray::quit);
    m_icon->setContextMenu(m_menu);
    connect(m_icon, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
        if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
            showWindow();
    });
    connect(m_icon, &QSystemTrayIcon::messageClicked, this, [this] {
        showWindow();
        emit alertsRequested();
    });
    updateIcon();
    m_icon->show();
}

AlertTray::~AlertTray()
{
    delete m_menu; // a tray menu has no parent widget
}

void AlertTray::watch(AlertCenter *center)
{
    if (m_center)
        disconnect(m_center, nullptr, this, nullptr);
    m_center = center;
    if (center) {
        connect(center, &AlertCenter::fired, this, [this](const QList<AlertEvent> &fired) {
            notify(titleFor(fired, m_center ? m_center->server() : QString()), messageFor(fired));
        });
        connect(center->log(), &AlertLogModel::unacknowledgedChanged, this, &AlertTray::updateIcon);
    }
    updateIcon();
}

void AlertTray::notify(const QString &title, const QString &message)
{
    if (m_icon && m_icon->isVisible())
        m_icon->showMessage(title, message, QSystemTrayIcon::Warning, NotificationMs);
    emit notified(title, message);
}

bool AlertTray::isAvailable() const
{
    return m_icon != nullptr;
}

void AlertTray::setKeepRunning(bool keep)
{
    if (m_keepAction->isChecked() != keep)
        m_keepAction->setChecked(keep); // comes back here through toggled
    if (m_keep == keep)
        return;
    m_keep = keep;
    applyQuitPolicy();
    emit keepRunningChanged(keep);
}

bool AlertTray::hideInsteadOfClose() const
{
    return m_keep && m_icon && !m_quitting;
}

QString AlertTray::titleFor(const QList<AlertEvent> &fired, const QString &server)
{
    if (fired.size() == 1)
        return tr("qlessdesk alert on %1").arg(server);
    return tr("%n qlessdesk alert(s) on %1", nullptr, int(fired.size())).arg(server);
}

QString AlertTray::messageFor(const QList<AlertEvent> &fired)
{
    QStringList lines;
    for (const AlertEvent &event : fired.mid(0, MaxLinesInNotification))
        lines << event.text;
    if (fired.size() > MaxLinesInNotification)
        lines << tr("and %n more", nullptr, int(fired.size()) - MaxLinesInNotification);
    return lines.join(QLatin1Char('\n'));
}

void AlertTray::showWindow()
{
    m_window->show();
    m_window->setWindowState(m_window->windowState() & ~Qt::WindowMinimized);
    m_window->raise();
    m_window->activateWindow();
}

void AlertTray::quit()
{
    m_quitting = true;
    m_window->close();
    QCoreApplication::quit();
}

void AlertTray::updateIcon()
{
    if (!m_icon)
        return;
    const int on = m_center ? m_center->log()->unacknowledgedCount() : 0;
    const QStyle *style = QApplication::style();
    m_icon->setIcon(style->standardIcon(on > 0 ? QStyle::SP_MessageBoxWarning : QStyle::SP_ComputerIcon));
    // Each server's window has its icon: the tooltip says whose it is.
    const QString server = m_center ? m_center->server() : QString();
    if (server.isEmpty())
        m_icon->setToolTip(on > 0 ? tr("qlessdesk: %n alert(s) on", nullptr, on) : tr("qlessdesk"));
    else
        m_icon->setToolTip(on > 0 ? tr("qlessdesk, %1: %n alert(s) on", nullptr, on).arg(server)
                                  : tr("qlessdesk, %1").arg(server));
}

// With the console in the tray, closing the last window (or a dialog while it is hidden) must not
// end the program.
void AlertTray::applyQuitPolicy()
{
    QApplication::setQuitOnLastWindowClosed(!(m_keep && m_icon));
}
