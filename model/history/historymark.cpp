// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyvalues.h"

#include <array>
#include <utility>

namespace {
// Stored as text, so a record stays readable with sqlite3 and new kinds need no migration.
const std::array<std::pair<HistoryMark::Kind, const char *>, 5> kindNames{{
    {HistoryMark::Kind::Reconnect, "reconnect"},
    {HistoryMark::Kind::Pause, "pause"},
    {HistoryMark::Kind::Unpause, "unpause"},
    {HistoryMark::Kind::ConfigChange, "config change"},
    {HistoryMark::Kind::BulkRun, "bulk run"},
}};
} // namespace

QString HistoryMark::kindName(Kind kind)
{
    for (const auto &[k, name] : kindNames) {
        if (k == kind)
            return QString::fromLatin1(name);
    }
    return QString();
}

bool HistoryMark::kindFromName(const QString &name, Kind *kind)
{
    for (const auto &[k, text] : kindNames) {
        if (name == QLatin1String(text)) {
            *kind = k;
            return true;
        }
    }
    return false;
}
