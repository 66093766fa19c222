// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// One line of the benchmark's table: what our stack achieved, what the reference achieved in the
// same run (the raw hiredis calls, or for the memory and stall lines the reference named in
// `reference`), their ratio as a cost (above 1: ours costs more) and the targets.
struct Figure
{
    enum class Unit { Milliseconds, PerSecond, Kilobytes };

    QString id;   // stable key in the JSON
    QString name; // for people
    Unit unit = Unit::Milliseconds;
    std::optional<double> ours;
    std::optional<double> raw;
    QString reference = QStringLiteral("raw hiredis");
    bool judgeRatio = true;         // false: the ratio is shown for information only
    bool hasRatio = true;           // false: the reference is context, no ratio (stalls vs idle)
    std::optional<double> maxRatio; // target on the ratio
    std::optional<double> maxOurs;  // target on ours, in `unit`
    QList<double> oursSamples;
    QList<double> rawSamples;
    QString note;

    // Cost ratio: ours/raw for times and sizes, raw/ours for rates.
    std::optional<double> ratio() const;
    // "ok", "over", "info" (no target) or "n/a" (not measured).
    QString verdict() const;
    QJsonObject toJson() const;
};

class Report
{
public:
    void add(const Figure &figure);
    const QList<Figure> &figures() const { return m_figures; }

    QString table() const;
    // The same rows as a Markdown table, for docs/BENCHMARKS.md.
    QString markdown() const;
    QJsonObject toJson(const QJsonObject &header) const;

    static QString format(double value, Figure::Unit unit);

private:
    static QStringList columns();
    QList<QStringList> rows() const;

    QList<Figure> m_figures;
};

double median(QList<double> values);
