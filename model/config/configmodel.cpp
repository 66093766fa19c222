// SPDX-License-Identifier: GPL-3.0-or-later
#include "configmodel.h"

#include "durationtext.h"
#include "qlessclient.h"
#include "themecolors.h"

#include <QBrush>
#include <QFont>

#include <memory>

namespace {
const QLatin1String heartbeatSuffix("-heartbeat");
const QLatin1String maxConcurrencySuffix("-max-concurrency");

// "60 s (1 min)": seconds as stored, and as people read them.
QString seconds(const QString &value)
{
    bool ok = false;
    const double s = value.toDouble(&ok);
    return ok ? QStringLiteral("%1 s (%2)").arg(value, DurationText::format(s)) : value;
}

// "0 (no limit)" where qless reads 0 or less as no limit at all.
QString limit(const QString &value)
{
    bool ok = false;
    const double n = value.toDouble(&ok);
    return ok && n <= 0 ? ConfigModel::tr("%1 (no limit)").arg(value) : value;
}
} // namespace

ConfigModel::ConfigModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<ConfigOption>(parent)
    , m_client(client)
{}

QStringList ConfigModel::knownOptions()
{
    return {QStringLiteral("application"),     QStringLiteral("heartbeat"),     QStringLiteral("grace-period"),
            QStringLiteral("max-worker-age"),  QStringLiteral("jobs-history"),  QStringLiteral("jobs-history-count"),
            QStringLiteral("max-job-history"), QStringLiteral("stats-history"), QStringLiteral("histogram-history")};
}

bool ConfigModel::isQueueHeartbeat(const QString &option)
{
    return option.endsWith(heartbeatSuffix) && option.size() > heartbeatSuffix.size();
}

bool ConfigModel::isQueueMaxConcurrency(const QString &option)
{
    return option.endsWith(maxConcurrencySuffix) && option.size() > maxConcurrencySuffix.size();
}

QString ConfigModel::queueOf(const QString &option)
{
    if (isQueueMaxConcurrency(option))
        return option.chopped(maxConcurrencySuffix.size());
    if (isQueueHeartbeat(option))
        return option.chopped(heartbeatSuffix.size());
    return {};
}

// Current qless's defaults (qless-core config.lua), and the fallbacks its scripts read the
// others with: max-worker-age 86400, max-job-history 100, <queue>-max-concurrency 0.
QString ConfigModel::defaultOf(const QString &option)
{
    if (option == QLatin1String("application"))
        return QStringLiteral("qless");
    if (option == QLatin1String("heartbeat"))
        return QStringLiteral("60");
    if (option == QLatin1String("grace-period"))
        return QStringLiteral("10");
    if (option == QLatin1String("max-worker-age"))
        return QStringLiteral("86400");
    if (option == QLatin1String("jobs-history"))
        return QStringLiteral("604800");
    if (option == QLatin1String("jobs-history-count"))
        return QStringLiteral("50000");
    if (option == QLatin1String("max-job-history"))
        return QStringLiteral("100");
    if (option == QLatin1String("stats-history"))
        return QStringLiteral("30");
    if (option == QLatin1String("histogram-history"))
        return QStringLiteral("7");
    if (isQueueMaxConcurrency(option))
        return QStringLiteral("0");
    return {};
}

void ConfigModel::refresh(std::function<void()> done)
{
    // Both reads go out together; the last reply builds the table.
    struct Pending
    {
        QlessReply<QlessConfig> config;
        QlessReply<QList<QueueCounts>> queues;
        int left = 2;
    };
    auto pending = std::make_shared<Pending>();
    const auto finish = [this, pending, done] {
        if (--pending->left > 0)
            return;
        if (!pending->config.ok()) {
            m_lastError = pending->config.error.message;
            emit loadFailed(m_lastError);
        } else {
            const QlessConfig &config = pending->config.value;
            QList<ConfigOption> rows;
            for (const QString &name : knownOptions()) {
                const QString def = defaultOf(name);
                const QString value = config.values.contains(name) ? config.text(name) : def;
                // The script merges overrides into the defaults: a value unlike the default was set.
                rows.append(
                    {name, value, def, value == def ? ConfigOption::Origin::Default : ConfigOption::Origin::Override});
            }
            const QString heartbeat = rows.at(knownOptions().indexOf(QLatin1String("heartbeat"))).value;
            QStringList queueOptions;
            QStringList others;
            for (auto it = config.values.constBegin(); it != config.values.constEnd(); ++it) {
                if (knownOptions().contains(it.key()))
                    continue;
                const bool ofQueue = isQueueHeartbeat(it.key()) || isQueueMaxConcurrency(it.key());
                (ofQueue ? queueOptions : others).append(it.key());
            }
            // Queues that have no heartbeat of their own use the global one: list them too, so the
            // operator sees every queue's lock time in one place.
            if (pending->queues.ok()) {
                for (const QueueCounts &queue : pending->queues.value) {
                    const QString name = queue.name + heartbeatSuffix;
                    if (!queueOptions.contains(name))
                        queueOptions.append(name);
                }
            }
            // A queue's heartbeat and its max-concurrency (listed when set) side by side.
            queueOptions.sort();
            for (const QString &name : std::as_const(queueOptions)) {
                if (isQueueMaxConcurrency(name))
                    rows.append({name, config.text(name), defaultOf(name), ConfigOption::Origin::Override});
                else if (config.values.contains(name))
                    rows.append({name, config.text(name), heartbeat, ConfigOption::Origin::Override});
                else
                    rows.append({name, heartbeat, heartbeat, ConfigOption::Origin::Inherited});
            }
            others.sort();
            for (const QString &name : std::as_const(others))
                rows.append({name, config.text(name), QString(), ConfigOption::Origin::Override});
            m_lastError = pending->queues.ok() ? QString() : pending->queues.error.message;
            applySnapshot(rows);
            emit refreshed();
        }
        if (done)
            done();
    };
    m_client->configReads().config(this, [pending, finish](const QlessReply<QlessConfig> &reply) {
        pending->config = reply;
        finish();
    });
    m_client->queueReads().queueCounts(this, [pending, finish](const QlessReply<QList<QueueCounts>> &reply) {
        pending->queues = reply;
        finish();
    });
}

int ConfigModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConfigModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Option");
    case ValueColumn: return tr("In force");
    case OverrideColumn: return tr("Override");
    case DefaultColumn: return tr("Default");
    case MeaningColumn: return tr("What it does");
    default: return {};
    }
}

QString ConfigModel::valueText(const ConfigOption &row) const
{
    // Durations also read as people say them; limits say when they are none.
    switch (unitOf(row.name)) {
    case Unit::Seconds: return seconds(row.value);
    case Unit::Limit: return limit(row.value);
    default: return row.value;
    }
}

ConfigModel::Unit ConfigModel::unitOf(const QString &option)
{
    if (option == QLatin1String("heartbeat") || option == QLatin1String("grace-period")
        || option == QLatin1String("max-worker-age") || option == QLatin1String("jobs-history")
        || isQueueHeartbeat(option))
        return Unit::Seconds;
    if (option == QLatin1String("stats-history") || option == QLatin1String("histogram-history"))
        return Unit::Days;
    if (option == QLatin1String("jobs-history-count"))
        return Unit::Jobs;
    if (option == QLatin1String("max-job-history") || isQueueMaxConcurrency(option))
        return Unit::Limit;
    // "-heartbeat" alone is read by the scripts (a queue named ""), as seconds.
    if (option.endsWith(heartbeatSuffix))
        return Unit::Seconds;
    return Unit::Text;
}

QString ConfigModel::defaultText(const ConfigOption &row) const
{
    if (row.origin == ConfigOption::Origin::Inherited || (isQueueHeartbeat(row.name) && !row.defaultValue.isEmpty()))
        return tr("heartbeat (%1)").arg(row.defaultValue);
    if (row.defaultValue.isEmpty())
        return tr("none");
    return unitOf(row.name) == Unit::Limit ? limit(row.defaultValue) : row.defaultValue;
}

// What current qless (qless-core b3f41c8) does with each option, in one short line.
QString ConfigModel::meaning(const QString &n)
{
    if (n == QLatin1String("application"))
        return tr("A name for the deployment; qless's scripts do not use it");
    if (n == QLatin1String("heartbeat"))
        return tr("Seconds a popped job stays locked without a heartbeat; then it stalls");
    if (n == QLatin1String("grace-period"))
        return tr("Seconds between telling a worker its lock ran out and handing the job on");
    if (n == QLatin1String("max-worker-age"))
        return tr("Workers silent for this many seconds are dropped, with their job lists");
    if (n == QLatin1String("jobs-history"))
        return tr("Completed jobs older than this many seconds are deleted as jobs complete");
    if (n == QLatin1String("jobs-history-count"))
        return tr("At most this many completed jobs are kept; older ones are deleted");
    if (n == QLatin1String("max-job-history"))
        return tr("A job's history keeps at most this many entries; 0 or less: no limit");
    if (n == QLatin1String("stats-history"))
        return tr("Days of queue statistics to keep: stored only, no qless script expires statistics");
    if (n == QLatin1String("histogram-history"))
        return tr("Days of wait and run histograms to keep: stored only, no qless script expires them");
    if (isQueueMaxConcurrency(n))
        return tr("At most this many jobs of queue %1 run at once; 0 or less: no limit").arg(queueOf(n));
    if (isQueueHeartbeat(n))
        return tr("Lock time of jobs popped from queue %1, instead of heartbeat").arg(queueOf(n));
    return tr("Not read by qless itself");
}

QVariant ConfigModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ConfigOption &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn: return row.name;
        case ValueColumn: return valueText(row);
        case OverrideColumn:
            if (row.origin == ConfigOption::Origin::Override)
                return row.value;
            return tr("not set"); // the Default column says what applies
        case DefaultColumn: return defaultText(row);
        case MeaningColumn: return meaning(row.name);
        default: return {};
        }
    case SortRole:
        switch (column) {
        case NameColumn: return row.name;
        case ValueColumn: return row.value;
        case OverrideColumn: return row.origin == ConfigOption::Origin::Override ? row.value : QString();
        case DefaultColumn: return row.defaultValue;
        case MeaningColumn: return meaning(row.name);
        default: return {};
        }
    case KeyRole: return row.name;
    case Qt::FontRole:
        // What someone changed is what an operator looks for first.
        if (row.origin == ConfigOption::Origin::Override
            && (column == ValueColumn || column == NameColumn || column == OverrideColumn)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if ((row.origin != ConfigOption::Origin::Override && (column == ValueColumn || column == OverrideColumn))
            || column == DefaultColumn || column == MeaningColumn)
            return ThemeColors::text(ThemeColors::Tone::Muted);
        return {};
    case Qt::ToolTipRole:
        if (column == MeaningColumn)
            return meaning(row.name); // in full, where the column cuts it
        switch (row.origin) {
        case ConfigOption::Origin::Default: return tr("Not set: qless's default applies.");
        case ConfigOption::Origin::Inherited: return tr("Not set for this queue: the global heartbeat applies.");
        case ConfigOption::Origin::Override: return tr("Set in ql:config.");
        }
        return {};
    default: return {};
    }
}
