// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"

#include "callsinturn.h"

#include <memory>

// QlessClient's reads of many jobs: whole jobs by jid (multiGet, in qlessclient.cpp) and the
// summaries list rows show, by jid or by page of a failure group or the tracked jobs.

using namespace QlessClientCalls;

void QlessClient::summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    readPerJid(
        "desk.summaries", SummariesPerCall, jids,
        [](const RedisReply &reply, RedisError *error) { return QlessDecoder::jobSummary(reply, error); }, context,
        std::move(done));
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
    };
    auto gather = std::make_shared<Gather>();
    const int parts = count <= 0 ? 1 : (count + SummariesPerCall - 1) / SummariesPerCall;
    gather->parts.resize(parts);
    QList<RedisCommand> calls;
    for (int part = 0; part < parts; ++part) {
        const int rows = count <= 0 ? count : qMin(SummariesPerCall, count - part * SummariesPerCall);
        calls.append(unified(false, command,
                             before
                                 + QList<QByteArray>{QByteArray::number(offset + part * SummariesPerCall),
                                                     QByteArray::number(rows)}
                                 + after));
    }
    CallsInTurn::send(
        m_connection, std::move(calls),
        [gather, decode](qsizetype part, const RedisReply &reply) {
            QlessReply<Page> &result = gather->result;
            if (reply.isError()) {
                if (result.error.isNull())
                    result.error = reply.error;
                return;
            }
            RedisError error;
            gather->parts[part] = decode(reply, &error);
            if (!error.isNull() && result.error.isNull())
                result.error = error;
        },
        [gather, relay, join, done] {
            QlessReply<Page> &result = gather->result;
            result.value = gather->parts.first();
            for (qsizetype i = 1; i < gather->parts.size(); ++i)
                join(&result.value, gather->parts.at(i));
            auto delivered = std::move(gather->result);
            relay->post([done, delivered] { done(delivered); });
        },
        m_clock ? -1 : unifiedNowArg);
}

void QlessClient::failedSummaries(const QString &group, int offset, int count, QObject *context,
                                  Done<FailedJobsPage> done)
{
    readInParts<FailedJobsPage>(
        "desk.failed", {utf8(group)}, offset, count, {"summaries"}, &QlessDecoder::failedSummaries,
        [](FailedJobsPage *page, const FailedJobsPage &more) { page->jobs += more.jobs; }, context, std::move(done));
}

void QlessClient::trackedSummaries(int offset, int count, QObject *context, Done<TrackedJobs> done)
{
    readInParts<TrackedJobs>(
        "desk.tracked", {}, offset, count, {"summaries"}, &QlessDecoder::trackedSummaries,
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
                             Decode<std::optional<Job>> decode, QObject *context, Done<QList<std::optional<Job>>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    if (jids.isEmpty()) {
        relay->post([done] { done({}); });
        return;
    }
    // The scripts take up to 1000 jids a call (callers ask fewer); the calls go out in turn
    // (CallsInTurn) and their replies are handled one after another on the connection thread, so
    // the shared state needs no lock. One job that cannot be read is marked in its row; it does
    // not fail the others.
    auto gather = std::make_shared<QlessReply<QList<std::optional<Job>>>>();
    gather->value.resize(jids.size());
    QList<RedisCommand> calls;
    for (qsizetype first = 0; first < jids.size(); first += perCall)
        calls.append(unified(false, command, jids.mid(first, perCall)));
    CallsInTurn::send(
        m_connection, std::move(calls),
        [gather, decode, jids, perCall](qsizetype index, const RedisReply &reply) {
            QlessReply<QList<std::optional<Job>>> &result = *gather;
            const qsizetype first = index * perCall;
            const qsizetype size = qMin(perCall, jids.size() - first);
            if (reply.isError()) {
                if (result.error.isNull())
                    result.error = reply.error;
            } else if (!reply.isArray() || reply.elements.size() != size) {
                if (result.error.isNull())
                    result.error = RedisError::make(RedisError::Kind::BadReply,
                                                    QStringLiteral("Unexpected reply: expected one job per jid"));
            } else {
                for (qsizetype i = 0; i < size; ++i) {
                    std::optional<Job> job = decode(reply.elements.at(i), &result.error);
                    if (job)
                        job->jid = jids.at(first + i); // the exact bytes asked for
                    result.value[first + i] = std::move(job);
                }
            }
        },
        [gather, relay, done] {
            auto delivered = std::move(*gather);
            relay->post([done, delivered] { done(delivered); });
        },
        m_clock ? -1 : unifiedNowArg);
}
