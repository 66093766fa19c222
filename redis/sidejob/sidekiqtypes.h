// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The Sidekiq side a SideJob deployment runs on (docs/SIDEJOB.md, "Sidekiq's keys"), as plain
// values. Sidekiq's times are float seconds before Sidekiq 8 and integer milliseconds since:
// SidekiqTime reads both.
namespace SidekiqTime {
// Seconds since the epoch from a Sidekiq time's text; a number above 1e11 is milliseconds.
std::optional<double> seconds(const QByteArray &text);
} // namespace SidekiqTime

struct SidekiqQueue
{
    QString name;
    qint64 length = 0;     // -1: queue:{q} is not a list
    qint64 registered = 0; // worker classes in workers:{q}; -1: not a hash
    qint64 orphans = 0;    // items among the 100 fetched next whose job is deleted (dropped when fetched)
    QByteArray oldest;     // the item fetched next
    std::optional<double> oldestEnqueuedAt;
};

struct SidekiqProcess
{
    QString identity;
    bool present = false; // its hash exists (a killed process's is gone after 60 s)
    QString hostname;
    qint64 pid = 0;
    int concurrency = 0;
    QStringList queues;
    QString tag;
    std::optional<double> startedAt;
    qint64 busy = -1;
    QByteArray beatText;
    std::optional<double> beat;
    bool quiet = false;
    QByteArray info; // the info JSON as stored
};

struct SidekiqOverview
{
    QByteArray processed; // stat:processed as stored, empty when missing
    QByteArray failed;
    qint64 schedule = 0; // sizes of the sorted sets; -1 when the key is of another type
    qint64 retry = 0;
    qint64 dead = 0;
    qint64 queueTotal = 0;
    QList<SidekiqQueue> queues;
    qint64 processTotal = 0;
    QList<SidekiqProcess> processes;
};

// One item of schedule, retry or dead (lua/sidejob/sortedpage.lua).
struct SidekiqItem
{
    QByteArray item;
    double score = 0;
    std::optional<double> at; // the score read as a Sidekiq time
    QByteArray jid;
    QString klass;
    QString queue;
    int known = -1; // 1: a SideJob job; 0: an integer jid not in `jobs`; -1: not an integer jid
    QString error;  // retry/dead: error_message
};

struct SidekiqItemPage
{
    qint64 total = 0; // -1: the key is not a sorted set
    QList<SidekiqItem> items;
};
