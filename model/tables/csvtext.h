// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

// Text cells for CSV files a person opens in a spreadsheet: RFC 4180 quoting (a field with a
// comma, quote or line break is quoted, its quotes doubled; lines end in CRLF; one with a space
// at either edge is quoted too, as spreadsheets trim unquoted edges) and a formula guard: a cell
// that begins with = + - @ tab or CR and is not a plain number gets a leading apostrophe, so a
// job name or error text from Redis cannot run as a formula. The one CSV writer of the table
// exports, the audit log's export and the charts' numbers; the guard also serves Ctrl+C.
class CsvText final
{
public:
    CsvText() = delete;

    static QString field(const QString &raw);
    // The formula guard alone (field() without the quoting): for other text a spreadsheet takes in.
    static QString defused(const QString &text);
    // The fields as one line, CRLF included.
    static QString line(const QStringList &fields);
    // A moment (seconds since the epoch) as ISO 8601 UTC with milliseconds; empty for 0 (unknown).
    static QString utc(double seconds);
    // A number as it reads back: integers without a decimal point, never the locale's comma.
    static QString number(double value);
};
