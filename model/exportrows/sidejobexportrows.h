// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobtypes.h"
#include "sidekiqtypes.h"

#include <QStringList>

struct TableExportView;

// The header and cells of SideJob's exported tables (export-table's sidejob-* views), as
// BluequeExportRows does for Blueque's: English headers, Sidekiq's times as ISO 8601 UTC whatever
// unit the Sidekiq version wrote (seconds or milliseconds), SideJob's own times as the library
// stored them (already ISO 8601, with nanoseconds). A value that is not what the libraries write
// is written as Redis holds it (a beat that is not a number keeps its text, the count of a key of
// another type is -1), never dropped.
class SideJobExportRows final
{
public:
    SideJobExportRows() = delete;

    static QStringList header(const TableExportView &view);
    // `args` is the whole JSON text (a page's rows carry it cut).
    static QStringList job(const SideJobRow &job, const QByteArray &args);
    static QStringList queue(const SidekiqQueue &queue);
    static QStringList process(const SidekiqProcess &process);
};
