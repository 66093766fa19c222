// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tablecolumns.h"

#include <QString>
#include <QStringList>

#include <optional>

// One listener of a Blueque queue: the reserved list it holds and its tasks' latest change, as
// the listeners view (BluequeListenerModel) and the blueque-listeners export
// (BluequeTableExport) read it. The view reads the first few held tasks; the export counts the
// whole lists and the started set.
struct BluequeListenerRow
{
    QString queue;
    QString name;
    bool listed = true;               // in blueque_listeners_{q}; false: a reserved list left by one gone
    qint64 held = 0;                  // entries of its reserved list (-1: the key is of another type)
    qint64 started = 0;               // its tasks that say started
    qint64 stillPending = 0;          // of those read, how many still say pending (a dequeue cut short)
    QStringList ids;                  // the first few held (the view only)
    std::optional<double> lastChange; // the newest `updated` among the tasks read

    // Takes a task's `updated` into lastChange when it is newer.
    void noteChange(std::optional<double> updated)
    {
        if (updated && (!lastChange || *updated > *lastChange))
            lastChange = updated;
    }

    // The view's and the export's columns, in one order.
    static const TableColumns<BluequeListenerRow> &columns();
};
