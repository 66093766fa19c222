// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlesswrites.h"

#include "qlessclientcalls.h"

// QlessWrites: every one goes through the unified script, marked as a write so that a
// read-only connection refuses it before sending.

using namespace QlessClientCalls;

// Writes --------------------------------------------------------------------------------------

// desk.track / desk.untrack: qless's track fails for a job that is gone (an expired entry of the
// tracked list must still be untracked) and replies 0 for one already tracked. True, or false
// when the job is gone.
void QlessWrites::track(const QByteArray &jid, QObject *context, Done<bool> done)
{
    track(jid, QByteArray(), context, std::move(done));
}

void QlessWrites::track(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done)
{
    m_caller.writeOnce<bool>(receipt, "desk.track", {jid}, context, &QlessValueDecoder::flag, std::move(done));
}

void QlessWrites::untrack(const QByteArray &jid, QObject *context, Done<bool> done)
{
    untrack(jid, QByteArray(), context, std::move(done));
}

void QlessWrites::untrack(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done)
{
    m_caller.writeOnce<bool>(receipt, "desk.untrack", {jid}, context, &QlessValueDecoder::flag, std::move(done));
}

// desk.tag: qless's tag add/remove fail for a job that is gone, where the value here is nullopt.
void QlessWrites::addTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                          Done<std::optional<QStringList>> done)
{
    addTags(jid, tags, QByteArray(), context, std::move(done));
}

void QlessWrites::addTags(const QByteArray &jid, const QStringList &tags, const QByteArray &receipt, QObject *context,
                          Done<std::optional<QStringList>> done)
{
    QList<QByteArray> args{"add", jid};
    for (const QString &tag : tags)
        args << utf8(tag);
    m_caller.writeOnce<std::optional<QStringList>>(receipt, "desk.tag", args, context, &QlessListDecoder::tags,
                                                   std::move(done));
}

void QlessWrites::removeTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                             Done<std::optional<QStringList>> done)
{
    removeTags(jid, tags, QByteArray(), context, std::move(done));
}

void QlessWrites::removeTags(const QByteArray &jid, const QStringList &tags, const QByteArray &receipt,
                             QObject *context, Done<std::optional<QStringList>> done)
{
    QList<QByteArray> args{"remove", jid};
    for (const QString &tag : tags)
        args << utf8(tag);
    m_caller.writeOnce<std::optional<QStringList>>(receipt, "desk.tag", args, context, &QlessListDecoder::tags,
                                                   std::move(done));
}

void QlessWrites::setConfig(const QString &option, const QString &value, QObject *context, Done<bool> done)
{
    m_caller.write<bool>("config.set", {utf8(option), utf8(value)}, context, &succeeded, std::move(done));
}

void QlessWrites::unsetConfig(const QString &option, QObject *context, Done<bool> done)
{
    m_caller.write<bool>("config.unset", {utf8(option)}, context, &succeeded, std::move(done));
}

void QlessWrites::move(const QByteArray &jid, const QString &queue, QObject *context, Done<bool> done)
{
    move(jid, queue, QString(), context, std::move(done));
}

void QlessWrites::move(const QByteArray &jid, const QString &queue, const QString &onlyState, QObject *context,
                       Done<bool> done)
{
    move(jid, queue, onlyState, QByteArray(), context, std::move(done));
}

void QlessWrites::move(const QByteArray &jid, const QString &queue, const QString &onlyState, const QByteArray &receipt,
                       QObject *context, Done<bool> done)
{
    QList<QByteArray> args{jid, utf8(queue)};
    if (!onlyState.isEmpty())
        args << utf8(onlyState);
    // The reply is the job's new state, or false.
    m_caller.writeOnce<bool>(receipt, "desk.move", args, context, &QlessValueDecoder::flag, std::move(done));
}

void QlessWrites::retry(const QByteArray &jid, QObject *context, Done<bool> done)
{
    move(jid, QString(), QStringLiteral("failed"), context, std::move(done));
}

// desk.priority: qless's priority fails for a job that is gone, where the value here is false.
void QlessWrites::setPriority(const QByteArray &jid, double priority, QObject *context, Done<bool> done)
{
    setPriority(jid, priority, QByteArray(), context, std::move(done));
}

void QlessWrites::setPriority(const QByteArray &jid, double priority, const QByteArray &receipt, QObject *context,
                              Done<bool> done)
{
    m_caller.writeOnce<bool>(
        receipt, "desk.priority", {jid, QByteArray::number(priority, 'g', 17)}, context,
        [](const RedisReply &reply, RedisError *) { return !reply.isNil(); }, std::move(done));
}

void QlessWrites::cancel(const QList<QByteArray> &jids, QObject *context, Done<QStringList> done)
{
    cancel(jids, QByteArray(), context, std::move(done));
}

void QlessWrites::cancel(const QList<QByteArray> &jids, const QByteArray &receipt, QObject *context,
                         Done<QStringList> done)
{
    m_caller.writeOnce<QStringList>(receipt, "cancel", jids, context, &QlessValueDecoder::strings, std::move(done));
}

void QlessWrites::unfail(const QString &group, const QString &queue, int count, QObject *context, Done<qint64> done)
{
    // qless's order: unfail <queue> <group> [count].
    m_caller.write<qint64>("unfail", {utf8(queue), utf8(group), QByteArray::number(count)}, context,
                           &QlessValueDecoder::integer, std::move(done));
}

