// SPDX-License-Identifier: GPL-3.0-or-later
// The search section: JobSearch over every job against the same desk.search calls in a blocking
// hiredis loop.
#include "bench.h"

#include "benchtools.h"
#include "jobcloner.h"
#include "jobsearch.h"
#include "qlesssession.h"
#include "syncredis.h"

#include <hiredis/hiredis.h>

namespace {
// What the bench looks for: text in the data of about one job in ninety ("A-12", "A-120"...,
// "A-129999"), so the first match comes early and the walk still reads every job's data.
const QByteArray Needle = "\"A-12";

// 60% waiting, 30% failed, 10% complete: templates made through our scripts, then copied.
bool seedJobs(RawRedis &raw, const QString &socket, qint64 jobs, QString *error)
{
    const double t = nowSeconds() - 600;
    const QList<RawRedis::Argv> steps{
        RawRedis::script(QStringLiteral("put"), {"crawl"},
                         {"wa-template", "Pipeline::Fetch", R"({"order": "B-0"})", seconds(t), "0"}),
        RawRedis::script(QStringLiteral("put"), {"parse"}, {"fa-template", "Pipeline::Parse", "{}", seconds(t), "0"}),
        RawRedis::script(QStringLiteral("put"), {"index"}, {"co-template", "Pipeline::Index", "{}", seconds(t), "0"}),
        RawRedis::script(QStringLiteral("pop"), {"parse"}, {"worker-1", "1", seconds(t + 1)}),
        RawRedis::script(QStringLiteral("fail"), {},
                         {"fa-template", "worker-1", "IOError", "disk full", seconds(t + 2)}),
        RawRedis::script(QStringLiteral("pop"), {"index"}, {"worker-1", "1", seconds(t + 3)}),
        RawRedis::script(QStringLiteral("complete"), {}, {"co-template", "worker-1", "index", seconds(t + 4), "{}"}),
    };
    for (const RawRedis::Argv &step : steps) {
        const RawRedis::Reply reply = raw.command(step);
        if (RawRedis::isError(reply.get())) {
            *error = QStringLiteral("search: seeding: ") + QString::fromUtf8(RawRedis::text(reply.get()));
            return false;
        }
    }
    SyncRedis sync;
    if (!sync.connectUnix(socket)) {
        *error = QStringLiteral("search: ") + sync.errorString();
        return false;
    }
    const QByteArray data = R"({"url": "https://a.example/pages/@N@.html", "order": "A-@N@", "attempt": 1})";
    const QList<std::tuple<QByteArray, QByteArray, qint64>> copies{{"wa-template", "wa", jobs * 6 / 10},
                                                                   {"fa-template", "fa", jobs * 3 / 10},
                                                                   {"co-template", "co", jobs / 10}};
    for (const auto &[from, prefix, count] : copies) {
        progress(QStringLiteral("search: copying %1 %2 jobs").arg(count).arg(QString::fromUtf8(prefix)));
        *error = JobCloner::clone(sync, from, prefix, 0, count, data);
        if (!error->isEmpty())
            return false;
    }
    return true;
}
} // namespace

