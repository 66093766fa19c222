// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

// A tag and how many jobs carry it.
struct TagCount
{
    QString tag;
    qint64 count = 0;
};

// One page of the jids carrying a tag (oldest tagging first) and their total.
struct TaggedJobsPage
{
    qint64 total = 0;
    QStringList jids;
};
