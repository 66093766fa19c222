#include "qlessdecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtMath>

namespace {
// Data larger than this is not parsed just to see whether it is JSON: views show the text.
constexpr qsizetype MaxDataCheck = 256 * 1024;

// Length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none.
int utf8Sequence(const unsigned char *p, qsizetype i, qsizetype size)
{
    const unsigned char b = p[i];
    if (b < 0x80)
        return 1;
    auto cont = [&](qsizetype at, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
        return at < size && p[at] >= lo && p[at] <= hi;
    };
    if (b >= 0xC2 && b <= 0xDF)
        return cont(i + 1) ? 2 : 0;
    if (b == 0xE0)
        return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0;
    if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF)
        return cont(i + 1) && cont(i + 2) ? 3 : 0;
    if (b == 0xED)
        return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0;
    if (b == 0xF0)
        return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (b >= 0xF1 && b <= 0xF3)
        return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (b == 0xF4)
        return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    return 0;
}

// Invalid bytes replaced by `\xHH`, written as `escape` gives it (doubled backslash in JSON).
QByteArray escapeInvalid(const QByteArray &bytes, const QByteArray &escape, bool *changed)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qsizetype size = bytes.size();
    qsizetype i = 0;
    // Fast path: valid text is passed on without a copy.
    while (i < size) {
        const int n = utf8Sequence(p, i, size);
        if (n == 0)
            break;
        i += n;
    }
    if (i == size) {
        *changed = false;
        return bytes;
    }
    *changed = true;
    QByteArray out;
    out.reserve(size + 16);
    out.append(bytes.constData(), i);
    while (i < size) {
        const int n = utf8Sequence(p, i, size);
        if (n == 0) {
            out.append(escape);
            out.append(QByteArray::number(p[i], 16).rightJustified(2, '0').toUpper());
            ++i;
        } else {
            out.append(bytes.constData() + i, n);
            i += n;
        }
    }
    return out;
}

void badReply(RedisError *error, const QString &what)
{
    if (error && error->isNull())
        *error = RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected reply: ") + what);
}

QString compact(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isNull() || value.isUndefined())
        return QString();
    const QJsonDocument doc = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return QString::fromUtf8(doc.toJson(QJsonDocument::Compact));
}

// A list, with Lua's `{}` for an empty one accepted. False when it is neither.
bool asList(const QJsonValue &value, QJsonArray *out)
{
    if (value.isArray()) {
        *out = value.toArray();
        return true;
    }
    if (value.isObject() && value.toObject().isEmpty()) {
        *out = QJsonArray();
        return true;
    }
    return false;
}

QStringList stringList(const QJsonArray &array)
{
    QStringList out;
    out.reserve(array.size());
    for (const QJsonValue &item : array)
        out << compact(item);
    return out;
}

// A list field of a record: problems recorded, never fatal.
QStringList listField(const QJsonObject &object, const QString &name, FieldProblems *problems,
                      bool required = false)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            problems->insert(name, {FieldProblem::Kind::Missing, QString()});
        return {};
    }
    QJsonArray array;
    if (!asList(value, &array)) {
        problems->insert(name, {FieldProblem::Kind::Invalid, compact(value)});
        return {};
    }
    return stringList(array);
}

// Lua's false is its nil: qless's scripts reply `false` for a hash field that is not there
// (`spawned_from_jid` of a job no recurring template spawned).
bool absent(const QJsonValue &value)
{
    return value.isUndefined() || value.isNull() || (value.isBool() && !value.toBool());
}

QString stringField(const QJsonObject &object, const QString &name, FieldProblems *problems,
                    bool required)
{
    const QJsonValue value = object.value(name);
    if (absent(value)) {
        if (required)
            problems->insert(name, {FieldProblem::Kind::Missing, QString()});
        return QString();
    }
    if (!value.isString()) {
        problems->insert(name, {FieldProblem::Kind::Invalid, compact(value)});
        return compact(value);
    }
    return value.toString();
}

