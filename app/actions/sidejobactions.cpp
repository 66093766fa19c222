// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobactions.h"

#include "actioncenter.h"
#include "sidejobwriteinputdialog.h"
#include "windowmodal.h"

#include <QAction>
#include <QMenu>

SideJobActions::SideJobActions(ActionCenter *center, SideJobSession *sidejob, QObject *parent)
    : QObject(parent)
    , m_center(center)
    , m_sidejob(sidejob)
{}

QString SideJobActions::sidekiqItemsText()
{
    return tr("The console never removes a SideJob job's item from a Sidekiq queue or the schedule (the job would "
              "stay queued with nothing to run it), and never touches a job's lock.");
}

QString SideJobActions::confirmationText(const SideJobAction &action)
{
    const QString jobs = action.jobsText();
    switch (action.kind) {
    case SideJobAction::Kind::Run:
        return tr("Run %1?\n\nEach job is set queued and its item pushed on its Sidekiq queue, as SideJob's own run "
                  "does; no second item when one already waits or a worker is taking the job. Only a job running, "
                  "queued, suspended or completed is run; a failed, terminating or terminated one is skipped (that "
                  "needs a forced run).\n\n%2")
            .arg(jobs, sidekiqItemsText());
    case SideJobAction::Kind::ForceRun:
        return tr("Force a run of %1?\n\nForcing runs a job whatever its status, as SideJob's run(force: true): "
                  "a failed job runs again from its saved state and may repeat its side effects; a terminated job "
                  "comes back although its shutdown already ran; a terminating job loses the shutdown it was "
                  "waiting for.\n\n%2")
            .arg(jobs, sidekiqItemsText());
    case SideJobAction::Kind::Terminate:
        return tr("Terminate %1?\n\nEach job is set terminating and queued on Sidekiq, so that a worker runs its "
                  "shutdown and sets it terminated, as SideJob's terminate does. A job running now is not stopped: "
                  "its worker finishes first. Its children are left as they are. Terminated jobs are skipped.\n\n%2")
            .arg(jobs, sidekiqItemsText());
    case SideJobAction::Kind::TerminateSubtree:
        return tr("Terminate %1 and every descendant?\n\nEvery descendant is read first, then each job is set "
                  "terminating and queued on Sidekiq, parents first, at most 100 jobs a call, as SideJob's "
                  "terminate(recursive: true) does. The whole is not atomic: while it runs, part of the tree is "
                  "terminating. A job running now is not stopped: its worker finishes first. Terminated jobs are "
                  "skipped.\n\n%2")
            .arg(jobs, sidekiqItemsText());
    case SideJobAction::Kind::DeleteTerminated:
        return tr("Delete %1 and every descendant?\n\nThe whole tree is read first: if any job in it is not "
                  "terminated, is locked by a worker or is missing, nothing of that tree is deleted. Otherwise each "
                  "job's keys are deleted and its id taken out of jobs, as SideJob's delete does, from the leaves "
                  "up, at most 64 jobs a call, each call checking again that everything it deletes is terminated. "
                  "This cannot be undone.\n\nItems the jobs may still have in a Sidekiq queue or the schedule are "
                  "left there: Sidekiq drops them when it fetches them. %2")
            .arg(jobs, sidekiqItemsText());
    case SideJobAction::Kind::WriteInput:
        return tr("Write %1 to input port %2 of %3?\n\nThe value is appended to the port's list as SideJob's "
                  "Port#write does (wrapped as {\"data\": …} in layout 4.1), the job is run (not forced: a failed, "
                  "terminating or terminated job keeps its status) and the write is logged. It is written once: "
                  "if the reply is lost, it is not sent again.")
            .arg(QString::fromUtf8(action.value.left(200)), action.port, jobs);
    }
    return {};
}

