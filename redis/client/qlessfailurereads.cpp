// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfailurereads.h"

#include "qlessclientcalls.h"
#include "qlessjobreads.h"

#include <memory>

using namespace QlessClientCalls;

namespace {
// {total, jid, when, text, ...}: the total an integer, then three strings a failure.
FailureSigPage failureSigPage(const RedisReply &reply, RedisError *error)
{
    const auto bad = [error](const QString &what) {
        *error = RedisError::make(RedisError::Kind::BadReply,
                                  QStringLiteral("Unexpected reply to desk.failuresigs: %1").arg(what));
        return FailureSigPage();
    };
    if (!reply.isArray() || reply.elements.isEmpty() || reply.elements.constFirst().type != RedisReply::Type::Integer)
        return bad(QStringLiteral("not a page"));
    if ((reply.elements.size() - 1) % 3 != 0)
        return bad(QStringLiteral("%1 items after the total, not three a failure").arg(reply.elements.size() - 1));
    FailureSigPage page;
    page.total = reply.elements.constFirst().integer;
    page.failures.reserve((reply.elements.size() - 1) / 3);
    for (qsizetype i = 1; i + 2 < reply.elements.size(); i += 3) {
        const RedisReply &jid = reply.elements.at(i);
        const RedisReply &when = reply.elements.at(i + 1);
        const RedisReply &text = reply.elements.at(i + 2);
        if (!jid.isString() || !when.isString() || !text.isString())
            return bad(QStringLiteral("a failure that is not three strings"));
        bool number = false;
        FailureSigPage::Failure failure;
        failure.jid = jid.bytes;
        failure.when = when.bytes.toDouble(&number);
        if (!number)
            return bad(QStringLiteral("a time that is not a number: %1").arg(QString::fromUtf8(when.bytes.left(40))));
        failure.text = QString::fromUtf8(text.bytes);
        page.failures.append(failure);
    }
    return page;
}
} // namespace

void QlessFailureReads::failureGroups(QObject *context, Done<QList<FailureGroup>> done)
{
    failureGroupList(context, [done = std::move(done)](const QlessReply<FailureGroupList> &reply) {
        done(QlessReply<QList<FailureGroup>>{reply.value.groups, reply.error});
    });
}

void QlessFailureReads::failureGroupList(QObject *context, Done<FailureGroupList> done)
{
    failureGroupList({}, context, std::move(done));
}

// One step of the list, then the newest failures the step's call had no time for
// (desk.failurenewest, one call after another, each reading as many as its clock allows), so
// callers get every listed group's newest failure as one call used to give them, without any
// call holding Redis for long.
void QlessFailureReads::failureGroupList(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done)
{
    const QByteArray command = cursor.isEmpty() ? QByteArray("desk.failed") : QByteArray("desk.failuregroups");
    const QList<QByteArray> args = cursor.isEmpty() ? QList<QByteArray>() : QList<QByteArray>{cursor};
    m_caller.read<FailureGroupList>(command, args, context, &QlessListDecoder::failureGroupList,
                                    [this, context, done](const QlessReply<FailureGroupList> &reply) {
                                        if (!reply.ok()) {
                                            done(reply);
                                            return;
                                        }
                                        readLaterNewest(std::make_shared<FailureGroupList>(reply.value), context, done);
                                    });
}

void QlessFailureReads::readLaterNewest(std::shared_ptr<FailureGroupList> list, QObject *context,
                                        Done<FailureGroupList> done)
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
    m_caller.read<FailureGroupList>(
        "desk.failurenewest", names, context, &QlessListDecoder::failureGroupList,
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

void QlessFailureReads::failureGroupCounts(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done)
{
    m_caller.read<FailureGroupList>("desk.failurecounts", {cursor.isEmpty() ? QByteArray("0") : cursor}, context,
                                    &QlessListDecoder::failureGroupList, std::move(done));
}

void QlessFailureReads::failedJobs(const QString &group, int offset, int count, QObject *context,
                                   Done<FailedJobsPage> done)
{
    m_caller.read<FailedJobsPage>("desk.failed", {utf8(group), QByteArray::number(offset), QByteArray::number(count)},
                                  context, &QlessListDecoder::failedJobs, std::move(done));
}

void QlessFailureReads::failedSummaries(const QString &group, int offset, int count, QObject *context,
                                        Done<FailedJobsPage> done)
{
    m_caller.readInParts<FailedJobsPage>(
        "desk.failed", {utf8(group)}, offset, count, QlessJobReads::SummariesPerCall, {"summaries"},
        &QlessListDecoder::failedSummaries,
        [](FailedJobsPage *page, const FailedJobsPage &more) { page->jobs += more.jobs; }, context, std::move(done));
}

void QlessFailureReads::failureSigs(const QString &group, qint64 offset, int count, QObject *context,
                                    Done<FailureSigPage> done)
{
    m_caller.read<FailureSigPage>("desk.failuresigs",
                                  {utf8(group), QByteArray::number(offset), QByteArray::number(count)}, context,
                                  &failureSigPage, std::move(done));
}
