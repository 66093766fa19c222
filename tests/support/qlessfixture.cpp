#include "qlessfixture.h"

#include <QJsonDocument>

#include <algorithm>

QByteArray num(double value)
{
    QByteArray text = QByteArray::number(value, 'f', 3);
    while (text.contains('.') && (text.endsWith('0') || text.endsWith('.')))
        text.chop(1);
    return text;
}

QlessFixture::QlessFixture(RedisServer::Options options)
    : m_server(std::move(options))
{
}

bool QlessFixture::start(QString *error)
{
    if (!m_server.start(error))
        return false;
    if (!m_redis.connectUnix(m_server.socketPath())) {
        if (error)
            *error = m_redis.errorString();
        return false;
    }
    return true;
}

void QlessFixture::flush()
{
    m_redis.command({"FLUSHALL"});
}

RedisValue QlessFixture::call(const QString &script, const QList<QByteArray> &args,
                              const QList<QByteArray> &keys)
{
    return m_redis.qless(script, keys, args);
}

QJsonValue QlessFixture::json(const QString &script, const QList<QByteArray> &args,
                              const QList<QByteArray> &keys)
{
    const RedisValue reply = call(script, args, keys);
    if (reply.type != RedisValue::Type::String)
        return QJsonValue(QJsonValue::Undefined);
    return reply.json();
}

RedisValue QlessFixture::put(const QByteArray &queue, const QByteArray &jid, double now,
                             const QList<QByteArray> &options, double delay,
                             const QByteArray &data, const QByteArray &klass)
{
    return call(QStringLiteral("put"),
                QList<QByteArray>{jid, klass, data, num(now), num(delay)} + options, {queue});
}

QList<QByteArray> QlessFixture::pop(const QByteArray &queue, const QByteArray &worker, int count,
                                    double now)
{
    const RedisValue reply = call(QStringLiteral("pop"),
                                  {worker, QByteArray::number(count), num(now)}, {queue});
    QList<QByteArray> jids;
    for (const RedisValue &element : reply.elements)
        jids.append(element.json().toObject().value(QStringLiteral("jid")).toString().toUtf8());
    return jids;
}

QJsonObject QlessFixture::job(const QByteArray &jid)
{
    return json(QStringLiteral("get"), {jid}).toObject();
}

QList<QByteArray> QlessFixture::snapshot()
{
    QList<QByteArray> keys = m_redis.command({"KEYS", "*"}).strings();
    std::sort(keys.begin(), keys.end());
    QList<QByteArray> out;
    for (const QByteArray &key : keys) {
        out.append(key);
        out.append(m_redis.command({"DUMP", key}).bytes);
        const qint64 ttl = m_redis.command({"PTTL", key}).integer;
        out.append(ttl < 0 ? QByteArray::number(ttl) : QByteArray("ttl"));
    }
    return out;
}
