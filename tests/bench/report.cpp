// SPDX-License-Identifier: GPL-3.0-or-later
#include "report.h"

#include <QJsonArray>
#include <QLocale>

#include <algorithm>
#include <cmath>

double median(QList<double> values)
{
    if (values.isEmpty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const qsizetype mid = values.size() / 2;
    return values.size() % 2 ? values.at(mid) : (values.at(mid - 1) + values.at(mid)) / 2;
}

std::optional<double> Figure::ratio() const
{
    if (!hasRatio || !ours || !raw || *ours <= 0 || *raw <= 0)
        return std::nullopt;
    return unit == Unit::PerSecond ? *raw / *ours : *ours / *raw;
}

QString Figure::verdict() const
{
    if (!ours)
        return QStringLiteral("n/a");
    const bool ratioJudged = judgeRatio && maxRatio.has_value();
    if (!ratioJudged && !maxOurs)
        return QStringLiteral("info");
    bool ok = true;
    if (ratioJudged) {
        const std::optional<double> r = ratio();
        ok = ok && r && *r <= *maxRatio;
    }
    if (maxOurs)
        ok = ok && *ours <= *maxOurs;
    return ok ? QStringLiteral("ok") : QStringLiteral("over");
}

QJsonObject Figure::toJson() const
{
    const auto number = [](const std::optional<double> &value) {
        return value && std::isfinite(*value) ? QJsonValue(*value) : QJsonValue();
    };
    const auto list = [](const QList<double> &values) {
        QJsonArray array;
        for (double value : values)
            array.append(value);
        return array;
    };
    QJsonObject object{
        {QStringLiteral("id"), id},
        {QStringLiteral("name"), name},
        {QStringLiteral("unit"), unit == Unit::Milliseconds ? QStringLiteral("ms")
                                 : unit == Unit::PerSecond  ? QStringLiteral("per_second")
                                                            : QStringLiteral("KiB")},
        {QStringLiteral("ours"), number(ours)},
        {QStringLiteral("raw"), number(raw)},
        {QStringLiteral("reference"), reference},
        {QStringLiteral("ratio"), number(ratio())},
        {QStringLiteral("ratio_judged"), judgeRatio && maxRatio.has_value()},
        {QStringLiteral("target_ratio"), number(maxRatio)},
        {QStringLiteral("target_max"), number(maxOurs)},
        {QStringLiteral("verdict"), verdict()},
    };
    if (!oursSamples.isEmpty())
        object.insert(QStringLiteral("ours_samples"), list(oursSamples));
    if (!rawSamples.isEmpty())
        object.insert(QStringLiteral("raw_samples"), list(rawSamples));
    if (!note.isEmpty())
        object.insert(QStringLiteral("note"), note);
    return object;
}

void Report::add(const Figure &figure)
{
    m_figures.append(figure);
}

QString Report::format(double value, Figure::Unit unit)
{
    const QLocale c(QLocale::English);
    switch (unit) {
    case Figure::Unit::Milliseconds: return c.toString(value, 'f', value < 10 ? 2 : 1) + QStringLiteral(" ms");
    case Figure::Unit::PerSecond: return c.toString(qRound64(value)) + QStringLiteral("/s");
    case Figure::Unit::Kilobytes: return c.toString(value / 1024.0, 'f', 1) + QStringLiteral(" MiB");
    }
    return {};
}

QStringList Report::columns()
{
    return {QStringLiteral("figure"), QStringLiteral("ours"),   QStringLiteral("reference"),
            QStringLiteral("ratio"),  QStringLiteral("target"), QStringLiteral("verdict")};
}

QList<QStringList> Report::rows() const
{
    QList<QStringList> rows;
    for (const Figure &f : m_figures) {
        QStringList targets;
        if (f.maxRatio && f.judgeRatio)
            targets << QStringLiteral("<= %1x").arg(*f.maxRatio, 0, 'f', 1);
        if (f.maxOurs)
            targets << QStringLiteral("<= ") + format(*f.maxOurs, f.unit);
        const std::optional<double> r = f.ratio();
        QString ratio = r ? QString::number(*r, 'f', 2) + QLatin1Char('x') : QStringLiteral("-");
        if (r && !f.judgeRatio)
            ratio = QLatin1Char('(') + ratio + QLatin1Char(')');
        QString reference = f.raw ? format(*f.raw, f.unit) : QStringLiteral("-");
        if (f.raw && f.reference != QLatin1String("raw hiredis"))
            reference += QStringLiteral(" (") + f.reference + QLatin1Char(')');
        rows.append({f.name, f.ours ? format(*f.ours, f.unit) : QStringLiteral("-"), reference, ratio,
                     targets.isEmpty() ? QStringLiteral("-") : targets.join(QStringLiteral(", ")), f.verdict()});
    }
    return rows;
}

QString Report::table() const
{
    const QStringList header = columns();
    const QList<QStringList> rows = this->rows();
    QList<int> widths;
    for (int c = 0; c < header.size(); ++c) {
        int width = int(header.at(c).size());
        for (const QStringList &row : rows)
            width = qMax(width, int(row.at(c).size()));
        widths.append(width);
    }
    const auto line = [&widths](const QStringList &cells) -> QString {
        QString out;
        for (int c = 0; c < cells.size(); ++c) {
            // Names and words left, numbers right.
            const bool left = c == 0 || c == 4 || c == 5;
            out += (left ? cells.at(c).leftJustified(widths.at(c)) : cells.at(c).rightJustified(widths.at(c)));
            if (c + 1 < cells.size())
                out += QStringLiteral("  ");
        }
        return out.trimmed() + QLatin1Char('\n');
    };
    QString out = line(header);
    QStringList rules;
    for (int width : widths)
        rules << QString(width, QLatin1Char('-'));
    out += line(rules);
    for (const QStringList &row : rows)
        out += line(row);
    return out;
}

QString Report::markdown() const
{
    // As docs/BENCHMARKS.md shows the latest full run: one row a figure, numbers right-aligned.
    const auto line = [](const QStringList &cells) -> QString {
        QStringList escaped;
        for (const QString &cell : cells)
            escaped << QString(cell).replace(QLatin1Char('|'), QStringLiteral("\\|"));
        return QStringLiteral("| ") + escaped.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    };
    QString out = line(columns());
    out += QStringLiteral("|---|---:|---:|---:|---|---|\n");
    for (const QStringList &row : rows())
        out += line(row);
    return out;
}

QJsonObject Report::toJson(const QJsonObject &header) const
{
    QJsonObject object = header;
    QJsonArray figures;
    for (const Figure &f : m_figures)
        figures.append(f.toJson());
    object.insert(QStringLiteral("figures"), figures);
    return object;
}
