// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeactions.h"

#include "actioncenter.h"
#include "bluequebulkrun.h"
#include "mnemonictext.h"

#include <QAction>
#include <QMenu>

#include <limits>

namespace {
QString stateKey(const QString &state, const QString &queue)
{
    return state == QLatin1String("scheduled") ? QStringLiteral("blueque_scheduled_tasks_%1").arg(queue)
                                               : QStringLiteral("blueque_%1_tasks_%2").arg(state, queue);
}
} // namespace

BluequeActions::BluequeActions(ActionCenter *center, BluequeSession *blueque, QObject *parent)
    : QObject(parent)
    , m_center(center)
    , m_blueque(blueque)
{}

QString BluequeActions::cannotStopText()
{
    return tr("Blueque cannot stop a reserved or started task: its listener runs it to the end, and the library "
              "has no cancel. Deleting it would make the listener write back half a task. Wait until it completes "
              "or fails; then it can be deleted or requeued.");
}

QString BluequeActions::confirmationText(const BluequeAction &action)
{
    const QString tasks = action.tasksText();
    const QString key = stateKey(action.state, action.queue);
    switch (action.kind) {
    case BluequeAction::Kind::Requeue: {
        QString text = tr("Requeue %1?\n\nEach failed task goes to the head of %2 as a fresh enqueue leaves it: "
                          "status pending, its error, result, node and pid removed (the error text is then gone "
                          "from the task). A task no longer failed when its turn comes is skipped.")
                           .arg(tasks, QStringLiteral("blueque_pending_tasks_%1").arg(action.queue));
        if (action.wholeList)
            text += QLatin1Char(' ')
                    + tr("The list is done oldest first, in steps of at most 500 tasks; tasks that fail while it "
                         "runs are left in the failed list for you to see.");
        return text;
    }
    case BluequeAction::Kind::Delete: {
        QString text = tr("Delete %1?\n\nEach task's hash (blueque_task_<id>) and its entry in %2 are deleted, as "
                          "Blueque's own delete_task does. This cannot be undone. A task no longer %3 when its turn "
                          "comes is skipped.")
                           .arg(tasks, key, action.state);
        if (action.wholeList)
            text += QLatin1Char(' ')
                    + tr("The list is done oldest first, in steps of at most 500 tasks; tasks added while it runs "
                         "are kept.");
        return text;
    }
    case BluequeAction::Kind::Cancel:
        if (action.state == QLatin1String("scheduled"))
            return tr("Cancel %1?\n\nBlueque has no cancelled state: the console deletes the task, its hash "
                      "(blueque_task_<id>) and its entry in %2, in one step and only while it is still scheduled. A "
                      "task already moved to pending meanwhile is skipped. This cannot be undone.")
                .arg(tasks, key);
        return tr("Cancel %1?\n\nBlueque has no cancelled state: the console deletes the task, its hash "
                  "(blueque_task_<id>) and its entry in %2, in one step and only while it is still pending. A task a "
                  "listener has taken meanwhile is left to run (Blueque cannot stop it) and counted apart. This "
                  "cannot be undone.")
            .arg(tasks, key);
    case BluequeAction::Kind::RunNow:
        return tr("Run %1 now?\n\nEach scheduled task moves from %2 to the head of %3 now, as Blueque's "
                  "enqueue_due_tasks moves it when its eta comes (its eta stays in the hash). A task no longer "
                  "scheduled is skipped.")
            .arg(tasks, key, QStringLiteral("blueque_pending_tasks_%1").arg(action.queue));
    }
    return {};
}

QString BluequeActions::confirmButton(const BluequeAction &action)
{
    // The button names the count the confirmation asks about, in the plural form that count takes.
    const int n = int(qMin<qint64>(action.count(), std::numeric_limits<int>::max()));
    switch (action.kind) {
    case BluequeAction::Kind::Requeue: return tr("Requeue %Ln task(s)", nullptr, n);
    case BluequeAction::Kind::Delete: return tr("Delete %Ln task(s)", nullptr, n);
    case BluequeAction::Kind::Cancel: return tr("Cancel %Ln task(s)", nullptr, n);
    case BluequeAction::Kind::RunNow: return tr("Run %Ln task(s) now", nullptr, n);
    }
    return {};
}

