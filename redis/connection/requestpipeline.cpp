// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestpipeline.h"

#include "luascript.h"
#include "respreader.h"
#include "scriptlibrary.h"
#include "wiretap.h"

#include <algorithm>
#include <vector>

namespace {
using Kind = RedisError::Kind;

QString seconds(int milliseconds)
{
    return QString::number(milliseconds / 1000.0, 'g', 3) + QStringLiteral(" s");
}

// NOSCRIPT more often than this for one request means loading does not help (the script is
// flushed as fast as we load it): its caller hears NOSCRIPT. A refused load is told at once.
constexpr int maxNoScriptRetries = 2;
} // namespace

struct RequestPipeline::Request
{
    RedisCommand command;
    Handler handler;
    QDeadlineTimer deadline;
    RedisReply reply;        // held until the requests before it are delivered
    quint64 sentAs = 0;      // write number of its last send
    QElapsedTimer writtenAt; // its last send
    int serverTimeArg = -1;
    quint64 unit = 0; // RedisConnection::Unit's, 0: its own
    int sends = 0;
    int noScripts = 0;
    bool answered = false; // `reply` is set
    bool inOrder = false;  // listed in m_order
    bool refused = false;  // refused by the server before it ran: safe to send again
    bool done = false;     // its handler ran
};

RequestPipeline::RequestPipeline(const ConnectionSettings &settings, Writer write, ServerTime serverTime)
    : m_settings(settings)
    , m_write(std::move(write))
    , m_serverTime(std::move(serverTime))
{
    m_lastHeard.start();
}

RequestPipeline::~RequestPipeline() = default;

void RequestPipeline::submit(const RedisCommand &command, const Handler &handler, int serverTimeArg, quint64 unit)
{
    auto request = std::make_shared<Request>();
    request->command = command;
    request->handler = handler;
    request->serverTimeArg = serverTimeArg;
    request->unit = unit;
    request->deadline = QDeadlineTimer(m_settings.requestTimeoutMs);
    ++m_pending;
    if (m_open && m_queue.empty() && mayGo(request))
        send(request);
    else
        m_queue.push_back(request);
}

bool RequestPipeline::mayGo(const RequestPtr &request) const
{
    if (!m_settings.oneUnitAtServer || m_atServer == 0)
        return true;
    // Joins the unit at the server only if it is the same declared one (a bounded batch).
    return request->unit != 0 && request->unit == m_unitAtServer;
}

void RequestPipeline::sendQueued()
{
    while (m_open && !m_queue.empty()) {
        const RequestPtr request = m_queue.front();
        if (request->done) {
            m_queue.pop_front();
            continue;
        }
        if (!mayGo(request))
            return;
        m_queue.pop_front();
        send(request);
    }
}

void RequestPipeline::refuse(const Handler &handler, const RedisError &error)
{
    auto request = std::make_shared<Request>();
    request->handler = handler;
    ++m_pending;
    finish(request, RedisReply::fromError(error));
}

void RequestPipeline::setOpen(bool open)
{
    m_open = open;
    if (!open) {
        // A new connection (maybe a new server) has loaded nothing yet.
        m_scriptLoadedAt.clear();
        m_scriptLoadFailures.clear();
        return;
    }
    sendQueued();
}

void RequestPipeline::write(const QList<QByteArray> &argv)
{
    if (m_expected.empty())
        m_lastHeard.restart(); // silence counts from when a reply is first owed
    ++m_writes;
    if (WireTap *tap = WireTap::installed())
        tap->written(m_settings.clientName, argv);
    m_write(RespReader::encode(argv));
}

void RequestPipeline::sendInternal(const QList<QByteArray> &argv, const Handler &handler)
{
    write(argv);
    m_expected.push_back({nullptr, handler ? handler : Handler([](const RedisReply &) {})});
}