void QlessWrites::failedAction(const FailedActionRequest &request, QObject *context, Done<FailedBatch> done)
{
    QByteArray kind;
    switch (request.kind) {
    case FailedActionRequest::Kind::Retry: kind = "retry"; break;
    case FailedActionRequest::Kind::Move: kind = "move"; break;
    case FailedActionRequest::Kind::Cancel: kind = "cancel"; break;
    }
    QList<QByteArray> args{kind, utf8(request.group), QByteArray::number(request.count),
                           QByteArray::number(request.skip), request.key};
    if (request.kind == FailedActionRequest::Kind::Move)
        args << utf8(request.queue);
    if (!request.after.isEmpty())
        args << "after" << request.after;
    m_caller.write<FailedBatch>("desk.failedaction", args, context, &QlessValueDecoder::failedBatch, std::move(done));
}

// desk.depends.off: qless's depends fails for a job not in the depends state, where the value
// here is false.
void QlessWrites::dependsOff(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                             Done<bool> done)
{
    QList<QByteArray> args{jid};
    if (dependencies.isEmpty())
        args << "all";
    else
        args += dependencies;
    m_caller.write<bool>("desk.depends.off", args, context, &QlessValueDecoder::flag, std::move(done));
}

// desk.recur.update / desk.unrecur: qless's recur.update fails when there is no such template
// (false here), and its unrecur replies true whether or not one was removed (a count here).
void QlessWrites::updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
                                  Done<bool> done)
{
    QList<QByteArray> args{jid};
    if (update.priority)
        args << "priority" << QByteArray::number(*update.priority, 'g', 17);
    if (update.interval)
        args << "interval" << QByteArray::number(*update.interval, 'g', 17);
    if (update.retries)
        args << "retries" << QByteArray::number(*update.retries);
    if (update.data)
        args << "data" << utf8(*update.data);
    if (update.klass)
        args << "klass" << utf8(*update.klass);
    if (update.queue)
        args << "queue" << utf8(*update.queue);
    if (update.backlog)
        args << "backlog" << QByteArray::number(*update.backlog);
    m_caller.write<bool>("desk.recur.update", args, context, &QlessValueDecoder::flag, std::move(done));
}

void QlessWrites::recurringOff(const QByteArray &jid, QObject *context, Done<qint64> done)
{
    m_caller.write<qint64>("desk.unrecur", {jid}, context, &QlessValueDecoder::integer, std::move(done));
}

namespace {
QList<QByteArray> utf8List(const QStringList &texts)
{
    QList<QByteArray> out;
    out.reserve(texts.size());
    for (const QString &text : texts)
        out << utf8(text);
    return out;
}
} // namespace

void QlessWrites::pauseQueues(const QStringList &queues, QObject *context, Done<bool> done)
{
    m_caller.write<bool>("pause", utf8List(queues), context, &succeeded, std::move(done));
}

void QlessWrites::unpauseQueues(const QStringList &queues, QObject *context, Done<bool> done)
{
    m_caller.write<bool>("unpause", utf8List(queues), context, &succeeded, std::move(done));
}

// desk.timeout: qless's timeout fails for a job that is not running (a bulk step that raced the
// job's completion), where the value here is false.
void QlessWrites::timeout(const QByteArray &jid, QObject *context, Done<bool> done)
{
    timeout(jid, QByteArray(), context, std::move(done));
}

void QlessWrites::timeout(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done)
{
    m_caller.writeOnce<bool>(receipt, "desk.timeout", {jid}, context, &QlessValueDecoder::flag, std::move(done));
}

void QlessWrites::cancelStep(const QByteArray &jid, bool runningToo, const QByteArray &receipt, QObject *context,
                             Done<QString> done)
{
    QList<QByteArray> args{jid};
    if (runningToo)
        args << "running";
    const auto verdict = [](const RedisReply &reply, RedisError *error) {
        if (!reply.isString() && reply.type != RedisReply::Type::Status) {
            *error = RedisError::make(RedisError::Kind::BadReply, QStringLiteral("desk.cancel: expected a word"));
            return QString();
        }
        return QString::fromUtf8(reply.bytes);
    };
    m_caller.writeOnce<QString>(receipt, "desk.cancel", args, context, verdict, std::move(done));
}

void QlessWrites::releaseReceipts(const QByteArray &run, qint64 n, const QList<QByteArray> &keys,
                                  const QString &keptGroup, QObject *context, Done<qint64> done)
{
    QList<QByteArray> args{run, n > 0 ? QByteArray::number(n) : QByteArray("end")};
    if (n <= 0 && !keptGroup.isEmpty())
        args << "kept" << utf8(keptGroup);
    args += keys;
    m_caller.write<qint64>("desk.release", args, context, &QlessValueDecoder::integer, std::move(done));
}

void QlessWrites::addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                          Done<bool> done)
{
    QList<QByteArray> args{jid, utf8(message)};
    if (!dataJson.isEmpty())
        args << utf8(dataJson);
    m_caller.write<bool>("log", args, context, &succeeded, std::move(done));
}

void QlessWrites::deregisterWorkers(const QStringList &workers, QObject *context, Done<bool> done)
{
    m_caller.write<bool>("worker.deregister", utf8List(workers), context, &succeeded, std::move(done));
}

// desk.queue.forget: qless's queue.forget drops a queue whatever it holds.
void QlessWrites::forgetQueues(const QStringList &queues, QObject *context, Done<QStringList> done)
{
    m_caller.write<QStringList>("desk.queue.forget", utf8List(queues), context, &QlessValueDecoder::strings,
                                std::move(done));
}
