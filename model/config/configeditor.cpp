// SPDX-License-Identifier: GPL-3.0-or-later
#include "configeditor.h"

#include "auditlog.h"
#include "auditrecord.h"
#include "configmodel.h"
#include "qlessclient.h"
#include "qlesssession.h"

#include <QJsonValue>
#include <QRegularExpression>

#include <cmath>

namespace {
const QLatin1String heartbeatSuffix("-heartbeat");
const QLatin1String maxConcurrencySuffix("-max-concurrency");

// An example an operator can copy: the default where there is one that is not "no limit".
QString exampleOf(const QString &option)
{
    const QString def = ConfigModel::defaultOf(option);
    if (ConfigModel::isQueueMaxConcurrency(option))
        return QStringLiteral("5");
    return def.isEmpty() ? QStringLiteral("60") : def;
}
} // namespace

ConfigEditor::ConfigEditor(QlessSession *session, ConfigModel *model, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_model(model)
{}

// Qless.config_is_numeric in lua/lib/20-config.lua: every option current qless reads as a
// number (all of qless's options but `application`, with max-worker-age and max-job-history) and
// anything ending in "-heartbeat" or "-max-concurrency".
bool ConfigEditor::isNumeric(const QString &option)
{
    if (option == QLatin1String("application"))
        return false;
    return ConfigModel::knownOptions().contains(option) || option.endsWith(heartbeatSuffix)
           || option.endsWith(maxConcurrencySuffix);
}

bool ConfigEditor::isCount(const QString &option)
{
    return option == QLatin1String("jobs-history-count") || option == QLatin1String("max-job-history")
           || option.endsWith(maxConcurrencySuffix);
}

bool ConfigEditor::isLockLength(const QString &option)
{
    return option == QLatin1String("heartbeat") || option.endsWith(heartbeatSuffix);
}

bool ConfigEditor::isKeptLength(const QString &option)
{
    return option == QLatin1String("jobs-history") || option == QLatin1String("jobs-history-count")
           || option == QLatin1String("stats-history") || option == QLatin1String("histogram-history");
}

QString ConfigEditor::unitOf(const QString &option)
{
    if (!isNumeric(option))
        return {};
    switch (ConfigModel::unitOf(option)) {
    case ConfigModel::Unit::Days: return tr("days");
    case ConfigModel::Unit::Jobs: return tr("jobs");
    case ConfigModel::Unit::Limit: return ConfigModel::isQueueMaxConcurrency(option) ? tr("jobs") : tr("entries");
    default: return tr("seconds");
    }
}

bool ConfigEditor::isScriptNumber(const QString &text)
{
    // Qless.number in lua/lib/10-base.lua: Lua patterns, ASCII digits only.
    static const QRegularExpression number(QStringLiteral(
        "^([-+]?[0-9]*\\.?[0-9]+|[-+]?[0-9]+\\.|[-+]?[0-9]*\\.?[0-9]+[eE][-+]?[0-9]+|[-+]?[0-9]+\\.[eE][-+]?[0-9]+)$"));
    if (!number.match(text).hasMatch())
        return false;
    bool ok = false;
    const double value = text.toDouble(&ok);
    return ok && std::isfinite(value); // 1e999 is a pattern match but not a finite number
}

QString ConfigEditor::normalized(const QString &option, const QString &value)
{
    return isNumeric(option) ? value.trimmed() : value;
}

QString ConfigEditor::problem(const QString &option, const QString &rawValue)
{
    if (option.isEmpty())
        return tr("Choose an option, or type the name of one.");
    const QString value = normalized(option, rawValue);
    if (!isNumeric(option)) {
        if (value.isEmpty())
            return tr("An empty value cannot be set. To go back to the default, unset the option.");
        return {};
    }
    const QString unit = unitOf(option);
    if (value.isEmpty())
        return tr("%1 takes a number of %2, such as %3.").arg(option, unit, exampleOf(option));
    if (!isScriptNumber(value))
        return tr("\"%1\" is not a number: %2 takes a number of %3, such as %4.")
            .arg(value, option, unit, exampleOf(option));
    return {};
}

QString ConfigEditor::warning(const QString &option, const QString &rawValue)
{
    if (!isNumeric(option) || !problem(option, rawValue).isEmpty())
        return {};
    const QString value = normalized(option, rawValue);
    const double number = value.toDouble();
    if (isLockLength(option) && number <= 0)
        return tr("With %1 at %2, every lock qless gives has run out when it is given: each running job counts "
                  "as stalled at once and the next pop takes it back.")
            .arg(option, value);
    if (option == QLatin1String("max-worker-age") && number <= 0)
        return tr("With max-worker-age at %1, every worker counts as gone at once: the Workers list is empty "
                  "and qless's workers command forgets them all.")
            .arg(value);
    if (isCount(option) && number != std::floor(number)) {
        const QString where = option == QLatin1String("jobs-history-count") ? tr("every complete")
                              : option == QLatin1String("max-job-history")
                                  ? tr("every put, pop and complete")
                                  : tr("every pop of queue %1").arg(ConfigModel::queueOf(option));
        return tr("%1 is a count qless hands to Redis as it is: Redis refuses %2, so %3 of real workers fails "
                  "until it is changed.")
            .arg(option, value, where);
    }
    if (ConfigModel::isQueueMaxConcurrency(option) && number <= 0)
        return tr("In qless, %1 at 0 or less means no limit: queue %2 runs any number of jobs at once, not none.")
            .arg(option, ConfigModel::queueOf(option));
    if (option == QLatin1String("max-job-history") && number <= 0)
        return tr("In qless, max-job-history at 0 or less means no limit: every job's history grows without end.");
    if (isKeptLength(option) && number < 0)
        return tr("%1 is how much to keep; qless takes %2 as it is, and a negative length does not mean \"none\" "
                  "(a negative jobs-history deletes every completed job the moment it completes).")
            .arg(option, value);
    return {};
}

bool ConfigEditor::refuse(const QString &option, QString *error) const
{
    QString why;
    if (m_session->isReadOnly())
        why = tr("This connection is read-only: nothing is written to this server.");
    else if (m_busy)
        why = tr("Another change is still being written; try again when it is done.");
    else if (option.isEmpty())
        why = tr("Choose an option, or type the name of one.");
    if (error)
        *error = why;
    return !why.isEmpty();
}

bool ConfigEditor::set(const QString &option, const QString &value, QString *error, bool confirmed)
{
    if (refuse(option, error))
        return false;
    QString why = problem(option, value);
    if (why.isEmpty() && !confirmed) {
        why = warning(option, value);
        if (!why.isEmpty())
            why += QLatin1Char(' ') + tr("Confirm to set it anyway.");
    }
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    if (error)
        error->clear();
    write(option, normalized(option, value), true);
    return true;
}

bool ConfigEditor::unset(const QString &option, QString *error)
{
    if (refuse(option, error))
        return false;
    if (error)
        error->clear();
    write(option, QString(), false);
    return true;
}

void ConfigEditor::write(const QString &option, const QString &value, bool isSet)
{
    setBusy(true);
    QlessClient *client = m_session->client();
    // The value in force before, read just before the write: what the audit log keeps as
    // `previous`. When even this read fails, nothing is written.
    client->configReads().configValue(
        option, this, [this, client, option, value, isSet](const QlessReply<std::optional<QString>> &before) {
            if (!before.ok()) {
                done(false, tr("Could not read %1 before changing it: %2. Nothing was changed.")
                                .arg(option, before.error.message));
                return;
            }
            // Plain values rather than an optional in the capture (GCC 12 warns about the latter).
            const bool hadPrevious = before.value.has_value();
            const QString previous = before.value.value_or(QString());
            const auto written = [this, option, value, isSet, hadPrevious, previous](const QlessReply<bool> &reply) {
                AuditRecord record;
                record.action = isSet ? QStringLiteral("config set") : QStringLiteral("config unset");
                record.arguments.insert(QStringLiteral("option"), option);
                record.arguments.insert(QStringLiteral("value"),
                                        isSet ? QJsonValue(value) : QJsonValue(QJsonValue::Null));
                record.arguments.insert(QStringLiteral("previous"),
                                        hadPrevious ? QJsonValue(previous) : QJsonValue(QJsonValue::Null));
                record.count = 0;
                const QString was = hadPrevious ? tr("was %1").arg(previous) : tr("was not set");
                QString message;
                if (reply.ok()) {
                    record.outcome = QStringLiteral("done");
                    if (isSet)
                        message = tr("%1 set to %2 (%3).").arg(option, value, was);
                    else if (option.endsWith(heartbeatSuffix) && option != heartbeatSuffix)
                        message = tr("%1 unset (%2): the global heartbeat applies again.").arg(option, was);
                    else
                        message = tr("%1 unset (%2): the default applies again.").arg(option, was);
                    record.message = message;
                } else {
                    record.outcome = QStringLiteral("failed");
                    record.message = reply.error.message;
                    const QString verb = isSet ? tr("set %1").arg(option) : tr("unset %1").arg(option);
                    if (reply.error.kind == RedisError::Kind::ScriptError)
                        // The script checks its arguments before it writes anything.
                        message =
                            tr("The server refused to %1: %2. Nothing was changed.").arg(verb, reply.error.message);
                    else if (reply.error.certainlyNotRun())
                        message = tr("Could not %1: %2. Nothing was changed.").arg(verb, reply.error.message);
                    else
                        message = tr("Could not %1: %2. It may or may not have been changed: the table shows what "
                                     "the server holds now.")
                                      .arg(verb, reply.error.message);
                }
                if (!m_session->audit(record))
                    message += QLatin1Char(' ')
                               + tr("The audit log could not be written: %1").arg(m_session->auditLog()->errorString());
                // Read the table again either way: after a failure it shows what is really there.
                const bool ok = reply.ok();
                m_model->refresh([this, ok, message] { done(ok, message); });
            };
            if (isSet)
                client->writes().setConfig(option, value, this, written);
            else
                client->writes().unsetConfig(option, this, written);
        });
}

void ConfigEditor::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void ConfigEditor::done(bool ok, const QString &message)
{
    setBusy(false);
    emit finished(ok, message);
}
