// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QVariantMap>

class Page;

// What a page would choose again on the next run against the same server (its queue, its tab,
// its failure group, worker or tag, the Stats page's chart choices), as plain values for
// LayoutMemory; pages stay unaware of settings. What is read back comes from a file the user
// may have edited: a value of the wrong type or out of range is skipped.
namespace PageMemory {
QVariantMap of(const Page *page);
void recall(Page *page, const QVariantMap &memory);
} // namespace PageMemory
