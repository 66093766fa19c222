// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessworkerreads.h"

#include "qlessclientcalls.h"

#include <QHash>
#include <QSet>
#include <memory>

using namespace QlessClientCalls;

void QlessWorkerReads::workerPage(const QByteArray &since, const QString &after, int count, QObject *context,
                                  Done<WorkerPage> done)
{
    QList<QByteArray> args{QByteArray::number(count)};
    if (!since.isEmpty())
        args << since << QlessText::bytesOf(after);
    m_caller.read<WorkerPage>("desk.workerpage", args, context, &QlessListDecoder::workerPage, std::move(done));
}

void QlessWorkerReads::workers(QObject *context, Done<QList<WorkerSummary>> done)
{
    struct Walk
    {
        QList<WorkerSummary> rows;
        QHash<QString, qsizetype> indexOf;
        QSet<qsizetype> stale;
    };
    auto walk = std::make_shared<Walk>();
    auto step = std::make_shared<std::function<void(const QByteArray &, const QString &)>>();
    // The function holds itself only through a weak pointer; each pending call holds it strongly.
    std::weak_ptr<std::function<void(const QByteArray &, const QString &)>> weakStep = step;
    *step = [this, context, done, walk, weakStep](const QByteArray &since, const QString &after) {
        workerPage(since, after, WorkerPageSize, context,
                   [done, walk, self = weakStep.lock()](const QlessReply<WorkerPage> &reply) {
                       if (!reply.ok()) {
                           done(QlessReply<QList<WorkerSummary>>{{}, reply.error});
                           return;
                       }
                       for (const WorkerSummary &worker : reply.value.workers) {
                           // Read again further up: it was seen meanwhile, its earlier place is stale.
                           const auto seen = walk->indexOf.constFind(worker.name);
                           if (seen != walk->indexOf.cend())
                               walk->stale << *seen;
                           walk->indexOf.insert(worker.name, walk->rows.size());
                           walk->rows << worker;
                       }
                       if (!reply.value.nextSince.isEmpty()) {
                           (*self)(reply.value.nextSince, reply.value.nextAfter);
                           return;
                       }
                       // The pages came in the set's order; reversed, most recently seen first as the listing
                       // always was (equal times in the set's reverse order, as ZREVRANGE gives them).
                       QList<WorkerSummary> out;
                       out.reserve(walk->rows.size() - walk->stale.size());
                       for (qsizetype i = walk->rows.size() - 1; i >= 0; --i) {
                           if (!walk->stale.contains(i))
                               out << walk->rows.at(i);
                       }
                       done(QlessReply<QList<WorkerSummary>>{std::move(out), {}});
                   });
    };
    (*step)({}, {});
}

void QlessWorkerReads::workerJobs(const QString &worker, QObject *context, Done<WorkerJobs> done)
{
    workerJobs(worker, 0, 1000, context, std::move(done));
}

void QlessWorkerReads::workerJobs(const QString &worker, int offset, int count, QObject *context, Done<WorkerJobs> done)
{
    m_caller.read<WorkerJobs>("desk.workers", {utf8(worker), QByteArray::number(offset), QByteArray::number(count)},
                              context, &QlessListDecoder::workerJobs, std::move(done));
}
