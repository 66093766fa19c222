// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QString>
#include <QStringList>

// A recurring job's template (ql:r:<jid>); spawned jobs are <jid>-<count>.
struct RecurringJob
{
    QByteArray jid;
    QString klass;
    QString queue;
    QString type; // "interval"
    QString state;
    double priority = 0;
    double interval = 0;
    double retries = 0;
    double count = 0;
    double next = 0;    // when it next runs; 0 when not scheduled
    double backlog = 0; // current qless: at most this many missed runs spawned at once; 0 for no cap
    QString data;
    QStringList tags;
    FieldProblems problems;
    bool escapedBytes = false;
};

// What `recurUpdate` may change; unset members stay as they are.
struct RecurringUpdate
{
    std::optional<double> priority;
    std::optional<double> interval;
    std::optional<int> retries;
    std::optional<QString> data; // JSON text
    std::optional<QString> klass;
    std::optional<QString> queue;
    std::optional<int> backlog; // 0: no cap
};
