// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "replydone.h"

#include <QStringList>

class QObject;

// The writes on whole queues that the queue actions make. A refusal on a read-only connection
// comes back as the reply's error, before anything is sent.
class QueueWrites
{
public:
    virtual ~QueueWrites() = default;

    // Workers pop nothing from a paused queue; jobs stay where they are.
    virtual void pause(const QStringList &queues, QObject *context, ReplyDone<bool> done) = 0;
    virtual void unpause(const QStringList &queues, QObject *context, ReplyDone<bool> done) = 0;
    // Forgets the queues that hold nothing; the value lists those forgotten (one that holds a job
    // or a recurring template stays).
    virtual void forget(const QStringList &queues, QObject *context, ReplyDone<QStringList> done) = 0;
};
