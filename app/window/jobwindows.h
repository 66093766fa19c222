// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>

class JobDetailDialog;
class PageNavigator;
class QWidget;
class QlessSession;

// The job windows of one session, side by side: one per job (opening a job already shown raises
// its window), each read again on every refresh tick while open, each gone when closed. Their
// queue, tag and worker links go straight to the main window's PageNavigator. A window whose job
// vanished from Redis closes itself; jobGone says so for the main window to tell.
class JobWindows final : public QObject
{
    Q_OBJECT

public:
    // Windows are children of `owner` (so they stay above it and go with it), act through
    // `session`'s ActionCenter and follow their links with `navigator`.
    JobWindows(QlessSession *session, QWidget *owner, PageNavigator *navigator);
    ~JobWindows() override;

    // Shows `jid` in its window, made when there is none, and brings that window to the front.
    JobDetailDialog *open(const QByteArray &jid);
    // The window showing `jid` now, if any.
    JobDetailDialog *windowOf(const QByteArray &jid) const;
    QList<JobDetailDialog *> windows() const;
    // The window last opened or brought to the front.
    JobDetailDialog *latest() const { return m_latest; }
    // Reads every open job again, except one still waiting for its last read.
    void refreshAll();

signals:
    void jobGone(const QByteArray &jid);

private:
    JobDetailDialog *create();

    QlessSession *m_session;
    QWidget *m_owner;
    PageNavigator *m_navigator;
    QList<QPointer<JobDetailDialog>> m_windows;
    QPointer<JobDetailDialog> m_latest;
};
