// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

// The queue a job is shown in: its queue field, or for a complete job, whose queue qless empties,
// the last queue its history names (where it ran; lists of completed jobs are read and filtered by
// it). Empty when neither says.
QString jobQueue(const Job &job);
