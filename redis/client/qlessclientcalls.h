// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What QlessClient's area files (qless*reads.cpp, qlesswrites.cpp) share: the helpers that build
// the unified script's args and QlessScriptCaller's member templates that send them. Only those
// files include this.

#include "boundedcallsequence.h"
#include "jobscanpage.h"
#include "qlesslistdecoder.h"
#include "qlessscriptcaller.h"
#include "qlesstext.h"
#include "redisconnection.h"
#include "replyrelay.h"
#include "serverclock.h"

namespace QlessClientCalls {
inline QByteArray seconds(double value)
{
    return ServerClock::text(value);
}

inline QByteArray utf8(const QString &text)
{
    return QlessText::bytesOf(text); // a name shown with \xHH escapes goes back as its bytes
}

// Whatever an operation returns when it succeeded and only "done" matters.
inline bool succeeded(const RedisReply &, RedisError *)
{
    return true;
}

// desk.scan and desk.completed reply {cursor parts, total, jids} (lua/lib/98-desk-scan.lua,
// lua/lib/97-desk-completed.lua); `what` names the list in the error.
inline JobScanPage scanPage(const RedisReply &reply, RedisError *error, const QString &what)
{
    JobScanPage page;
    if (!reply.isArray() || reply.elements.size() != 3 || !reply.elements.at(0).isArray()
        || reply.elements.at(1).type != RedisReply::Type::Integer) {
        *error = RedisError::make(RedisError::Kind::BadReply,
                                  QStringLiteral("Unexpected reply: expected %1 (cursor, total, jids)").arg(what));
        return page;
    }
    page.cursor = QlessListDecoder::jids(reply.elements.at(0), error);
    page.total = reply.elements.at(1).integer;
    if (error->isNull())
        page.jids = QlessListDecoder::jids(reply.elements.at(2), error);
    return page;
}

// The unified script (lua/qless.lua, embedded as "qless"): EVALSHA <sha> 0 <command> <now> args...
// The console speaks only this script (issue #12): qless's own commands where their replies are
// what a method promises, qlessdesk's desk.* commands where the console needs more (lua/README.md).
inline const QString unifiedScript = QStringLiteral("qless");
// Where `now` sits in the unified script's args, for the connection to stamp at send time.
constexpr int unifiedNowArg = 1;
} // namespace QlessClientCalls

template<typename T>
void QlessScriptCaller::call(const RedisCommand &command, QObject *context, QlessDecode<T> decode, QlessDone<T> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // A set clock is the caller's on purpose; otherwise the connection writes the server's time
    // when it sends (the estimate in the args may be from before the first TIME reply).
    m_connection->submit(
        command,
        [relay, decode = std::move(decode), done = std::move(done)](const RedisReply &reply) {
            // On the connection thread: decode here, so a large reply never holds up the caller.
            QlessReply<T> result;
            if (reply.isError())
                result.error = reply.error;
            else
                result.value = decode(reply, &result.error);
            relay->post([done, result] { done(result); });
        },
        serverTimeArg());
}

template<typename T>
void QlessScriptCaller::read(const QByteArray &command, const QList<QByteArray> &args, QObject *context,
                             QlessDecode<T> decode, QlessDone<T> done)
{
    call<T>(unified(false, command, args), context, std::move(decode), std::move(done));
}

template<typename T>
void QlessScriptCaller::write(const QByteArray &command, const QList<QByteArray> &args, QObject *context,
                              QlessDecode<T> decode, QlessDone<T> done)
{
    call<T>(unified(true, command, args), context, std::move(decode), std::move(done));
}

template<typename T>
void QlessScriptCaller::writeOnce(const QByteArray &receipt, const QByteArray &command, const QList<QByteArray> &args,
                                  QObject *context, QlessDecode<T> decode, QlessDone<T> done)
{
    if (receipt.isEmpty()) {
        write<T>(command, args, context, std::move(decode), std::move(done));
        return;
    }
    write<T>("desk.once", QList<QByteArray>{receipt, command} + args, context, std::move(decode), std::move(done));
}

template<typename Page>
void QlessScriptCaller::readInParts(const QByteArray &command, const QList<QByteArray> &before, int offset, int count,
                                    int rowsPerCall, const QList<QByteArray> &after, QlessDecode<Page> decode,
                                    std::function<void(Page *, const Page &)> join, QObject *context,
                                    QlessDone<Page> done)
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
    const int parts = count <= 0 ? 1 : (count + rowsPerCall - 1) / rowsPerCall;
    gather->parts.resize(parts);
    QList<RedisCommand> calls;
    for (int part = 0; part < parts; ++part) {
        const int rows = count <= 0 ? count : qMin(rowsPerCall, count - part * rowsPerCall);
        calls.append(
            unified(false, command,
                    before
                        + QList<QByteArray>{QByteArray::number(offset + part * rowsPerCall), QByteArray::number(rows)}
                        + after));
    }
    BoundedCallSequence::send(
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
        serverTimeArg());
}
