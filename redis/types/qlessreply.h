// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"

// The outcome of one typed qless call: a value, or the error that stands in for it.
template<typename T>
struct QlessReply
{
    T value{};
    RedisError error;

    bool ok() const { return error.isNull(); }
};
