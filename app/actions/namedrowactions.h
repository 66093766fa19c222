// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "actioncenter.h"

#include <QObject>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;
class QWidget;
class QlessSession;

// What the action sets of the lists whose rows are known by name (QueueActions, WorkerActions)
// share, so each keeps only its own actions: menu entries guarded on a read-only connection, the
// way a write on some names is confirmed, and how it ends (audited, told, pages refreshed).
class NamedRowActions : public QObject
{
    Q_OBJECT

public:
    // `one` (with %1) for a single name, else `many` (%1 the count, %2 the first eight names and
    // "and N more"): what a confirmation or a result says it acts on.
    static QString namesText(const QStringList &names, const QString &one, const QString &many);

protected:
    // Made once per session as its child, found again by `objectName` (see the subclasses' of()).
    NamedRowActions(QlessSession *session, const QString &objectName);

    // A menu entry that does `triggered`, disabled with the reason on a read-only connection.
    QAction *addGuarded(QMenu *menu, const QString &text, std::function<void()> triggered);
    // Refuses on a read-only connection (saying why), does nothing for no names, else asks
    // `text` and runs `go` on yes.
    void confirmWrite(const QStringList &names, QWidget *parent, const QString &title, const QString &text,
                      const QString &button, bool destructive, std::function<void()> go);
    // Audits a write to `names` under arguments[`key`] (no jobs counted: it acts on the names
    // themselves), tells the operator as `report` says, and has pages read again.
    void finishWrite(QWidget *parent, const QString &title, const QString &action, const QString &key,
                     const QStringList &names, const QString &outcome, const QString &message,
                     ActionCenter::Report report);

    QlessSession *const m_session;
    ActionCenter *const m_center;
};
