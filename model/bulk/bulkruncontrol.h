// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"

#include <QtGlobal>

#include <functional>

class QObject;

// What a BulkRunner's strategy asks of the runner, which alone owns the run's phase, its signals
// and its end (audit, receipts).
class BulkRunControl
{
public:
    virtual ~BulkRunControl() = default;

    // The object the strategy's requests are answered on: their callbacks end with the run.
    virtual QObject *replyContext() = 0;
    // Paused or finished: nothing is sent until the run resumes.
    virtual bool isHalted() const = 0;
    // Waits for the connection, then calls `resume` (once).
    virtual void pause(const RedisError &why, std::function<void()> resume) = 0;
    // The run works through its jobs (Running): its rate is measured from now.
    virtual void beginWorking() = 0;
    virtual void finish() = 0;
    virtual void reportProgress() = 0;
    // The server's count of the run's releases (ql:desk:run:<run>) given to `from`, 0 when it has
    // none or cannot say; a lost connection pauses the run, to check again once it is back.
    virtual void readAppliedReleases(const std::function<void()> &then, const std::function<void(qint64)> &from) = 0;
};
