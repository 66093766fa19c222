// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class AllServersWindow;
class MainWindow;
class QlessSession;

// Several servers side by side: one MainWindow per server, each with its own session (its own
// connection on its own thread, its own refresh pace), and the All servers window listing them
// all. Windows it opens close for good (and drop their connection) when closed. Where to connect
// is asked by whoever listens to connectionWanted (the connection dialog, in main.cpp).
class ServerWindows final : public QObject
{
    Q_OBJECT

public:
    // Done to every new window before its first session: its layout memory and alert store.
    using Prepare = std::function<void(MainWindow *)>;

    explicit ServerWindows(Prepare prepare = {}, QObject *parent = nullptr);
    ~ServerWindows() override;

    // A new window, prepared and shown, with no server yet.
    MainWindow *openWindow();
    // A new window on this server. `profile` names the saved connection it came from, if any.
    MainWindow *open(const ConnectionSettings &settings, const QString &profile = {});
    // Connects `window` (one of ours) to this server, dropping what it showed.
    void connectWindow(MainWindow *window, const ConnectionSettings &settings, const QString &profile = {});

    QList<MainWindow *> windows() const;
    AllServersWindow *allServers() const { return m_allServers; }
    // Brings the All servers window up.
    void showAllServers();
    // Brings up the window that shows `session`; false when none does.
    bool showWindowOf(QlessSession *session);

signals:
    // Ask where to connect: `window` for that window, null for a new one.
    void connectionWanted(MainWindow *window);

private:
    Prepare m_prepare;
    QList<QPointer<MainWindow>> m_windows;
    AllServersWindow *m_allServers;
};
