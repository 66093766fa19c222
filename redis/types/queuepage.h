// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "queuecounts.h"

#include <QList>

// One call's share of the queues list (qless.lua's desk.queuepage): the counts of ql:queues
// entries [offset, offset + count) in order of first sight, and how many queues there are in
// all, so the caller knows where the walk ends.
struct QueuePage
{
    qint64 total = 0;
    QList<QueueCounts> queues;
};
