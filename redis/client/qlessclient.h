// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessconfigreads.h"
#include "qlessfailurereads.h"
#include "qlessjobreads.h"
#include "qlessqueuereads.h"
#include "qlessscanreads.h"
#include "qlessscriptcaller.h"
#include "qlessstatsreads.h"
#include "qlesstrackedtagreads.h"
#include "qlessworkerreads.h"
#include "qlesswrites.h"

#include <QObject>

class RedisConnection;

// The qless operations the console needs, one asynchronous call each, over a RedisConnection,
// grouped by area (client->jobReads().multiGet(...), client->writes().move(...)); every area
// sends through the one QlessScriptCaller this owns. Every call returns at once; `done` later
// runs on `context`'s thread with a QlessReply (the value or a readable error), unless `context`
// has been destroyed (then nothing runs). Replies are decoded on the connection's thread. Reads
// change nothing in Redis; writes are marked as such, so a read-only connection refuses them
// before sending. Call from `context`'s thread. All that is qless-specific (script names,
// arguments, reply shapes) stays in here and in the decoders (redis/decoder/), so another job
// system's API can sit beside this one. The calls go to the unified script qless.lua (qless's
// commands and qlessdesk's desk.* ones) and nothing else.
class QlessClient final : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Done = QlessDone<T>;
    using Clock = QlessScriptCaller::Clock;

    // `connection` must outlive the client.
    explicit QlessClient(RedisConnection *connection, QObject *parent = nullptr);

    RedisConnection *connection() const { return m_caller.connection(); }
    // For tests and replays: a fixed source of `now`. By default `now` is the Redis server's
    // clock (RedisConnection::serverClock), written into each call as it is sent.
    void setClock(Clock clock) { m_caller.setClock(std::move(clock)); }
    // The `now` the scripts get: the set clock, else the server's time as best known.
    double now() const { return m_caller.now(); }

    QlessQueueReads &queueReads() { return m_queueReads; }
    QlessJobReads &jobReads() { return m_jobReads; }
    QlessScanReads &scanReads() { return m_scanReads; }
    QlessFailureReads &failureReads() { return m_failureReads; }
    QlessWorkerReads &workerReads() { return m_workerReads; }
    QlessTrackedTagReads &trackedTagReads() { return m_trackedTagReads; }
    QlessStatsReads &statsReads() { return m_statsReads; }
    QlessConfigReads &configReads() { return m_configReads; }
    QlessWrites &writes() { return m_writes; }

private:
    QlessScriptCaller m_caller;
    QlessQueueReads m_queueReads{m_caller};
    QlessJobReads m_jobReads{m_caller};
    QlessScanReads m_scanReads{m_caller};
    QlessFailureReads m_failureReads{m_caller};
    QlessWorkerReads m_workerReads{m_caller};
    QlessTrackedTagReads m_trackedTagReads{m_caller};
    QlessStatsReads m_statsReads{m_caller};
    QlessConfigReads m_configReads{m_caller};
    QlessWrites m_writes{m_caller};
};
