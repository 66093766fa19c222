// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessdecoder.h"

#include "qlessdecoderfields.h"

// QlessDecoder's reading of desk.summaries' replies: a summary has the keys of a job object, so
// job() reads it (the history it carries holds the entries the put time, the timed-out mark and
// a complete job's queue come from); only the data, which a summary leaves out, is told apart.

using namespace QlessDecoderFields;

namespace {
// What a row's tooltip shows of a damaged field (JobPageReader keeps as much).
constexpr int RawKept = 200;
} // namespace

Job QlessDecoder::jobSummary(const QJsonValue &value, bool escaped)
{
    Job job = QlessDecoder::job(value, escaped);
    // job() marks the absent `data` missing; the summary says instead what is wrong with it.
    if (!job.problems.contains(QStringLiteral("data")) || !value.isObject())
        return job;
    job.problems.remove(QStringLiteral("data"));
    const QJsonObject o = value.toObject();
    const QString problem = compact(o.value(QLatin1String("data_problem")));
    if (problem == QLatin1String("missing")) {
        job.problems.insert(QStringLiteral("data"), {FieldProblem::Kind::Missing, QString()});
    } else if (problem == QLatin1String("invalid")) {
        job.problems.insert(QStringLiteral("data"), {FieldProblem::Kind::Invalid, QString()});
    } else if (problem == QLatin1String("not-object")) {
        const QString head = compact(o.value(QLatin1String("data_head"))).left(RawKept);
        job.problems.insert(QStringLiteral("data"),
                            {FieldProblem::Kind::Invalid, QStringLiteral("not a JSON object: ") + head});
    }
    return job;
}

std::optional<Job> QlessDecoder::jobSummary(const RedisReply &reply, RedisError *error)
{
    return jobReply(reply, error, QStringLiteral("a job summary"), &QlessDecoder::jobSummary);
}
