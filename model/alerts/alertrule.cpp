// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertrule.h"

#include <QLocale>

#include <cmath>

namespace {
struct KindName
{
    AlertRule::Kind kind;
    const char *key;
};

constexpr KindName KindNames[] = {
    {AlertRule::Kind::WaitingAbove, "waiting-above"},
    {AlertRule::Kind::OldestWaitingFor, "oldest-waiting-for"},
    {AlertRule::Kind::StalledAbove, "stalled-above"},
    {AlertRule::Kind::FailuresGrew, "failures-grew"},
    {AlertRule::Kind::AtMaxConcurrencyFor, "at-max-concurrency-for"},
    {AlertRule::Kind::WorkerNotSeenFor, "worker-not-seen-for"},
    {AlertRule::Kind::ConnectionDownFor, "connection-down-for"},
    {AlertRule::Kind::PausedFor, "paused-for"},
    {AlertRule::Kind::WaitingGrewPercent, "waiting-grew-percent"},
    {AlertRule::Kind::ThroughputBelow, "throughput-below"},
    {AlertRule::Kind::BluequePendingAbove, "blueque-pending-above"},
    {AlertRule::Kind::BluequeFailuresGrew, "blueque-failures-grew"},
    {AlertRule::Kind::BluequeStartedFor, "blueque-started-for"},
    {AlertRule::Kind::SideJobFailedGrew, "sidejob-failed-grew"},
    {AlertRule::Kind::SidekiqQueueAbove, "sidekiq-queue-above"},
    {AlertRule::Kind::SidekiqNoBeatFor, "sidekiq-no-beat-for"},
};

// A day's worth of minutes is the longest window a growth rule may look back over: the evaluator
// keeps one sample per refresh for that long.
constexpr int MaxWindowMinutes = 24 * 60;

QString seconds(double value)
{
    return AlertRule::tr("%1 s").arg(QLocale().toString(value, 'f', value == std::floor(value) ? 0 : 1));
}
} // namespace

bool AlertRule::operator==(const AlertRule &other) const
{
    return id == other.id && kind == other.kind && scope == other.scope && threshold == other.threshold
           && windowMinutes == other.windowMinutes && enabled == other.enabled;
}

QString AlertRule::kindKey(Kind kind)
{
    for (const KindName &name : KindNames) {
        if (name.kind == kind)
            return QString::fromLatin1(name.key);
    }
    return {};
}

bool AlertRule::kindFromKey(const QString &key, Kind *kind)
{
    for (const KindName &name : KindNames) {
        if (key == QLatin1String(name.key)) {
            *kind = name.kind;
            return true;
        }
    }
    return false;
}

QList<AlertRule::Kind> AlertRule::kinds()
{
    QList<Kind> all;
    for (const KindName &name : KindNames)
        all << name.kind;
    return all;
}

bool AlertRule::thresholdIsDuration() const
{
    switch (kind) {
    case Kind::AtMaxConcurrencyFor:
    case Kind::WorkerNotSeenFor:
    case Kind::ConnectionDownFor:
    case Kind::PausedFor:
    case Kind::OldestWaitingFor:
    case Kind::BluequeStartedFor:
    case Kind::SidekiqNoBeatFor: return true;
    case Kind::SideJobFailedGrew:
    case Kind::SidekiqQueueAbove:
    case Kind::BluequePendingAbove:
    case Kind::BluequeFailuresGrew:
    case Kind::WaitingAbove:
    case Kind::StalledAbove:
    case Kind::FailuresGrew:
    case Kind::WaitingGrewPercent:
    case Kind::ThroughputBelow: return false;
    }
    return false;
}

bool AlertRule::isWindowed() const
{
    return kind == Kind::FailuresGrew || kind == Kind::BluequeFailuresGrew || kind == Kind::SideJobFailedGrew
           || readsHistory();
}

bool AlertRule::isBlueque() const
{
    return kind == Kind::BluequePendingAbove || kind == Kind::BluequeFailuresGrew || kind == Kind::BluequeStartedFor;
}

bool AlertRule::isSideJob() const
{
    return kind == Kind::SideJobFailedGrew || kind == Kind::SidekiqQueueAbove || kind == Kind::SidekiqNoBeatFor;
}

bool AlertRule::readsHistory() const
{
    return kind == Kind::WaitingGrewPercent || kind == Kind::ThroughputBelow;
}

