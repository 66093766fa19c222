// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"

// QlessClient's filtered read of the completed jobs (qless.lua's desk.completed).

using namespace QlessClientCalls;

void QlessClient::completedMatching(const QString &queue, const QString &klass, const QList<QByteArray> &cursor,
                                    int count, QObject *context, Done<JobScanPage> done)
{
    QList<QByteArray> args{QByteArray::number(count)};
    if (!queue.isEmpty())
        args << "queue" << utf8(queue);
    if (!klass.isEmpty())
        args << "klass" << utf8(klass);
    if (!cursor.isEmpty())
        args << "after" << cursor;
    read<JobScanPage>(
        "desk.completed", args, context,
        [](const RedisReply &reply, RedisError *error) {
            return scanPage(reply, error, QStringLiteral("completed jobs"));
        },
        std::move(done));
}