// A number field. Numbers written as text are read as numbers; an empty text counts as absent,
// since current qless writes '' for "none" (`expires` of a job that holds no lock). Anything else
// that is not a finite number is a problem, with the value as found.
double numberField(const QJsonObject &object, const QString &name, FieldProblems *problems,
                   bool required)
{
    const QJsonValue value = object.value(name);
    if (value.isDouble())
        return value.toDouble();
    const bool empty = value.isString() && value.toString().trimmed().isEmpty();
    if (absent(value) || empty) {
        if (required)
            problems->insert(name, {FieldProblem::Kind::Missing, QString()});
        return 0;
    }
    if (value.isString()) {
        bool ok = false;
        const double number = value.toString().trimmed().toDouble(&ok);
        if (ok && qIsFinite(number))
            return number;
    }
    problems->insert(name, {FieldProblem::Kind::Invalid, compact(value)});
    return 0;
}

qint64 count(const QJsonObject &object, const QString &name)
{
    return qint64(object.value(name).toDouble());
}

double number(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().toDouble();
    return value.toDouble();
}

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
                static const QStringList known{QStringLiteral("when"), QStringLiteral("what"), QStringLiteral("q"),
                                               QStringLiteral("worker"), QStringLiteral("group"), QStringLiteral("raw")};
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
        QJsonDocument::fromJson(QByteArray("[") + job->data.toUtf8() + "]", &error);
        if (error.error != QJsonParseError::NoError)
            job->problems.insert(QStringLiteral("data"), {FieldProblem::Kind::Invalid, QString()});
    }
}

bool replyJson(const RedisReply &reply, QJsonValue *out, bool *escaped, RedisError *error)
{
    if (!reply.isString()) {
        badReply(error, QStringLiteral("expected JSON text"));
        return false;
    }
    if (!QlessDecoder::parseJson(reply.bytes, out, escaped)) {
        badReply(error, QStringLiteral("not JSON: ") + QlessDecoder::displayText(reply.bytes.left(200)));
        return false;
    }
    return true;
}

// A reply that must be a JSON list of `what`: the list, or false with a BadReply error.
bool replyList(const RedisReply &reply, QJsonArray *out, const QString &what, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return false;
    if (!asList(value, out)) {
        badReply(error, QStringLiteral("expected a list of ") + what);
        return false;
    }
    return true;
}
} // namespace

bool QlessDecoder::parseJson(const QByteArray &bytes, QJsonValue *out, bool *escaped)
{
    bool changed = false;
    const QByteArray clean = escapeInvalid(bytes, QByteArrayLiteral("\\\\x"), &changed);
    if (escaped)
        *escaped = changed;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(clean, &error);
    if (error.error != QJsonParseError::NoError)
        return false;
    *out = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    return true;
}

QString QlessDecoder::displayText(const QByteArray &bytes, bool *escaped)
{
    bool changed = false;
    const QByteArray clean = escapeInvalid(bytes, QByteArrayLiteral("\\x"), &changed);
    if (escaped)
        *escaped = changed;
    return QString::fromUtf8(clean);
}

Job QlessDecoder::job(const QJsonValue &value, bool escaped)
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
    readFromHistory(&job);
    return job;
}

std::optional<Job> QlessDecoder::job(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return std::nullopt;
    if (!value.isObject()) {
        badReply(error, QStringLiteral("a job must be a JSON object"));
        return std::nullopt;
    }
    return job(value, escaped);
}

namespace {
QueueCounts queueCounts(const QJsonObject &o)
{
    QueueCounts counts;
    counts.name = compact(o.value(QLatin1String("name")));
    counts.waiting = count(o, QStringLiteral("waiting"));
    counts.running = count(o, QStringLiteral("running"));
    counts.stalled = count(o, QStringLiteral("stalled"));
    counts.scheduled = count(o, QStringLiteral("scheduled"));
    counts.depends = count(o, QStringLiteral("depends"));
    counts.recurring = count(o, QStringLiteral("recurring"));
    const QJsonValue paused = o.value(QLatin1String("paused"));
    counts.paused = paused.isBool() ? paused.toBool() : paused.toDouble() != 0;
    counts.maxConcurrency = qMax<qint64>(0, count(o, QStringLiteral("max_concurrency")));
    return counts;
}

QList<Job> jobList(const QJsonValue &value, bool escaped, RedisError *error)
{
    QJsonArray array;
    if (!asList(value, &array)) {
        badReply(error, QStringLiteral("expected a list of jobs"));
        return {};
    }
    QList<Job> jobs;
    jobs.reserve(array.size());
    for (const QJsonValue &item : array)
        jobs << QlessDecoder::job(item, escaped);
    return jobs;
}

DurationFigures figures(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    DurationFigures out;
    out.count = count(o, QStringLiteral("count"));
    out.mean = o.value(QLatin1String("mean")).toDouble();
    out.std = o.value(QLatin1String("std")).toDouble();
    QJsonArray bins;
    asList(o.value(QLatin1String("histogram")), &bins);
    out.histogram.fill(0, 148);
    for (qsizetype i = 0; i < bins.size() && i < 148; ++i)
        out.histogram[i] = qint64(bins.at(i).toDouble());
    return out;
}
} // namespace

