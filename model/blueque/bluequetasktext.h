// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"

#include <QString>

// A Blueque task's full record as an operator reads it: every field of its hash (parameters as
// indented JSON when they parse as JSON, times as dates with how long ago), and the keys found
// holding it. Plain text, for a read-only pane.
namespace BluequeTaskText {
QString describe(const BluequeTaskRecord &record, double now);
} // namespace BluequeTaskText
