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

// Reads ---------------------------------------------------------------------------------------

void QlessClient::queueCounts(QObject *context, Done<QList<QueueCounts>> done)
{
    call<QList<QueueCounts>>(RedisCommand::readScript(QStringLiteral("queues"), {}, {nowText()}), context,
                             &QlessDecoder::queues, std::move(done), 0);
}

void QlessClient::queueCounts(const QString &queue, QObject *context, Done<QueueCounts> done)
{
    call<QueueCounts>(RedisCommand::readScript(QStringLiteral("queues"), {}, {nowText(), utf8(queue)}), context,
                      &QlessDecoder::queue, std::move(done), 0);
}

void QlessClient::jobs(const QString &state, const QString &queue, int offset, int count, QObject *context,
                       Done<QList<QByteArray>> done)
{
    QList<QByteArray> args{utf8(state), nowText()};
    if (state != QLatin1String("complete"))
        args << utf8(queue);
    args << QByteArray::number(offset) << QByteArray::number(count);
    call<QList<QByteArray>>(RedisCommand::readScript(QStringLiteral("jobs"), {}, args), context,
                            &QlessDecoder::jids, std::move(done), 1);
}

void QlessClient::job(const QByteArray &jid, QObject *context, Done<std::optional<Job>> done)
{
    call<std::optional<Job>>(RedisCommand::readScript(QStringLiteral("get"), {}, {jid}), context,
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
    // All gets go out at once (pipelined); their handlers run one after another on the
    // connection thread, so the shared state needs no lock. The last one delivers.
    struct Gather
    {
        QlessReply<QList<std::optional<Job>>> result;
        qsizetype left = 0;
    };
    auto gather = std::make_shared<Gather>();
    gather->result.value.resize(jids.size());
    gather->left = jids.size();
    for (qsizetype i = 0; i < jids.size(); ++i) {
        const QByteArray jid = jids.at(i);
        m_connection->submit(RedisCommand::readScript(QStringLiteral("get"), {}, {jid}),
                             [gather, relay, done, i, jid](const RedisReply &reply) {
                                 if (reply.isError()) {
                                     if (gather->result.error.isNull())
                                         gather->result.error = reply.error;
                                 } else {
                                     std::optional<Job> job = QlessDecoder::job(reply, &gather->result.error);
                                     if (job)
                                         job->jid = jid;
                                     gather->result.value[i] = std::move(job);
                                 }
                                 if (--gather->left == 0) {
                                     auto result = std::move(gather->result);
                                     relay->post([done, result] { done(result); });
                                 }
                             });
    }
}

void QlessClient::failureGroups(QObject *context, Done<QList<FailureGroup>> done)
{
    call<QList<FailureGroup>>(RedisCommand::readScript(QStringLiteral("failed"), {}, {}), context,
                              &QlessDecoder::failureGroups, std::move(done));
}

void QlessClient::failedJobs(const QString &group, int offset, int count, QObject *context,
                             Done<FailedJobsPage> done)
{
    call<FailedJobsPage>(RedisCommand::readScript(QStringLiteral("failed"), {},
                                                  {utf8(group), QByteArray::number(offset), QByteArray::number(count)}),
                         context, &QlessDecoder::failedJobs, std::move(done));
}

void QlessClient::workers(QObject *context, Done<QList<WorkerSummary>> done)
{
    call<QList<WorkerSummary>>(RedisCommand::readScript(QStringLiteral("workers"), {}, {nowText()}), context,
                               &QlessDecoder::workers, std::move(done), 0);
}

void QlessClient::workerJobs(const QString &worker, QObject *context, Done<WorkerJobs> done)
{
    call<WorkerJobs>(RedisCommand::readScript(QStringLiteral("workers"), {}, {nowText(), utf8(worker)}), context,
                     &QlessDecoder::workerJobs, std::move(done), 0);
}

void QlessClient::trackedJobs(QObject *context, Done<TrackedJobs> done)
{
    call<TrackedJobs>(RedisCommand::readScript(QStringLiteral("track"), {}, {}), context,
                      &QlessDecoder::trackedJobs, std::move(done));
}

void QlessClient::taggedJobs(const QString &tag, int offset, int count, QObject *context,
                             Done<TaggedJobsPage> done)
{
    call<TaggedJobsPage>(RedisCommand::readScript(QStringLiteral("tag"), {},
                                                  {"get", utf8(tag), QByteArray::number(offset), QByteArray::number(count)}),
                         context, &QlessDecoder::taggedJobs, std::move(done));
}

void QlessClient::topTags(int offset, int count, QObject *context, Done<QList<TagCount>> done)
{
    call<QList<TagCount>>(RedisCommand::readScript(QStringLiteral("tag"), {},
                                                   {"top", QByteArray::number(offset), QByteArray::number(count)}),
                          context, &QlessDecoder::topTags, std::move(done));
}

void QlessClient::stats(const QString &queue, double date, QObject *context, Done<DayStats> done)
{
    call<DayStats>(RedisCommand::readScript(QStringLiteral("stats"), {}, {utf8(queue), seconds(date)}), context,
                   &QlessDecoder::dayStats, std::move(done));
}

void QlessClient::config(QObject *context, Done<QlessConfig> done)
{
    call<QlessConfig>(RedisCommand::readScript(QStringLiteral("config"), {}, {"get"}), context,
                      &QlessDecoder::config, std::move(done));
}

void QlessClient::configValue(const QString &option, QObject *context, Done<std::optional<QString>> done)
{
    call<std::optional<QString>>(RedisCommand::readScript(QStringLiteral("config"), {}, {"get", utf8(option)}),
                                 context, &QlessDecoder::configValue, std::move(done));
}

void QlessClient::recurringJob(const QByteArray &jid, QObject *context, Done<std::optional<RecurringJob>> done)
{
    call<std::optional<RecurringJob>>(RedisCommand::readScript(QStringLiteral("recur"), {}, {"get", jid}),
                                      context, &QlessDecoder::recurringJob, std::move(done));
}

// Writes --------------------------------------------------------------------------------------

void QlessClient::track(const QByteArray &jid, QObject *context, Done<bool> done)
{
    call<bool>(RedisCommand::writeScript(QStringLiteral("track"), {}, {"track", jid, nowText()}), context,
               &QlessDecoder::flag, std::move(done), 2);
}

void QlessClient::untrack(const QByteArray &jid, QObject *context, Done<bool> done)
{
    call<bool>(RedisCommand::writeScript(QStringLiteral("track"), {}, {"untrack", jid, nowText()}), context,
               &QlessDecoder::flag, std::move(done), 2);
}

void QlessClient::addTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                          Done<std::optional<QStringList>> done)
{
    QList<QByteArray> args{"add", jid, nowText()};
    for (const QString &tag : tags)
        args << utf8(tag);
    call<std::optional<QStringList>>(RedisCommand::writeScript(QStringLiteral("tag"), {}, args), context,
                                     &QlessDecoder::tags, std::move(done), 2);
}

