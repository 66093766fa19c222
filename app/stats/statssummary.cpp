// SPDX-License-Identifier: GPL-3.0-or-later
#include "statssummary.h"

#include "charttheme.h"
#include "durationtext.h"
#include "themecolors.h"
#include "tonestyle.h"

#include <QLocale>

QString StatsSummary::duration(qint64 count, double seconds)
{
    return count > 0 ? DurationText::format(seconds) : QStringLiteral("—");
}

QString StatsSummary::html(const QList<Column> &columns)
{
    const QLocale locale;
    // Headed in the colours the charts draw the same series in (StatsChart's first two), so the
    // eye goes from a column to its bars without reading the legend.
    // Readable as text on the page, which the bars' own shades need not be.
    const QPalette palette = ThemeColors::applicationPalette();
    QString header;
    for (int i = 0; i < columns.size(); ++i) {
        header += QStringLiteral("<th align='right'>&nbsp;&nbsp;<span style='color:%1'>%2</span></th>")
                      .arg(ChartTheme::seriesText(i, palette).name(), columns.at(i).first.toHtmlEscaped());
    }

    const auto row = [&columns](const QString &label, const auto &cell, bool section = false) {
        QString cells;
        for (const Column &c : columns)
            cells += QStringLiteral("<td align='right'>&nbsp;&nbsp;%1</td>").arg(cell(c.second));
        const QString style = section ? QStringLiteral(" style='padding-top:6px'") : QString();
        return QStringLiteral("<tr><td%1>%2</td>%3</tr>").arg(style, label, cells);
    };
    const auto count = [&locale](qint64 n) { return locale.toString(n); };
    const auto bold = [](const QString &text) { return QStringLiteral("<b>%1</b>").arg(text); };

    QString rows;
    rows += row(bold(tr("Jobs waited")), [&](const DayStats &s) { return bold(count(s.wait.count)); });
    rows += row(tr("Mean wait"), [](const DayStats &s) { return duration(s.wait.count, s.wait.mean); });
    rows += row(tr("Std deviation"), [](const DayStats &s) { return duration(s.wait.count, s.wait.std); });
    rows += row(
        bold(tr("Jobs run")), [&](const DayStats &s) { return bold(count(s.run.count)); }, true);
    rows += row(tr("Mean run"), [](const DayStats &s) { return duration(s.run.count, s.run.mean); });
    rows += row(tr("Std deviation"), [](const DayStats &s) { return duration(s.run.count, s.run.std); });
    rows += row(
        tr("Failures"),
        [&](const DayStats &s) {
            // Failures stand out: they are what an operator looks for first.
            const QString n = count(s.failures);
            return s.failures > 0 ? ToneStyle::span(ToneStyle::Tone::Bad, QStringLiteral("<b>%1</b>").arg(n)) : n;
        },
        true);
    rows += row(tr("Still failed"), [&](const DayStats &s) { return count(s.failed); });
    rows += row(tr("Retries"), [&](const DayStats &s) { return count(s.retries); });
    return QStringLiteral("<table cellspacing='0' cellpadding='1'><tr><th></th>%1</tr>%2</table>").arg(header, rows);
}
