// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

// SideJob's own times: ISO 8601 UTC with nine decimals ("2026-11-28T09:30:56.719675770Z"), as
// Time#iso8601(9) writes them in either layout. Qt reads at most milliseconds, so the fraction is
// read by hand.
namespace SideJobTime {
std::optional<double> seconds(const QString &iso);
// The local time of `iso`, or `iso` as stored when it is no such time.
QString shown(const QString &iso);
} // namespace SideJobTime