void RequestPipeline::send(const RequestPtr &request)
{
    QList<QByteArray> argv;
    const RedisCommand &command = request->command;
    if (command.isScript()) {
        const LuaScript *script = ScriptLibrary::instance().find(command.script);
        if (!script) {
            finish(request,
                   RedisReply::fromError(
                       RedisError::make(Kind::InvalidSettings,
                                        QStringLiteral("No script named \"%1\" is built in").arg(command.script))));
            return;
        }
        argv.reserve(3 + command.keys.size() + command.args.size());
        // Bound: the script command's own (lua/qless.lua's "-- Bound:" lines).
        argv << "EVALSHA" << script->sha1 << QByteArray::number(command.keys.size());
        argv += command.keys;
        argv += command.args;
        // Stamped now, not when the caller built it: a request that waited out a reconnect,
        // or was sent before the first TIME reply, still gets the server's present time.
        if (request->serverTimeArg >= 0 && request->serverTimeArg < command.args.size())
            argv[3 + command.keys.size() + request->serverTimeArg] = m_serverTime();
    } else {
        argv = command.argv;
    }
    ++request->sends;
    request->refused = false;
    if (!request->inOrder) {
        request->inOrder = true;
        m_order.push_back(request);
    }
    write(argv);
    request->writtenAt.start();
    request->sentAs = m_writes;
    m_expected.push_back({request, {}});
    ++m_atServer;
    m_unitAtServer = request->unit;
}

void RequestPipeline::heard()
{
    m_lastHeard.restart();
}

RedisError RequestPipeline::onReply(const RedisReply &reply)
{
    if (WireTap *tap = WireTap::installed())
        tap->replied(m_settings.clientName);
    if (m_expected.empty())
        return RedisError::make(Kind::Protocol, QStringLiteral("The server sent a reply nobody asked for"));
    const Expected entry = m_expected.front();
    m_expected.pop_front();
    if (entry.internal) {
        entry.internal(reply);
        return {};
    }
    --m_atServer;
    // The next unit goes out before this reply reaches its caller, so Redis works on it while
    // the reply is decoded here; unless this reply may send its request again (NOSCRIPT, a
    // demoted master), which goes first, as part of the unit it came in.
    const bool mayGoAgain =
        reply.isError() && (reply.error.kind == Kind::NoScript || reply.error.kind == Kind::ReadOnlyReplica);
    if (!mayGoAgain) {
        sendQueued();
        return onCallerReply(entry, reply);
    }
    const RedisError dropWhy = onCallerReply(entry, reply);
    if (dropWhy.isNull())
        sendQueued();
    return dropWhy;
}

RedisError RequestPipeline::onCallerReply(const Expected &entry, const RedisReply &reply)
{
    const RequestPtr &request = entry.request;
    if (request->done)
        return {}; // it timed out; its late reply is dropped here
    m_consecutiveTimeouts = 0;
    if (reply.isError() && reply.error.kind == Kind::NoScript && request->command.isScript()) {
        const auto failed = m_scriptLoadFailures.constFind(request->command.script);
        if (failed != m_scriptLoadFailures.constEnd() && request->noScripts > 0
            && m_scriptLoadedAt.value(request->command.script) < request->sentAs) {
            // Re-sent after a load that the server refused: why it refused is the answer.
            complete(request, RedisReply::fromError(*failed));
            return {};
        }
        if (request->noScripts < maxNoScriptRetries) {
            retryAfterNoScript(request);
            return {};
        }
    }
    if (reply.isError() && reply.error.kind == Kind::ReadOnlyReplica
        && m_settings.transport == ConnectionSettings::Transport::Sentinel
        && request->sends < m_settings.readAttempts) {
        // The master we talk to was demoted. The command was refused, so it may go again (a
        // write too) once Sentinel has named the new master: back where it was, marked.
        request->refused = true;
        m_expected.push_front(entry);
        ++m_atServer;
        return reply.error;
    }
    if (reply.isError() && reply.error.kind == Kind::ReadOnlyReplica
        && m_settings.transport != ConnectionSettings::Transport::Sentinel) {
        // Nothing will make this server a master for us: say so once, finally, rather than
        // let a caller treat it as passing and try forever.
        RedisReply final = reply;
        final.error.kind = Kind::NotMaster;
        final.error.message = QStringLiteral("%1 is a read-only replica, so %2 was refused and changed nothing. "
                                             "This connection does not go through Sentinel, so it stays that way: "
                                             "connect to the master (or through Sentinel) to make changes.")
                                  .arg(m_settings.describe(), request->command.describe());
        complete(request, final);
        return {};
    }
    complete(request, reply);
    return {};
}

