// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyschema.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace {
const char *const FailureGrowthTable =
    "CREATE TABLE failure_growth(minute INTEGER NOT NULL, grp TEXT NOT NULL, grew INTEGER NOT NULL,"
    " PRIMARY KEY(minute, grp)) WITHOUT ROWID";
} // namespace

namespace HistorySchema {

Found inspect(QSqlDatabase &db, int *version, QString *error)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("SELECT count(*) FROM sqlite_master"))) {
        *error = query.lastError().text();
        return Found::Foreign;
    }
    query.next();
    if (query.value(0).toInt() == 0)
        return Found::Empty;
    if (!query.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'schema_version'")) || !query.next()) {
        *error = QStringLiteral("no schema version");
        return Found::Foreign;
    }
    bool ok = false;
    *version = query.value(0).toInt(&ok);
    if (!ok || *version < 1) {
        *error = QStringLiteral("unreadable schema version");
        return Found::Foreign;
    }
    return *version > Version ? Found::Newer : Found::Ours;
}

bool create(QSqlDatabase &db, QString *error)
{
    const char *statements[] = {
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE queues(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
        "CREATE TABLE counts(resolution INTEGER NOT NULL, queue INTEGER NOT NULL, minute INTEGER NOT NULL,"
        " samples INTEGER NOT NULL, waiting INTEGER NOT NULL, scheduled INTEGER NOT NULL,"
        " running INTEGER NOT NULL, stalled INTEGER NOT NULL, depends INTEGER NOT NULL,"
        " recurring INTEGER NOT NULL, PRIMARY KEY(resolution, queue, minute)) WITHOUT ROWID",
        "CREATE TABLE events(resolution INTEGER NOT NULL, queue INTEGER NOT NULL, minute INTEGER NOT NULL,"
        " put INTEGER NOT NULL, completed INTEGER NOT NULL, failed INTEGER NOT NULL,"
        " timed_out INTEGER NOT NULL, PRIMARY KEY(resolution, queue, minute)) WITHOUT ROWID",
        "CREATE TABLE coverage(resolution INTEGER NOT NULL, minute INTEGER NOT NULL,"
        " counts_minutes INTEGER NOT NULL, events_minutes INTEGER NOT NULL,"
        " PRIMARY KEY(resolution, minute)) WITHOUT ROWID",
        "CREATE TABLE marks(time_ms INTEGER NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL,"
        " ref TEXT NOT NULL DEFAULT '')",
        "CREATE INDEX marks_by_time ON marks(time_ms)",
        FailureGrowthTable,
    };
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    QSqlQuery query(db);
    for (const char *statement : statements) {
        if (!query.exec(QString::fromLatin1(statement))) {
            *error = query.lastError().text();
            db.rollback();
            return false;
        }
    }
    query.prepare(QStringLiteral("INSERT INTO meta(key, value) VALUES (?, ?)"));
    const QList<QPair<QString, QString>> meta = {
        {QStringLiteral("schema_version"), QString::number(Version)},
        {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        // Said in the file too, for whoever reads it with sqlite3.
        {QStringLiteral("retries"), QStringLiteral("not recorded: qless publishes no event for a retry")},
    };
    for (const auto &[key, value] : meta) {
        query.addBindValue(key);
        query.addBindValue(value);
        if (!query.exec()) {
            *error = query.lastError().text();
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        return false;
    }
    return true;
}

bool upgrade(QSqlDatabase &db, int from, QString *error)
{
    if (from >= Version)
        return true;
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    QSqlQuery query(db);
    const QStringList statements{
        QStringLiteral("ALTER TABLE marks ADD COLUMN ref TEXT NOT NULL DEFAULT ''"),
        QString::fromLatin1(FailureGrowthTable),
        QStringLiteral("UPDATE meta SET value = '%1' WHERE key = 'schema_version'").arg(Version),
    };
    for (const QString &statement : statements) {
        if (!query.exec(statement)) {
            *error = query.lastError().text();
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        return false;
    }
    return true;
}

} // namespace HistorySchema
