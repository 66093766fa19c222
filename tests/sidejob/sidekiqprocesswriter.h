// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

class SyncRedis;

// Writes what a Sidekiq 6.4.1 process (Debian 12's ruby-sidekiq, under SideJob) keeps in Redis, as
// observed with MONITOR: its heartbeat every 5 s (one MULTI: the identity in `processes`, the
// process hash with a 60 s expiry, the busy threads' hash replaced), the daily statistics, and
// what a clean shutdown removes. Times are float seconds, as 6.4 writes them.
class SidekiqProcessWriter final
{
public:
    struct Busy
    {
        QByteArray thread;   // Sidekiq's thread id, e.g. "9lb"
        QByteArray itemJson; // the job item as it was fetched
        qint64 runAt = 0;    // whole seconds
    };

    SidekiqProcessWriter(SyncRedis &redis, const QByteArray &hostname, qint64 pid, const QByteArray &nonce,
                         const QList<QByteArray> &queues, int concurrency, double startedAt);

    // "{hostname}:{pid}:{nonce}"; Sidekiq's nonce is 12 hex digits.
    QByteArray identity() const;
    void beat(double now, const QList<Busy> &busy = {}, qint64 processed = 0, qint64 failed = 0);
    // A clean stop (TERM): out of `processes`, busy hash gone, the process hash left to expire.
    void stop();

private:
    SyncRedis &m_redis;
    QByteArray m_hostname;
    qint64 m_pid;
    QByteArray m_nonce;
    QList<QByteArray> m_queues;
    int m_concurrency;
    double m_startedAt;
};
