// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertobservation.h"

#include <QObject>
#include <QPointer>

class AlertCenter;
class QAction;
class QMainWindow;
class QMenu;
class QSystemTrayIcon;

// The console in the desktop's system tray: each alert that fires becomes a desktop notification
// (several of one check, one notification), the icon shows whether alerts are on, and, when the
// operator asks for it, closing the window leaves the console running there (still refreshing,
// still alerting) until Quit. Where the desktop has no tray, notifications are still announced
// (notified) and closing closes.
class AlertTray final : public QObject
{
    Q_OBJECT

public:
    explicit AlertTray(QMainWindow *window);
    ~AlertTray() override;

    // The alerts to notify from now on (one session's; null: none).
    void watch(AlertCenter *center);
    // Shows a notification now.
    void notify(const QString &title, const QString &message);

    bool isAvailable() const;
    bool keepsRunning() const { return m_keep; }
    void setKeepRunning(bool keep);
    // The checkable "Keep running in the tray" action for a menu.
    QAction *keepRunningAction() const { return m_keepAction; }
    // Asked by the window's closeEvent: true when the window is to hide instead (the tray keeps
    // the console running), false when it is to close.
    bool hideInsteadOfClose() const;

    // The notification text for one check's fired alerts.
    static QString titleFor(const QList<AlertEvent> &fired, const QString &server);
    static QString messageFor(const QList<AlertEvent> &fired);

signals:
    // A notification went out (also where there is no tray to show it).
    void notified(const QString &title, const QString &message);
    void keepRunningChanged(bool keep);
    // The operator clicked a notification: the window shows its alerts.
    void alertsRequested();

private:
    void showWindow();
    void quit();
    void updateIcon();
    void applyQuitPolicy();

    QMainWindow *m_window;
    QPointer<AlertCenter> m_center;
    QSystemTrayIcon *m_icon = nullptr; // none where the desktop has no tray
    QMenu *m_menu = nullptr;
    QAction *m_keepAction;
    bool m_keep = false;
    bool m_quitting = false;
};
