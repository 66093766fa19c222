// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidekiqtypes.h"

#include <QObject>

#include <functional>

class SideJobClient;
class SidekiqItemModel;
class SidekiqProcessModel;
class SidekiqQueueModel;

// The Sidekiq side a SideJob deployment runs on, as the Sidekiq page shows it: one refresh reads
// the totals, queues and processes (lua/sidejob/sidekiq.lua) and a page of the sorted set shown
// (schedule, retry or dead), two bounded calls one after the other, and fills the three models.
class SidekiqMonitor final : public QObject
{
    Q_OBJECT

public:
    SidekiqMonitor(SideJobClient *client, QObject *parent = nullptr);

    SidekiqQueueModel *queues() const { return m_queues; }
    SidekiqProcessModel *processes() const { return m_processes; }
    SidekiqItemModel *items() const { return m_items; }
    const SidekiqOverview &overview() const { return m_overview; }
    // "schedule", "retry" or "dead": which sorted set items() holds.
    void setSortedSet(const QString &set);
    QString sortedSet() const { return m_set; }
    void refresh(double now, std::function<void(bool ok)> done = {});
    QString lastError() const { return m_lastError; }
    // Sidekiq's totals in a sentence: processed and failed, the sorted sets' sizes, queues, processes.
    QString summary() const;
    // The size of "schedule", "retry" or "dead" (-1: not a sorted set).
    qint64 sortedSetSize(const QString &set) const;

signals:
    void refreshed();

private:
    SideJobClient *m_client;
    SidekiqQueueModel *m_queues;
    SidekiqProcessModel *m_processes;
    SidekiqItemModel *m_items;
    SidekiqOverview m_overview;
    QString m_set = QStringLiteral("schedule");
    QString m_lastError;
};
