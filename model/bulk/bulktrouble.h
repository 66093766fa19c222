// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"

// How a bulk run takes an error: none, wait for the connection (passing), this job only, or
// the end of the run (every later call would be refused alike).
enum class BulkTrouble { None, Connection, Refused, Fatal };

BulkTrouble bulkTroubleOf(const RedisError &error);
