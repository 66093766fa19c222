// SPDX-License-Identifier: GPL-3.0-or-later
#include "heapsettings.h"

#include <QTest>

#include <cstdlib>
#include <vector>

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

// HeapSettings: with the console's heap set up, small blocks freed in bulk wait in no fast bin,
// so no later allocation or free has a pile of them to merge at once on the GUI thread.
class TestHeapSettings final : public QObject
{
    Q_OBJECT

private slots:
    void smallFreedBlocksWaitInNoFastBin()
    {
#if !defined(M_MXFAST)
        QSKIP("glibc's malloc only");
#else
        HeapSettings::mergeFreedBlocksAtOnce();
        // Rows of a table dropped at once: 100,000 blocks of 48 bytes, far more than the thread
        // cache keeps. With fast bins on, most of them wait there (smblks counts them).
        std::vector<void *> blocks(100000);
        for (void *&block : blocks)
            block = std::malloc(48);
        // Every other one: none can merge with a neighbour yet.
        for (std::size_t i = 0; i < blocks.size(); i += 2)
            std::free(blocks[i]);
        const struct mallinfo2 info = mallinfo2();
        for (std::size_t i = 1; i < blocks.size(); i += 2)
            std::free(blocks[i]);
        QCOMPARE(info.smblks, std::size_t(0));
#endif
    }
};

QTEST_GUILESS_MAIN(TestHeapSettings)
#include "tst_heapsettings.moc"
