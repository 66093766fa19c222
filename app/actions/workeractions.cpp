// SPDX-License-Identifier: GPL-3.0-or-later
#include "workeractions.h"

#include "durationtext.h"
#include "qlesssession.h"
#include "rowcontextmenu.h"
#include "serverreads.h"
#include "windowmodal.h"
#include "workerlistmodel.h"
#include "workerwrites.h"

#include <QAbstractItemView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QMenu>
#include <QPointer>
#include <QPushButton>

#include <algorithm>

namespace {
QString workersText(const QStringList &workers)
{
    return WorkerActions::namesText(workers, WorkerActions::tr("worker %1"), WorkerActions::tr("%1 workers (%2)"));
}
} // namespace

WorkerActions::WorkerActions(QlessSession *session)
    : NamedRowActions(session, QStringLiteral("workerActions"))
{}

WorkerActions *WorkerActions::of(QlessSession *session)
{
    auto *actions = session->findChild<WorkerActions *>(QStringLiteral("workerActions"), Qt::FindDirectChildrenOnly);
    return actions ? actions : new WorkerActions(session);
}

QStringList WorkerActions::idleFor(const QList<WorkerSummary> &rows, double seconds, double now)
{
    QList<WorkerSummary> idle;
    for (const WorkerSummary &row : rows) {
        if (now - row.lastSeen > seconds)
            idle << row;
    }
    std::sort(idle.begin(), idle.end(),
              [](const WorkerSummary &a, const WorkerSummary &b) { return a.lastSeen < b.lastSeen; });
    QStringList names;
    for (const WorkerSummary &row : idle)
        names << row.name;
    return names;
}

void WorkerActions::install(QAbstractItemView *view, const WorkerListModel *model)
{
    RowContextMenu::install(view, QStringLiteral("workerActionsMenu"), [this, view, model](QMenu *menu) {
        if (model->rowCount() == 0)
            return false;
        QStringList selected;
        for (const QModelIndex &index : view->selectionModel()->selectedRows())
            selected << index.data(WorkerListModel::KeyRole).toString();
        fillMenu(menu, selected, model, view->window());
        return true;
    });
}

void WorkerActions::fillMenu(QMenu *menu, const QStringList &selected, const WorkerListModel *model, QWidget *parent)
{
    menu->setToolTipsVisible(true);
    if (!selected.isEmpty())
        addGuarded(menu, selected.size() == 1 ? tr("Deregister…") : tr("Deregister %1 workers…").arg(selected.size()),
                   [this, selected, parent] { deregister(selected, parent); });
    addGuarded(menu, tr("Deregister all idle for longer than…"),
               [this, model, parent] { askDeregisterIdle(model, parent); });
}

void WorkerActions::deregister(const QStringList &workers, QWidget *parent)
{
    const QString title = tr("Deregister workers");
    const QString text = tr("Deregister %1?\n\nThey leave the workers list. Jobs they hold stay as they are; "
                            "a worker still alive registers again when it next asks for work.")
                             .arg(workersText(workers));
    confirmWrite(workers, parent, title, text, tr("Deregister"), true, [this, workers, title, parent] {
        m_session->workerWrites()->deregister(
            workers, this, [this, workers, title, where = QPointer<QWidget>(parent)](const QlessReply<bool> &reply) {
                finishWrite(where, title, QStringLiteral("deregister workers"), QStringLiteral("workers"), workers,
                            reply.ok() ? QStringLiteral("done") : QStringLiteral("failed"),
                            reply.ok() ? tr("%1 deregistered").arg(workersText(workers)) : reply.error.message,
                            ActionCenter::Report::Failure);
            });
    });
}

QPushButton *WorkerActions::makeDeregisterIdleButton(const WorkerListModel *model, QWidget *parent)
{
    auto *button = new QPushButton(tr("Deregister idle…"), parent);
    button->setObjectName(QStringLiteral("deregisterIdleButton"));
    button->setToolTip(tr("Deregister every worker not seen for longer than a time you choose "
                          "(the count is shown first)."));
    m_center->guard(button);
    connect(button, &QPushButton::clicked, this, [this, model, button] { askDeregisterIdle(model, button->window()); });
    return button;
}

void WorkerActions::askDeregisterIdle(const WorkerListModel *model, QWidget *parent)
{
    const QString title = tr("Deregister idle workers");
    if (m_center->refuseReadOnly(parent, title))
        return;
    QInputDialog *dialog = WindowModal::input(parent, QStringLiteral("idleMinutesInput"), title,
                                              tr("&Deregister every worker not seen for longer than (minutes):"));
    dialog->setInputMode(QInputDialog::IntInput);
    dialog->setIntRange(1, 60 * 24 * 365);
    dialog->setIntValue(60);
    const QPointer<const WorkerListModel> from(model);
    connect(dialog, &QInputDialog::intValueSelected, this,
            [this, from, title, where = QPointer<QWidget>(parent)](int minutes) {
                if (!from)
                    return;
                const double seconds = minutes * 60.0;
                const QStringList idle = idleFor(from->rows(), seconds, m_session->reads()->now());
                if (idle.isEmpty()) {
                    m_center->showResult(where, title,
                                         tr("No worker listed was idle for longer than %1: nothing to do.")
                                             .arg(DurationText::format(seconds)),
                                         false);
                    return;
                }
                deregister(idle, where);
            });
    WindowModal::open(dialog);
}