// Search every job for text in its data: JobSearch (the console's: one call in flight, each
// reply decoded on the connection thread and applied on this one) against desk.search called in
// a tight blocking loop with the same count. Time to the first match and to the end of the walk;
// the longest single call as Redis timed it (the bound per call is what this section is for).
void Bench::search()
{
    if (!flush())
        return;
    QString error;
    progress(QStringLiteral("search: seeding %1 jobs").arg(m_options.search));
    if (!seedJobs(m_raw, m_server.socketPath(), m_options.search, &error)) {
        fail(error);
        return;
    }
    m_calls.drain(QStringLiteral("search seeding"));
    const int count = JobSearch::KeysPerCall;
    JobSearchCriteria criteria;
    criteria.data = QString::fromUtf8(Needle);

    Figure first;
    first.id = QStringLiteral("search_first_result");
    first.name = QStringLiteral("search %1 jobs: first match").arg(m_options.search);
    first.maxOurs = 150;
    Figure total;
    total.id = QStringLiteral("search_total");
    total.name = QStringLiteral("search %1 jobs: whole walk").arg(m_options.search);
    total.maxRatio = 1.3;
    double stall = 0;
    double rawLongestMs = 0;
    qint64 oursMatches = -1;
    qint64 rawMatches = -1;
    int oursCalls = 0;

    for (int round = 0; round < m_options.rounds; ++round) {
        for (int turn = 0; turn < 2; ++turn) {
            const bool ours = (turn + round) % 2 == 1;
            QElapsedTimer timer;
            if (!ours) {
                progress(QStringLiteral("search, round %1: raw desk.search loop").arg(round + 1));
                QByteArray cursor = "0";
                qint64 matches = 0;
                double firstMs = -1;
                timer.start();
                do {
                    QElapsedTimer call;
                    call.start();
                    const RawRedis::Reply reply =
                        m_raw.command(RawRedis::script(QStringLiteral("qless"), {},
                                                       {"desk.search", seconds(nowSeconds()), cursor,
                                                        QByteArray::number(count), "data", Needle}));
                    rawLongestMs = qMax(rawLongestMs, msSince(call));
                    if (RawRedis::isError(reply.get()) || reply->elements < 3) {
                        fail(QStringLiteral("search, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));
                        return;
                    }
                    cursor = RawRedis::text(reply->element[0]);
                    matches += qint64(reply->elements - 3) / 4;
                    if (firstMs < 0 && matches > 0)
                        firstMs = msSince(timer);
                } while (cursor != "0");
                total.rawSamples.append(msSince(timer));
                first.rawSamples.append(firstMs);
                rawMatches = matches;
                continue;
            }
            progress(QStringLiteral("search, round %1: JobSearch").arg(round + 1));
            JobSearch search(m_session->client());
            double firstMs = -1;
            bool finished = false;
            bool ok = false;
            QObject::connect(&search, &JobSearch::matched, &search, [&](qint64 found) {
                if (firstMs < 0 && found > 0)
                    firstMs = msSince(timer);
            });
            QObject::connect(&search, &JobSearch::finished, &search, [&](bool fine, const QString &why) {
                ok = fine;
                error = why;
                finished = true;
            });
            m_meter.start();
            timer.start();
            search.start(criteria);
            const bool ended = spin([&finished] { return finished; });
            const double ms = msSince(timer);
            stall = qMax(stall, m_meter.stop());
            if (!ended || !ok) {
                fail(QStringLiteral("search, ours: %1").arg(ended ? error : QStringLiteral("did not finish")));
                return;
            }
            total.oursSamples.append(ms);
            first.oursSamples.append(firstMs);
            oursMatches = search.matchCount();
            oursCalls = search.calls();
            m_calls.drain(QStringLiteral("search"));
        }
    }
    // SCAN may return a key twice (the console drops repeats): the counts must agree unless so.
    if (oursMatches != rawMatches)
        progress(QStringLiteral("search: %1 matches found by ours, %2 by the raw loop (repeats)")
                     .arg(oursMatches)
                     .arg(rawMatches));
    const QString note =
        QStringLiteral("data containing %1 among %2 jobs: %3 matches, %4 calls of %5 keys; medians of %6 rounds")
            .arg(QString::fromUtf8(Needle))
            .arg(m_options.search)
            .arg(oursMatches)
            .arg(oursCalls)
            .arg(count)
            .arg(m_options.rounds);
    for (Figure *f : {&first, &total}) {
        f->note = note;
        if (!f->rawSamples.isEmpty())
            f->raw = median(f->rawSamples);
        if (!f->oursSamples.isEmpty())
            f->ours = median(f->oursSamples);
        m_report.add(*f);
    }
    addStall(QStringLiteral("stall_search"), QStringLiteral("GUI stall: search"),
             total.oursSamples.isEmpty() ? std::nullopt : std::optional<double>(stall));

    Figure longest;
    longest.id = QStringLiteral("search_longest_call");
    longest.name = QStringLiteral("search: longest single Redis call");
    longest.ours = RedisCallLog::FloorMs; // none logged: none reached the log's floor
    for (const RedisCallLog::Longest &scenario : m_calls.perScenario()) {
        if (scenario.scenario == QLatin1String("search")) {
            longest.ours = scenario.ms;
            longest.note = QStringLiteral("%1 calls over %2 ms; ").arg(scenario.over).arg(RedisCallLog::OverMs);
        }
    }
    longest.raw = rawLongestMs;
    longest.reference = QStringLiteral("raw hiredis, longest round trip");
    longest.judgeRatio = false;
    longest.note += QStringLiteral("for information (the step alone is judged in redis_call_alone): execution time "
                                   "by Redis's own log (SLOWLOG), beside the GUI thread and the raw loop's turns; the "
                                   "reference is the raw loop's longest call timed by the client (round trip "
                                   "included)");
    m_report.add(longest);
    searchCallsAlone(criteria.query(), count);
}
