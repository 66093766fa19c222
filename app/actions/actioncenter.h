// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulkrunner.h"
#include "bulktarget.h"
#include "jobaction.h"
#include "jobactionmenus.h"
#include "onejobactions.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QMenu;
class QWidget;
class QlessSession;
struct AuditRecord;
struct Job;
struct JobSelection;
struct RecurringJob;
struct RedisError;

// Every write the window makes goes through here: the one place that asks what an action needs
// (a queue, a priority, tags), confirms what is destructive or large in exact words, starts a
// BulkRunner (which audits it), and, on a read-only connection, offers nothing but a tooltip
// saying why. Pages build their menus and buttons from it; none of them writes to Redis.
// Dialogs open window-modal with open(), never exec(): the GUI thread keeps running.
class ActionCenter final : public QObject
{
    Q_OBJECT

public:
    // The one for `session`: made on first use as a child of the session, so it goes with it.
    static ActionCenter *of(QlessSession *session);

    QlessSession *session() const { return m_session; }
    // No write can succeed: the connection was opened read-only, or the Redis user may not do
    // what qless's writes need (UserPermissions, learned at connect).
    bool isReadOnly() const;
    static QString readOnlyReason();
    // Why no write can succeed (readOnlyReason() or the user's permissions' explanation);
    // empty when writes may go.
    QString refusalReason() const;
    // Disabled, with refusalReason() as tooltip, when no write can succeed. A widget is
    // remembered: disabled later too when the user's permissions arrive after it was made, and
    // enabled again (its own tooltip back) when a reconnect finds the user may write after all.
    void guard(QWidget *widget);
    void guard(QAction *action) const;

    // Confirms when the action is destructive or touches many jobs, then runs it.
    void run(const JobAction &action, const BulkTarget &target, QWidget *parent);
    // Ask for what the action needs, then run.
    void askMove(const BulkTarget &target, const QString &onlyState, QWidget *parent);
    void askPriority(const BulkTarget &target, double current, QWidget *parent);
    void askTags(bool add, const BulkTarget &target, const QStringList &known, QWidget *parent);
    // What a failure group's or a cluster's buttons do to failed jobs: back into the queue each
    // failed in, into a queue asked for (only jobs still failed), or deleted.
    enum class FailedChoice { Retry, Move, Cancel };
    void actOnFailed(FailedChoice choice, const BulkTarget &target, QWidget *parent);
    // One job, not in bulk (OneJobActions does them).
    void askRemoveDependency(const Job &job, QWidget *parent) { m_oneJob->askRemoveDependency(job, parent); }
    void askEditRecurring(const RecurringJob &job, QWidget *parent) { m_oneJob->askEditRecurring(job, parent); }
    void askStopRecurring(const RecurringJob &job, QWidget *parent) { m_oneJob->askStopRecurring(job, parent); }
    // A note in the job's history (qless's log), asked for in JobNoteDialog; audited as "log".
    void askAddNote(const QByteArray &jid, QWidget *parent) { m_oneJob->askAddNote(jid, parent); }

    // Adds the actions for `selection` to `menu`: for the selected rows, and a submenu for all
    // jobs of the list (rows not loaded included) or of the failure group (JobActionMenus builds them).
    void fillJobMenu(QMenu *menu, const JobSelection &selection, QWidget *parent);
    // Adds the actions for every job of `selection.all` to `menu` itself (fillJobMenu's "All N"
    // submenu; a page's own "all matches" button).
    void fillAllJobsMenu(QMenu *menu, const JobSelection &selection, QWidget *parent);

    // qless's runs started here.
    QList<BulkRunner *> runs() const;
    // A run of another job system (Blueque's), confirmed and checked by its own actions: shown
    // in the runs panel and status bar like qless's, and pages refresh when it ends. Call before
    // the run starts.
    void adopt(BulkProgress *run);

    // The console's confirmation (window-modal, "Don’t" as default when destructive): `go` runs
    // only when the operator says yes. Other action classes (QueueActions, ...) use it too.
    void confirm(QWidget *parent, const QString &title, const QString &text, const QString &button, bool destructive,
                 std::function<void()> go);
    void showError(QWidget *parent, const QString &title, const QString &text);
    // On a read-only connection: says why, under `title`, and returns true (the caller stops).
    // Controls are guard()ed already; this catches a menu or dialog opened before the switch.
    bool refuseReadOnly(QWidget *parent, const QString &title);
    // How a write that is not a bulk run ends: `record` goes to the audit log (the operator also
    // hears when the log could not be written), its message is shown (only when it failed with
    // Report::Failure, always with Report::Always), and pages are told to refresh.
    enum class Report { Failure, Always };
    void finishWrite(QWidget *parent, const QString &title, const AuditRecord &record, Report report);
    // What an action did, as a window-modal message (a warning when `problem`).
    void showResult(QWidget *parent, const QString &title, const QString &text, bool problem);

    // When a confirmation asks about this many jobs or more (or anything destructive).
    static constexpr qint64 confirmFrom = 20;

signals:
    // Every run the window shows: qless's BulkRunners and the runs of other job systems (adopt).
    void runStarted(BulkProgress *runner);
    void runFinished(BulkProgress *runner);
    // Something was written: pages refresh what they show.
    void changed();
    // The operator asked to look at a job (e.g. a dependent that blocked a cancel).
    void openJobRequested(const QByteArray &jid);

private:
    explicit ActionCenter(QlessSession *session);

    void start(const JobAction &action, const BulkTarget &target, QWidget *parent);
    void reportOneJob(BulkRunner *runner, QWidget *parent);
    struct Guarded
    {
        QPointer<QWidget> widget;
        QString ownToolTip; // before applyGuard put the reason there
        bool disabledHere = false;
    };
    void applyGuard(Guarded *guarded) const;
    void followPermissions();

    QlessSession *m_session;
    OneJobActions *m_oneJob;
    JobActionMenus m_menus;
    QList<QPointer<BulkRunner>> m_runs;
    QList<Guarded> m_guarded;
};
