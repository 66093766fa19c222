// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequelistenerrow.h"
#include "bluequetypes.h"

#include <QStringList>

struct TableExportView;

// The header and cells of Blueque's exported tables (export-table's blueque-* views), as
// TableExportRows does for qless's: English headers, times as ISO 8601 UTC, whole numbers. A
// value Redis holds that is not what Blueque writes is written as it is (a time that is not a
// number keeps its text, a count of a key of another type is -1), never dropped.
class BluequeExportRows final
{
public:
    BluequeExportRows() = delete;

    static QStringList header(const TableExportView &view);
    static QStringList queue(const BluequeQueue &queue);
    // `parameters` and `error` are the whole texts (a page's rows carry them cut).
    static QStringList task(const BluequeTaskRow &task, const QString &parameters, const QString &error);
    // A listener's columns are BluequeListenerRow::columns(), which its view shows too.
    static QStringList listener(const BluequeListenerRow &listener);
    // A time field: ISO 8601 UTC when it is a number, else its text as Redis holds it.
    static QString time(const BluequeTime &time);
};
