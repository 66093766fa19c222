// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// What went wrong with one request or with the connection, sorted into the kinds a caller (and an
// operator reading the message) must tell apart. `message` reads well on its own; `serverText`
// keeps what Redis said, untouched, for logs.
struct RedisError
{
    enum class Kind {
        None,
        // The transport
        ConnectionRefused,
        HostNotFound,
        ConnectTimeout,
        TlsHandshake,
        ConnectionLost, // the reply never came; for a write, whether it ran is unknown
        Closed,         // the connection was closed by us, or gave up reconnecting
        Timeout,        // no reply within the request timeout
        NotSent, // never written within the request timeout (held behind the unit at the server, or no connection)
        SentinelUnavailable,
        InvalidSettings,
        Protocol,
        // The server
        WrongPassword,
        NoPermission,
        ReadOnlyReplica, // behind Sentinel: passing, the master moved
        NotMaster,       // READONLY without Sentinel: final, the URL names a replica
        MaxClients,      // the server is full (maxclients): passing
        Loading,
        Busy,
        OutOfMemory,
        NoScript,
        ScriptError, // a qless script refused the call, in the script's own words
        ServerError,
        // Ours
        ReadOnlyMode, // refused before sending: the connection was opened read-only
        NotAllowed,   // refused before sending: the command would break the shared connection
        BadReply,     // the reply did not have the shape the script promises
    };

    Kind kind = Kind::None;
    QString message;
    QByteArray serverText;

    bool isNull() const { return kind == Kind::None; }
    // Whether the command certainly did not run (so a retry cannot run it twice).
    bool certainlyNotRun() const;
    // Whether trying the same again later may succeed without the operator changing anything
    // (the server busy, loading, full, failing over, the connection lost).
    bool isPassing() const;

    static RedisError make(Kind kind, const QString &message);
    // Sorts an error reply ("-WRONGPASS ...", "-ERR user_script:3: ...") into its kind.
    static RedisError fromServer(const QByteArray &text);
    // "ERR user_script:12: Put(): Arg ... script: <sha>, on @user_script:12." -> "Put(): Arg ..."
    static QString cleanScriptError(const QByteArray &text);
    static QString kindName(Kind kind);

    // What our qless scripts say when they refuse a call for the user's ACL before writing
    // anything (lua/lib/10-base.lua's Qless.permission_refusal).
    static constexpr const char *ScriptRefusedUnchanged = "refused before changing anything";
};
