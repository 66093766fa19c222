// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobtypes.h"

#include <QString>

// A SideJob job's whole record as an operator reads it, as HTML for a read-only browser: status,
// worker, args (indented JSON), times with how long ago, lock, whether Sidekiq holds its item,
// parent and children as links to walk the tree both ways, ports with what waits in each (a port's
// link opens its values), state, aliases, and what looks wrong. Every stored text is escaped.
namespace SideJobRecordText {
// Link targets: "sidejob-job:<id>", "sidejob-port:<in|out>:<port>" and "sidejob-children:<cursor>"
// (another window of the job's children).
QString jobLink(const QByteArray &id);
QString childrenLink(const QByteArray &cursor);
QString portLink(bool input, const QString &port);
QString describe(const SideJobRecord &record, double now);
} // namespace SideJobRecordText
