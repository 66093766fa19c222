#include "qlessclientcalls.h"

#include <memory>

// QlessClient's reads of many jobs by jid: whole jobs (multiGet, in qlessclient.cpp) and the
// summaries list rows show.

using namespace QlessClientCalls;

void QlessClient::summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    readPerJid("desk.summaries", jids,
               [](const RedisReply &reply, RedisError *error) { return QlessDecoder::jobSummary(reply, error); },
               context, std::move(done));
}

void QlessClient::failedSummaries(const QString &group, int offset, int count, QObject *context,
                                  Done<FailedJobsPage> done)
{
    read<FailedJobsPage>("desk.failed",
                         {utf8(group), QByteArray::number(offset), QByteArray::number(count), "summaries"},
                         context, &QlessDecoder::failedSummaries, std::move(done));
}

void QlessClient::readPerJid(const QByteArray &command, const QList<QByteArray> &jids,
                             Decode<std::optional<Job>> decode, QObject *context,
                             Done<QList<std::optional<Job>>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    if (jids.isEmpty()) {
        relay->post([done] { done({}); });
        return;
    }
    // The scripts take up to 1000 jids a call; the calls go out at once (pipelined) and their
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
        m_connection->submit(unified(false, command, chunk),
                             [gather, relay, decode, done, first, chunk](const RedisReply &reply) {
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
                                         std::optional<Job> job = decode(reply.elements.at(i), &result.error);
                                         if (job)
                                             job->jid = chunk.at(i); // the exact bytes asked for
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
