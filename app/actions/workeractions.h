// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "namedrowactions.h"
#include "workerinfo.h"

#include <QList>
#include <QStringList>

class QAbstractItemView;
class QMenu;
class QPushButton;
class QWidget;
class QlessSession;
class WorkerListModel;

// qless's worker.deregister from the console: one worker, a selection, or every worker not seen
// for longer than a chosen time (the count is shown before anything is sent). A deregistered
// worker leaves the workers list; the jobs it holds stay where they are (a live worker that
// comes back registers again on its next pop or heartbeat). Confirmed, refused on a read-only
// connection, audited ("deregister workers"), followed by ActionCenter::changed.
class WorkerActions final : public NamedRowActions
{
    Q_OBJECT

public:
    static WorkerActions *of(QlessSession *session);

    // A context menu on `view` (over `model` or a proxy of it), several rows selectable.
    void install(QAbstractItemView *view, const WorkerListModel *model);
    void fillMenu(QMenu *menu, const QStringList &selected, const WorkerListModel *model, QWidget *parent);

    void deregister(const QStringList &workers, QWidget *parent);
    // "Deregister idle…": a button (on `parent`) that asks as askDeregisterIdle does; disabled,
    // saying why, on a read-only connection. The Workers page and the Overview both have it.
    QPushButton *makeDeregisterIdleButton(const WorkerListModel *model, QWidget *parent);
    // Asks for an idle time, then offers to deregister the workers of `model` not seen for longer.
    void askDeregisterIdle(const WorkerListModel *model, QWidget *parent);
    // The workers of `rows` last seen more than `seconds` before `now`, oldest first.
    static QStringList idleFor(const QList<WorkerSummary> &rows, double seconds, double now);

private:
    explicit WorkerActions(QlessSession *session);
};
