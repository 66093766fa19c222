#pragma once

#include <QByteArray>
#include <QDialog>
#include <QList>

class ActionCenter;
class JobDetailView;
class QMenu;
class QPushButton;
class QlessClient;

// A non-modal window around JobDetailView: links to other jobs open in it (Back returns), F5 or
// Refresh reads the job again. Queue, tag and worker links are passed on for the main window.
// Keep one and call showJob() for each job, or make one per job with Qt::WA_DeleteOnClose.
class JobDetailDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit JobDetailDialog(QlessClient *client, QWidget *parent = nullptr);

    // Shows `jid`; the job shown before it is where Back goes.
    void showJob(const QByteArray &jid);
    void back();
    // Reads the shown job again (the window may call this from its own refresh timer).
    void refresh();
    JobDetailView *view() const { return m_view; }
    // Offers `center`'s actions for the job shown (Actions button); refreshes after each write.
    void setActions(ActionCenter *center);
    QPushButton *actionsButton() const { return m_actions; }

signals:
    void openQueueRequested(const QString &queue);
    void openTagRequested(const QString &tag);
    void openWorkerRequested(const QString &worker);

private:
    void updateTitle();

    JobDetailView *m_view;
    QPushButton *m_back;
    QPushButton *m_actions;
    QMenu *m_actionsMenu;
    ActionCenter *m_center = nullptr;
    QList<QByteArray> m_trail; // jobs shown before this one, newest last
};
