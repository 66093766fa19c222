// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QStringList>

// A CSV file as a spreadsheet reads it (RFC 4180: quoted fields may hold commas, quotes and line
// breaks; lines end in CRLF), with the header apart, for the tests of Blueque's table exports.
struct BluequeCsv
{
    QStringList header;
    QList<QStringList> rows;

    static BluequeCsv parse(const QByteArray &bytes);
    static BluequeCsv read(const QString &path);
    int column(const QString &name) const { return int(header.indexOf(name)); }
    QStringList values(const QString &name) const;
    // The rows whose cell `name` is `value`.
    QList<QStringList> where(const QString &name, const QString &value) const;
};
