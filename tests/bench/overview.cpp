// SPDX-License-Identifier: GPL-3.0-or-later
// The overview section: every queue's counts and every worker, as the Overview page reads them.
#include "bench.h"

#include "benchtools.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "seeder.h"
#include "workerlistmodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <hiredis/hiredis.h>

namespace {
// The same pages the console reads, one call after another through hiredis: desk.queuepage by
// offset, then the desk.workerpage walk from each page's `next`. Milliseconds, or -1 with
// `error` set.
double rawPages(RawRedis &raw, int queuesPerPage, int workersPerPage, QString *error)
{
    QElapsedTimer timer;
    timer.start();
    const auto call = [&](const QList<QByteArray> &args, QJsonObject *page) {
        const RawRedis::Reply reply = raw.command(RawRedis::script(QStringLiteral("qless"), {}, args));
        if (RawRedis::isError(reply.get()) || !reply || reply->type != REDIS_REPLY_STRING) {
            *error = QString::fromUtf8(RawRedis::text(reply.get()));
            return false;
        }
        *page = QJsonDocument::fromJson(RawRedis::text(reply.get())).object();
        return true;
    };
    QJsonObject page;
    for (qint64 offset = 0;; offset += queuesPerPage) {
        if (!call({"desk.queuepage", seconds(nowSeconds()), QByteArray::number(offset),
                   QByteArray::number(queuesPerPage)},
                  &page))
            return -1;
        if (offset + queuesPerPage >= page.value(QStringLiteral("total")).toInteger()
            || page.value(QStringLiteral("queues")).toArray().isEmpty())
            break;
    }
    QList<QByteArray> next;
    do {
        if (!call(QList<QByteArray>{"desk.workerpage", seconds(nowSeconds()), QByteArray::number(workersPerPage)}
                      + next,
                  &page))
            return -1;
        const QJsonObject after = page.value(QStringLiteral("next")).toObject();
        next.clear();
        if (!after.isEmpty()) {
            // `since` goes back as the text the script gave (a score), `after` as the name.
            const QJsonValue since = after.value(QStringLiteral("since"));
            next << (since.isString() ? since.toString().toUtf8() : QByteArray::number(since.toDouble(), 'g', 17))
                 << after.value(QStringLiteral("after")).toString().toUtf8();
        }
    } while (!next.isEmpty());
    return msSince(timer);
}
} // namespace

