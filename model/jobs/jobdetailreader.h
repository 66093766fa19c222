// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jsontreemodel.h"
#include "qlessreply.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QlessClient;

// Reads one job for the job window and makes it ready to show off the GUI thread: a job can hold
// 10 MB of data and 100,000 history entries, and parsing, comparing or even freeing those takes
// tens of milliseconds. The reply is handed to a pool thread, which parses the data into a tree,
// compares it and the history with what was delivered last, and counts the log entries; the
// result comes back to this object's thread. A newer read supersedes an older one: the older
// one's result is dropped (its callback told it is stale). What the window lets go of goes back
// to a pool thread too (release()).
class JobDetailReader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobDetailReader)

public:
    struct Content
    {
        std::optional<Job> job; // nullopt: no such job
        // The data as a tree; null when the data is what was delivered last for this jid.
        std::shared_ptr<JsonTreeModel::Parsed> data;
        // The history is the one delivered last for this jid with events added after it.
        bool historyExtendsLast = false;
        int logEntries = 0; // entries a worker wrote (qless `log`), not transitions
    };
    // `current`: false when a newer read started meanwhile (then nothing should be applied).
    using Done = std::function<void(const QlessReply<Content> &reply, bool current)>;

    explicit JobDetailReader(QlessClient *client, QObject *parent = nullptr);
    ~JobDetailReader() override;

    // Reads `jid`; `done` runs once on this object's thread, unless this object is gone first.
    void read(const QByteArray &jid, Done done);
    bool isReading() const { return m_reading; }
    // The server's clock (seconds since the epoch), the one the job's times were written by: a
    // job's ages are shown against it, not against this desktop's clock.
    double serverNow() const;
    QlessClient *client() const { return m_client; }

private:
    void prepared(quint64 generation, QlessReply<Content> reply, const Done &done);

    QlessClient *m_client;
    quint64 m_generation = 0;
    bool m_reading = false;
    std::optional<Job> m_last; // the job last delivered, what the next read of its jid is compared with
};
