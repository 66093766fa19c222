// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"

#include <memory>

// QlessClient's reads of the failure groups' list (qless.lua's desk.failed without a group,
// desk.failuregroups, desk.failurenewest and desk.failurecounts).

using namespace QlessClientCalls;

void QlessClient::failureGroups(QObject *context, Done<QList<FailureGroup>> done)
{
    failureGroupList(context, [done = std::move(done)](const QlessReply<FailureGroupList> &reply) {
        done(QlessReply<QList<FailureGroup>>{reply.value.groups, reply.error});
    });
}

void QlessClient::failureGroupList(QObject *context, Done<FailureGroupList> done)
{
    failureGroupList({}, context, std::move(done));
}

// One step of the list, then the newest failures the step's call had no time for
// (desk.failurenewest, one call after another, each reading as many as its clock allows), so
// callers get every listed group's newest failure as one call used to give them, without any
// call holding Redis for long.
void QlessClient::failureGroupList(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done)
{
    const QByteArray command = cursor.isEmpty() ? QByteArray("desk.failed") : QByteArray("desk.failuregroups");
    const QList<QByteArray> args = cursor.isEmpty() ? QList<QByteArray>() : QList<QByteArray>{cursor};
    read<FailureGroupList>(command, args, context, &QlessDecoder::failureGroupList,
                           [this, context, done](const QlessReply<FailureGroupList> &reply) {
                               if (!reply.ok()) {
                                   done(reply);
                                   return;
                               }
                               readLaterNewest(std::make_shared<FailureGroupList>(reply.value), context, done);
                           });
}

void QlessClient::readLaterNewest(std::shared_ptr<FailureGroupList> list, QObject *context, Done<FailureGroupList> done)
{
    QList<qsizetype> later;
    QList<QByteArray> names;
    for (qsizetype i = 0; i < list->groups.size() && names.size() < NewestGroupsPerCall; ++i) {
        if (list->groups.at(i).newestLater) {
            later << i;
            names << utf8(list->groups.at(i).name);
        }
    }
    if (names.isEmpty()) {
        done(QlessReply<FailureGroupList>{std::move(*list), {}});
        return;
    }
    read<FailureGroupList>(
        "desk.failurenewest", names, context, &QlessDecoder::failureGroupList,
        [this, list, later, context, done](const QlessReply<FailureGroupList> &reply) {
            if (!reply.ok()) {
                done(QlessReply<FailureGroupList>{{}, reply.error});
                return;
            }
            // The first of the groups asked for, in order, at least one: anything else would never end.
            const QList<FailureGroup> &got = reply.value.groups;
            if (got.isEmpty() || got.size() > later.size()) {
                done(QlessReply<FailureGroupList>{
                    {},
                    RedisError::make(RedisError::Kind::BadReply,
                                     QStringLiteral("Unexpected reply to desk.failurenewest: %1 groups for %2 asked")
                                         .arg(got.size())
                                         .arg(later.size()))});
                return;
            }
            for (qsizetype k = 0; k < got.size(); ++k) {
                FailureGroup &group = list->groups[later.at(k)];
                const QString name = group.name;
                const qint64 count = group.count;
                group = got.at(k);
                group.name = name;
                group.count = count;
                group.newestLater = false;
            }
            readLaterNewest(list, context, done);
        });
}

void QlessClient::failureGroupCounts(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done)
{
    read<FailureGroupList>("desk.failurecounts", {cursor.isEmpty() ? QByteArray("0") : cursor}, context,
                           &QlessDecoder::failureGroupList, std::move(done));
}
