// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include "scriptlibrary.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtDebug>

#include <algorithm>

QByteArray num(double value)
{
    QByteArray text = QByteArray::number(value, 'f', 3);
    while (text.contains('.') && (text.endsWith('0') || text.endsWith('.')))
        text.chop(1);
    return text;
}

QByteArray slowToDecodeJson()
{
    QByteArray data = "[0";
    data.reserve(800002);
    for (int i = 1; i < 400000; ++i)
        data += ",1";
    return data + ']';
}

QlessFixture::QlessFixture(RedisServer::Options options)
    : m_server(std::move(options))
{}

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
    m_listener.reset(); // a test that listened must not hand its subscription to the next
    m_redis.command({"FLUSHALL"});
}

RedisValue QlessFixture::call(const QString &script, const QList<QByteArray> &args, const QList<QByteArray> &keys)
{
    return m_redis.qless(script, keys, args);
}

QJsonValue QlessFixture::json(const QString &script, const QList<QByteArray> &args, const QList<QByteArray> &keys)
{
    const RedisValue reply = call(script, args, keys);
    if (reply.type != RedisValue::Type::String)
        return QJsonValue(QJsonValue::Undefined);
    return reply.json();
}

RedisValue QlessFixture::put(const QByteArray &queue, const QByteArray &jid, double now,
                             const QList<QByteArray> &options, double delay, const QByteArray &data,
                             const QByteArray &klass)
{
    return call(QStringLiteral("put"), QList<QByteArray>{jid, klass, data, num(now), num(delay)} + options, {queue});
}

QList<QByteArray> QlessFixture::pop(const QByteArray &queue, const QByteArray &worker, int count, double now)
{
    const RedisValue reply = call(QStringLiteral("pop"), {worker, QByteArray::number(count), num(now)}, {queue});
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

QByteArray canonical(const QJsonValue &value)
{
    if (value.isUndefined())
        return "undefined";
    // QJsonDocument writes only arrays and objects: wrap the value, then unwrap the text.
    QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

QByteArray canonicalJson(const QByteArray &text)
{
    RedisValue asReply;
    asReply.type = RedisValue::Type::String;
    asReply.bytes = text;
    const QJsonValue value = asReply.json();
    return value.isUndefined() ? text : canonical(value);
}

QByteArray describe(const RedisValue &reply)
{
    switch (reply.type) {
    case RedisValue::Type::Nil: return "nil";
    case RedisValue::Type::Status: return "status " + reply.bytes;
    case RedisValue::Type::Error: return "error " + reply.bytes;
    case RedisValue::Type::Integer: return "integer " + QByteArray::number(reply.integer);
    case RedisValue::Type::String: return "string " + reply.bytes;
    case RedisValue::Type::Array: {
        QByteArray out = "array [";
        for (const RedisValue &element : reply.elements)
            out += describe(element) + ", ";
        return out + "]";
    }
    }
    return "?";
}

bool QlessFixture::loadUnifiedScript()
{
    if (!m_qlessSha.isEmpty())
        return true;
    QStringList candidates;
    const QString fromEnvironment = qEnvironmentVariable("QLESSDESK_QLESS_LUA");
    if (!fromEnvironment.isEmpty())
        candidates << fromEnvironment;
#ifdef QLESSDESK_GENERATED_LUA_DIR
    else
        candidates << QStringLiteral(QLESSDESK_GENERATED_LUA_DIR "/qless.lua");
#endif
    for (const QString &path : candidates) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            m_qlessSource = file.readAll();
            m_qlessPath = path;
            break;
        }
    }
    if (m_qlessSource.isEmpty() && fromEnvironment.isEmpty()) {
        if (const LuaScript *embedded = ScriptLibrary::instance().find(QStringLiteral("qless"))) {
            m_qlessSource = embedded->source;
            m_qlessPath = QStringLiteral(":/qless/qless.lua");
        }
    }
    if (m_qlessSource.isEmpty())
        return false;
    m_qlessSha = QCryptographicHash::hash(m_qlessSource, QCryptographicHash::Sha1).toHex();
    return true;
}

