// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "themecolors.h"

#include <QString>
#include <QStringList>

// The rich-text pieces the job window is written in, shared by its header, fields and failure tab:
// links the view reports instead of following (scheme:value, value percent-encoded), moments with
// their age, numbers, state colours.
namespace JobDetailText {
QString link(const QString &scheme, const QString &value);
// Links to the first few `values` and how many more there are; "none" in grey when empty.
QString links(const QString &scheme, const QStringList &values);
// A moment in the desktop's zone with how long ago it was; the same moment in UTC on hover.
// `now`: the Redis server's time (JobDetailReader::serverNow), the clock the job's times were written by.
QString stamp(double when, double now);
QString number(double value);
// Tones shared with the lists: what needs attention is warm, what moves is blue.
ThemeColors::Tone stateTone(const QString &state);
QString absent(); // a muted dash
} // namespace JobDetailText
