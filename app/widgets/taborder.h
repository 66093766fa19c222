// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

// Tab goes through a window as a person reads it: in the order its layouts place the controls
// (a row left to right, a column top to bottom, a splitter's panes in turn, a tab widget's bar
// before its pages), not in the order the code happened to create them. Qt's default is the
// latter, which sent Tab from a page's table to the filter above it, then back down.
namespace TabOrder {
// Chains every control under `root` that Tab stops at, in layout order. Controls made later
// (rows added on the fly) join at the end of the chain, as Qt puts them.
void followLayout(QWidget *root);
} // namespace TabOrder
