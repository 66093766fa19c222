// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyrecorder.h"

#include "historystore.h"
#include "qlessclient.h"
#include "qlesseventdecoder.h"
#include "redissubscriber.h"

#include <QDateTime>

#include <algorithm>

HistoryRecorder::HistoryRecorder(std::shared_ptr<HistoryStore> store, QlessClient *client,
                                 const ConnectionSettings &settings, QObject *parent)
    : QObject(parent)
    , m_store(std::move(store))
    , m_client(client)
    , m_settings(settings)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        tick();
        armTimer();
    });
    m_lookupTimer.setSingleShot(true);
    m_lookupTimer.setInterval(LookupPauseMs);
    connect(&m_lookupTimer, &QTimer::timeout, this, &HistoryRecorder::lookUpQueues);
}

HistoryRecorder::~HistoryRecorder()
{
    if (m_started) {
        delete m_subscriber;
        m_subscriber = nullptr;
        flush();
    }
}

qint64 HistoryRecorder::now() const
{
    return m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
}

ConnectionState HistoryRecorder::streamState() const
{
    return m_subscriber ? m_subscriber->state() : ConnectionState();
}

bool HistoryRecorder::start(QString *why)
{
    if (m_started)
        return true;
    if (!m_store->tryToBecomeWriter()) {
        *why = QStringLiteral("History of this server is recorded elsewhere: %1").arg(m_store->whyReadOnly());
        return false;
    }
    if (!m_store->claimRecording(this)) {
        *why = QStringLiteral("History of this server is already recorded in this process.");
        return false;
    }
    m_started = true;
    const QList<QByteArray> channels{QlessEventDecoder::channels().constFirst()}; // ql:log
    m_subscriber = new RedisSubscriber(m_settings, channels, {}, this, RedisSubscriber::DefaultCapacity,
                                       [](PubSubMessage &message) {
                                           // Decoded on the subscriber's thread.
                                           message.prepared = QVariant::fromValue(QlessEventDecoder::decode(message));
                                       });
    connect(m_subscriber, &RedisSubscriber::stateChanged, this, &HistoryRecorder::onStreamState);
    connect(m_subscriber, &RedisSubscriber::messagesArrived, this, &HistoryRecorder::onMessages);
    // The minute started in counts as heard whole only when the stream was up at its start.
    m_eventsCoveredTo = minuteOf(now());
    tick();
    if (m_ticking)
        armTimer();
    return true;
}

void HistoryRecorder::armTimer()
{
    if (!m_ticking)
        return;
    // Just after the next whole minute, on the recorder's clock.
    const qint64 t = now();
    m_timer.start(int(minuteOf(t) + 60000 - t) + 50);
}

void HistoryRecorder::onStreamState(const ConnectionState &state)
{
    const bool ready = state.phase == ConnectionState::Phase::Ready;
    const qint64 t = now();
    if (ready && !m_streamReady) {
        m_listeningSinceMs = t;
        if (m_wasReady) {
            HistoryBatch batch;
            batch.marks << HistoryMark{t, HistoryMark::Kind::Reconnect,
                                       QStringLiteral("The event stream of %1 reconnected").arg(m_settings.describe())};
            m_store->append(batch);
        }
        m_wasReady = true;
    } else if (!ready && m_streamReady) {
        m_listeningSinceMs = -1;
        m_brokenMinutes.insert(minuteOf(t));
    }
    m_streamReady = ready;
    emit streamStateChanged(state);
}

void HistoryRecorder::onMessages(const QList<PubSubMessage> &messages, quint64 dropped)
{
    const qint64 minute = minuteOf(now());
    if (dropped > 0)
        m_brokenMinutes.insert(minute);
    for (const PubSubMessage &message : messages) {
        const QlessEvent event = message.prepared.canConvert<QlessEvent>() ? message.prepared.value<QlessEvent>()
                                                                           : QlessEventDecoder::decode(message);
        if (event.isGap())
            m_brokenMinutes.insert(minute);
        else
            ++m_eventsHeard;
        m_counter.count(event, minute);
    }
    if (m_counter.pendingCount() > 0 && !m_lookingUp && !m_lookupTimer.isActive())
        m_lookupTimer.start();
    emit eventsCounted();
}

void HistoryRecorder::lookUpQueues()
{
    const QList<QByteArray> jids = m_counter.pendingJids(QlessJobReads::StatesPerCall);
    if (jids.isEmpty())
        return;
    m_lookingUp = true;
    m_client->jobReads().summaries(jids, this, [this, jids](const QlessReply<QList<std::optional<Job>>> &reply) {
        m_lookingUp = false;
        if (reply.ok()) {
            for (int i = 0; i < jids.size(); ++i) {
                const bool found = i < reply.value.size() && reply.value.at(i).has_value();
                m_counter.resolve(QString::fromUtf8(jids.at(i)), found ? reply.value.at(i)->queue : QString());
            }
            emit eventsCounted();
        }
        // On an error the jids stay pending: asked again after the pause.
        if (m_counter.pendingCount() > 0)
            m_lookupTimer.start();
    });
}

