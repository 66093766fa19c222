#include "qlessclient.h"

#include "redisconnection.h"
#include "replyrelay.h"
#include "serverclock.h"

#include <memory>

namespace {
QByteArray seconds(double value)
{
    return ServerClock::text(value);
}

QByteArray utf8(const QString &text)
{
    return text.toUtf8();
}

// Whatever an operation returns when it succeeded and only "done" matters.
bool succeeded(const RedisReply &, RedisError *)
{
    return true;
}

// The unified script (lua/qless.lua, embedded as "qless"): EVALSHA <sha> 0 <command> <now> args...
// The console speaks only this script (issue #12): qless's own commands where their replies are
// what a method promises, qlessdesk's desk.* commands where the console needs more (lua/README.md).
const QString unifiedScript = QStringLiteral("qless");
// Where `now` sits in the unified script's args, for the connection to stamp at send time.
constexpr int unifiedNowArg = 1;

bool pageError(RedisError *error)
{
    *error = RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected reply: expected a page of jids"));
    return false;
}

// desk.jobs replies an array: the state's total, then the page's jids (lua/qless.lua); jobs()
// promises the jids only, as the bytes Redis holds.
QList<QByteArray> pageJids(const RedisReply &reply, RedisError *error)
{
    if (!reply.isArray() || reply.elements.isEmpty()
        || reply.elements.constFirst().type != RedisReply::Type::Integer)
        return pageError(error), QList<QByteArray>();
    RedisReply jids = reply;
    jids.elements.removeFirst();
    return QlessDecoder::jids(jids, error);
}

// config.get <option> replies the value as stored, or a default, which Redis hands over as an
// integer when the script had it as a number; configValue() promises text.
std::optional<QString> configText(const RedisReply &reply, RedisError *error)
{
    if (reply.type == RedisReply::Type::Integer)
        return QString::number(reply.integer);
    return QlessDecoder::configValue(reply, error);
}
} // namespace

QlessClient::QlessClient(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{
}

double QlessClient::now() const
{
    return m_clock ? m_clock() : m_connection->serverNow();
}

QByteArray QlessClient::nowText() const
{
    return seconds(now());
}

template<typename T>
void QlessClient::call(const RedisCommand &command, QObject *context, Decode<T> decode, Done<T> done, int nowArg)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // A set clock is the caller's on purpose; otherwise the connection writes the server's time
    // when it sends (the estimate in the args may be from before the first TIME reply).
    const int serverTimeArg = m_clock ? -1 : nowArg;
    m_connection->submit(command, [relay, decode = std::move(decode), done = std::move(done)](const RedisReply &reply) {
        // On the connection thread: decode here, so a large reply never holds up the caller.
        QlessReply<T> result;
        if (reply.isError())
            result.error = reply.error;
        else
            result.value = decode(reply, &result.error);
        relay->post([done, result] { done(result); });
    }, serverTimeArg);
}

RedisCommand QlessClient::unified(bool writes, const QByteArray &command, const QList<QByteArray> &args) const
{
    QList<QByteArray> all{command, nowText()};
    all += args;
    return writes ? RedisCommand::writeScript(unifiedScript, {}, all) : RedisCommand::readScript(unifiedScript, {}, all);
}

template<typename T>
void QlessClient::read(const QByteArray &command, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
                       Done<T> done)
{
    call<T>(unified(false, command, args), context, std::move(decode), std::move(done), unifiedNowArg);
}

template<typename T>
void QlessClient::write(const QByteArray &command, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
                        Done<T> done)
{
    call<T>(unified(true, command, args), context, std::move(decode), std::move(done), unifiedNowArg);
}

// Reads ---------------------------------------------------------------------------------------

void QlessClient::queueCounts(QObject *context, Done<QList<QueueCounts>> done)
{
    read<QList<QueueCounts>>("desk.queues", {}, context, &QlessDecoder::queues, std::move(done));
}

void QlessClient::queueCounts(const QString &queue, QObject *context, Done<QueueCounts> done)
{
    read<QueueCounts>("desk.queues", {utf8(queue)}, context, &QlessDecoder::queue, std::move(done));
}

void QlessClient::jobs(const QString &state, const QString &queue, int offset, int count, QObject *context,
                       Done<QList<QByteArray>> done)
{
    // desk.jobs, not qless's jobs: that one has no waiting state and moves due scheduled jobs.
    QList<QByteArray> args{utf8(state)};
    if (state != QLatin1String("complete"))
        args << utf8(queue);
    args << QByteArray::number(offset) << QByteArray::number(count);
    read<QList<QByteArray>>("desk.jobs", args, context, &pageJids, std::move(done));
}

// desk.get, not qless's get: that one moves a 2012 history as it reads and hides what it cannot
// read; desk.get reads in place and passes a damaged field on for the Job to mark.
void QlessClient::job(const QByteArray &jid, QObject *context, Done<std::optional<Job>> done)
{
    read<std::optional<Job>>("desk.get", {jid}, context,
                             [jid](const RedisReply &reply, RedisError *error) {
                                 std::optional<Job> job = QlessDecoder::job(reply, error);
                                 if (job)
                                     job->jid = jid; // the exact bytes asked for, even if not UTF-8
                                 return job;
                             },
                             std::move(done));
}

