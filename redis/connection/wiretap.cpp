// SPDX-License-Identifier: GPL-3.0-or-later
#include "wiretap.h"

#include <atomic>

namespace {
std::atomic<WireTap *> current{nullptr};
} // namespace

void WireTap::install(WireTap *tap)
{
    current.store(tap, std::memory_order_release);
}

WireTap *WireTap::installed()
{
    return current.load(std::memory_order_acquire);
}
