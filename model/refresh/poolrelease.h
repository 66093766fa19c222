// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QThreadPool>

#include <memory>

// Lets go of a value on a pool thread instead of the caller's. Letting go of a job's long
// history or of a table's 50,000 rows is hundreds of thousands of frees, more than a frame of the
// GUI thread. The value must be safe to destroy on another thread, as Qt's implicitly shared types
// are (their counts are atomic), and must not be shared with anything that thread cannot see.
namespace PoolRelease {

template<typename T>
void release(T what)
{
    auto kept = std::make_shared<T>(std::move(what));
    QThreadPool::globalInstance()->start([kept]() mutable { kept.reset(); });
}

} // namespace PoolRelease