void QlessClient::removeTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                             Done<std::optional<QStringList>> done)
{
    QList<QByteArray> args{"remove", jid, nowText()};
    for (const QString &tag : tags)
        args << utf8(tag);
    call<std::optional<QStringList>>(RedisCommand::writeScript(QStringLiteral("tag"), {}, args), context,
                                     &QlessDecoder::tags, std::move(done), 2);
}

void QlessClient::setConfig(const QString &option, const QString &value, QObject *context, Done<bool> done)
{
    call<bool>(RedisCommand::writeScript(QStringLiteral("config"), {}, {"set", utf8(option), utf8(value)}),
               context, &succeeded, std::move(done));
}

void QlessClient::unsetConfig(const QString &option, QObject *context, Done<bool> done)
{
    call<bool>(RedisCommand::writeScript(QStringLiteral("config"), {}, {"unset", utf8(option)}), context,
               &succeeded, std::move(done));
}

void QlessClient::move(const QByteArray &jid, const QString &queue, QObject *context, Done<bool> done)
{
    move(jid, queue, QString(), context, std::move(done));
}

void QlessClient::move(const QByteArray &jid, const QString &queue, const QString &onlyState, QObject *context,
                       Done<bool> done)
{
    QList<QByteArray> args{jid, utf8(queue), nowText()};
    if (!onlyState.isEmpty())
        args << utf8(onlyState);
    // The reply is the job's new state, or nil.
    call<bool>(RedisCommand::writeScript(QStringLiteral("move"), {}, args), context, &QlessDecoder::flag,
               std::move(done), 2);
}

void QlessClient::retry(const QByteArray &jid, QObject *context, Done<bool> done)
{
    move(jid, QString(), QStringLiteral("failed"), context, std::move(done));
}

void QlessClient::setPriority(const QByteArray &jid, double priority, QObject *context, Done<bool> done)
{
    call<bool>(RedisCommand::writeScript(QStringLiteral("priority"), {}, {jid, QByteArray::number(priority, 'g', 17)}),
               context, [](const RedisReply &reply, RedisError *) { return !reply.isNil(); }, std::move(done));
}

void QlessClient::cancel(const QList<QByteArray> &jids, QObject *context, Done<QStringList> done)
{
    call<QStringList>(RedisCommand::writeScript(QStringLiteral("cancel"), {}, jids), context,
                      &QlessDecoder::strings, std::move(done));
}

void QlessClient::unfail(const QString &group, const QString &queue, int count, QObject *context, Done<qint64> done)
{
    call<qint64>(RedisCommand::writeScript(QStringLiteral("unfail"), {},
                                           {nowText(), utf8(group), utf8(queue), QByteArray::number(count)}),
                 context, &QlessDecoder::integer, std::move(done), 0);
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
    QList<QByteArray> args{kind, nowText(), utf8(request.group), QByteArray::number(request.count),
                           QByteArray::number(request.skip), request.key};
    if (request.kind == FailedActionRequest::Kind::Move)
        args << utf8(request.queue);
    call<FailedBatch>(RedisCommand::writeScript(QStringLiteral("failedaction"), {}, args), context,
                      &QlessDecoder::failedBatch, std::move(done), 1);
}

void QlessClient::dependsOff(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                             Done<bool> done)
{
    QList<QByteArray> args{jid, "off"};
    if (dependencies.isEmpty())
        args << "all";
    else
        args += dependencies;
    call<bool>(RedisCommand::writeScript(QStringLiteral("depends"), {}, args), context, &QlessDecoder::flag,
               std::move(done));
}

void QlessClient::updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
                                  Done<bool> done)
{
    QList<QByteArray> args{"update", jid};
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
    call<bool>(RedisCommand::writeScript(QStringLiteral("recur"), {}, args), context, &QlessDecoder::flag,
               std::move(done));
}

void QlessClient::recurringOff(const QByteArray &jid, QObject *context, Done<qint64> done)
{
    call<qint64>(RedisCommand::writeScript(QStringLiteral("recur"), {}, {"off", jid}), context,
                 &QlessDecoder::integer, std::move(done));
}
