// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "pubsubmessage.h"

#include <QObject>
#include <QStringList>

class JobClassCache;
class EventLogModel;
class QlessClient;
class RedisSubscriber;

// What qless publishes, live: a subscriber connection of its own (same settings as the session's)
// on ql:log and the tracked jobs' channels, decoded into the EventLogModel batch by batch, the
// jobs' classes looked up on the side (JobClassCache). Each batch with an event in it says that
// the pipeline moved (changesSeen), so views need not wait for their next poll to follow it.
class EventStream final : public QObject
{
    Q_OBJECT

public:
    // `client` (the session's, for the classes) may be null: no class is looked up then.
    EventStream(const ConnectionSettings &settings, QlessClient *client, QObject *parent = nullptr, int capacity = 0);
    ~EventStream() override;

    // The kinds of event the job system publishes, in the order a filter lists them.
    static QStringList knownEvents();

    EventLogModel *model() const { return m_model; }
    JobClassCache *jobClasses() const { return m_classes; }
    ConnectionState state() const;
    void reconnect();

signals:
    void stateChanged(const ConnectionState &state);
    // A batch held at least one event (not only a gap): what the pages show may have changed.
    void changesSeen();

private:
    void onMessages(const QList<PubSubMessage> &messages, quint64 dropped);

    EventLogModel *m_model;
    JobClassCache *m_classes = nullptr;
    RedisSubscriber *m_subscriber;
};
