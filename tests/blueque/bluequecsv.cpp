// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequecsv.h"

#include <QFile>

BluequeCsv BluequeCsv::parse(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    BluequeCsv csv;
    if (!rows.isEmpty())
        csv.header = rows.takeFirst();
    csv.rows = rows;
    return csv;
}

BluequeCsv BluequeCsv::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return parse(file.readAll());
}

QStringList BluequeCsv::values(const QString &name) const
{
    QStringList out;
    const int c = column(name);
    for (const QStringList &row : rows)
        out << row.value(c);
    return out;
}

QList<QStringList> BluequeCsv::where(const QString &name, const QString &value) const
{
    QList<QStringList> out;
    const int c = column(name);
    for (const QStringList &row : rows) {
        if (row.value(c) == value)
            out << row;
    }
    return out;
}
