// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobactionmenus.h"

#include "actioncenter.h"
#include "jobselection.h"

#include <QAction>
#include <QMenu>

JobActionMenus::JobActionMenus(ActionCenter *center)
    : m_center(center)
{}

void JobActionMenus::fillJobMenu(QMenu *menu, const JobSelection &selection, QWidget *parent)
{
    menu->setToolTipsVisible(true);
    if (!selection.jobs.isEmpty()) {
        const Job &first = selection.jobs.first();
        if (selection.jobs.size() == 1) {
            const QByteArray jid = first.jid;
            QAction *open = menu->addAction(tr("Open job %1").arg(QString::fromUtf8(jid)));
            QObject::connect(open, &QAction::triggered, m_center,
                             [this, jid] { emit m_center->openJobRequested(jid); });
            menu->addSeparator();
        } else {
            menu->addSection(tr("%Ln selected job(s)", nullptr, int(selection.jobs.size())));
        }
        const QString onlyState = selection.listState;
        addJobActions(menu, selection.selected(), onlyState, selection.anyInState(QStringLiteral("failed")),
                      selection.anyInState(QStringLiteral("running")), selection.tags(),
                      selection.jobs.size() == 1 ? first.priority : 0, parent);
        if (selection.jobs.size() == 1 && first.state == QLatin1String("depends") && !first.dependencies.isEmpty()) {
            const Job job = first;
            add(menu, tr("Remove a dependency…"), [this, job, parent] { m_center->askRemoveDependency(job, parent); });
        }
        if (selection.jobs.size() == 1) {
            const QByteArray jid = first.jid;
            add(menu, tr("Add note…"), [this, jid, parent] { m_center->askAddNote(jid, parent); });
        }
    }
    if (selection.hasAll()) {
        const BulkTarget &all = selection.all;
        QMenu *sub = menu->addMenu(all.kind == BulkTarget::Kind::FailureGroup
                                       ? tr("All %Ln job(s) of group %1", nullptr, int(all.count())).arg(all.group)
                                       : tr("All %Ln job(s) in this list", nullptr, int(all.count())));
        fillAllJobsMenu(sub, selection, parent);
    }
}

void JobActionMenus::fillAllJobsMenu(QMenu *menu, const JobSelection &selection, QWidget *parent)
{
    menu->setToolTipsVisible(true);
    const auto holds = [&selection](const char *state) {
        return selection.listState == QLatin1String(state)
               || (selection.holdsState && selection.holdsState(QLatin1String(state)));
    };
    addJobActions(menu, selection.all, selection.listState,
                  selection.all.kind == BulkTarget::Kind::FailureGroup || holds("failed"),
                  holds("running") || holds("stalled"), {}, 0, parent);
}

void JobActionMenus::addJobActions(QMenu *menu, const BulkTarget &target, const QString &listState, bool anyFailed,
                                   bool anyRunning, const QStringList &knownTags, double priority, QWidget *parent)
{
    if (listState == QLatin1String("complete")) {
        addCompleteJobActions(menu, target, knownTags, parent);
        return;
    }
    const bool group = target.kind == BulkTarget::Kind::FailureGroup;
    QAction *retry = add(menu, group ? tr("Retry all") : tr("Retry"),
                         [this, target, parent] { m_center->run(JobAction::retry(), target, parent); });
    if (!anyFailed && !m_center->isReadOnly()) {
        retry->setEnabled(false);
        // A job qless timed out is listed under Waiting and already waits first in line: a retry
        // would add nothing (and its 'failed' guard would skip it), so it is not offered there.
        retry->setToolTip(listState == QLatin1String("waiting")
                              ? tr("Retry is for failed jobs. A job listed here as timed out already waits first "
                                   "in line: the next worker to pop its queue takes it.")
                              : tr("Retry puts failed jobs back into their queue; none is failed here."));
    }
    add(menu, group ? tr("Move all to queue…") : tr("Move to queue…"),
        [this, target, listState, parent] { m_center->askMove(target, listState, parent); });
    QMenu *priorities = menu->addMenu(tr("Priority"));
    priorities->setToolTipsVisible(true);
    add(priorities, tr("High (10)"),
        [this, target, parent] { m_center->run(JobAction::setPriority(10), target, parent); });
    add(priorities, tr("Normal (0)"),
        [this, target, parent] { m_center->run(JobAction::setPriority(0), target, parent); });
    add(priorities, tr("Low (-10)"),
        [this, target, parent] { m_center->run(JobAction::setPriority(-10), target, parent); });
    add(priorities, tr("Set…"), [this, target, priority, parent] { m_center->askPriority(target, priority, parent); });
    addTrackAndTagActions(menu, target, knownTags, parent);
    if (anyRunning)
        add(menu, tr("Time out…"), [this, target, parent] { m_center->run(JobAction::timeout(), target, parent); });
    menu->addSeparator();
    add(menu, group ? tr("Cancel all…") : tr("Cancel…"),
        [this, target, parent] { m_center->run(JobAction::cancel(), target, parent); });
}

void JobActionMenus::addCompleteJobActions(QMenu *menu, const BulkTarget &target, const QStringList &knownTags,
                                           QWidget *parent)
{
    // What qless does to a complete job: put it into a queue again (it leaves ql:completed and
    // runs anew), track it, tag it. Its cancel skips complete jobs, retry and timeout refuse them,
    // and a priority orders nothing outside a queue: none of those is offered.
    QAction *again = add(menu, tr("Run again in queue…"),
                         [this, target, parent] { m_center->askMove(target, QStringLiteral("complete"), parent); });
    if (!m_center->isReadOnly()) // else the tooltip says why it is disabled
        again->setToolTip(tr("Puts the job into a queue as new: it leaves the completed list and waits to run again."));
    addTrackAndTagActions(menu, target, knownTags, parent);
}

void JobActionMenus::addTrackAndTagActions(QMenu *menu, const BulkTarget &target, const QStringList &knownTags,
                                           QWidget *parent)
{
    add(menu, tr("Track"), [this, target, parent] { m_center->run(JobAction::track(), target, parent); });
    add(menu, tr("Untrack"), [this, target, parent] { m_center->run(JobAction::untrack(), target, parent); });
    add(menu, tr("Add tags…"), [this, target, parent] { m_center->askTags(true, target, {}, parent); });
    add(menu, tr("Remove tags…"),
        [this, target, knownTags, parent] { m_center->askTags(false, target, knownTags, parent); });
}

QAction *JobActionMenus::add(QMenu *menu, const QString &text, std::function<void()> triggered)
{
    QAction *action = menu->addAction(text);
    QObject::connect(action, &QAction::triggered, m_center, std::move(triggered));
    m_center->guard(action);
    return action;
}
