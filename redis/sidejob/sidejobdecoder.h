// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"
#include "redisreply.h"
#include "sidejobtypes.h"

// Replies of lua/sidejob's read scripts decoded into sidejobtypes.h. Tolerant: a reply of the
// wrong shape is a BadReply error, never a crash; a field that is not what SideJob writes is kept
// as its text.
namespace SideJobDecoder {
SideJobPresence presence(const RedisReply &reply, RedisError *error);
SideJobPage page(const RedisReply &reply, RedisError *error);
SideJobRecord record(const RedisReply &reply, RedisError *error);
SideJobPortPage portPage(const RedisReply &reply, RedisError *error);
// A 4.0 field's JSON value as text: a JSON string decoded, null as empty, anything else as stored.
QString jsonText(const QByteArray &stored);
} // namespace SideJobDecoder
