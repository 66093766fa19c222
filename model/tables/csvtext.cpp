// SPDX-License-Identifier: GPL-3.0-or-later
#include "csvtext.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

// Spreadsheet formula injection: Excel, LibreOffice and Google Sheets take a cell that begins with
// =, +, - or @ as a formula (and tab or carriage return before one as a way to hide it), so a
// server name, option or message someone typed could run as a formula in the operator's sheet.
// Such a field gets a leading apostrophe, so that the cell is taken as text (Excel hides the
// apostrophe; other programs may show it, a small price for not running what someone typed).
// A field that is a plain number (a count, -3, -0.5, 1e+09) cannot be a formula and is left as it is,
// so numbers stay numbers. Every field goes through this rule, then through the quoting below.
QString CsvText::defused(const QString &text)
{
    if (text.isEmpty())
        return text;
    const QChar first = text.front();
    if (first != QLatin1Char('=') && first != QLatin1Char('+') && first != QLatin1Char('-') && first != QLatin1Char('@')
        && first != QLatin1Char('\t') && first != QLatin1Char('\r'))
        return text;
    static const QRegularExpression number(QStringLiteral("^[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?$"));
    if (number.match(text).hasMatch())
        return text;
    return QLatin1Char('\'') + text;
}

QString CsvText::field(const QString &raw)
{
    const QString text = defused(raw);
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')) && !text.startsWith(QLatin1Char(' ')) && !text.endsWith(QLatin1Char(' ')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString CsvText::line(const QStringList &fields)
{
    QStringList cells;
    cells.reserve(fields.size());
    for (const QString &f : fields)
        cells << field(f);
    return cells.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

QString CsvText::utc(double seconds)
{
    if (seconds <= 0)
        return QString();
    const QDateTime moment = QDateTime::fromMSecsSinceEpoch(qint64(seconds * 1000.0 + 0.5), QTimeZone::utc());
    return moment.toString(Qt::ISODateWithMs);
}

QString CsvText::number(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}
