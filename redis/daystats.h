#pragma once

#include <QList>

// Wait or run durations of one queue's day: count, mean, standard deviation and the 148-bin
// histogram (s0..s59, m1..m59, h1..h23, d1..d6).
struct DurationFigures
{
    qint64 count = 0;
    double mean = 0;
    double std = 0;
    QList<qint64> histogram; // always 148 bins once decoded
};

struct DayStats
{
    qint64 retries = 0;
    qint64 failed = 0;
    qint64 failures = 0;
    DurationFigures wait;
    DurationFigures run;
};