void RequestPipeline::retryAfterNoScript(const RequestPtr &request)
{
    // The server lost the script (restart, SCRIPT FLUSH). Every EVALSHA of it already in the
    // pipe fails the same way; one SCRIPT LOAD, written before the first of them is re-sent,
    // serves them all. Only a NOSCRIPT to a call sent after our load means it was lost again.
    // The script did not run, so re-sending is safe for writes too.
    ++request->noScripts;
    --request->sends; // a NOSCRIPT answer is not a failed try
    const auto loaded = m_scriptLoadedAt.constFind(request->command.script);
    if (loaded == m_scriptLoadedAt.constEnd() || *loaded < request->sentAs) {
        if (const LuaScript *script = ScriptLibrary::instance().find(request->command.script)) {
            const QString name = request->command.script;
            m_scriptLoadFailures.remove(name);
            // Bound: compiles the script, as long as its source (qless.lua), whatever the data.
            sendInternal({"SCRIPT", "LOAD", script->source}, [this, name](const RedisReply &reply) {
                if (!reply.isError())
                    return;
                // An ACL without SCRIPT LOAD (NOPERM), maxmemory (OOM): the calls that waited
                // for this load hear it, not a bare NOSCRIPT.
                RedisError why = reply.error;
                why.message = QStringLiteral("The server does not have the script \"%1\" and refused to "
                                             "load it (SCRIPT LOAD): %2")
                                  .arg(name, reply.error.message);
                m_scriptLoadFailures.insert(name, why);
            });
            m_scriptLoadedAt.insert(name, m_writes);
        }
    }
    send(request);
}

void RequestPipeline::finish(const RequestPtr &request, const RedisReply &reply)
{
    if (request->done)
        return;
    request->done = true;
    --m_pending;
    if (request->handler)
        request->handler(reply);
}

void RequestPipeline::complete(const RequestPtr &request, const RedisReply &reply)
{
    if (request->done)
        return;
    if (!request->inOrder) {
        finish(request, reply);
        return;
    }
    request->reply = reply;
    if (request->writtenAt.isValid())
        request->reply.sinceWrittenNs = request->writtenAt.nsecsElapsed();
    request->answered = true;
    deliverInOrder();
}

void RequestPipeline::deliverInOrder()
{
    while (!m_order.empty()) {
        const RequestPtr request = m_order.front();
        if (!request->done && !request->answered)
            return;
        m_order.pop_front();
        if (!request->done)
            finish(request, request->reply);
    }
}

RedisError RequestPipeline::unsentError(const RedisError &lastConnectError) const
{
    const QString within = seconds(m_settings.requestTimeoutMs);
    if (m_open) {
        // Held by oneUnitAtServer behind the requests before it, which took that long. It never
        // left this client, so it certainly did not run: a caller may send a write again.
        return RedisError::make(Kind::NotSent,
                                QStringLiteral("Not sent within %1, so it did not run: the requests before it on "
                                               "this connection were still being answered")
                                    .arg(within));
    }
    if (lastConnectError.isNull()) {
        return RedisError::make(Kind::ConnectTimeout,
                                QStringLiteral("Not sent: still connecting after %1").arg(within));
    }
    RedisError error = lastConnectError;
    error.message = QStringLiteral("Not sent: no connection within %1 (%2)").arg(within, lastConnectError.message);
    // Never written, so it did not run, whatever the last attempt to connect ended with (a link
    // lost during the handshake says nothing about this request).
    if (!error.certainlyNotRun())
        error.kind = Kind::NotSent;
    return error;
}

