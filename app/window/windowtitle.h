// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>
#include <QString>

class OverviewPage;
struct QueueCounts;
class QWidget;
class QlessSession;

// The main window's title: the server (or profile) shown and how many of its queues are paused
// ("production — 2 paused — qlessdesk"), counted again after each refresh. qless does not record
// when a queue was paused: the count is all the title can say.
class WindowTitle final : public QObject
{
    Q_OBJECT

public:
    explicit WindowTitle(QWidget *window);

    // Another server is shown: its name, and no paused queue counted yet.
    void setServer(const QString &name);
    // Counts `session`'s paused queues: from `overview` when it is the page just refreshed (it
    // has just read every queue), else by one read-only call as cheap as the Overview's own.
    void countPaused(QlessSession *session, OverviewPage *overview);
    // Counts the paused queues among counts someone else has just read (the alert rules' check).
    void countPaused(const QList<QueueCounts> &queues);

private:
    void setPaused(int paused);
    void update();

    QWidget *m_window;
    QString m_server;
    int m_paused = 0;
    quint64 m_generation = 0; // a count read for the server shown before is not applied
};
