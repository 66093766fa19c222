// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <initializer_list>

struct redisContext;

// One reply as the tests see it: hiredis's redisReply copied into a value.
struct RedisValue
{
    enum class Type { Nil, Status, Error, Integer, String, Array };
    Type type = Type::Nil;
    QByteArray bytes;   // Status, Error, String
    qint64 integer = 0; // Integer
    QList<RedisValue> elements;

    bool isNil() const { return type == Type::Nil; }
    bool isError() const { return type == Type::Error; }
    QByteArray text() const { return bytes; }
    // The elements' bytes, for arrays of strings (jid lists).
    QList<QByteArray> strings() const;
    // The reply's text parsed as JSON; Undefined when it is not JSON.
    QJsonValue json() const;
};

// A blocking hiredis client for tests and the fixture only: the product's connection is
// asynchronous and lives in redis/. Blocking is fine here, where nothing else must go on.
class SyncRedis final
{
public:
    SyncRedis() = default;
    ~SyncRedis();
    Q_DISABLE_COPY_MOVE(SyncRedis)

    bool connectUnix(const QString &path);
    bool connectTcp(const QString &host, quint16 port);
    bool isConnected() const;
    QString errorString() const;
    // Applies to every following read; 0 waits for ever.
    void setTimeout(int milliseconds);

    RedisValue command(const QList<QByteArray> &argv);
    RedisValue command(std::initializer_list<QByteArray> argv) { return command(QList<QByteArray>(argv)); }

    // Runs one of our embedded scripts by EVALSHA, loading it on NOSCRIPT.
    RedisValue qless(const QString &script, const QList<QByteArray> &keys, const QList<QByteArray> &args);
    // Waits for the next pushed message (after SUBSCRIBE); Nil on time-out.
    RedisValue nextMessage();

private:
    redisContext *m_context = nullptr;
    QString m_error;
};
