// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"

#include <QByteArray>
#include <QSize>
#include <QString>

class QPainter;

// What ChartExporter needs of a chart: its title, a drawing laid out afresh at any size and in
// any theme, and its numbers as CSV. The Stats and History charts both leave the program through
// the same exporter this way.
class ExportableChart
{
public:
    virtual ~ExportableChart() = default;

    virtual QString title() const = 0;
    virtual void paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const = 0;
    virtual QByteArray csv() const = 0;
};
