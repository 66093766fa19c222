// SPDX-License-Identifier: GPL-3.0-or-later
#include "heapsettings.h"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

void HeapSettings::mergeFreedBlocksAtOnce()
{
#if defined(M_MXFAST)
    // M_MXFAST 0: no request size is served from a fast bin (glibc's mallopt(3)); the same as
    // GLIBC_TUNABLES=glibc.malloc.mxfast=0, without depending on the environment.
    mallopt(M_MXFAST, 0);
#endif
}
