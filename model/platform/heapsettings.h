// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the process's heap (glibc's malloc) is set up, once, at the start of the console and of
// the bench (which measures the console as it runs).
class HeapSettings final
{
public:
    // Turns off glibc's fast bins. A small block freed beyond the thread cache's few goes to a
    // fast bin unmerged, and the next large free or allocation in that arena merges every block
    // waiting there first (malloc_consolidate): after the Events page took in hundreds of
    // thousands of events, or a search's replies were dropped, that one call can take longer than
    // a frame on the GUI thread, at an unrelated moment. Without fast
    // bins each block is merged as it is freed: a little more work per free, spread evenly.
    static void mergeFreedBlocksAtOnce();
};
