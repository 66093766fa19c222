// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QScopedPointer>
#include <QString>
#include <QVariantMap>

class Page;
class QMainWindow;
class QSettings;
class QWidget;

// What the window remembers between runs, in QSettings. Global: the window's geometry and state,
// every splitter and table header (widths, order, hidden columns, sort) found under the window by
// its path of objectNames, and the refresh interval. Per server (its address without password):
// the last page and what each page had chosen (a queue, a group...), since production's queue
// means nothing on staging. Everything read back is checked: a value of the wrong type, a header
// whose column count changed, bytes Qt refuses; each is ignored and the default stays.
class LayoutMemory final
{
    Q_DISABLE_COPY_MOVE(LayoutMemory)

public:
    // The user's settings (QSettings("qlessdesk", "qlessdesk"), beside the connection profiles).
    LayoutMemory();
    // An INI file of its own, for tests and portable setups.
    explicit LayoutMemory(const QString &iniFile);
    ~LayoutMemory();

    void saveWindow(const QMainWindow *window);
    // False when nothing usable was saved.
    bool restoreWindow(QMainWindow *window) const;

    // Splitters and headers of named item views under `root`. Restoring first notes each one's
    // state as built, so resetWidgets() can put it back.
    void saveWidgets(const QWidget *root);
    void restoreWidgets(QWidget *root);
    // Puts back the states as built and forgets the saved layout (window geometry included).
    void resetWidgets(QWidget *root);
    // Milliseconds; `fallback` when none or unusable.
    int refreshInterval(int fallback) const;
    void setRefreshInterval(int milliseconds);
    // Whether closing the window leaves the console running in the system tray.
    bool keepInTray() const;
    void setKeepInTray(bool keep);

    // The page on screen and each page's own memory (PageMemory), for `server`.
    void saveServer(const QString &server, const QList<Page *> &pages, const Page *current);
    // Gives each page its memory back; the index in `pages` of the last page shown, else 0.
    int recallServer(const QString &server, const QList<Page *> &pages) const;

    void sync();
    QString fileName() const;

private:
    QScopedPointer<QSettings> m_settings;
    QHash<QString, QByteArray> m_defaults; // widget key -> its state as built
};