bool BluequeActions::fillMenu(QMenu *menu, const QString &queue, const QString &state,
                              const QList<BluequeTaskRef> &chosen, qint64 listTotal, QWidget *parent)
{
    using Kind = BluequeAction::Kind;
    menu->setToolTipsVisible(true);
    const int n = int(chosen.size());
    auto chosenAction = [&](Kind kind) { return BluequeAction::ofTasks(kind, queue, state, chosen); };
    if (state == QLatin1String("reserved") || state == QLatin1String("started")) {
        QAction *cancel = menu->addAction(tr("Cancel: not possible for %1 tasks").arg(state));
        cancel->setEnabled(false);
        cancel->setToolTip(cannotStopText());
        return true;
    }
    if (n > 0) {
        if (BluequeAction::appliesTo(Kind::Requeue, state))
            addAction(menu, tr("Re&queue %n selected task(s)…", nullptr, n), chosenAction(Kind::Requeue), parent);
        if (BluequeAction::appliesTo(Kind::Delete, state))
            addAction(menu, tr("&Delete %n selected task(s)…", nullptr, n), chosenAction(Kind::Delete), parent);
        if (BluequeAction::appliesTo(Kind::Cancel, state))
            addAction(menu, tr("&Cancel %n selected task(s)…", nullptr, n), chosenAction(Kind::Cancel), parent);
        if (BluequeAction::appliesTo(Kind::RunNow, state))
            addAction(menu, tr("&Run %n selected task(s) now…", nullptr, n), chosenAction(Kind::RunNow), parent);
    }
    const bool wholeRequeue = BluequeAction::appliesTo(Kind::Requeue, state);
    const bool wholeDelete = BluequeAction::appliesTo(Kind::Delete, state);
    if ((wholeRequeue || wholeDelete) && listTotal > 0) {
        if (!menu->isEmpty())
            menu->addSeparator();
        // %Ln takes an int: a list longer than that is still named by its plural form.
        const int total = int(qMin<qint64>(listTotal, std::numeric_limits<int>::max()));
        if (wholeRequeue)
            addAction(menu,
                      tr("Requeue &all %Ln failed task(s) of %1…", nullptr, total).arg(MnemonicText::literal(queue)),
                      BluequeAction::ofWholeList(Kind::Requeue, queue, state, listTotal), parent);
        addAction(menu, tr("Delete all %Ln %1 task(s) of %2…", nullptr, total).arg(state, MnemonicText::literal(queue)),
                  BluequeAction::ofWholeList(Kind::Delete, queue, state, listTotal), parent);
    }
    return !menu->isEmpty();
}

void BluequeActions::addAction(QMenu *menu, const QString &text, const BluequeAction &action, QWidget *parent)
{
    QAction *item = menu->addAction(text);
    QPointer<QWidget> where(parent);
    connect(item, &QAction::triggered, this, [this, action, where] { run(action, where); });
    m_center->guard(item);
}

void BluequeActions::run(const BluequeAction &action, QWidget *parent)
{
    if (m_center->refuseReadOnly(parent, action.describe()))
        return;
    m_center->confirm(parent, action.describe(), confirmationText(action), confirmButton(action),
                      action.isDestructive(), [this, action] { start(action); });
}

void BluequeActions::start(const BluequeAction &action)
{
    // The run belongs to the center, as qless's runs do: the runs panel dismisses it.
    auto *run = new BluequeBulkRun(m_blueque, m_center->session(), action, m_center);
    m_lastRun = run;
    connect(run, &BulkProgress::finished, this, &BluequeActions::runFinished);
    m_center->adopt(run);
    run->start();
}
