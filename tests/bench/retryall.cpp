// SPDX-License-Identifier: GPL-3.0-or-later
// The retry-all section: BulkRunner against the unfail script in a tight loop.
#include "bench.h"

#include "benchtools.h"
#include "bulkrunner.h"
#include "bulksummary.h"
#include "bulktarget.h"
#include "jobaction.h"
#include "qlesssession.h"
#include "seeder.h"

// Retry every job of a failure group of `retry` jobs: BulkRunner (failedaction batches) against
// the unfail script called in a tight loop with the same batch size; jobs per second. Each round
// seeds a fresh group for each side; who goes first alternates by round. Medians of the rounds.
void Bench::retryAll()
{
    // BulkRunner asks no more of a group batch than GroupBatchJobs: the raw loop asks the same.
    const int batch = qMin(m_options.batch, BulkRunner::GroupBatchJobs);
    Figure f;
    f.id = QStringLiteral("retry_all");
    f.name = QStringLiteral("retry-all of %1 failed jobs").arg(m_options.retry);
    f.unit = Figure::Unit::PerSecond;
    f.maxRatio = 1.1;
    f.note = QStringLiteral("BulkRunner, batches of %1, against unfail in a tight loop with the same count; "
                            "medians of %2 rounds")
                 .arg(batch)
                 .arg(m_options.rounds);
    double stall = 0;

    for (int round = 0; round < m_options.rounds; ++round) {
        if (!flush())
            return;
        const QString rawGroup = QStringLiteral("retry-raw");
        const QString oursGroup = QStringLiteral("retry-ours");
        const QString rawQueue = QStringLiteral("retry-raw-q");
        const QString oursQueue = QStringLiteral("retry-ours-q");
        Seeder seeder(m_raw);
        QString error;
        progress(QStringLiteral("retry-all, round %1 of %2: seeding two groups of %3 jobs")
                     .arg(round + 1)
                     .arg(m_options.rounds)
                     .arg(m_options.retry));
        if (!seeder.failureGroup(rawGroup, rawQueue, m_options.retry, nowSeconds(), &error)
            || !seeder.failureGroup(oursGroup, oursQueue, m_options.retry, nowSeconds(), &error)) {
            fail(error);
            return;
        }
        for (int turn = 0; turn < 2; ++turn) {
            const bool ours = (turn + round) % 2 == 1;
            QElapsedTimer timer;
            if (!ours) {
                progress(QStringLiteral("retry-all: raw unfail loop, batches of %1").arg(batch));
                qint64 moved = 0;
                timer.start();
                for (;;) {
                    const RawRedis::Reply reply =
                        m_raw.command(RawRedis::script(QStringLiteral("unfail"), {},
                                                       {seconds(nowSeconds()), rawGroup.toUtf8(), rawQueue.toUtf8(),
                                                        QByteArray::number(batch)}));
                    if (RawRedis::isError(reply.get())) {
                        fail(QStringLiteral("retry-all, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));
                        return;
                    }
                    const long long n = RawRedis::integer(reply.get());
                    if (n <= 0)
                        break;
                    moved += n;
                }
                const double ms = msSince(timer);
                if (moved != m_options.retry) {
                    fail(QStringLiteral("retry-all, raw: %1 jobs moved, not %2").arg(moved).arg(m_options.retry));
                    return;
                }
                f.rawSamples.append(moved / (ms / 1000.0));
                continue;
            }
            progress(QStringLiteral("retry-all: BulkRunner, batches of %1").arg(batch));
            BulkRunner runner(m_session.get(), JobAction::retry(),
                              BulkTarget::ofFailureGroup(oursGroup, m_options.retry));
            runner.setBatchSize(batch);
            bool finished = false;
            BulkSummary summary;
            double ms = 0;
            QObject::connect(&runner, &BulkRunner::finished, &runner, [&](const BulkSummary &result) {
                ms = msSince(timer);
                summary = result;
                finished = true;
            });
            m_meter.start();
            timer.start();
            runner.start();
            const bool ok = spin([&finished] { return finished; });
            const double roundStall = m_meter.stop();
            stall = qMax(stall, roundStall);
            progress(QStringLiteral("retry-all: longest GUI stall %1 ms, ending %2 ms into a run of %3 ms")
                         .arg(roundStall, 0, 'f', 1)
                         .arg(m_meter.longestEndedAtMs(), 0, 'f', 0)
                         .arg(m_meter.ranMs(), 0, 'f', 0));
            if (!ok || summary.done != m_options.retry) {
                fail(QStringLiteral("retry-all, ours: %1").arg(ok ? summary.text() : QStringLiteral("did not finish")));
                return;
            }
            const qint64 waiting = queueCounts(oursQueue.toUtf8()).value(QStringLiteral("waiting")).toInteger();
            if (waiting != m_options.retry || groupSize(oursGroup.toUtf8()) != 0) {
                fail(QStringLiteral("retry-all, ours: %1 jobs waiting in %2 afterwards, not %3")
                         .arg(waiting)
                         .arg(oursQueue)
                         .arg(m_options.retry));
                return;
            }
            f.oursSamples.append(summary.done / (ms / 1000.0));
            m_calls.drain(QStringLiteral("retry-all"));
        }
    }
    if (!f.rawSamples.isEmpty())
        f.raw = median(f.rawSamples);
    if (!f.oursSamples.isEmpty())
        f.ours = median(f.oursSamples);
    m_report.add(f);
    addStall(QStringLiteral("stall_retry_all"), QStringLiteral("GUI stall: retry-all"),
             f.oursSamples.isEmpty() ? std::nullopt : std::optional<double>(stall));
}