QString QlessFixture::qlessScriptPath()
{
    loadUnifiedScript();
    return m_qlessPath;
}

RedisValue QlessFixture::qlessRaw(const QList<QByteArray> &keys, const QList<QByteArray> &argv)
{
    if (!loadUnifiedScript()) {
        RedisValue missing;
        missing.type = RedisValue::Type::Error;
        missing.bytes = "no unified qless.lua found (generated lua dir, resources, $QLESSDESK_QLESS_LUA)";
        return missing;
    }
    QList<QByteArray> command{"EVALSHA", m_qlessSha, QByteArray::number(keys.size())};
    command += keys;
    command += argv;
    RedisValue reply = m_redis.command(command);
    if (reply.isError() && reply.bytes.startsWith("NOSCRIPT")) {
        m_redis.command({"SCRIPT", "LOAD", m_qlessSource});
        reply = m_redis.command(command);
    }
    return reply;
}

RedisValue QlessFixture::qless(const QByteArray &command, double now, const QList<QByteArray> &args)
{
    return qlessRaw({}, QList<QByteArray>{command, num(now)} + args);
}

namespace {
// Clients parse a reply's text as JSON, but not the elements of an array reply (jids).
QJsonValue asClientSees(const RedisValue &reply, bool parseText = true)
{
    switch (reply.type) {
    case RedisValue::Type::Nil: return QJsonValue(QJsonValue::Null);
    case RedisValue::Type::Integer: return QJsonValue(double(reply.integer));
    case RedisValue::Type::Status:
    case RedisValue::Type::String: {
        const QJsonValue parsed = parseText ? reply.json() : QJsonValue(QJsonValue::Undefined);
        return parsed.isUndefined() ? QJsonValue(QString::fromUtf8(reply.bytes)) : parsed;
    }
    case RedisValue::Type::Array: {
        QJsonArray out;
        for (const RedisValue &element : reply.elements)
            out.append(asClientSees(element, false));
        return out;
    }
    case RedisValue::Type::Error: break;
    }
    return QJsonValue(QJsonValue::Undefined);
}
} // namespace

QJsonValue QlessFixture::qlessJson(const QByteArray &command, double now, const QList<QByteArray> &args)
{
    const RedisValue reply = qless(command, now, args);
    if (reply.isError())
        qWarning().noquote() << command << "refused:" << reply.bytes;
    return asClientSees(reply);
}

QStringList QlessFixture::notRefused(const QList<QList<QByteArray>> &argvs)
{
    QStringList accepted;
    for (const QList<QByteArray> &argv : argvs) {
        const RedisValue reply = qlessRaw({}, argv);
        if (!reply.isError())
            accepted << QString::fromUtf8(argv.join(' ') + " -> " + describe(reply));
    }
    return accepted;
}

bool QlessFixture::listen()
{
    m_listener = std::make_unique<SyncRedis>();
    if (!m_listener->connectUnix(m_server.socketPath()))
        return false;
    m_listener->setTimeout(5000);
    const RedisValue first = m_listener->command({"PSUBSCRIBE", "*"});
    return first.elements.value(0).bytes == "psubscribe";
}

QList<QByteArray> QlessFixture::heard()
{
    QList<QByteArray> out;
    if (!m_listener)
        return {"not listening"};
    // A fence published after everything else: once it arrives, nothing earlier is still on its
    // way, since Redis delivers a connection's messages in publish order.
    static const QByteArray fence = "qlessfixture:fence";
    m_redis.command({"PUBLISH", fence, "end"});
    for (;;) {
        const RedisValue message = m_listener->nextMessage();
        // pmessage, pattern, channel, payload
        if (message.elements.size() != 4) {
            out << "no fence: listener timed out";
            return out;
        }
        const QByteArray channel = message.elements[2].bytes;
        if (channel == fence)
            return out;
        out << channel + ' ' + canonicalJson(message.elements[3].bytes);
    }
}
