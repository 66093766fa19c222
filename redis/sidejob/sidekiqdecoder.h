// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"
#include "redisreply.h"
#include "sidekiqtypes.h"

// Replies of lua/sidejob/sidekiq.lua and sortedpage.lua decoded into sidekiqtypes.h. Tolerant as
// SideJobDecoder: a reply of the wrong shape is a BadReply error; an item or info that is not
// JSON keeps its text and leaves the fields read from it empty.
namespace SidekiqDecoder {
SidekiqOverview overview(const RedisReply &reply, RedisError *error);
SidekiqItemPage itemPage(const RedisReply &reply, RedisError *error);
} // namespace SidekiqDecoder
