// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessjobdecoder.h"

#include "qlessdecoderfields.h"

#include <QJsonDocument>

#include <cmath>
#include <utility>

// The reading of one job: the hash as the get script replies it, its history in either form, its
// failure and data; problems recorded per field, never fatal. A row summary of desk.summaries has
// the keys of a job object, so job() reads it (the history it carries holds the entries the put
// time, the timed-out mark and a complete job's queue come from); only the data, which a summary
// leaves out, is told apart.

using namespace QlessDecoderFields;

namespace {
// Data larger than this is not parsed just to see whether it is JSON: views show the text.
constexpr qsizetype MaxDataCheck = 256 * 1024;

void readHistory(const QJsonValue &value, Job *job)
{
    if (value.isUndefined() || value.isNull())
        return;
    QJsonArray entries;
    if (!asList(value, &entries)) {
        job->problems.insert(QStringLiteral("history"), {FieldProblem::Kind::Invalid, compact(value)});
        return;
    }
    bool events = false;
    bool stages = false;
    bool unreadable = false;
    for (const QJsonValue &entry : entries) {
        if (!entry.isObject()) {
            JobEvent event;
            event.what = QStringLiteral("invalid");
            event.raw = compact(entry);
            job->history << event;
            unreadable = true;
            continue;
        }
        const QJsonObject object = entry.toObject();
        if (object.contains(QLatin1String("what"))) {
            // Current deployments: one event per entry.
            events = true;
            JobEvent event;
            event.when = number(object.value(QLatin1String("when")));
            event.what = compact(object.value(QLatin1String("what")));
            event.queue = compact(object.value(QLatin1String("q")));
            event.worker = compact(object.value(QLatin1String("worker")));
            event.group = compact(object.value(QLatin1String("group")));
            event.raw = compact(object.value(QLatin1String("raw")));
            if (event.what == QLatin1String("invalid"))
                unreadable = true;
            for (auto it = object.begin(); it != object.end(); ++it) {
                static const QStringList known{QStringLiteral("when"),  QStringLiteral("what"),
                                               QStringLiteral("q"),     QStringLiteral("worker"),
                                               QStringLiteral("group"), QStringLiteral("raw")};
                if (!known.contains(it.key()))
                    event.extra.insert(it.key(), it.value());
            }
            job->history << event;
            continue;
        }
        // The spec's stages: one per put, with the times it went through.
        stages = true;
        const QString queue = compact(object.value(QLatin1String("q")));
        const QString worker = compact(object.value(QLatin1String("worker")));
        for (const char *what : {"put", "popped", "done", "failed"}) {
            const QJsonValue when = object.value(QLatin1String(what));
            if (when.isUndefined() || when.isNull())
                continue;
            JobEvent event;
            event.what = QString::fromLatin1(what);
            event.when = number(when);
            event.queue = queue;
            if (event.what != QLatin1String("put"))
                event.worker = worker;
            job->history << event;
        }
    }
    job->historyForm = events ? Job::HistoryForm::Events : stages ? Job::HistoryForm::Stages : Job::HistoryForm::None;
    if (unreadable)
        job->problems.insert(QStringLiteral("history"), {FieldProblem::Kind::Invalid, compact(value)});
}

// What the history tells beyond its entries: when the job was last put (the hash's `time` is only
// its last change under current qless) and, for a job qless timed out, when and whose lock it was.
void readFromHistory(Job *job)
{
    const QList<JobEvent> &history = job->history;
    const auto last = [&history](const QString &what) -> const JobEvent * {
        for (auto it = history.crbegin(); it != history.crend(); ++it) {
            if (it->what == what && it->when > 0)
                return &*it;
        }
        return nullptr;
    };
    const JobEvent *put = last(QStringLiteral("put"));
    job->put = put ? put->when : job->time;

    // Only qless's `timeout` leaves a job `stalled` without a lock (it is then in the work set).
    job->timedOut = job->state == QLatin1String("stalled") && job->expires <= 0;
    if (!job->timedOut)
        return;
    const JobEvent *timedOut = last(QStringLiteral("timed-out"));
    const JobEvent *popped = last(QStringLiteral("popped"));
    job->timedOutAt = timedOut ? timedOut->when : 0;
    // `timeout` leaves the worker in the hash; older entries may name it when a script cleared it.
    if (!job->worker.isEmpty())
        job->timedOutWorker = job->worker;
    else if (timedOut && !timedOut->worker.isEmpty())
        job->timedOutWorker = timedOut->worker;
    else if (popped)
        job->timedOutWorker = popped->worker;
}

void readFailure(const QJsonValue &value, Job *job)
{
    if (value.isUndefined() || value.isNull())
        return;
    if (!value.isObject()) {
        job->problems.insert(QStringLiteral("failure"), {FieldProblem::Kind::Invalid, compact(value)});
        return;
    }
    const QJsonObject object = value.toObject();
    if (object.isEmpty())
        return;
    JobFailure failure;
    failure.group = compact(object.value(QLatin1String("group")));
    failure.message = compact(object.value(QLatin1String("message")));
    failure.when = number(object.value(QLatin1String("when")));
    failure.worker = compact(object.value(QLatin1String("worker")));
    job->failure = failure;
}

void readData(const QJsonValue &value, Job *job)
{
    if (value.isUndefined() || value.isNull()) {
        job->problems.insert(QStringLiteral("data"), {FieldProblem::Kind::Missing, QString()});
        return;
    }
    job->data = value.isString() ? value.toString() : compact(value);
    if (job->data.size() <= MaxDataCheck) {
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + job->data.toUtf8() + "]", &error);
        if (error.error != QJsonParseError::NoError) {
            job->problems.insert(QStringLiteral("data"), {FieldProblem::Kind::Invalid, QString()});
        } else if (!doc.array().at(0).isObject()) {
            // qless's clients hand data to the job as a map (job.data['url']): JSON that is not
            // an object is readable, and yet every worker would trip on it.
            job->problems.insert(QStringLiteral("data"), {FieldProblem::Kind::Invalid,
                                                          QStringLiteral("not a JSON object: ") + job->data.left(200)});
        }
    }
}

