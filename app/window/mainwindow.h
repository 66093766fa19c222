// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

#include <memory>

class AlertRuleStore;
class AlertTray;
class BulkRunsPanel;
class ConnectionBar;
class JobDetailDialog;
class JobWindows;
class LayoutMemory;
class SearchResolver;
class StatusBar;
class Page;
class PageNavigator;
class QListWidget;
class QSplitter;
class QStackedWidget;
class QlessSession;
class RefreshTimer;
class PermissionBanner;
class TroubleBanner;
class WindowTitle;

// The console's window: the connection bar on top, a trouble banner when the connection is down,
// the list of pages on the left and the page on screen. Only the page on screen refreshes, paced
// by one RefreshTimer (paused while the window is minimized; F5 refreshes now).
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Shows `session`'s server: builds its pages anew and starts refreshing. Takes ownership.
    // `profile` names the saved connection, if it came from one (shown before the address).
    void setSession(std::unique_ptr<QlessSession> session, const QString &profile = {});
    QlessSession *session() const { return m_session.get(); }

    ConnectionBar *connectionBar() const { return m_bar; }
    TroubleBanner *troubleBanner() const { return m_banner; }
    PermissionBanner *permissionBanner() const { return m_permissionBanner; }
    RefreshTimer *refreshTimer() const { return m_timer; }
    QList<Page *> pages() const { return m_pages; }
    Page *currentPage() const;
    // The job window last opened or brought to the front; the others are in jobWindows().
    JobDetailDialog *jobDetail() const;
    JobWindows *jobWindows() const { return m_jobWindows; }
    BulkRunsPanel *runsPanel() const { return m_runs; }
    // Shows the page with this title; false when there is none.
    bool showPage(const QString &title);

    // Remembers the layout, interval and per-server choices there from now on, and restores what
    // it holds; set it before setSession, which restores the pages' part. Without one the window
    // remembers nothing.
    void setMemory(std::unique_ptr<LayoutMemory> memory);
    LayoutMemory *memory() const { return m_memory.get(); }
    // Where each server's alert rules are kept from now on (none: they last as long as the session).
    void setAlertStore(std::unique_ptr<AlertRuleStore> store);
    AlertTray *tray() const { return m_tray; }
    // The window's size, splitters and columns as built; forgets the saved ones.
    void resetLayout();

    // Drops the session's connection and opens it again, whatever its state.
    void reconnectNow();

signals:
    // The operator asked to connect this window elsewhere (the Connect… button or menu).
    void connectRequested();
    // ... to open one more server in a window of its own (File > Open another server…).
    void anotherServerRequested();
    // ... to see every open server (File > All servers).
    void allServersRequested();
    // The window shows `session` now, under `name` (the profile, else the address).
    void sessionChanged(QlessSession *session, const QString &name);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void clearPages();
    // Writes the columns, splitters and this server's choices to the memory, if any.
    void rememberPages();
    void addPage(Page *page);
    // The navigation as wide as its page titles, the rest to the page (the saved splitter, restored
    // after, wins).
    void fitNavigation();
    void refreshCurrentPage();
    void search(const QString &text);
    void openJob(const QByteArray &jid);

    ConnectionBar *m_bar;
    TroubleBanner *m_banner;
    PermissionBanner *m_permissionBanner;
    QListWidget *m_navigation;
    QStackedWidget *m_stack;
    QSplitter *m_split; // the navigation beside the pages
    RefreshTimer *m_timer;
    std::unique_ptr<AlertRuleStore> m_alertStore; // declared before the session: it outlives it
    std::unique_ptr<QlessSession> m_session;
    std::unique_ptr<LayoutMemory> m_memory;
    QString m_server; // the session's address without password: what per-server memory is keyed by
    QList<Page *> m_pages;
    BulkRunsPanel *m_runs;
    StatusBar *m_status;                // server, round trip, last refresh, read-only, runs of pages not shown
    JobWindows *m_jobWindows = nullptr; // the session's job windows, made on first use
    SearchResolver *m_resolver = nullptr;
    WindowTitle *m_title;
    PageNavigator *m_navigator;
    AlertTray *m_tray;
};