void HistoryRecorder::coverEventsUpTo(qint64 minuteMs, HistoryBatch *batch)
{
    // Each minute before `minuteMs` not covered yet: heard whole when the stream was up from
    // before its start and nothing was lost in it.
    for (qint64 m = m_eventsCoveredTo; m < minuteMs; m += 60000) {
        const bool whole =
            m_streamReady && m_listeningSinceMs >= 0 && m_listeningSinceMs <= m && !m_brokenMinutes.contains(m);
        if (whole)
            batch->coverage << HistoryMinuteCoverage{m, false, true};
        m_brokenMinutes.remove(m);
    }
    m_eventsCoveredTo = std::max(m_eventsCoveredTo, minuteMs);
}

void HistoryRecorder::flush()
{
    HistoryBatch batch;
    batch.events = m_counter.take();
    m_store->append(batch);
}

void HistoryRecorder::tick()
{
    if (!m_started)
        return;
    const qint64 t = now();
    const qint64 minute = minuteOf(t);
    HistoryBatch batch;
    batch.events = m_counter.take();
    coverEventsUpTo(minute, &batch);
    m_store->append(batch);
    m_client->queueReads().queueCounts(this, [this, minute](const QlessReply<QList<QueueCounts>> &reply) {
        if (!reply.ok()) {
            emit sampled(minute, false);
            return;
        }
        onCounts(minute, reply.value);
    });
    if (!m_readingGroups) {
        m_readingGroups = true;
        m_groupsNow.clear();
        readFailureGroups(minute, QByteArray(), 0);
    }
    if (m_lastMaintenanceMs < 0 || t - m_lastMaintenanceMs >= MaintenanceEveryMinutes * 60000) {
        m_lastMaintenanceMs = t;
        m_store->maintain(t);
    }
}

void HistoryRecorder::onCounts(qint64 minuteMs, const QList<QueueCounts> &counts)
{
    HistoryBatch batch;
    batch.coverage << HistoryMinuteCoverage{minuteMs, true, false};
    for (const QueueCounts &queue : counts) {
        batch.counts << HistoryCountsSample{queue.name,    minuteMs,      queue.waiting, queue.scheduled,
                                            queue.running, queue.stalled, queue.depends, queue.recurring};
        const auto before = m_paused.constFind(queue.name);
        if (before != m_paused.constEnd() && *before != queue.paused)
            batch.marks << HistoryMark{minuteMs, queue.paused ? HistoryMark::Kind::Pause : HistoryMark::Kind::Unpause,
                                       queue.name};
        m_paused.insert(queue.name, queue.paused);
    }
    m_store->append(batch);
    emit sampled(minuteMs, true);
}

void HistoryRecorder::readFailureGroups(qint64 minuteMs, const QByteArray &cursor, int page)
{
    m_client->failureReads().failureGroupCounts(
        cursor, this, [this, minuteMs, page](const QlessReply<FailureGroupList> &reply) {
            const bool more = reply.ok() && !reply.value.cursor.isEmpty();
            if (!reply.ok() || (more && page + 1 >= MaxGroupPages)) {
                // Not read whole: no growth for this minute, and the next reading has none to compare to.
                m_readingGroups = false;
                m_groupsBeforeMinute = -1;
                return;
            }
            for (const FailureGroup &group : reply.value.groups)
                m_groupsNow.insert(group.name, group.count); // a group listed twice: the same count
            if (more) {
                readFailureGroups(minuteMs, reply.value.cursor, page + 1);
                return;
            }
            m_readingGroups = false;
            onFailureGroups(minuteMs);
        });
}

void HistoryRecorder::onFailureGroups(qint64 minuteMs)
{
    // The readings are taken as each minute starts: what grew between two readings a minute
    // apart grew in the earlier one's minute. Across a gap nobody knows when: not recorded.
    if (m_groupsBeforeMinute >= 0 && minuteMs - m_groupsBeforeMinute == 60000) {
        HistoryBatch batch;
        for (auto it = m_groupsNow.cbegin(); it != m_groupsNow.cend(); ++it) {
            const qint64 grew = it.value() - m_groupsBefore.value(it.key(), 0);
            if (grew > 0)
                batch.failureGrowth << HistoryFailureGrowth{m_groupsBeforeMinute, it.key(), grew};
        }
        std::sort(batch.failureGrowth.begin(), batch.failureGrowth.end(),
                  [](const HistoryFailureGrowth &a, const HistoryFailureGrowth &b) {
                      return a.grew != b.grew ? a.grew > b.grew : a.group < b.group;
                  });
        if (batch.failureGrowth.size() > MaxGrowthRowsPerMinute)
            batch.failureGrowth.resize(MaxGrowthRowsPerMinute);
        m_store->append(batch);
    }
    m_groupsBefore = std::move(m_groupsNow);
    m_groupsNow.clear();
    m_groupsBeforeMinute = minuteMs;
    emit failureGroupsRead(minuteMs);
}
