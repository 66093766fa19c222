#pragma once

#include <QString>

// One queue's job counts, as the queues script reports them (due scheduled jobs count as waiting).
struct QueueCounts
{
    QString name;
    qint64 waiting = 0;
    qint64 running = 0;
    qint64 stalled = 0;
    qint64 scheduled = 0;
    qint64 depends = 0;
    qint64 recurring = 0;
    bool paused = false;
};
