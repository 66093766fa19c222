// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

// One write action as the audit log keeps it: who (which server), what (action and its arguments),
// how many jobs it touched, and how it ended. One JSON object per line in the log file.
struct AuditRecord
{
    QDateTime time;        // UTC; AuditLog::append fills in "now" when left invalid
    QString server;        // ConnectionSettings::describe(): the address, never a password
    QString action;        // "move", "unfail", "cancel", "priority", "config set", ...
    QJsonObject arguments; // what the action was given: queue names, group, priority, key/value
    qint64 count = 0;      // jobs affected (done ones; the message says what was skipped or failed)
    QString outcome;       // "done", "failed", "partial" or "cancelled"
    QString message;       // for people: a summary, or why it failed
    // Set when read back: the record's 1-based line in the file. The file is only ever appended
    // to, so this stays the record's identity across reloads (the Activity page keys rows by it).
    qint64 line = 0;
};
