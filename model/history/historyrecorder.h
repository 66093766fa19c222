// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "eventminutecounter.h"
#include "historybatch.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <functional>
#include <memory>

class HistoryStore;
class QlessClient;
class RedisSubscriber;
struct PubSubMessage;
struct QueueCounts;

// Records one server into its HistoryStore: at each minute the queue counts, read through the
// session's client (QlessQueueReads::queueCounts, bounded pages), and all along the events on ql:log
// (a subscriber connection of its own), counted per queue and minute. A minute whose counts could
// not be read stays a gap, as does the event side of a minute the stream was not heard for
// whole. Marks: the event stream reconnected, a queue paused or unpaused (seen between samples).
// Each minute the failure groups' sizes are read too (names and counts, bounded pages): the
// groups that grew since the reading a minute before are recorded (HistoryFailureGrowth).
// One recorder per file per process (HistoryStore::claimRecording) and per file across processes
// (the store's recorder lock): start() says why not.
class HistoryRecorder final : public QObject
{
    Q_OBJECT

public:
    // Milliseconds since the epoch; injectable so tests need not wait for minutes to pass.
    using Clock = std::function<qint64()>;
    static constexpr int MaintenanceEveryMinutes = 10;
    static constexpr int LookupPauseMs = 200;
    // Bounds of the failure groups' reading: pages read a minute (a longer list is not compared
    // that minute) and groups recorded a minute (the ones that grew most).
    static constexpr int MaxGroupPages = 50;
    static constexpr int MaxGrowthRowsPerMinute = 100;

    // `client` (the session's) must outlive the recorder.
    HistoryRecorder(std::shared_ptr<HistoryStore> store, QlessClient *client, const ConnectionSettings &settings,
                    QObject *parent = nullptr);
    ~HistoryRecorder() override; // writes what was counted

    void setClock(Clock clock) { m_clock = std::move(clock); }
    // False: no timer, tick() is called by hand (tests).
    void setTicking(bool ticking) { m_ticking = ticking; }
    // Claims the store, subscribes, takes a first sample. False with `why` when another recorder
    // (in this process or another) records this file.
    bool start(QString *why);
    bool isRecording() const { return m_started; }
    ConnectionState streamState() const;
    // Takes the minute's sample and writes what was counted (the timer's work, each minute).
    void tick();
    // Writes the event counts gathered so far.
    void flush();
    int pendingLookups() const { return m_counter.pendingCount(); }
    // Events heard on ql:log since start (every kind), for a status line.
    qint64 eventsHeard() const { return m_eventsHeard; }
    HistoryStore *store() const { return m_store.get(); }

signals:
    // A sample of `minuteMs` was handed to the store (or could not be read: ok false).
    void sampled(qint64 minuteMs, bool ok);
    void streamStateChanged(const ConnectionState &state);
    // Events were counted (after a batch from the stream or a lookup).
    void eventsCounted();
    // The failure groups' sizes were read whole for `minuteMs` (their growth handed to the store).
    void failureGroupsRead(qint64 minuteMs);

private:
    qint64 now() const;
    static qint64 minuteOf(qint64 ms) { return ms - ((ms % 60000) + 60000) % 60000; }
    void armTimer();
    void onStreamState(const ConnectionState &state);
    void onMessages(const QList<PubSubMessage> &messages, quint64 dropped);
    void coverEventsUpTo(qint64 minuteMs, HistoryBatch *batch);
    void onCounts(qint64 minuteMs, const QList<QueueCounts> &counts);
    void lookUpQueues();
    void readFailureGroups(qint64 minuteMs, const QByteArray &cursor, int page);
    void onFailureGroups(qint64 minuteMs);

    std::shared_ptr<HistoryStore> m_store;
    QlessClient *m_client;
    ConnectionSettings m_settings;
    RedisSubscriber *m_subscriber = nullptr;
    EventMinuteCounter m_counter;
    Clock m_clock;
    QTimer m_timer;
    QTimer m_lookupTimer;
    bool m_ticking = true;
    bool m_started = false;
    bool m_lookingUp = false;
    bool m_wasReady = false;
    bool m_streamReady = false;
    qint64 m_listeningSinceMs = -1; // the stream is heard without a break since then; -1: not now
    qint64 m_eventsCoveredTo = -1;  // the minutes before this one have their event coverage written
    QSet<qint64> m_brokenMinutes;   // minutes the stream was lost or lost messages in
    QHash<QString, bool> m_paused;
    qint64 m_lastMaintenanceMs = -1;
    qint64 m_eventsHeard = 0;
    QHash<QString, qint64> m_groupsBefore; // the last whole reading of the groups' sizes
    qint64 m_groupsBeforeMinute = -1;      // its minute; -1: none yet
    QHash<QString, qint64> m_groupsNow;    // the reading under way
    bool m_readingGroups = false;
};
