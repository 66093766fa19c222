// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobaction.h"
#include "sidejobbulkrun.h"

#include <QObject>
#include <QPointer>

class ActionCenter;
class QMenu;
class QWidget;
class SideJobSession;

// What an operator can do to SideJob jobs from the console (docs/SIDEJOB.md, "What the console may
// change"): run (only from a status the library allows, or forced), terminate (a job, or its whole
// subtree), delete a terminated subtree, write a value to an input port; one job or the chosen
// rows. Each is confirmed in exact words (what is written, what forcing means, that the console
// never touches a lock nor removes a Sidekiq item), refused on a read-only connection as qless's
// actions are (ActionCenter), run by a SideJobBulkRun (audited, bounded calls) and shown in the
// window's runs panel with its progress and summary.
class SideJobActions final : public QObject
{
    Q_OBJECT

public:
    // `center` is the server's (ActionCenter::of its session); `sidejob` its SideJob side.
    SideJobActions(ActionCenter *center, SideJobSession *sidejob, QObject *parent = nullptr);

    // Adds to `menu` what applies to the chosen jobs. Returns whether it added anything.
    bool fillMenu(QMenu *menu, const QList<SideJobRef> &chosen, QWidget *parent);
    // Refused on a read-only connection; otherwise confirmed, then run.
    void run(const SideJobAction &action, QWidget *parent);
    // Asks for the port and the value (JSON, checked as it is typed), then confirms and runs.
    void askWriteInput(const SideJobRef &job, QWidget *parent);

    // The confirmation's text and its yes button for `action`.
    static QString confirmationText(const SideJobAction &action);
    static QString confirmButton(const SideJobAction &action);
    // What the console never does to Sidekiq's side, where the operator looks for it.
    static QString sidekiqItemsText();

    SideJobBulkRun *lastRun() const { return m_lastRun; }

signals:
    void runFinished();

private:
    void start(const SideJobAction &action);
    void addAction(QMenu *menu, const QString &text, const SideJobAction &action, QWidget *parent);

    ActionCenter *m_center;
    SideJobSession *m_sidejob;
    QPointer<SideJobBulkRun> m_lastRun;
};