// Numbers qless reads that parse but cannot be what they claim: a retry allowance below 0 or
// not whole, a remaining count below qless's -1 (a job failed for running out), a moment before
// 1970 or after 9999. Marked with the value as found, and left at 0 so nothing computes with it.
void checkRanges(Job *job)
{
    const auto mark = [job](const QString &field, double *value, bool bad) {
        if (!bad || job->problems.contains(field))
            return;
        job->problems.insert(field, {FieldProblem::Kind::Invalid, QString::number(*value, 'g', 17)});
        *value = 0;
    };
    constexpr double LastMoment = 253402300799.0; // 9999-12-31T23:59:59Z
    mark(QStringLiteral("retries"), &job->retries, job->retries < 0 || job->retries != std::floor(job->retries));
    mark(QStringLiteral("remaining"), &job->remaining, job->remaining < -1);
    for (auto [field, value] :
         {std::pair{QStringLiteral("time"), &job->time}, std::pair{QStringLiteral("expires"), &job->expires},
          std::pair{QStringLiteral("due"), &job->due}})
        mark(field, value, *value < 0 || *value > LastMoment);
}

// What the script found it could not read (`unreadable`: a key of the wrong type, by part) or
// missing (`missing`: fields qless always writes), see lua/lib/94-face-job.lua.
void readDamage(const QJsonObject &o, Job *job)
{
    const QJsonObject unreadable = o.value(QLatin1String("unreadable")).toObject();
    for (auto it = unreadable.begin(); it != unreadable.end(); ++it)
        job->problems.insert(it.key(), {FieldProblem::Kind::Invalid, compact(it.value())});
    QJsonArray missing;
    if (asList(o.value(QLatin1String("missing")), &missing)) {
        for (const QJsonValue &field : std::as_const(missing))
            job->problems.insert(compact(field), {FieldProblem::Kind::Missing, QString()});
    }
}
} // namespace

Job QlessJobDecoder::job(const QJsonValue &value, bool escaped)
{
    Job job;
    job.escapedBytes = escaped;
    if (!value.isObject()) {
        job.problems.insert(QStringLiteral("job"), {FieldProblem::Kind::Invalid, compact(value)});
        return job;
    }
    const QJsonObject o = value.toObject();
    FieldProblems *p = &job.problems;
    job.jid = stringField(o, QStringLiteral("jid"), p, true).toUtf8();
    if (o.value(QLatin1String("unreadable")).toObject().contains(QLatin1String("job"))) {
        readDamage(o, &job); // its key is not a hash: nothing else could be read
        return job;
    }
    job.state = stringField(o, QStringLiteral("state"), p, true);
    if (job.isMissing())
        return job; // a listed jid whose job is gone: nothing more to read
    job.klass = stringField(o, QStringLiteral("klass"), p, true);
    job.queue = stringField(o, QStringLiteral("queue"), p, true);
    job.worker = stringField(o, QStringLiteral("worker"), p, false);
    job.tracked = o.value(QLatin1String("tracked")).toBool();
    job.priority = numberField(o, QStringLiteral("priority"), p, true);
    job.expires = numberField(o, QStringLiteral("expires"), p, false);
    job.retries = numberField(o, QStringLiteral("retries"), p, true);
    job.remaining = numberField(o, QStringLiteral("remaining"), p, true);
    job.time = numberField(o, QStringLiteral("time"), p, false);
    job.due = numberField(o, QStringLiteral("due"), p, false);
    readData(o.value(QLatin1String("data")), &job);
    job.tags = listField(o, QStringLiteral("tags"), p);
    readHistory(o.value(QLatin1String("history")), &job);
    readFailure(o.value(QLatin1String("failure")), &job);
    job.dependents = listField(o, QStringLiteral("dependents"), p);
    job.dependencies = listField(o, QStringLiteral("dependencies"), p);
    job.spawnedFrom = stringField(o, QStringLiteral("spawned_from_jid"), p, false);
    checkRanges(&job);
    readDamage(o, &job);
    readFromHistory(&job);
    return job;
}

std::optional<Job> QlessJobDecoder::job(const RedisReply &reply, RedisError *error)
{
    return jobReply(reply, error, QStringLiteral("a job"), &QlessJobDecoder::job);
}

namespace {
// What a row's tooltip shows of a damaged field (JobPageReader keeps as much).
constexpr int RawKept = 200;
} // namespace

Job QlessJobDecoder::jobSummary(const QJsonValue &value, bool escaped)
{
    Job job = QlessJobDecoder::job(value, escaped);
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

std::optional<Job> QlessJobDecoder::jobSummary(const RedisReply &reply, RedisError *error)
{
    return jobReply(reply, error, QStringLiteral("a job summary"), &QlessJobDecoder::jobSummary);
}