AlertRule::ScopeOf AlertRule::scopeOf() const
{
    switch (kind) {
    case Kind::WaitingAbove:
    case Kind::StalledAbove:
    case Kind::AtMaxConcurrencyFor:
    case Kind::PausedFor:
    case Kind::OldestWaitingFor:
    case Kind::WaitingGrewPercent:
    case Kind::ThroughputBelow:
    case Kind::BluequePendingAbove:
    case Kind::BluequeFailuresGrew:
    case Kind::BluequeStartedFor:
    case Kind::SideJobFailedGrew:
    case Kind::SidekiqQueueAbove: return ScopeOf::Queue;
    case Kind::FailuresGrew: return ScopeOf::FailureGroup;
    case Kind::WorkerNotSeenFor:
    case Kind::SidekiqNoBeatFor: return ScopeOf::Worker;
    case Kind::ConnectionDownFor: return ScopeOf::Nothing;
    }
    return ScopeOf::Nothing;
}

QString AlertRule::describe() const
{
    const QLocale locale;
    const QString count = locale.toString(qint64(threshold));
    const QString queue = scope.isEmpty() ? tr("any queue") : tr("queue %1").arg(scope);
    switch (kind) {
    case Kind::WaitingAbove: return tr("Waiting jobs in %1 above %2").arg(queue, count);
    case Kind::StalledAbove: return tr("Stalled jobs in %1 above %2").arg(queue, count);
    case Kind::FailuresGrew:
        return tr("Failures in %1 grown by more than %2 in %n minute(s)", nullptr, windowMinutes)
            .arg(scope.isEmpty() ? tr("all groups") : tr("group %1").arg(scope), count);
    case Kind::AtMaxConcurrencyFor:
        return tr("%1 running at its max-concurrency for longer than %2").arg(queue, seconds(threshold));
    case Kind::WorkerNotSeenFor:
        return tr("%1 not seen for longer than %2")
            .arg(scope.isEmpty() ? tr("Any worker") : tr("Worker %1").arg(scope), seconds(threshold));
    case Kind::ConnectionDownFor: return tr("Connection down for longer than %1").arg(seconds(threshold));
    case Kind::PausedFor: return tr("%1 paused for longer than %2").arg(queue, seconds(threshold));
    case Kind::OldestWaitingFor: return tr("A job waiting in %1 for longer than %2").arg(queue, seconds(threshold));
    case Kind::WaitingGrewPercent:
        return tr("Waiting jobs in %1 grown by more than %2 % in %n minute(s)", nullptr, windowMinutes)
            .arg(queue, count);
    case Kind::ThroughputBelow:
        return tr("Jobs completed in %1 under %2 a minute over %n minute(s)", nullptr, windowMinutes)
            .arg(scope.isEmpty() ? tr("all queues") : tr("queue %1").arg(scope), locale.toString(threshold));
    case Kind::BluequePendingAbove:
        return tr("Pending Blueque tasks in %1 above %2")
            .arg(scope.isEmpty() ? tr("any Blueque queue") : tr("Blueque queue %1").arg(scope), count);
    case Kind::BluequeFailuresGrew:
        return tr("Failed Blueque tasks in %1 grown by more than %2 in %n minute(s)", nullptr, windowMinutes)
            .arg(scope.isEmpty() ? tr("all Blueque queues") : tr("Blueque queue %1").arg(scope), count);
    case Kind::BluequeStartedFor:
        return tr("A Blueque task started in %1 longer ago than %2")
            .arg(scope.isEmpty() ? tr("any Blueque queue") : tr("Blueque queue %1").arg(scope), seconds(threshold));
    case Kind::SideJobFailedGrew:
        return tr("Failed SideJob jobs in %1 grown by more than %2 in %n minute(s)", nullptr, windowMinutes)
            .arg(scope.isEmpty() ? tr("all SideJob queues") : tr("SideJob queue %1").arg(scope), count);
    case Kind::SidekiqQueueAbove:
        return tr("Jobs in %1 above %2")
            .arg(scope.isEmpty() ? tr("any Sidekiq queue") : tr("Sidekiq queue %1").arg(scope), count);
    case Kind::SidekiqNoBeatFor:
        return tr("%1 without a beat for longer than %2")
            .arg(scope.isEmpty() ? tr("Any Sidekiq process") : tr("Sidekiq process %1").arg(scope), seconds(threshold));
    }
    return {};
}

