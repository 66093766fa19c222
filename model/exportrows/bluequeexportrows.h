// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"

#include <QStringList>

struct TableExportView;

// What an export learns of one listener: the reserved list it holds and its started entries.
struct BluequeListenerExportRow
{
    QString queue;
    QString listener;
    bool listed = true; // in blueque_listeners_{q}; false: a reserved list left by one gone
    qint64 reserved = 0;
    qint64 started = 0;
    double lastChange = 0; // the latest `updated` of the tasks it holds; 0: none read
};

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
    static QStringList listener(const BluequeListenerExportRow &listener);
    // A time field: ISO 8601 UTC when it is a number, else its text as Redis holds it.
    static QString time(const BluequeTime &time);
};
