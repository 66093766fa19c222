// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisreply.h"

#include <QByteArray>
#include <QList>

struct redisReader;

// RESP2 both ways by hiredis: encodes a command with its argv formatter, and turns the bytes a
// socket delivers (in whatever pieces) into whole replies with its redisReader.
class RespReader final
{
public:
    RespReader();
    ~RespReader();
    Q_DISABLE_COPY_MOVE(RespReader)

    static QByteArray encode(const QList<QByteArray> &argv);

    void feed(const QByteArray &bytes);
    enum class Result { Reply, NeedMore, Failed };
    // The next complete reply, if the bytes fed so far hold one. After Failed the stream is
    // unusable (errorString says why) and the connection must be dropped.
    Result next(RedisReply *reply);
    QString errorString() const { return m_error; }
    void reset();

private:
    redisReader *m_reader = nullptr;
    QString m_error;
};
