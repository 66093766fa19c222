// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessoperations.h"

#include "qlessclient.h"

#include <utility>

QlessOperations::QlessOperations(QlessClient *client)
    : m_client(client)
{}

double QlessOperations::now() const
{
    return m_client->now();
}

void QlessOperations::queueCounts(QObject *context, ReplyDone<QList<QueueCounts>> done)
{
    m_client->queueCounts(context, std::move(done));
}

void QlessOperations::trackedStates(QObject *context, ReplyDone<TrackedStates> done)
{
    m_client->trackedStates(context, std::move(done));
}

void QlessOperations::job(const QByteArray &jid, QObject *context, ReplyDone<std::optional<Job>> done)
{
    m_client->job(jid, context, std::move(done));
}

void QlessOperations::config(QObject *context, ReplyDone<QlessConfig> done)
{
    m_client->config(context, std::move(done));
}

void QlessOperations::configValue(const QString &option, QObject *context, ReplyDone<std::optional<QString>> done)
{
    m_client->configValue(option, context, std::move(done));
}

void QlessOperations::dayStats(const QString &queue, double date, QObject *context, ReplyDone<DayStats> done)
{
    m_client->stats(queue, date, context, std::move(done));
}

void QlessOperations::pause(const QStringList &queues, QObject *context, ReplyDone<bool> done)
{
    m_client->pauseQueues(queues, context, std::move(done));
}

void QlessOperations::unpause(const QStringList &queues, QObject *context, ReplyDone<bool> done)
{
    m_client->unpauseQueues(queues, context, std::move(done));
}

void QlessOperations::forget(const QStringList &queues, QObject *context, ReplyDone<QStringList> done)
{
    m_client->forgetQueues(queues, context, std::move(done));
}

void QlessOperations::removeDependencies(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                                         ReplyDone<bool> done)
{
    m_client->dependsOff(jid, dependencies, context, std::move(done));
}

void QlessOperations::updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
                                      ReplyDone<bool> done)
{
    m_client->updateRecurring(jid, update, context, std::move(done));
}

void QlessOperations::stopRecurring(const QByteArray &jid, QObject *context, ReplyDone<qint64> done)
{
    m_client->recurringOff(jid, context, std::move(done));
}

void QlessOperations::addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                              ReplyDone<bool> done)
{
    m_client->addNote(jid, message, dataJson, context, std::move(done));
}

void QlessOperations::deregister(const QStringList &workers, QObject *context, ReplyDone<bool> done)
{
    m_client->deregisterWorkers(workers, context, std::move(done));
}
