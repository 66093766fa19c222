// SPDX-License-Identifier: GPL-3.0-or-later
#include "redispriority.h"

#include <QDir>

#include <cerrno>
#include <cstring>
#include <sched.h>

QString RedisPriority::raise(qint64 pid)
{
    if (pid <= 0)
        return QStringLiteral("the server is not running");
    // Threads started later (jemalloc's, Redis's background ones) inherit from the thread that
    // starts them, the main one, so these are all that need setting.
    const QStringList threads =
        QDir(QStringLiteral("/proc/%1/task").arg(pid)).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (threads.isEmpty())
        return QStringLiteral("cannot list the server's threads in /proc");
    sched_param param{};
    param.sched_priority = sched_get_priority_min(SCHED_FIFO);
    QList<pid_t> raised;
    for (const QString &thread : threads) {
        const pid_t tid = pid_t(thread.toLongLong());
        if (sched_setscheduler(tid, SCHED_FIFO, &param) != 0) {
            const QString why = QString::fromLocal8Bit(std::strerror(errno));
            // All or nothing: a half-raised server would measure neither way.
            sched_param normal{};
            for (const pid_t done : std::as_const(raised))
                sched_setscheduler(done, SCHED_OTHER, &normal);
            return QStringLiteral("sched_setscheduler: %1").arg(why);
        }
        raised << tid;
    }
    return {};
}
