// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobwrites.h"
#include "queuewrites.h"
#include "serverreads.h"
#include "workerwrites.h"

class QlessClient;

// The model's read and write interfaces answered by qless: each call is the one QlessClient call
// that does it, with its reply passed on unchanged. Another job system answers the same
// interfaces with its own client.
class QlessOperations final : public ServerReads, public QueueWrites, public JobWrites, public WorkerWrites
{
public:
    // `client` must outlive this object.
    explicit QlessOperations(QlessClient *client);

    // ServerReads
    double now() const override;
    void queueCounts(QObject *context, ReplyDone<QList<QueueCounts>> done) override;
    void trackedStates(QObject *context, ReplyDone<TrackedStates> done) override;
    void job(const QByteArray &jid, QObject *context, ReplyDone<std::optional<Job>> done) override;
    void config(QObject *context, ReplyDone<QlessConfig> done) override;
    void configValue(const QString &option, QObject *context, ReplyDone<std::optional<QString>> done) override;
    void dayStats(const QString &queue, double date, QObject *context, ReplyDone<DayStats> done) override;

    // QueueWrites
    void pause(const QStringList &queues, QObject *context, ReplyDone<bool> done) override;
    void unpause(const QStringList &queues, QObject *context, ReplyDone<bool> done) override;
    void forget(const QStringList &queues, QObject *context, ReplyDone<QStringList> done) override;

    // JobWrites
    void removeDependencies(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                            ReplyDone<bool> done) override;
    void updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
                         ReplyDone<bool> done) override;
    void stopRecurring(const QByteArray &jid, QObject *context, ReplyDone<qint64> done) override;
    void addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                 ReplyDone<bool> done) override;

    // WorkerWrites
    void deregister(const QStringList &workers, QObject *context, ReplyDone<bool> done) override;

private:
    QlessClient *m_client;
};
