#include "qlessclientcalls.h"

#include <memory>

// QlessClient's reads of many jobs by jid: whole jobs (multiGet, in qlessclient.cpp) and the
// summaries list rows show.

using namespace QlessClientCalls;

void QlessClient::summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    readPerJid("desk.summaries", SummariesPerCall, jids,
               [](const RedisReply &reply, RedisError *error) { return QlessDecoder::jobSummary(reply, error); },
               context, std::move(done));
}

void QlessClient::failedSummaries(const QString &group, int offset, int count, QObject *context,
                                  Done<FailedJobsPage> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // A page of a group in calls of at most SummariesPerCall rows at consecutive offsets,
    // pipelined; the last reply delivers. New failures arriving at the group's head between two
    // calls shift the later ones by as many rows: a row shown twice (the model keeps one) or
    // one passed over until the next refresh, as between two pages.
    struct Gather
    {
        QlessReply<FailedJobsPage> result;
        QList<QList<Job>> parts;
        qsizetype left = 0;
    };
    auto gather = std::make_shared<Gather>();
    const int calls = count <= 0 ? 1 : (count + SummariesPerCall - 1) / SummariesPerCall;
    gather->parts.resize(calls);
    gather->left = calls;
    for (int part = 0; part < calls; ++part) {
        const int first = offset + part * SummariesPerCall;
        const int rows = count <= 0 ? count : qMin(SummariesPerCall, count - part * SummariesPerCall);
        const QList<QByteArray> args{utf8(group), QByteArray::number(first), QByteArray::number(rows), "summaries"};
        m_connection->submit(unified(false, "desk.failed", args), [gather, relay, done, part](const RedisReply &reply) {
            QlessReply<FailedJobsPage> &result = gather->result;
            if (reply.isError()) {
                if (result.error.isNull())
                    result.error = reply.error;
            } else {
                RedisError error;
                FailedJobsPage page = QlessDecoder::failedSummaries(reply, &error);
                if (!error.isNull() && result.error.isNull())
                    result.error = error;
                if (part == 0)
                    result.value.total = page.total;
                gather->parts[part] = std::move(page.jobs);
            }
            if (--gather->left > 0)
                return;
            for (const QList<Job> &jobs : std::as_const(gather->parts))
                result.value.jobs += jobs;
            auto delivered = std::move(gather->result);
            relay->post([done, delivered] { done(delivered); });
        }, m_clock ? -1 : unifiedNowArg);
    }
}

void QlessClient::readPerJid(const QByteArray &command, qsizetype perCall, const QList<QByteArray> &jids,
                             Decode<std::optional<Job>> decode, QObject *context,
                             Done<QList<std::optional<Job>>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    if (jids.isEmpty()) {
        relay->post([done] { done({}); });
        return;
    }
    // The scripts take up to 1000 jids a call (callers ask fewer); the calls go out at once
    // (pipelined) and their handlers run one after another on the connection thread, so the
    // shared state needs no lock. The last one delivers. One job that cannot be read is marked in its row; it does not
    // fail the others.
    struct Gather
    {
        QlessReply<QList<std::optional<Job>>> result;
        qsizetype left = 0;
    };
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
