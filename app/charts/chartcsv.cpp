#include "chartcsv.h"

#include "histogrambins.h"

#include <QLocale>
#include <QStringList>

namespace {
const QString LineEnd = QStringLiteral("\r\n");

QString row(const QStringList &fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const QString &field : fields)
        quoted << ChartCsv::quoted(field);
    return quoted.join(QLatin1Char(',')) + LineEnd;
}
} // namespace

QString ChartCsv::quoted(const QString &field)
{
    const bool needsQuotes = field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"'))
        || field.contains(QLatin1Char('\n')) || field.contains(QLatin1Char('\r'))
        // Spreadsheets trim unquoted edges; keep a name's spaces as they are.
        || field.startsWith(QLatin1Char(' ')) || field.endsWith(QLatin1Char(' '));
    if (!needsQuotes)
        return field;
    QString copy = field;
    copy.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + copy + QLatin1Char('"');
}

QString ChartCsv::number(double value)
{
    // Shortest round-trip form, never the locale's decimal comma.
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray ChartCsv::histograms(const QList<HistogramSeries> &series)
{
    // English in every language of the window (as export-stats writes it): the file is for scripts.
    QString out;
    QStringList header{QStringLiteral("bin")};
    for (const HistogramSeries &s : series)
        header << s.name;
    out += row(header);
    for (int bin = 0; bin < HistogramBins::Count; ++bin) {
        QStringList fields{HistogramBins::label(bin)};
        for (const HistogramSeries &s : series)
            fields << QString::number(bin < s.counts.size() ? s.counts.at(bin) : 0);
        out += row(fields);
    }
    QStringList count{QStringLiteral("count")}, mean{QStringLiteral("mean")}, std{QStringLiteral("std")};
    for (const HistogramSeries &s : series) {
        count << QString::number(s.count);
        mean << number(s.mean);
        std << number(s.std);
    }
    out += row(count) + row(mean) + row(std);
    return out.toUtf8();
}

QByteArray ChartCsv::dailyTrend(const DailyTrendSeries &series)
{
    QString out = row({QStringLiteral("date"), QStringLiteral("count"), QStringLiteral("mean")});
    for (const DailyTrendSeries::Day &day : series.days)
        out += row({day.date.toString(Qt::ISODate), QString::number(day.count), number(day.mean)});
    return out.toUtf8();
}
