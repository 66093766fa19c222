// SPDX-License-Identifier: GPL-3.0-or-later
#include "pagememory.h"

#include "failedpage.h"
#include "queuespage.h"
#include "statspage.h"
#include "tagspage.h"
#include "workerspage.h"

namespace {
const QString queueKey = QStringLiteral("queue");
const QString tabKey = QStringLiteral("tab");
const QString groupKey = QStringLiteral("group");
const QString workerKey = QStringLiteral("worker");
const QString tagKey = QStringLiteral("tag");
const QString compareKey = QStringLiteral("compare");
const QString compareQueueKey = QStringLiteral("compareQueue");
const QString stripKey = QStringLiteral("strip");

// Words, not enum numbers, in the file: a reordered enum must not turn one choice into another.
const QStringList compareWords{QStringLiteral("nothing"), QStringLiteral("day"), QStringLiteral("queue")};
const QStringList stripWords{QStringLiteral("wait"), QStringLiteral("run")};

QString text(const QVariantMap &memory, const QString &key)
{
    const QVariant value = memory.value(key);
    return value.typeId() == QMetaType::QString ? value.toString() : QString();
}

QVariantMap ofStats(const StatsPage *stats)
{
    QVariantMap memory;
    memory.insert(queueKey, stats->queue());
    memory.insert(compareKey, compareWords.value(int(stats->compare())));
    memory.insert(compareQueueKey, stats->compareQueue());
    memory.insert(stripKey, stripWords.value(int(stats->stripKind())));
    return memory;
}

void recallStats(StatsPage *stats, const QVariantMap &memory)
{
    // The queue list has not arrived: a queue named here is offered until it has.
    if (memory.contains(queueKey) && memory.value(queueKey).typeId() == QMetaType::QString)
        stats->setQueue(text(memory, queueKey));
    const QString other = text(memory, compareQueueKey);
    if (!other.isEmpty())
        stats->setCompareQueue(other);
    const int compare = compareWords.indexOf(text(memory, compareKey));
    if (compare >= 0)
        stats->setCompare(StatsPage::Compare(compare));
    const int strip = stripWords.indexOf(text(memory, stripKey));
    if (strip >= 0)
        stats->setStripKind(StatsSeries::Kind(strip));
}
} // namespace

QVariantMap PageMemory::of(const Page *page)
{
    QVariantMap memory;
    const auto keep = [&memory](const QString &key, const QString &value) {
        if (!value.isEmpty())
            memory.insert(key, value);
    };
    if (auto *queues = qobject_cast<const QueuesPage *>(page)) {
        keep(queueKey, queues->currentQueue());
        memory.insert(tabKey, int(queues->currentTab()));
    } else if (auto *failed = qobject_cast<const FailedPage *>(page)) {
        keep(groupKey, failed->currentGroup());
    } else if (auto *workers = qobject_cast<const WorkersPage *>(page)) {
        keep(workerKey, workers->currentWorker());
    } else if (auto *tags = qobject_cast<const TagsPage *>(page)) {
        keep(tagKey, tags->currentTag());
    } else if (auto *stats = qobject_cast<const StatsPage *>(page)) {
        memory = ofStats(stats);
    }
    return memory;
}

void PageMemory::recall(Page *page, const QVariantMap &memory)
{
    if (auto *queues = qobject_cast<QueuesPage *>(page)) {
        bool isNumber = false;
        const int tab = memory.value(tabKey).toInt(&isNumber);
        if (isNumber && tab >= 0 && tab < QueuesPage::TabCount)
            queues->showTab(QueuesPage::Tab(tab));
        const QString queue = text(memory, queueKey);
        if (!queue.isEmpty())
            queues->showQueue(queue);
    } else if (auto *failed = qobject_cast<FailedPage *>(page)) {
        const QString group = text(memory, groupKey);
        if (!group.isEmpty())
            failed->showGroup(group);
    } else if (auto *workers = qobject_cast<WorkersPage *>(page)) {
        workers->showWorker(text(memory, workerKey)); // an empty name is refused there
    } else if (auto *tags = qobject_cast<TagsPage *>(page)) {
        const QString tag = text(memory, tagKey);
        if (!tag.isEmpty())
            tags->showTag(tag);
    } else if (auto *stats = qobject_cast<StatsPage *>(page)) {
        recallStats(stats, memory);
    }
}