void QlessClient::multiGet(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    if (jids.isEmpty()) {
        relay->post([done] { done({}); });
        return;
    }
    // desk.multiget takes up to 1000 jids a call; the calls go out at once (pipelined) and their
    // handlers run one after another on the connection thread, so the shared state needs no
    // lock. The last one delivers. One job that cannot be read is marked in its row; it does not
    // fail the others.
    struct Gather
    {
        QlessReply<QList<std::optional<Job>>> result;
        qsizetype left = 0;
    };
    constexpr qsizetype perCall = 500;
    auto gather = std::make_shared<Gather>();
    gather->result.value.resize(jids.size());
    gather->left = (jids.size() + perCall - 1) / perCall;
    for (qsizetype first = 0; first < jids.size(); first += perCall) {
        const QList<QByteArray> chunk = jids.mid(first, perCall);
        m_connection->submit(unified(false, "desk.multiget", chunk),
                             [gather, relay, done, first, chunk](const RedisReply &reply) {
                                 QlessReply<QList<std::optional<Job>>> &result = gather->result;
                                 if (reply.isError()) {
                                     if (result.error.isNull())
                                         result.error = reply.error;
                                 } else if (!reply.isArray() || reply.elements.size() != chunk.size()) {
                                     if (result.error.isNull())
                                         result.error = RedisError::make(RedisError::Kind::BadReply,
                                                                         QStringLiteral("Unexpected reply: expected one job per jid"));
                                 } else {
                                     for (qsizetype i = 0; i < chunk.size(); ++i) {
                                         std::optional<Job> job = QlessDecoder::job(reply.elements.at(i), &result.error);
                                         if (job)
                                             job->jid = chunk.at(i);
                                         result.value[first + i] = std::move(job);
                                     }
                                 }
                                 if (--gather->left == 0) {
                                     auto delivered = std::move(gather->result);
                                     relay->post([done, delivered] { done(delivered); });
                                 }
                             },
                             m_clock ? -1 : unifiedNowArg);
    }
}

void QlessClient::failureGroups(QObject *context, Done<QList<FailureGroup>> done)
{
    read<QList<FailureGroup>>("desk.failed", {}, context, &QlessDecoder::failureGroups, std::move(done));
}

void QlessClient::failedJobs(const QString &group, int offset, int count, QObject *context,
                             Done<FailedJobsPage> done)
{
    read<FailedJobsPage>("desk.failed", {utf8(group), QByteArray::number(offset), QByteArray::number(count)},
                         context, &QlessDecoder::failedJobs, std::move(done));
}

void QlessClient::workers(QObject *context, Done<QList<WorkerSummary>> done)
{
    read<QList<WorkerSummary>>("desk.workers", {}, context, &QlessDecoder::workers, std::move(done));
}

void QlessClient::workerJobs(const QString &worker, QObject *context, Done<WorkerJobs> done)
{
    read<WorkerJobs>("desk.workers", {utf8(worker)}, context, &QlessDecoder::workerJobs, std::move(done));
}

void QlessClient::trackedJobs(QObject *context, Done<TrackedJobs> done)
{
    read<TrackedJobs>("desk.tracked", {}, context, &QlessDecoder::trackedJobs, std::move(done));
}

void QlessClient::taggedJobs(const QString &tag, int offset, int count, QObject *context,
                             Done<TaggedJobsPage> done)
{
    read<TaggedJobsPage>("tag", {"get", utf8(tag), QByteArray::number(offset), QByteArray::number(count)}, context,
                         &QlessDecoder::taggedJobs, std::move(done));
}

void QlessClient::topTags(int offset, int count, QObject *context, Done<QList<TagCount>> done)
{
    // desk.tags: qless's tag top lists names only, the console shows how many jobs each has.
    read<QList<TagCount>>("desk.tags", {QByteArray::number(offset), QByteArray::number(count)}, context,
                          &QlessDecoder::topTags, std::move(done));
}

void QlessClient::stats(const QString &queue, double date, QObject *context, Done<DayStats> done)
{
    read<DayStats>("stats", {utf8(queue), seconds(date)}, context, &QlessDecoder::dayStats, std::move(done));
}

void QlessClient::config(QObject *context, Done<QlessConfig> done)
{
    read<QlessConfig>("config.get", {}, context, &QlessDecoder::config, std::move(done));
}

void QlessClient::configValue(const QString &option, QObject *context, Done<std::optional<QString>> done)
{
    read<std::optional<QString>>("config.get", {utf8(option)}, context, &configText, std::move(done));
}

void QlessClient::recurringJob(const QByteArray &jid, QObject *context, Done<std::optional<RecurringJob>> done)
{
    // desk.recur.get: qless's recur.get has no `next`, which the Recurring page shows.
    read<std::optional<RecurringJob>>("desk.recur.get", {jid}, context, &QlessDecoder::recurringJob, std::move(done));
}

