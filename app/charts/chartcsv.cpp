// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartcsv.h"

#include "csvtext.h"
#include "histogrambins.h"

#include <QStringList>

QByteArray ChartCsv::histograms(const QList<HistogramSeries> &series)
{
    // English in every language of the window (as export-stats writes it): the file is for scripts.
    QString out;
    QStringList header{QStringLiteral("bin")};
    for (const HistogramSeries &s : series)
        header << s.name;
    out += CsvText::line(header);
    for (int bin = 0; bin < HistogramBins::Count; ++bin) {
        QStringList fields{HistogramBins::label(bin)};
        for (const HistogramSeries &s : series)
            fields << QString::number(bin < s.counts.size() ? s.counts.at(bin) : 0);
        out += CsvText::line(fields);
    }
    QStringList count{QStringLiteral("count")}, mean{QStringLiteral("mean")}, std{QStringLiteral("std")};
    for (const HistogramSeries &s : series) {
        count << QString::number(s.count);
        mean << CsvText::number(s.mean);
        std << CsvText::number(s.std);
    }
    out += CsvText::line(count) + CsvText::line(mean) + CsvText::line(std);
    return out.toUtf8();
}

QByteArray ChartCsv::dailyTrend(const DailyTrendSeries &series)
{
    QString out = CsvText::line({QStringLiteral("date"), QStringLiteral("count"), QStringLiteral("mean")});
    for (const DailyTrendSeries::Day &day : series.days)
        out += CsvText::line({day.date.toString(Qt::ISODate), QString::number(day.count), CsvText::number(day.mean)});
    return out.toUtf8();
}
