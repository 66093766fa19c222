// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyfile.h"

#include "historyschema.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

namespace {
// SQLite's primary result codes, as QSQLITE gives them in nativeErrorCode().
constexpr int SqliteBusy = 5;
constexpr int SqliteLocked = 6;
constexpr int SqliteCorrupt = 11;
constexpr int SqliteNotADatabase = 26;

int primaryCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    return ok ? code & 0xff : -1;
}
} // namespace

HistoryFile::HistoryFile(const QString &path, const QString &connectionName, int busyTimeoutMs)
    : m_path(path)
    , m_connectionName(connectionName)
    , m_busyTimeoutMs(busyTimeoutMs)
{}

HistoryFile::~HistoryFile()
{
    close();
}

void HistoryFile::close()
{
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
    m_state = State::Closed;
}

bool HistoryFile::isDamageOrLock(const QSqlError &error)
{
    const int code = primaryCode(error);
    return code == SqliteBusy || code == SqliteLocked || code == SqliteCorrupt || code == SqliteNotADatabase;
}

HistoryFile::State HistoryFile::open(bool writer, QStringList *problems)
{
    QString problem;
    bool aside = false;
    m_state = openOnce(writer, &problem, &aside);
    if (m_state != State::Unavailable)
        return m_state;
    if (!aside || !writer) {
        *problems << QStringLiteral("The history file %1 cannot be used: %2").arg(m_path, problem);
        return m_state;
    }
    return recover(problem, problems);
}

HistoryFile::State HistoryFile::recover(const QString &why, QStringList *problems)
{
    close();
    QString error;
    if (!moveAside(&error)) {
        *problems
            << QStringLiteral("The history file %1 cannot be used (%2) nor moved aside: %3").arg(m_path, why, error);
        m_state = State::Unavailable;
        return m_state;
    }
    *problems << QStringLiteral("The history file %1 was damaged or locked (%2): moved aside to %3, a new one "
                                "was started.")
                     .arg(m_path, why, m_movedTo);
    QString problem;
    bool aside = false;
    m_state = openOnce(true, &problem, &aside);
    if (m_state == State::Unavailable)
        *problems << QStringLiteral("The new history file %1 cannot be used either: %2").arg(m_path, problem);
    return m_state;
}

HistoryFile::State HistoryFile::openOnce(bool writer, QString *problem, bool *moveAside)
{
    close();
    *moveAside = false;
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    m_db.setDatabaseName(m_path);
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(m_busyTimeoutMs));
    if (!m_db.open()) {
        *problem = m_db.lastError().text();
        *moveAside = isDamageOrLock(m_db.lastError());
        return State::Unavailable;
    }
    QSqlQuery query(m_db);
    // Only takes effect on a new file (before the first table): lets the size limit give pages
    // back to the file system, a few at a time, without a VACUUM that would rewrite it all.
    const QStringList setup =
        writer ? QStringList{QStringLiteral("PRAGMA auto_vacuum = INCREMENTAL"),
                             QStringLiteral("PRAGMA journal_mode = WAL"), QStringLiteral("PRAGMA synchronous = NORMAL")}
               : QStringList{QStringLiteral("PRAGMA query_only = 1")};
    for (const QString &statement : setup) {
        if (!query.exec(statement)) {
            *problem = query.lastError().text();
            *moveAside = isDamageOrLock(query.lastError());
            return State::Unavailable;
        }
    }
    int version = 0;
    QString error;
    switch (HistorySchema::inspect(m_db, &version, &error)) {
    case HistorySchema::Found::Ours:
        if (!writer)
            return State::ReadOnly;
        if (!HistorySchema::upgrade(m_db, version, &error)) {
            *problem = QStringLiteral("cannot upgrade it from schema %1: %2").arg(version).arg(error);
            *moveAside = isDamageOrLock(m_db.lastError());
            return State::Unavailable;
        }
        return State::Writable;
    case HistorySchema::Found::Newer:
        *problem = QStringLiteral("written by a newer qlessdesk (schema %1): only read").arg(version);
        return State::ReadOnly;
    case HistorySchema::Found::Empty:
        if (!writer)
            return State::ReadOnly;
        if (!HistorySchema::create(m_db, &error)) {
            *problem = error;
            *moveAside = isDamageOrLock(m_db.lastError());
            return State::Unavailable;
        }
        return State::Writable;
    case HistorySchema::Found::Foreign:
        *problem = QStringLiteral("not a qlessdesk history (%1)").arg(error);
        *moveAside = true;
        return State::Unavailable;
    }
    return State::Unavailable;
}

bool HistoryFile::moveAside(QString *error)
{
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'hhmmsszzz"));
    const QString target = m_path + QStringLiteral(".damaged-") + stamp;
    if (QFile::exists(m_path) && !QFile::rename(m_path, target)) {
        *error = QStringLiteral("cannot rename it to %1").arg(target);
        return false;
    }
    // The journal files belong to the moved file: a new file must not pick them up.
    for (const char *suffix : {"-wal", "-shm", "-journal"}) {
        const QString side = m_path + QLatin1String(suffix);
        if (QFile::exists(side))
            QFile::rename(side, target + QLatin1String(suffix));
    }
    m_movedTo = target;
    return true;
}
