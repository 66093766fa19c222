// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobwriter.h"

#include "redisconnection.h"
#include "replyrelay.h"
#include "sidejobscripts.h"

#include <QDateTime>
#include <QLocale>

#include <cmath>

SideJobWriter::SideJobWriter(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{}

QByteArray SideJobWriter::timeArg(double now)
{
    // The shortest text that reads back as `now`, as Ruby's Float#to_s writes Sidekiq's times;
    // a whole number still carries its ".0", as Ruby's does.
    QByteArray text = QByteArray::number(now, 'f', QLocale::FloatingPointShortest);
    if (!text.contains('.'))
        text += ".0";
    return text;
}

QByteArray SideJobWriter::isoArg(double now)
{
    const double seconds = std::floor(now);
    const qint64 nanos = qBound(qint64(0), qint64(std::llround((now - seconds) * 1e9)), qint64(999999999));
    const QDateTime at = QDateTime::fromSecsSinceEpoch(qint64(seconds), Qt::UTC);
    return at.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")).toLatin1() + '.'
           + QByteArray::number(nanos).rightJustified(9, '0') + 'Z';
}

int SideJobWriter::scanFor(qsizetype ids)
{
    return int(qMin<qsizetype>(ScanPerJob, ScanPerCall / qMax<qsizetype>(1, ids)));
}

void SideJobWriter::call(const QString &script, const QList<QByteArray> &args, qsizetype outcomes, QObject *context,
                         Done done)
{
    const LuaScript *lua = SideJobScripts::instance().find(script);
    // Bound: the script's own (its -- Bound: comment in lua/sidejob) within the caps above.
    // EVAL with the source, as SideJobClient's reads: the connection reloads only qless's scripts
    // on NOSCRIPT, and Redis caches an EVAL'd script by its SHA.
    QList<QByteArray> argv{"EVAL", lua ? lua->source : QByteArray("return redis.error_reply('no script')"), "0"};
    argv += args;
    ReplyRelay *relay = ReplyRelay::create(context);
    m_connection->submit(RedisCommand::write(argv), [relay, script, outcomes,
                                                     done = std::move(done)](const RedisReply &reply) {
        QlessReply<QList<QByteArray>> result;
        if (reply.isError()) {
            result.error = reply.error;
        } else if (!reply.isArray() || reply.elements.size() != outcomes) {
            result.error = RedisError::make(RedisError::Kind::BadReply,
                                            QStringLiteral("Unexpected reply of sidejob %1").arg(script));
        } else {
            for (const RedisReply &outcome : reply.elements)
                result.value << outcome.bytes;
        }
        relay->post([done, result] { done(result); });
    });
}

void SideJobWriter::run(double now, const QString &layout, bool force, const QList<QByteArray> &ids, QObject *context,
                        Done done)
{
    const QList<QByteArray> args{timeArg(now), layout.toLatin1(), QByteArray::number(scanFor(ids.size())),
                                 force ? QByteArrayLiteral("force") : QByteArrayLiteral("normal")};
    call(QStringLiteral("run"), args + ids, ids.size(), context, std::move(done));
}

void SideJobWriter::terminate(double now, const QString &layout, const QList<QByteArray> &ids, QObject *context,
                              Done done)
{
    const QList<QByteArray> args{timeArg(now), layout.toLatin1(), QByteArray::number(scanFor(ids.size()))};
    call(QStringLiteral("terminate"), args + ids, ids.size(), context, std::move(done));
}

void SideJobWriter::writeInput(double now, const QString &layout, const QByteArray &id, const QString &port,
                               const QByteArray &json, QObject *context, Done done)
{
    call(QStringLiteral("writeinput"),
         {timeArg(now), isoArg(now), layout.toLatin1(), QByteArray::number(scanFor(1)), id, port.toUtf8(), json}, 1,
         context, std::move(done));
}

void SideJobWriter::deleteTerminated(const QString &layout, int limit, const QByteArray &id, QObject *context,
                                     Done done)
{
    call(QStringLiteral("deleteterminated"), {layout.toLatin1(), QByteArray::number(limit), id}, 1, context,
         std::move(done));
}
