// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"

#include "csvtext.h"
#include "tableexportrows.h"
#include "tableexportview.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

namespace {

// Callers pass ConnectionSettings::describe(), which has no password; this is the second lock,
// because a password written to a log that gets exported and mailed around cannot be taken back.
QString withoutPassword(const QString &server)
{
    static const QRegularExpression userInfo(QStringLiteral("^([A-Za-z][A-Za-z0-9+.-]*://[^/@:]*):[^@/]*@"));
    QString clean = server;
    clean.replace(userInfo, QStringLiteral("\\1@"));
    return clean;
}

} // namespace

AuditLog::AuditLog()
    : AuditLog(defaultFilePath())
{}

AuditLog::AuditLog(const QString &filePath)
    : m_filePath(filePath)
{}

QString AuditLog::defaultFilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/audit.jsonl");
}

QByteArray AuditLog::toJsonLine(const AuditRecord &record)
{
    QJsonObject object;
    object.insert(QStringLiteral("time"), record.time.toUTC().toString(Qt::ISODateWithMs));
    object.insert(QStringLiteral("server"), withoutPassword(record.server));
    object.insert(QStringLiteral("action"), record.action);
    object.insert(QStringLiteral("arguments"), record.arguments);
    object.insert(QStringLiteral("count"), record.count);
    object.insert(QStringLiteral("outcome"), record.outcome);
    object.insert(QStringLiteral("message"), record.message);
    // Compact JSON escapes line breaks inside strings, so a record is always exactly one line.
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

bool AuditLog::fromJsonLine(const QByteArray &line, AuditRecord *record)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return false;
    const QJsonObject object = document.object();
    const QDateTime time = QDateTime::fromString(object.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    const QString action = object.value(QStringLiteral("action")).toString();
    if (!time.isValid() || action.isEmpty())
        return false;
    record->time = time.toUTC();
    record->server = object.value(QStringLiteral("server")).toString();
    record->action = action;
    record->arguments = object.value(QStringLiteral("arguments")).toObject();
    record->count = object.value(QStringLiteral("count")).toInteger();
    record->outcome = object.value(QStringLiteral("outcome")).toString();
    record->message = object.value(QStringLiteral("message")).toString();
    return true;
}

bool AuditLog::append(const AuditRecord &record)
{
    m_errorString.clear();
    AuditRecord stamped = record;
    if (!stamped.time.isValid())
        stamped.time = QDateTime::currentDateTimeUtc();
    const QByteArray line = toJsonLine(stamped) + '\n';

    const QString directory = QFileInfo(m_filePath).absolutePath();
    if (!QDir().mkpath(directory)) {
        m_errorString =
            tr("Could not create the folder %1 for the audit log.").arg(QDir::toNativeSeparators(directory));
        return false;
    }
    QFile file(m_filePath);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        m_errorString =
            tr("Could not open the audit log %1: %2").arg(QDir::toNativeSeparators(m_filePath), file.errorString());
        return false;
    }
    // One write call per record: with O_APPEND, two consoles logging at once do not interleave
    // inside a line. The flush puts it in the file before we report the action as logged.
    if (file.write(line) != line.size() || !file.flush()) {
        m_errorString =
            tr("Could not write to the audit log %1: %2").arg(QDir::toNativeSeparators(m_filePath), file.errorString());
        return false;
    }
    return true;
}

bool AuditLog::readLines(QList<QByteArray> *lines, QString *error) const
{
    lines->clear();
    QFile file(m_filePath);
    if (!file.exists())
        return true; // nothing written yet
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error =
                tr("Could not read the audit log %1: %2").arg(QDir::toNativeSeparators(m_filePath), file.errorString());
        return false;
    }
    *lines = file.readAll().split('\n');
    // The last line ends with '\n', which leaves one empty piece behind it.
    if (!lines->isEmpty() && lines->constLast().isEmpty())
        lines->removeLast();
    return true;
}

QList<AuditRecord> AuditLog::records(int max, int *skipped) const
{
    QList<AuditRecord> result;
    int damaged = 0;
    QList<QByteArray> lines;
    readLines(&lines, nullptr); // an unreadable log shows as empty; exportCsv reports the reason
    for (qsizetype i = lines.size() - 1; i >= 0 && (max < 0 || result.size() < max); --i) {
        const QByteArray trimmed = lines.at(i).trimmed();
        if (trimmed.isEmpty())
            continue; // a blank line (a hand edit) is not damage
        AuditRecord record;
        if (!fromJsonLine(trimmed, &record)) {
            ++damaged;
            continue;
        }
        record.line = i + 1;
        result.append(record);
    }
    if (skipped)
        *skipped = damaged;
    return result;
}

bool AuditLog::exportCsv(const QString &path, QString *error) const
{
    if (error)
        error->clear();
    QList<QByteArray> lines;
    if (!readLines(&lines, error))
        return false;

    // The same header and cells as `export-table --view activity` and the table exports.
    QString csv = CsvText::line(TableExportRows::header(TableExportView(TableExportView::Kind::Activity)));
    for (const QByteArray &line : std::as_const(lines)) {
        AuditRecord record;
        if (!fromJsonLine(line.trimmed(), &record))
            continue;
        csv += CsvText::line(TableExportRows::audit(record));
    }

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const QByteArray bytes = csv.toUtf8();
    if (file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}