QList<QueueCounts> QlessDecoder::queues(const RedisReply &reply, RedisError *error)
{
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("queues"), error))
        return {};
    QList<QueueCounts> out;
    for (const QJsonValue &item : array)
        out << queueCounts(item.toObject());
    return out;
}

QueueCounts QlessDecoder::queue(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    return queueCounts(value.toObject());
}

QList<QByteArray> QlessDecoder::jids(const RedisReply &reply, RedisError *error)
{
    if (!reply.isArray()) {
        badReply(error, QStringLiteral("expected a list of jids"));
        return {};
    }
    QList<QByteArray> out;
    out.reserve(reply.elements.size());
    for (const RedisReply &element : reply.elements)
        out << element.bytes;
    return out;
}

QList<FailureGroup> QlessDecoder::failureGroups(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    QList<FailureGroup> out;
    if (value.isArray() && value.toArray().isEmpty())
        return out;
    const QJsonObject groups = value.toObject();
    for (auto it = groups.begin(); it != groups.end(); ++it) // QJsonObject keeps keys sorted
        out << FailureGroup{it.key(), qint64(it.value().toDouble())};
    return out;
}

FailedJobsPage QlessDecoder::failedJobs(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return {};
    const QJsonObject o = value.toObject();
    FailedJobsPage page;
    page.total = count(o, QStringLiteral("total"));
    page.jobs = jobList(o.value(QLatin1String("jobs")), escaped, error);
    return page;
}

QList<WorkerSummary> QlessDecoder::workers(const RedisReply &reply, RedisError *error)
{
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("workers"), error))
        return {};
    QList<WorkerSummary> out;
    for (const QJsonValue &item : array) {
        const QJsonObject o = item.toObject();
        out << WorkerSummary{compact(o.value(QLatin1String("name"))), count(o, QStringLiteral("jobs")),
                             count(o, QStringLiteral("stalled")), o.value(QLatin1String("last")).toDouble()};
    }
    return out;
}

WorkerJobs QlessDecoder::workerJobs(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    WorkerJobs out;
    QJsonArray list;
    if (asList(o.value(QLatin1String("jobs")), &list))
        out.running = stringList(list);
    if (asList(o.value(QLatin1String("stalled")), &list))
        out.stalled = stringList(list);
    return out;
}

TrackedJobs QlessDecoder::trackedJobs(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return {};
    const QJsonObject o = value.toObject();
    TrackedJobs out;
    out.jobs = jobList(o.value(QLatin1String("jobs")), escaped, error);
    QJsonArray expired;
    if (asList(o.value(QLatin1String("expired")), &expired))
        out.expired = stringList(expired);
    return out;
}

std::optional<QStringList> QlessDecoder::tags(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("tags"), error))
        return std::nullopt;
    return stringList(array);
}

TaggedJobsPage QlessDecoder::taggedJobs(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    TaggedJobsPage page;
    page.total = count(o, QStringLiteral("total"));
    QJsonArray jids;
    if (asList(o.value(QLatin1String("jobs")), &jids))
        page.jids = stringList(jids);
    return page;
}

QList<TagCount> QlessDecoder::topTags(const RedisReply &reply, RedisError *error)
{
    QJsonArray array;
    if (!replyList(reply, &array, QStringLiteral("tags"), error))
        return {};
    QList<TagCount> out;
    for (const QJsonValue &item : array) {
        const QJsonObject o = item.toObject();
        out << TagCount{compact(o.value(QLatin1String("tag"))), count(o, QStringLiteral("count"))};
    }
    return out;
}

DayStats QlessDecoder::dayStats(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    DayStats stats;
    stats.retries = count(o, QStringLiteral("retries"));
    stats.failed = count(o, QStringLiteral("failed"));
    stats.failures = count(o, QStringLiteral("failures"));
    stats.wait = figures(o.value(QLatin1String("wait")));
    stats.run = figures(o.value(QLatin1String("run")));
    return stats;
}

