// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"

#include <functional>

// How the model's read and write interfaces answer: once, on the asking context's thread, with
// the value or the error that stands in for it; not at all when the context is gone first.
template<typename T>
using ReplyDone = std::function<void(const QlessReply<T> &)>;
