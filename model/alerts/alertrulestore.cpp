// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertrulestore.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSettings>
#include <QUrl>

namespace {
QString key(const QString &server, const char *what)
{
    return QStringLiteral("alerts/%1/%2")
        .arg(QString::fromLatin1(QUrl::toPercentEncoding(server)), QLatin1String(what));
}

// A rules file bigger than this is not one (a thousand rules take some 100 KB).
constexpr qint64 MaxFileBytes = 8 * 1024 * 1024;
} // namespace

AlertRuleStore::AlertRuleStore()
    : m_settings(new QSettings(QStringLiteral("qlessdesk"), QStringLiteral("qlessdesk")))
{}

AlertRuleStore::AlertRuleStore(const QString &iniFile)
    : m_settings(new QSettings(iniFile, QSettings::IniFormat))
{}

AlertRuleStore::~AlertRuleStore() = default;

QList<AlertRule> AlertRuleStore::rules(const QString &server, QString *error) const
{
    const QByteArray json = m_settings->value(key(server, "rules")).toByteArray();
    QList<AlertRule> rules;
    if (json.isEmpty())
        return rules;
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parse);
    QString why;
    if (!document.isObject())
        why = tr("The alert rules kept for %1 are not JSON: %2").arg(server, parse.errorString());
    else if (!AlertRule::listFromJson(document.object(), &rules, &why))
        why = tr("The alert rules kept for %1 cannot be used: %2").arg(server, why);
    if (error)
        *error = why;
    return why.isEmpty() ? rules : QList<AlertRule>();
}

void AlertRuleStore::setRules(const QString &server, const QList<AlertRule> &rules)
{
    m_settings->setValue(key(server, "rules"),
                         QJsonDocument(AlertRule::listToJson(rules)).toJson(QJsonDocument::Compact));
}

QString AlertRuleStore::command(const QString &server) const
{
    return m_settings->value(key(server, "command")).toString();
}

void AlertRuleStore::setCommand(const QString &server, const QString &command)
{
    m_settings->setValue(key(server, "command"), command);
}

void AlertRuleStore::sync()
{
    m_settings->sync();
}

bool AlertRuleStore::exportTo(const QString &path, const QList<AlertRule> &rules, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(AlertRule::listToJson(rules)).toJson(QJsonDocument::Indented)) < 0
        || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

bool AlertRuleStore::importFrom(const QString &path, QList<AlertRule> *rules, QString *error)
{
    const auto bad = [error, &path](const QString &why) {
        if (error)
            *error = tr("Cannot import %1: %2").arg(QDir::toNativeSeparators(path), why);
        return false;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return bad(file.errorString());
    if (file.size() > MaxFileBytes)
        return bad(tr("the file is larger than a rules file can be."));
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parse);
    if (!document.isObject())
        return bad(tr("not a JSON object (%1).").arg(parse.errorString()));
    QString why;
    if (!AlertRule::listFromJson(document.object(), rules, &why))
        return bad(why);
    return true;
}
