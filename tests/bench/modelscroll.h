// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class JobListModel;

// Scrolls `model` (its first page asked for already) until it holds `rows` rows or ends, asking
// for the next page as a view does when its last row comes into sight. False when the list
// ended short of `rows`, a page failed, or `timeoutMs` passed.
bool scrollThrough(JobListModel &model, int rows, int timeoutMs);
