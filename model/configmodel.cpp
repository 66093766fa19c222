#include "configmodel.h"

#include "durationtext.h"
#include "qlessclient.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <memory>

namespace {
const QLatin1String heartbeatSuffix("-heartbeat");

// "60 (1 min)": seconds as stored, and as people read them.
QString seconds(const QString &value)
{
    bool ok = false;
    const double s = value.toDouble(&ok);
    return ok ? QStringLiteral("%1 s (%2)").arg(value, DurationText::format(s)) : value;
}
} // namespace

ConfigModel::ConfigModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<ConfigOption>(parent)
    , m_client(client)
{
}

QStringList ConfigModel::knownOptions()
{
    return {QStringLiteral("application"), QStringLiteral("heartbeat"), QStringLiteral("max-worker-age"),
            QStringLiteral("jobs-history"), QStringLiteral("jobs-history-count"), QStringLiteral("stats-history"),
            QStringLiteral("histogram-history")};
}

bool ConfigModel::isQueueHeartbeat(const QString &option)
{
    return option.endsWith(heartbeatSuffix) && option.size() > heartbeatSuffix.size();
}

QString ConfigModel::defaultOf(const QString &option)
{
    if (option == QLatin1String("application"))
        return QStringLiteral("qless");
    if (option == QLatin1String("heartbeat"))
        return QStringLiteral("60");
    if (option == QLatin1String("max-worker-age"))
        return QStringLiteral("86400");
    if (option == QLatin1String("jobs-history"))
        return QStringLiteral("604800");
    if (option == QLatin1String("jobs-history-count"))
        return QStringLiteral("50000");
    if (option == QLatin1String("stats-history"))
        return QStringLiteral("30");
    if (option == QLatin1String("histogram-history"))
        return QStringLiteral("7");
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
                rows.append({name, value, def, value == def ? ConfigOption::Origin::Default
                                                             : ConfigOption::Origin::Override});
            }
            const QString heartbeat = rows.at(1).value;
            QStringList queueHeartbeats;
            QStringList others;
            for (auto it = config.values.constBegin(); it != config.values.constEnd(); ++it) {
                if (knownOptions().contains(it.key()))
                    continue;
                (isQueueHeartbeat(it.key()) ? queueHeartbeats : others).append(it.key());
            }
            // Queues that have no heartbeat of their own use the global one: list them too, so the
            // operator sees every queue's lock time in one place.
            if (pending->queues.ok()) {
                for (const QueueCounts &queue : pending->queues.value) {
                    const QString name = queue.name + heartbeatSuffix;
                    if (!queueHeartbeats.contains(name))
                        queueHeartbeats.append(name);
                }
            }
            queueHeartbeats.sort();
            for (const QString &name : std::as_const(queueHeartbeats)) {
                if (config.values.contains(name))
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
    m_client->config(this, [pending, finish](const QlessReply<QlessConfig> &reply) {
        pending->config = reply;
        finish();
    });
    m_client->queueCounts(this, [pending, finish](const QlessReply<QList<QueueCounts>> &reply) {
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
    // Durations also read as people say them; counts and days as they are.
    const bool inSeconds = row.name != QLatin1String("application") && row.name != QLatin1String("jobs-history-count")
        && row.name != QLatin1String("stats-history") && row.name != QLatin1String("histogram-history")
        && (!row.defaultValue.isEmpty() || isQueueHeartbeat(row.name));
    return inSeconds ? seconds(row.value) : row.value;
}

QString ConfigModel::defaultText(const ConfigOption &row) const
{
    if (row.origin == ConfigOption::Origin::Inherited || (isQueueHeartbeat(row.name) && !row.defaultValue.isEmpty()))
        return tr("heartbeat (%1)").arg(row.defaultValue);
    return row.defaultValue.isEmpty() ? tr("none") : row.defaultValue;
}

QString ConfigModel::meaning(const QString &n)
{
    if (n == QLatin1String("application"))
        return tr("Name of the application, as workers report it");
    if (n == QLatin1String("heartbeat"))
        return tr("A job's lock lasts this long without a heartbeat; then it is stalled");
    if (n == QLatin1String("max-worker-age"))
        return tr("Workers not seen for this long are no longer listed");
    if (n == QLatin1String("jobs-history"))
        return tr("Completed jobs are kept this long");
    if (n == QLatin1String("jobs-history-count"))
        return tr("At most this many completed jobs are kept");
    if (n == QLatin1String("stats-history"))
        return tr("Days of queue statistics kept");
    if (n == QLatin1String("histogram-history"))
        return tr("Days of wait and run time histograms kept");
    if (isQueueHeartbeat(n))
        return tr("Lock time of jobs in queue %1").arg(n.chopped(heartbeatSuffix.size()));
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
    case KeyRole:
        return row.name;
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
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case Qt::ToolTipRole:
        switch (row.origin) {
        case ConfigOption::Origin::Default: return tr("Not set: qless's default applies.");
        case ConfigOption::Origin::Inherited: return tr("Not set for this queue: the global heartbeat applies.");
        case ConfigOption::Origin::Override: return tr("Set in ql:config.");
        }
        return {};
    default:
        return {};
    }
}