QString AlertRule::problem() const
{
    if (id.trimmed().isEmpty())
        return tr("The rule has no id.");
    if (!std::isfinite(threshold) || threshold < 0)
        return tr("The threshold must be a number of 0 or more.");
    // A throughput floor may be a fraction (a job every other minute).
    if (!thresholdIsDuration() && kind != Kind::ThroughputBelow && threshold != std::floor(threshold))
        return tr("The threshold is a count of jobs: a whole number.");
    if (isWindowed() && (windowMinutes < 1 || windowMinutes > MaxWindowMinutes))
        return tr("The window must be from 1 to %Ln minute(s).", nullptr, MaxWindowMinutes);
    if (kind == Kind::ConnectionDownFor && !scope.isEmpty())
        return tr("A connection rule names no queue, group or worker.");
    return {};
}

QJsonObject AlertRule::toJson() const
{
    QJsonObject json{{QStringLiteral("id"), id},
                     {QStringLiteral("kind"), kindKey(kind)},
                     {QStringLiteral("threshold"), threshold},
                     {QStringLiteral("enabled"), enabled}};
    if (!scope.isEmpty())
        json.insert(QStringLiteral("scope"), scope);
    if (isWindowed())
        json.insert(QStringLiteral("window_minutes"), windowMinutes);
    return json;
}

bool AlertRule::fromJson(const QJsonObject &json, AlertRule *rule, QString *error)
{
    AlertRule read;
    const QJsonValue id = json.value(QStringLiteral("id"));
    const QJsonValue kind = json.value(QStringLiteral("kind"));
    const QJsonValue threshold = json.value(QStringLiteral("threshold"));
    const QJsonValue scope = json.value(QStringLiteral("scope"));
    const QJsonValue window = json.value(QStringLiteral("window_minutes"));
    const QJsonValue enabled = json.value(QStringLiteral("enabled"));
    const auto bad = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!id.isString())
        return bad(tr("A rule needs an \"id\" (text)."));
    read.id = id.toString();
    if (!kind.isString() || !kindFromKey(kind.toString(), &read.kind))
        return bad(tr("Rule %1: unknown \"kind\" %2.").arg(read.id, kind.toVariant().toString()));
    if (!threshold.isDouble())
        return bad(tr("Rule %1: \"threshold\" must be a number.").arg(read.id));
    read.threshold = threshold.toDouble();
    if (!scope.isUndefined() && !scope.isString())
        return bad(tr("Rule %1: \"scope\" must be text.").arg(read.id));
    read.scope = scope.toString();
    if (!window.isUndefined() && !window.isDouble())
        return bad(tr("Rule %1: \"window_minutes\" must be a number.").arg(read.id));
    read.windowMinutes = window.toInt();
    if (!enabled.isUndefined() && !enabled.isBool())
        return bad(tr("Rule %1: \"enabled\" must be true or false.").arg(read.id));
    read.enabled = enabled.toBool(true);
    if (const QString why = read.problem(); !why.isEmpty())
        return bad(tr("Rule %1: %2").arg(read.id, why));
    *rule = read;
    return true;
}

QJsonObject AlertRule::listToJson(const QList<AlertRule> &rules)
{
    QJsonArray array;
    for (const AlertRule &rule : rules)
        array.append(rule.toJson());
    return QJsonObject{{QStringLiteral("rules"), array}};
}

bool AlertRule::listFromJson(const QJsonObject &json, QList<AlertRule> *rules, QString *error)
{
    const QJsonValue list = json.value(QStringLiteral("rules"));
    if (!list.isArray()) {
        if (error)
            *error = tr("No \"rules\" list in the file.");
        return false;
    }
    QList<AlertRule> read;
    for (const QJsonValue &entry : list.toArray()) {
        AlertRule rule;
        if (!entry.isObject()) {
            if (error)
                *error = tr("Entry %1 of \"rules\" is not an object.").arg(read.size() + 1);
            return false;
        }
        if (!fromJson(entry.toObject(), &rule, error))
            return false;
        for (const AlertRule &earlier : std::as_const(read)) {
            if (earlier.id == rule.id) {
                if (error)
                    *error = tr("Two rules have the id %1.").arg(rule.id);
                return false;
            }
        }
        read << rule;
    }
    *rules = read;
    return true;
}
