// SPDX-License-Identifier: GPL-3.0-or-later
#include "rediserror.h"

#include <QRegularExpression>

bool RedisError::certainlyNotRun() const
{
    switch (kind) {
    case Kind::ConnectionRefused:
    case Kind::HostNotFound:
    case Kind::ConnectTimeout:
    case Kind::TlsHandshake:
    case Kind::SentinelUnavailable:
    case Kind::InvalidSettings:
    case Kind::WrongPassword:
    case Kind::ReadOnlyReplica:
    case Kind::NotMaster:
    case Kind::MaxClients:
    case Kind::Loading:
    case Kind::Busy:
    case Kind::OutOfMemory:
    case Kind::NoScript:
    case Kind::ReadOnlyMode:
    case Kind::NotAllowed:
    case Kind::NotSent: return true;
    case Kind::NoPermission:
        // Refused by ACL before the script started, or by our script before its first write;
        // refused by ACL inside a script, after what it wrote before (Redis keeps that).
        return !serverText.contains("user_script:") || serverText.contains(ScriptRefusedUnchanged);
    default: return false;
    }
}

bool RedisError::isPassing() const
{
    switch (kind) {
    case Kind::ConnectionRefused:
    case Kind::HostNotFound:
    case Kind::ConnectTimeout:
    case Kind::ConnectionLost:
    case Kind::Timeout:
    case Kind::NotSent:
    case Kind::SentinelUnavailable:
    case Kind::ReadOnlyReplica:
    case Kind::MaxClients:
    case Kind::Loading:
    case Kind::Busy: return true;
    default: return false;
    }
}

RedisError RedisError::make(Kind kind, const QString &message)
{
    RedisError error;
    error.kind = kind;
    error.message = message;
    return error;
}

QString RedisError::cleanScriptError(const QByteArray &text)
{
    QString message = QString::fromUtf8(text).trimmed();
    // Redis 7 appends where the error came from; the operator needs none of it.
    static const QRegularExpression suffix(QStringLiteral("\\s*script: [0-9a-f]{40}, on @user_script:\\d+\\.?$"));
    message.remove(suffix);
    static const QRegularExpression prefix(QStringLiteral("^(ERR )?(user_script:\\d+: )?"));
    message.remove(prefix);
    // Older servers: "Error running script (call to f_<sha>): @user_script:3: ..."
    static const QRegularExpression older(
        QStringLiteral("^Error running script \\(call to f_[0-9a-f]{40}\\): @user_script:\\d+: "));
    message.remove(older);
    return message.trimmed();
}

RedisError RedisError::fromServer(const QByteArray &text)
{
    RedisError error;
    error.serverText = text;
    const QByteArray code = text.left(text.indexOf(' '));
    const QString rest = QString::fromUtf8(text.mid(code.size())).trimmed();
    const bool fromScript = text.contains("@user_script:") || text.contains("user_script:");

    // Parameters named apart from the members they fill (clang's -Wshadow).
    auto set = [&error](Kind sorted, const QString &readable) {
        error.kind = sorted;
        error.message = readable;
        return error;
    };
    if (code == "WRONGPASS" || text.startsWith("ERR invalid password")
        || text.startsWith("ERR AUTH <password> called without"))
        return set(Kind::WrongPassword, QStringLiteral("The server refused the user name or password (%1)").arg(rest));
    if (code == "NOAUTH")
        return set(Kind::WrongPassword, QStringLiteral("The server wants a password and none was given"));
    // Redis 7 words a refusal inside a script "The user executing the script can't run this
    // command...", "...can't access at least one of the keys...", "...can't publish to the
    // channel..."; our scripts' own check before their first write says ScriptRefusedUnchanged.
    if (code == "NOPERM" || text.contains("The user executing the script can't")
        || (fromScript && text.contains(ScriptRefusedUnchanged))) {
        QString why = cleanScriptError(code == "NOPERM" ? text.mid(7) : text);
        static const QRegularExpression ourCheck(QStringLiteral("^Permission\\(\\): "));
        why.remove(ourCheck);
        set(Kind::NoPermission, QStringLiteral("Not permitted for this Redis user (ACL): %1").arg(why));
        if (!error.certainlyNotRun())
            error.message +=
                QStringLiteral(" (refused partway through the script: what it wrote before stays written)");
        return error;
    }
    if (code == "READONLY" || text.contains("READONLY You can't write"))
        return set(Kind::ReadOnlyReplica,
                   QStringLiteral("The server is a read-only replica; writes must go to the master"));
    if (text.startsWith("ERR max number of clients reached"))
        return set(Kind::MaxClients,
                   QStringLiteral("The server has as many clients as it takes (maxclients); trying again shortly"));
    if (code == "LOADING")
        return set(Kind::Loading, QStringLiteral("The server is still loading its data; try again shortly"));
    if (code == "BUSY")
        return set(Kind::Busy, QStringLiteral("The server is busy running a script; try again shortly"));
    if (code == "OOM" || text.contains("OOM command not allowed"))
        return set(Kind::OutOfMemory,
                   QStringLiteral("The server is out of memory (maxmemory reached) and refuses writes"));
    if (code == "NOSCRIPT")
        return set(Kind::NoScript, QStringLiteral("The server does not have the script loaded"));
    if (fromScript)
        return set(Kind::ScriptError, cleanScriptError(text));
    return set(Kind::ServerError, QStringLiteral("Redis: %1").arg(QString::fromUtf8(text)));
}

QString RedisError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None: return QStringLiteral("none");
    case Kind::ConnectionRefused: return QStringLiteral("connection refused");
    case Kind::HostNotFound: return QStringLiteral("host not found");
    case Kind::ConnectTimeout: return QStringLiteral("connect timeout");
    case Kind::TlsHandshake: return QStringLiteral("TLS handshake failed");
    case Kind::ConnectionLost: return QStringLiteral("connection lost");
    case Kind::Closed: return QStringLiteral("closed");
    case Kind::Timeout: return QStringLiteral("timeout");
    case Kind::NotSent: return QStringLiteral("not sent");
    case Kind::SentinelUnavailable: return QStringLiteral("sentinel unavailable");
    case Kind::InvalidSettings: return QStringLiteral("invalid settings");
    case Kind::Protocol: return QStringLiteral("protocol error");
    case Kind::WrongPassword: return QStringLiteral("wrong password");
    case Kind::NoPermission: return QStringLiteral("no permission");
    case Kind::ReadOnlyReplica: return QStringLiteral("read-only replica");
    case Kind::NotMaster: return QStringLiteral("not the master");
    case Kind::MaxClients: return QStringLiteral("too many clients");
    case Kind::Loading: return QStringLiteral("loading");
    case Kind::Busy: return QStringLiteral("busy");
    case Kind::OutOfMemory: return QStringLiteral("out of memory");
    case Kind::NoScript: return QStringLiteral("no script");
    case Kind::ScriptError: return QStringLiteral("script error");
    case Kind::ServerError: return QStringLiteral("server error");
    case Kind::ReadOnlyMode: return QStringLiteral("read-only mode");
    case Kind::NotAllowed: return QStringLiteral("not allowed");
    case Kind::BadReply: return QStringLiteral("bad reply");
    }
    return QString();
}