QlessConfig QlessDecoder::config(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    return QlessConfig{value.toObject()};
}

std::optional<QString> QlessDecoder::configValue(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    if (!reply.isString()) {
        badReply(error, QStringLiteral("expected a config value"));
        return std::nullopt;
    }
    return displayText(reply.bytes);
}

std::optional<RecurringJob> QlessDecoder::recurringJob(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return std::nullopt;
    QJsonValue value;
    bool escaped = false;
    if (!replyJson(reply, &value, &escaped, error))
        return std::nullopt;
    const QJsonObject o = value.toObject();
    RecurringJob job;
    job.escapedBytes = escaped;
    FieldProblems *p = &job.problems;
    job.jid = stringField(o, QStringLiteral("jid"), p, true).toUtf8();
    job.klass = stringField(o, QStringLiteral("klass"), p, true);
    job.queue = stringField(o, QStringLiteral("queue"), p, true);
    job.type = stringField(o, QStringLiteral("type"), p, false);
    job.state = stringField(o, QStringLiteral("state"), p, false);
    job.priority = numberField(o, QStringLiteral("priority"), p, true);
    job.interval = numberField(o, QStringLiteral("interval"), p, true);
    job.retries = numberField(o, QStringLiteral("retries"), p, true);
    job.count = numberField(o, QStringLiteral("count"), p, false);
    job.next = numberField(o, QStringLiteral("next"), p, false);
    job.backlog = numberField(o, QStringLiteral("backlog"), p, false);
    job.data = stringField(o, QStringLiteral("data"), p, true);
    job.tags = listField(o, QStringLiteral("tags"), p);
    return job;
}

FailedBatch QlessDecoder::failedBatch(const RedisReply &reply, RedisError *error)
{
    QJsonValue value;
    if (!replyJson(reply, &value, nullptr, error))
        return {};
    const QJsonObject o = value.toObject();
    const QJsonValue taken = o.value(QLatin1String("taken"));
    const QJsonValue done = o.value(QLatin1String("done"));
    if (!value.isObject() || !taken.isDouble() || !done.isDouble()) {
        badReply(error, QStringLiteral("expected {taken, done, skipped}"));
        return {};
    }
    FailedBatch out;
    out.taken = qint64(taken.toDouble());
    out.done = qint64(done.toDouble());
    const QJsonValue skipped = o.value(QLatin1String("skipped"));
    if (skipped.isUndefined() || skipped.isNull() || (skipped.isArray() && skipped.toArray().isEmpty()))
        return out;
    if (!skipped.isObject()) {
        badReply(error, QStringLiteral("expected skipped jids by reason"));
        return {};
    }
    const QJsonObject reasons = skipped.toObject();
    for (auto it = reasons.begin(); it != reasons.end(); ++it) {
        QJsonArray list;
        if (!asList(it.value(), &list)) {
            badReply(error, QStringLiteral("expected a list of jids skipped as ") + it.key());
            return {};
        }
        QList<QByteArray> jids;
        jids.reserve(list.size());
        for (const QJsonValue &jid : list)
            jids << compact(jid).toUtf8();
        if (!jids.isEmpty())
            out.skipped.insert(it.key(), jids);
    }
    return out;
}

bool QlessDecoder::flag(const RedisReply &reply, RedisError *error)
{
    if (reply.isNil())
        return false;
    if (reply.type == RedisReply::Type::Integer)
        return reply.integer != 0;
    if (reply.type == RedisReply::Type::Status || reply.isString())
        return true;
    badReply(error, QStringLiteral("expected true or false"));
    return false;
}

qint64 QlessDecoder::integer(const RedisReply &reply, RedisError *error)
{
    if (reply.type == RedisReply::Type::Integer)
        return reply.integer;
    bool ok = false;
    const qint64 value = reply.bytes.toLongLong(&ok);
    if (!reply.isString() || !ok)
        badReply(error, QStringLiteral("expected a number"));
    return value;
}

QStringList QlessDecoder::strings(const RedisReply &reply, RedisError *error)
{
    QStringList out;
    if (reply.isArray() || reply.isNil()) {
        for (const RedisReply &element : reply.elements)
            out << displayText(element.bytes);
        return out;
    }
    badReply(error, QStringLiteral("expected a list"));
    return out;
}
