// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

// The version of a splitter's or view's built layout, kept on the widget itself. A widget whose
// built layout changed in a way a state saved before would undo (columns it now shows by default)
// takes a higher version, and LayoutMemory restores no state saved under another version: the
// widget keeps what it was built with. Unset: 0. Kept apart from LayoutMemory so that the code
// that builds a view marks it without reaching up to the window's settings.
namespace LayoutVersion {

void set(QWidget *widget, int version);
int of(const QWidget *widget);

} // namespace LayoutVersion
