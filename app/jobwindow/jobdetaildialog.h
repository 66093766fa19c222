// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDialog>
#include <QList>

class ActionCenter;
class JobDetailReader;
class JobDetailView;
class QAction;
class QMenu;
class QPushButton;

// A non-modal window around JobDetailView: links to other jobs open in it (Back returns), F5 or
// Refresh reads the job again. Queue, tag and worker links are passed on for the main window.
// Copy puts the jid (Ctrl+Shift+C) or the job as JSON (Ctrl+Shift+J) on the clipboard; Esc closes.
// When the job it shows is gone from Redis it says so (jobGone) and closes.
class JobDetailDialog final : public QDialog
{
    Q_OBJECT

public:
    // `reader` as JobDetailView takes it.
    explicit JobDetailDialog(JobDetailReader *reader, QWidget *parent = nullptr);

    // Shows `jid`; the job shown before it is where Back goes.
    void showJob(const QByteArray &jid);
    void back();
    // Reads the shown job again (the window may call this from its own refresh timer).
    void refresh();
    JobDetailView *view() const { return m_view; }
    // Offers `center`'s actions for the job shown (Actions button); refreshes after each write.
    void setActions(ActionCenter *center);
    // Opens the shown job's dependency graph in a window of its own (Dependencies button).
    void openDependencies();
    QPushButton *actionsButton() const { return m_actions; }
    QPushButton *copyButton() const { return m_copy; }
    QAction *copyJidAction() const { return m_copyJid; }
    QAction *copyJsonAction() const { return m_copyJson; }

signals:
    void openQueueRequested(const QString &queue);
    void openTagRequested(const QString &tag);
    void openWorkerRequested(const QString &worker);
    // The job shown was found gone from Redis; the window closes after saying so.
    void jobGone(const QByteArray &jid);

private:
    void setUpCopy();
    void updateTitle();

    JobDetailView *m_view;
    QPushButton *m_back;
    QPushButton *m_actions;
    QMenu *m_actionsMenu;
    QPushButton *m_copy;
    QAction *m_copyJid;
    QAction *m_copyJson;
    ActionCenter *m_center = nullptr;
    QList<QByteArray> m_trail; // jobs shown before this one, newest last
};
