// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequeaction.h"
#include "bluequebulkrun.h"

#include <QObject>
#include <QPointer>

class ActionCenter;
class BluequeSession;
class QMenu;
class QWidget;

// What an operator can do to Blueque tasks from the console (docs/BLUEQUE.md, "What the console
// may change"): requeue failed tasks, delete complete or failed ones, cancel a pending one, run a
// scheduled one now; chosen rows, or a whole failed or complete list however long. Each is
// confirmed in exact words (what the console writes, and how many), refused on a read-only
// connection as qless's actions are (ActionCenter), run by a BluequeBulkRun (audited, bounded
// steps) and shown in the window's runs panel with its progress and summary. Reserved and started
// tasks get a disabled Cancel that says why: Blueque cannot stop them.
class BluequeActions final : public QObject
{
    Q_OBJECT

public:
    // `center` is the server's (ActionCenter::of its session); `blueque` its Blueque side.
    BluequeActions(ActionCenter *center, BluequeSession *blueque, QObject *parent = nullptr);

    // Adds to `menu` what applies to the queue's tasks in `state`: the chosen rows, and the whole
    // list of `listTotal` tasks where a whole list can be done. Returns whether it added anything.
    bool fillMenu(QMenu *menu, const QString &queue, const QString &state, const QList<BluequeTaskRef> &chosen,
                  qint64 listTotal, QWidget *parent);
    // Refused on a read-only connection; otherwise confirmed, then run.
    void run(const BluequeAction &action, QWidget *parent);

    // Why reserved and started tasks cannot be cancelled, where the operator looks for it.
    static QString cannotStopText();
    // The confirmation's text and its yes button for `action`.
    static QString confirmationText(const BluequeAction &action);
    static QString confirmButton(const BluequeAction &action);

    // The last run started, for tests.
    BluequeBulkRun *lastRun() const { return m_lastRun; }

signals:
    // A run ended: the page shows what it changed.
    void runFinished();

private:
    void start(const BluequeAction &action);
    void addAction(QMenu *menu, const QString &text, const BluequeAction &action, QWidget *parent);

    ActionCenter *m_center;
    BluequeSession *m_blueque;
    QPointer<BluequeBulkRun> m_lastRun;
};