// Writes --------------------------------------------------------------------------------------

// desk.track / desk.untrack: qless's track fails for a job that is gone (an expired entry of the
// tracked list must still be untracked) and replies 0 for one already tracked. True, or false
// when the job is gone.
void QlessClient::track(const QByteArray &jid, QObject *context, Done<bool> done)
{
    write<bool>("desk.track", {jid}, context, &QlessDecoder::flag, std::move(done));
}

void QlessClient::untrack(const QByteArray &jid, QObject *context, Done<bool> done)
{
    write<bool>("desk.untrack", {jid}, context, &QlessDecoder::flag, std::move(done));
}

// desk.tag: qless's tag add/remove fail for a job that is gone, where the value here is nullopt.
void QlessClient::addTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                          Done<std::optional<QStringList>> done)
{
    QList<QByteArray> args{"add", jid};
    for (const QString &tag : tags)
        args << utf8(tag);
    write<std::optional<QStringList>>("desk.tag", args, context, &QlessDecoder::tags, std::move(done));
}

void QlessClient::removeTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                             Done<std::optional<QStringList>> done)
{
    QList<QByteArray> args{"remove", jid};
    for (const QString &tag : tags)
        args << utf8(tag);
    write<std::optional<QStringList>>("desk.tag", args, context, &QlessDecoder::tags, std::move(done));
}

void QlessClient::setConfig(const QString &option, const QString &value, QObject *context, Done<bool> done)
{
    write<bool>("config.set", {utf8(option), utf8(value)}, context, &succeeded, std::move(done));
}

void QlessClient::unsetConfig(const QString &option, QObject *context, Done<bool> done)
{
    write<bool>("config.unset", {utf8(option)}, context, &succeeded, std::move(done));
}

void QlessClient::move(const QByteArray &jid, const QString &queue, QObject *context, Done<bool> done)
{
    move(jid, queue, QString(), context, std::move(done));
}

void QlessClient::move(const QByteArray &jid, const QString &queue, const QString &onlyState, QObject *context,
                       Done<bool> done)
{
    QList<QByteArray> args{jid, utf8(queue)};
    if (!onlyState.isEmpty())
        args << utf8(onlyState);
    // The reply is the job's new state, or false.
    write<bool>("desk.move", args, context, &QlessDecoder::flag, std::move(done));
}

void QlessClient::retry(const QByteArray &jid, QObject *context, Done<bool> done)
{
    move(jid, QString(), QStringLiteral("failed"), context, std::move(done));
}

// desk.priority: qless's priority fails for a job that is gone, where the value here is false.
void QlessClient::setPriority(const QByteArray &jid, double priority, QObject *context, Done<bool> done)
{
    write<bool>("desk.priority", {jid, QByteArray::number(priority, 'g', 17)}, context,
                [](const RedisReply &reply, RedisError *) { return !reply.isNil(); }, std::move(done));
}

void QlessClient::cancel(const QList<QByteArray> &jids, QObject *context, Done<QStringList> done)
{
    write<QStringList>("cancel", jids, context, &QlessDecoder::strings, std::move(done));
}

void QlessClient::unfail(const QString &group, const QString &queue, int count, QObject *context, Done<qint64> done)
{
    // qless's order: unfail <queue> <group> [count].
    write<qint64>("unfail", {utf8(queue), utf8(group), QByteArray::number(count)}, context, &QlessDecoder::integer,
                  std::move(done));
}

void QlessClient::failedAction(const FailedActionRequest &request, QObject *context, Done<FailedBatch> done)
{
    QByteArray kind;
    switch (request.kind) {
    case FailedActionRequest::Kind::Retry:
        kind = "retry";
        break;
    case FailedActionRequest::Kind::Move:
        kind = "move";
        break;
    case FailedActionRequest::Kind::Cancel:
        kind = "cancel";
        break;
    }
    QList<QByteArray> args{kind, utf8(request.group), QByteArray::number(request.count),
                           QByteArray::number(request.skip), request.key};
    if (request.kind == FailedActionRequest::Kind::Move)
        args << utf8(request.queue);
    write<FailedBatch>("desk.failedaction", args, context, &QlessDecoder::failedBatch, std::move(done));
}

// desk.depends.off: qless's depends fails for a job not in the depends state, where the value
// here is false.
void QlessClient::dependsOff(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                             Done<bool> done)
{
    QList<QByteArray> args{jid};
    if (dependencies.isEmpty())
        args << "all";
    else
        args += dependencies;
    write<bool>("desk.depends.off", args, context, &QlessDecoder::flag, std::move(done));
}

// desk.recur.update / desk.unrecur: qless's recur.update fails when there is no such template
// (false here), and its unrecur replies true whether or not one was removed (a count here).
void QlessClient::updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
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
    write<bool>("desk.recur.update", args, context, &QlessDecoder::flag, std::move(done));
}

void QlessClient::recurringOff(const QByteArray &jid, QObject *context, Done<qint64> done)
{
    write<qint64>("desk.unrecur", {jid}, context, &QlessDecoder::integer, std::move(done));
}
