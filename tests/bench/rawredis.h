// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

struct redisContext;
struct redisReply;

// The "raw" side of every benchmark: plain blocking hiredis on the same unix socket, EVALSHA of
// the same scripts ScriptLibrary embeds, no Qt event loop, thread, decoder or model around it.
// What our stack costs is measured against what this costs in the same run.
class RawRedis final
{
public:
    struct ReplyDeleter
    {
        void operator()(redisReply *reply) const;
    };
    using Reply = std::unique_ptr<redisReply, ReplyDeleter>;
    using Argv = QList<QByteArray>;

    RawRedis() = default;
    ~RawRedis();
    RawRedis(const RawRedis &) = delete;
    RawRedis &operator=(const RawRedis &) = delete;

    bool connectUnix(const QString &path, QString *error);

    // SCRIPT LOAD of every embedded script, so neither side ever meets NOSCRIPT while timed.
    bool loadScripts(QString *error);

    // EVALSHA script numkeys keys... args...
    static Argv script(const QString &name, const QList<QByteArray> &keys, const QList<QByteArray> &args);

    // One command, its reply (null on a transport error).
    Reply command(const Argv &argv);
    // Commands pipelined `window` at a time: all of a window written, then all its replies read.
    // Returns how many replies were errors (-1: the connection failed); `last` gets the last
    // error's text. Replies are freed as they are read.
    qint64 pipeline(const QList<Argv> &commands, int window, QByteArray *last = nullptr);

    static QByteArray text(const redisReply *reply);
    static bool isError(const redisReply *reply);
    static long long integer(const redisReply *reply);

private:
    bool append(const Argv &argv);

    redisContext *m_context = nullptr;
};
