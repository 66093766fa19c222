// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessscanreads.h"

#include "qlessclientcalls.h"

using namespace QlessClientCalls;

namespace {
// {cursor, looked, keys, jid, state, message, data, ...}: three header items, then four strings
// a match.
JobSearchPage searchPage(const RedisReply &reply, RedisError *error)
{
    const auto bad = [error](const QString &what) {
        *error = RedisError::make(RedisError::Kind::BadReply,
                                  QStringLiteral("Unexpected reply to desk.search: %1").arg(what));
        return JobSearchPage();
    };
    if (!reply.isArray() || reply.elements.size() < 3)
        return bad(QStringLiteral("not a page"));
    const RedisReply &cursor = reply.elements.at(0);
    const RedisReply &looked = reply.elements.at(1);
    const RedisReply &keys = reply.elements.at(2);
    if (!cursor.isString() || looked.type != RedisReply::Type::Integer || keys.type != RedisReply::Type::Integer)
        return bad(QStringLiteral("no cursor and counts"));
    if ((reply.elements.size() - 3) % 4 != 0)
        return bad(QStringLiteral("%1 items after the counts, not four a match").arg(reply.elements.size() - 3));
    JobSearchPage page;
    page.cursor = cursor.bytes;
    page.looked = looked.integer;
    page.keys = keys.integer;
    page.matches.reserve((reply.elements.size() - 3) / 4);
    for (qsizetype i = 3; i + 3 < reply.elements.size(); i += 4) {
        for (qsizetype k = i; k < i + 4; ++k) {
            if (!reply.elements.at(k).isString())
                return bad(QStringLiteral("a match that is not four strings"));
        }
        JobSearchPage::Match match;
        match.jid = reply.elements.at(i).bytes;
        match.state = QString::fromUtf8(reply.elements.at(i + 1).bytes);
        match.message = QString::fromUtf8(reply.elements.at(i + 2).bytes);
        match.data = reply.elements.at(i + 3).bytes;
        page.matches.append(match);
    }
    return page;
}
} // namespace

void QlessScanReads::scanJobs(const QString &list, const QString &name, const QList<QByteArray> &cursor, int count,
                              QObject *context, Done<JobScanPage> done)
{
    QList<QByteArray> args{utf8(list), utf8(name), QByteArray::number(count)};
    args += cursor;
    m_caller.read<JobScanPage>(
        "desk.scan", args, context,
        [](const RedisReply &reply, RedisError *error) {
            return scanPage(reply, error, QStringLiteral("a chunk of a list"));
        },
        std::move(done));
}

void QlessScanReads::completedMatching(const QString &queue, const QString &klass, const QList<QByteArray> &cursor,
                                       int count, QObject *context, Done<JobScanPage> done)
{
    QList<QByteArray> args{QByteArray::number(count)};
    if (!queue.isEmpty())
        args << "queue" << utf8(queue);
    if (!klass.isEmpty())
        args << "klass" << utf8(klass);
    if (!cursor.isEmpty())
        args << "after" << cursor;
    m_caller.read<JobScanPage>(
        "desk.completed", args, context,
        [](const RedisReply &reply, RedisError *error) {
            return scanPage(reply, error, QStringLiteral("completed jobs"));
        },
        std::move(done));
}

void QlessScanReads::searchJobs(const JobSearchQuery &query, const QByteArray &cursor, int count, QObject *context,
                                Done<JobSearchPage> done)
{
    QList<QByteArray> args{cursor.isEmpty() ? QByteArray("0") : cursor, QByteArray::number(count)};
    const auto add = [&args](const char *name, const QString &value) {
        if (!value.isEmpty())
            args << name << utf8(value);
    };
    add("jid", query.jidPrefix);
    add("tag", query.tag);
    add("klass", query.klass);
    add("queue", query.queue);
    add("worker", query.worker);
    add("state", query.state);
    add("group", query.group);
    add("message", query.message);
    add("data", query.data);
    if (query.withMessage)
        args << "with"
             << "message";
    if (query.withData)
        args << "with"
             << "data";
    m_caller.read<JobSearchPage>("desk.search", args, context, &searchPage, std::move(done));
}
