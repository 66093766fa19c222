// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "replydone.h"

#include <QStringList>

class QObject;

// The writes on workers that the worker actions make. A refusal on a read-only connection comes
// back as the reply's error, before anything is sent.
class WorkerWrites
{
public:
    virtual ~WorkerWrites() = default;

    // The workers leave the workers list; their jobs stay where they are.
    virtual void deregister(const QStringList &workers, QObject *context, ReplyDone<bool> done) = 0;
};
