#include "qlessclientcalls.h"

#include <memory>

// QlessClient's reads of many jobs: whole jobs by jid (multiGet, in qlessclient.cpp) and the
// summaries list rows show, by jid or by page of a failure group or the tracked jobs.

using namespace QlessClientCalls;

void QlessClient::summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    readPerJid("desk.summaries", SummariesPerCall, jids,
               [](const RedisReply &reply, RedisError *error) { return QlessDecoder::jobSummary(reply, error); },
               context, std::move(done));
}

template<typename Page>
void QlessClient::readInParts(const QByteArray &command, const QList<QByteArray> &before, int offset, int count,
                              const QList<QByteArray> &after, Decode<Page> decode,
                              std::function<void(Page *, const Page &)> join, QObject *context, Done<Page> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // Rows arriving at the list's head between two calls shift the later ones by as many rows: a
    // row shown twice (the model keeps one) or one passed over until the next refresh, as
    // between two pages.
    struct Gather
    {
        QlessReply<Page> result;
        QList<Page> parts;
        qsizetype left = 0;
    };
    auto gather = std::make_shared<Gather>();
    const int calls = count <= 0 ? 1 : (count + SummariesPerCall - 1) / SummariesPerCall;
    gather->parts.resize(calls);
    gather->left = calls;
    for (int part = 0; part < calls; ++part) {
        const int rows = count <= 0 ? count : qMin(SummariesPerCall, count - part * SummariesPerCall);
        const QList<QByteArray> args = before
            + QList<QByteArray>{QByteArray::number(offset + part * SummariesPerCall), QByteArray::number(rows)} + after;
        m_connection->submit(unified(false, command, args), [gather, relay, decode, join, done, part](const RedisReply &reply) {
            QlessReply<Page> &result = gather->result;
            if (reply.isError()) {
                if (result.error.isNull())
                    result.error = reply.error;
            } else {
                RedisError error;
                gather->parts[part] = decode(reply, &error);
                if (!error.isNull() && result.error.isNull())
                    result.error = error;
            }
            if (--gather->left > 0)
                return;
            result.value = gather->parts.first();
            for (qsizetype i = 1; i < gather->parts.size(); ++i)
                join(&result.value, gather->parts.at(i));
            auto delivered = std::move(gather->result);
            relay->post([done, delivered] { done(delivered); });
        }, m_clock ? -1 : unifiedNowArg);
    }
}

void QlessClient::failedSummaries(const QString &group, int offset, int count, QObject *context,
                                  Done<FailedJobsPage> done)
{
    readInParts<FailedJobsPage>("desk.failed", {utf8(group)}, offset, count, {"summaries"},
                                &QlessDecoder::failedSummaries,
                                [](FailedJobsPage *page, const FailedJobsPage &more) { page->jobs += more.jobs; },
                                context, std::move(done));
}

void QlessClient::trackedSummaries(int offset, int count, QObject *context, Done<TrackedJobs> done)
{
    readInParts<TrackedJobs>("desk.tracked", {}, offset, count, {"summaries"}, &QlessDecoder::trackedSummaries,
                             [](TrackedJobs *page, const TrackedJobs &more) {
                                 page->jobs += more.jobs;
                                 page->expired += more.expired;
                             },
                             context, std::move(done));
}

void QlessClient::trackedStates(QObject *context, Done<TrackedStates> done)
{
    read<TrackedStates>("desk.trackedstates", {}, context, &QlessDecoder::trackedStates, std::move(done));
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
    // shared state needs no lock. The last one delivers. One job that cannot be read is marked
    // in its row; it does not fail the others.
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