RedisError RequestPipeline::sweep(const RedisError &lastConnectError)
{
    for (auto it = m_queue.begin(); it != m_queue.end();) {
        const RequestPtr request = *it;
        if (request->done) {
            it = m_queue.erase(it);
        } else if (request->deadline.hasExpired()) {
            it = m_queue.erase(it);
            finish(request, RedisReply::fromError(unsentError(lastConnectError)));
        } else {
            ++it;
        }
    }
    // Copied first: a handler may submit more.
    std::vector<RequestPtr> expired;
    for (const Expected &entry : m_expected) {
        if (entry.request && !entry.request->done && !entry.request->answered && entry.request->deadline.hasExpired())
            expired.push_back(entry.request);
    }
    const QString within = seconds(m_settings.requestTimeoutMs);
    for (const RequestPtr &request : expired) {
        const QString message =
            request->command.writes
                ? QStringLiteral("No reply to %1 within %2: it may still run, or have run. Check before trying again.")
                      .arg(request->command.describe(), within)
                : QStringLiteral("No reply to %1 within %2").arg(request->command.describe(), within);
        // The entry stays in m_expected: its reply, when it comes, must still be matched to it.
        finish(request, RedisReply::fromError(RedisError::make(Kind::Timeout, message)));
        ++m_consecutiveTimeouts;
    }
    deliverInOrder();

    if (!m_open)
        return {};
    if (m_settings.timeoutsBeforeReconnect > 0 && m_consecutiveTimeouts >= m_settings.timeoutsBeforeReconnect) {
        const int count = m_consecutiveTimeouts;
        m_consecutiveTimeouts = 0;
        return RedisError::make(Kind::ConnectionLost, QStringLiteral("%1 requests in a row got no reply within %2: "
                                                                     "the connection is taken as dead and opened again")
                                                          .arg(count)
                                                          .arg(within));
    }
    if (!m_expected.empty() && m_lastHeard.elapsed() > m_settings.requestTimeoutMs) {
        return RedisError::make(Kind::ConnectionLost,
                                QStringLiteral("Nothing arrived from the server for %1 while replies were owed: "
                                               "the connection is taken as dead and opened again")
                                    .arg(within));
    }
    return {};
}

void RequestPipeline::abandon(const RedisError &why)
{
    m_open = false;
    m_scriptLoadedAt.clear();
    m_scriptLoadFailures.clear();
    m_consecutiveTimeouts = 0;
    m_atServer = 0;
    const std::deque<Expected> expected = std::move(m_expected);
    m_expected.clear();
    std::vector<RequestPtr> resend;
    for (const Expected &entry : expected) {
        const RequestPtr &request = entry.request;
        if (!request || request->done || request->answered)
            continue;
        if (request->command.writes && !request->refused) {
            complete(request,
                     RedisReply::fromError(
                         RedisError::make(Kind::ConnectionLost,
                                          QStringLiteral("%1 before the reply to %2: it may or may not have run. "
                                                         "Check before trying again.")
                                              .arg(why.message, request->command.describe()))));
        } else if (request->sends >= m_settings.readAttempts) {
            complete(request, RedisReply::fromError(RedisError::make(Kind::ConnectionLost,
                                                                     QStringLiteral("%1; gave up on %2 after %3 tries")
                                                                         .arg(why.message, request->command.describe())
                                                                         .arg(request->sends))));
        } else {
            resend.push_back(request);
        }
    }
    // The same request may be awaited twice (a NOSCRIPT retry): keep its first place only.
    std::vector<RequestPtr> unique;
    for (const RequestPtr &request : resend) {
        if (std::find(unique.begin(), unique.end(), request) == unique.end())
            unique.push_back(request);
    }
    for (auto it = unique.rbegin(); it != unique.rend(); ++it) {
        // A new server may have lost the script again: it gets its own load-and-retry.
        (*it)->noScripts = 0;
        m_queue.push_front(*it);
    }
}

void RequestPipeline::failAll(const RedisError &error)
{
    m_open = false;
    const std::deque<RequestPtr> order = std::move(m_order);
    m_order.clear();
    const std::deque<RequestPtr> queue = std::move(m_queue);
    m_queue.clear();
    m_expected.clear();
    m_atServer = 0;
    for (const RequestPtr &request : order) {
        if (request->done)
            continue;
        if (request->answered) {
            finish(request, request->reply);
            continue;
        }
        RedisError unknown = error;
        if (request->command.writes && !request->refused)
            unknown.message +=
                QStringLiteral(" before the reply to %1: it may or may not have run").arg(request->command.describe());
        finish(request, RedisReply::fromError(unknown));
    }
    for (const RequestPtr &request : queue)
        finish(request, RedisReply::fromError(error));
}
