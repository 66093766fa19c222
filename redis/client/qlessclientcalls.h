// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What QlessClient's files share (qlessclient.cpp: construction and reads;
// qlessclientwrites.cpp: writes; qlessclientsummaries.cpp: reads of many jobs by jid): the helpers
// that build the unified script's calls and the member templates that send them. Only those
// files include this.

#include "jobscanpage.h"
#include "qlessclient.h"
#include "qlessdecoder.h"
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
    return QlessDecoder::bytesOf(text); // a name shown with \xHH escapes goes back as its bytes
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
    page.cursor = QlessDecoder::jids(reply.elements.at(0), error);
    page.total = reply.elements.at(1).integer;
    if (error->isNull())
        page.jids = QlessDecoder::jids(reply.elements.at(2), error);
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
void QlessClient::call(const RedisCommand &command, QObject *context, Decode<T> decode, Done<T> done, int nowArg)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // A set clock is the caller's on purpose; otherwise the connection writes the server's time
    // when it sends (the estimate in the args may be from before the first TIME reply).
    const int serverTimeArg = m_clock ? -1 : nowArg;
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
        serverTimeArg);
}

template<typename T>
void QlessClient::read(const QByteArray &command, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
                       Done<T> done)
{
    call<T>(unified(false, command, args), context, std::move(decode), std::move(done),
            QlessClientCalls::unifiedNowArg);
}

template<typename T>
void QlessClient::write(const QByteArray &command, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
                        Done<T> done)
{
    call<T>(unified(true, command, args), context, std::move(decode), std::move(done), QlessClientCalls::unifiedNowArg);
}

template<typename T>
void QlessClient::writeOnce(const QByteArray &receipt, const QByteArray &command, const QList<QByteArray> &args,
                            QObject *context, Decode<T> decode, Done<T> done)
{
    if (receipt.isEmpty()) {
        write<T>(command, args, context, std::move(decode), std::move(done));
        return;
    }
    write<T>("desk.once", QList<QByteArray>{receipt, command} + args, context, std::move(decode), std::move(done));
}
