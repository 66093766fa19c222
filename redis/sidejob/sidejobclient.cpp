// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobclient.h"

#include "decodedcall.h"
#include "scriptread.h"
#include "sidejobdecoder.h"
#include "sidejobscripts.h"
#include "sidekiqdecoder.h"

SideJobClient::SideJobClient(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{}

template<typename T>
void SideJobClient::call(const QString &script, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
                         Done<T> done)
{
    submitDecoded<T>(m_connection, ScriptRead::eval(SideJobScripts::instance(), script, args), context,
                     std::move(decode), std::move(done));
}

void SideJobClient::detect(QObject *context, Done<SideJobPresence> done)
{
    call<SideJobPresence>(QStringLiteral("detect"), {}, context, &SideJobDecoder::presence, std::move(done));
}

void SideJobClient::listJobs(qint64 cursor, int count, const SideJobFilter &filter, QObject *context,
                             Done<SideJobPage> done)
{
    call<SideJobPage>(QStringLiteral("jobpage"),
                      {QByteArray::number(cursor), QByteArray::number(count), QByteArray::number(IdsPerCall),
                       filter.status.toUtf8(), filter.queue.toUtf8(), filter.klass.toUtf8(), filter.creator.toUtf8()},
                      context, &SideJobDecoder::page, std::move(done));
}

void SideJobClient::jobRecord(const QByteArray &id, double now, QObject *context, Done<SideJobRecord> done,
                              const QByteArray &childCursor)
{
    call<SideJobRecord>(
        QStringLiteral("jobrecord"), {id, QByteArray::number(now, 'f', 3), childCursor}, context,
        [id, childCursor](const RedisReply &reply, RedisError *error) {
            SideJobRecord record = SideJobDecoder::record(reply, error);
            record.id = id;
            record.childCursor = childCursor;
            return record;
        },
        std::move(done));
}

void SideJobClient::portPage(const QByteArray &id, bool input, const QString &port, qint64 offset, int count,
                             QObject *context, Done<SideJobPortPage> done)
{
    call<SideJobPortPage>(QStringLiteral("portpage"),
                          {id, input ? QByteArray("in") : QByteArray("out"), port.toUtf8(), QByteArray::number(offset),
                           QByteArray::number(count)},
                          context, &SideJobDecoder::portPage, std::move(done));
}

void SideJobClient::searchStep(qint64 cursor, int ids, const SideJobFilter &filter, QObject *context,
                               Done<SideJobSearchStep> done)
{
    call<SideJobSearchStep>(QStringLiteral("search"),
                            {QByteArray::number(cursor), QByteArray::number(ids), filter.status.toUtf8(),
                             filter.queue.toUtf8(), filter.klass.toUtf8()},
                            context, &SideJobSearchStep::decode, std::move(done));
}

void SideJobClient::sidekiq(QObject *context, Done<SidekiqOverview> done)
{
    call<SidekiqOverview>(QStringLiteral("sidekiq"), {}, context, &SidekiqDecoder::overview, std::move(done));
}

void SideJobClient::sortedPage(const QString &set, qint64 offset, int count, QObject *context,
                               Done<SidekiqItemPage> done)
{
    call<SidekiqItemPage>(QStringLiteral("sortedpage"),
                          {set.toUtf8(), QByteArray::number(offset), QByteArray::number(count)}, context,
                          &SidekiqDecoder::itemPage, std::move(done));
}