QString SideJobActions::confirmButton(const SideJobAction &action)
{
    switch (action.kind) {
    case SideJobAction::Kind::Run: return tr("Run");
    case SideJobAction::Kind::ForceRun: return tr("Force run");
    case SideJobAction::Kind::Terminate: return tr("Terminate");
    case SideJobAction::Kind::TerminateSubtree: return tr("Terminate tree");
    case SideJobAction::Kind::DeleteTerminated: return tr("Delete tree");
    case SideJobAction::Kind::WriteInput: return tr("Write");
    }
    return {};
}

bool SideJobActions::fillMenu(QMenu *menu, const QList<SideJobRef> &chosen, QWidget *parent)
{
    using Kind = SideJobAction::Kind;
    menu->setToolTipsVisible(true);
    const int n = int(chosen.size());
    if (n == 0)
        return false;
    auto count = [&chosen](Kind kind) {
        int found = 0;
        for (const SideJobRef &job : chosen)
            found += SideJobAction::appliesTo(kind, job.status) ? 1 : 0;
        return found;
    };
    auto offer = [&](Kind kind, const QString &text) {
        if (count(kind) > 0)
            addAction(menu, text, SideJobAction::of(kind, chosen), parent);
    };
    offer(Kind::Run, tr("&Run %n job(s)…", nullptr, n));
    offer(Kind::ForceRun, tr("&Force a run of %n job(s)…", nullptr, n));
    menu->addSeparator();
    offer(Kind::Terminate, tr("&Terminate %n job(s)…", nullptr, n));
    offer(Kind::TerminateSubtree, tr("Terminate %n job(s) with all &descendants…", nullptr, n));
    offer(Kind::DeleteTerminated, tr("De&lete %n terminated job(s) with all descendants…", nullptr, n));
    if (n == 1 && SideJobAction::appliesTo(Kind::WriteInput, chosen.first().status)) {
        menu->addSeparator();
        QAction *write = menu->addAction(tr("&Write to an input port…"));
        write->setToolTip(tr("A JSON value appended to one of the job's input ports; the job is then run."));
        const SideJobRef job = chosen.first();
        QPointer<QWidget> where(parent);
        connect(write, &QAction::triggered, this, [this, job, where] { askWriteInput(job, where); });
        m_center->guard(write);
    }
    return !menu->isEmpty();
}

void SideJobActions::addAction(QMenu *menu, const QString &text, const SideJobAction &action, QWidget *parent)
{
    QAction *item = menu->addAction(text);
    item->setToolTip(sidekiqItemsText());
    QPointer<QWidget> where(parent);
    connect(item, &QAction::triggered, this, [this, action, where] { run(action, where); });
    m_center->guard(item);
}

void SideJobActions::askWriteInput(const SideJobRef &job, QWidget *parent)
{
    const QString title = tr("Write to an input port of job %1").arg(QString::fromUtf8(job.id));
    if (m_center->refuseReadOnly(parent, title))
        return;
    auto *dialog = new SideJobWriteInputDialog(m_sidejob, job, parent);
    connect(dialog, &SideJobWriteInputDialog::chosen, this,
            [this, job, parent](const QString &port, const QByteArray &value) {
                run(SideJobAction::writeInput(job, port, value), parent);
            });
    WindowModal::open(dialog);
}

void SideJobActions::run(const SideJobAction &action, QWidget *parent)
{
    if (m_center->refuseReadOnly(parent, action.describe()))
        return;
    m_center->confirm(parent, action.describe(), confirmationText(action), confirmButton(action),
                      action.isDestructive(), [this, action] { start(action); });
}

void SideJobActions::start(const SideJobAction &action)
{
    // The run belongs to the center, as qless's runs do: the runs panel dismisses it.
    auto *run = new SideJobBulkRun(m_sidejob, m_center->session(), action, m_center);
    m_lastRun = run;
    connect(run, &BulkProgress::finished, this, &SideJobActions::runFinished);
    m_center->adopt(run);
    run->start();
}