// The Overview's two big lists: every queue's counts and every worker, from the request to both
// models updated. Judged against the same pages called one after another through hiredis (what
// the console's own pace costs); one unbounded `queues` and `workers` call each, pipelined, is
// shown for information: the console reads pages so that no call holds Redis long.
void Bench::overview()
{
    if (!flush())
        return;
    progress(QStringLiteral("overview: seeding %1 queues and %2 workers").arg(m_options.queues).arg(m_options.workers));
    Seeder seeder(m_raw);
    QString error;
    if (!seeder.overview(m_options.queues, m_options.workers, nowSeconds(), &error)) {
        fail(error);
        return;
    }

    // Both models filled from empty, then refreshed; `fresh` starts again from empty models.
    auto queues = std::make_unique<QueueListModel>(m_session->client());
    auto workers = std::make_unique<WorkerListModel>(m_session->client());
    const auto fresh = [&] {
        queues = std::make_unique<QueueListModel>(m_session->client());
        workers = std::make_unique<WorkerListModel>(m_session->client());
    };
    const auto ours = [&] {
        int left = 2;
        double ms = 0;
        QElapsedTimer timer;
        const auto done = [&] {
            if (--left == 0)
                ms = msSince(timer);
        };
        timer.start();
        queues->refresh(done);
        workers->refresh(done);
        spin([&left] { return left == 0; });
        return ms;
    };
    const auto paged = [&] {
        QString why;
        const double ms = rawPages(m_raw, QlessQueueReads::QueuePageSize, QlessWorkerReads::WorkerPageSize, &why);
        if (ms < 0)
            fail(QStringLiteral("overview, raw pages: ") + why);
        return ms;
    };
    const auto unbounded = [&] {
        const QByteArray now = seconds(nowSeconds());
        qint64 errors = 0;
        QString last;
        const double ms = rawPipeline({RawRedis::script(QStringLiteral("queues"), {}, {now}),
                                       RawRedis::script(QStringLiteral("workers"), {}, {now})},
                                      &errors, &last);
        if (errors)
            fail(QStringLiteral("overview, raw: ") + last);
        return ms;
    };

    progress(QStringLiteral("overview: %1 refreshes each side").arg(m_options.repeats));
    QList<double> rawSamples;
    QList<double> unboundedSamples;
    QList<double> oursSamples;
    // A first fill is one sample on a machine whose other work can double it: three fills of
    // empty models, the median judged.
    QList<double> fillSamples;
    double stall = 0;
    for (int i = 0; i < 3; ++i) {
        rawSamples.append(paged());
        unboundedSamples.append(unbounded());
        fresh();
        m_meter.start();
        fillSamples.append(ours());
        stall = qMax(stall, m_meter.stop());
    }
    if (queues->rowCount() != m_options.queues || workers->rowCount() != m_options.workers)
        fail(QStringLiteral("overview: the models hold %1 queues and %2 workers; expected %3 and %4 (%5 %6)")
                 .arg(queues->rowCount())
                 .arg(workers->rowCount())
                 .arg(m_options.queues)
                 .arg(m_options.workers)
                 .arg(queues->lastError(), workers->lastError()));
    for (int i = 0; i < m_options.repeats; ++i) {
        rawSamples.append(paged());
        unboundedSamples.append(unbounded());
        m_meter.start();
        oursSamples.append(ours());
        stall = qMax(stall, m_meter.stop());
    }

    const QString pages =
        QStringLiteral("the same pages (desk.queuepage of %1, desk.workerpage of %2) called one after "
                       "another through hiredis")
            .arg(QlessQueueReads::QueuePageSize)
            .arg(QlessWorkerReads::WorkerPageSize);
    Figure fill;
    fill.id = QStringLiteral("overview_first_fill");
    fill.name =
        QStringLiteral("overview: first fill (%1 queues, %2 workers)").arg(m_options.queues).arg(m_options.workers);
    fill.ours = median(fillSamples);
    fill.raw = median(rawSamples);
    fill.reference = QStringLiteral("raw hiredis, same pages");
    fill.oursSamples = fillSamples;
    fill.rawSamples = rawSamples;
    fill.maxRatio = 1.3;
    fill.note = QStringLiteral("empty models filled, median of 3; against the median of %1").arg(pages);
    m_report.add(fill);

    Figure refresh;
    refresh.id = QStringLiteral("overview_refresh");
    refresh.name =
        QStringLiteral("overview: refresh (%1 queues, %2 workers)").arg(m_options.queues).arg(m_options.workers);
    refresh.ours = median(oursSamples);
    refresh.raw = median(rawSamples);
    refresh.reference = fill.reference;
    refresh.oursSamples = oursSamples;
    refresh.rawSamples = rawSamples;
    refresh.maxRatio = 1.3;
    refresh.note = QStringLiteral("request to both models updated (keyed diff); medians of %1; against %2")
                       .arg(m_options.repeats)
                       .arg(pages);
    m_report.add(refresh);

    Figure whole;
    whole.id = QStringLiteral("overview_refresh_vs_unbounded");
    whole.name = QStringLiteral("overview: refresh against one call for all");
    whole.ours = median(oursSamples);
    whole.raw = median(unboundedSamples);
    whole.reference = QStringLiteral("raw hiredis, queues + workers");
    whole.rawSamples = unboundedSamples;
    whole.judgeRatio = false;
    whole.note = QStringLiteral("for information: one unbounded qless `queues` and `workers` call, pipelined, holds "
                                "Redis for all of it at once; the console's pages leave other clients room between "
                                "them, at the cost of a round trip each");
    m_report.add(whole);

    addStall(QStringLiteral("stall_overview"), QStringLiteral("GUI stall: overview refresh"), stall);
    m_calls.drain(QStringLiteral("overview"));
    overviewCallsAlone();
    statsCallsAlone();
}
