// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boundedregex.h"
#include "jobsearchpage.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <atomic>

// Applies a search's regular expressions (JobSearchCriteria in regex mode) to the candidates a
// step of desk.search sent back: the failure message and the data's text, each bounded
// (BoundedRegex). Plain values only and const: JobSearch runs filter() on a pool thread, never
// on the GUI thread (a step carries up to a megabyte of text, and an operator's pattern may be
// slow on it).
class JobSearchMatcher
{
    Q_DECLARE_TR_FUNCTIONS(JobSearchMatcher)

public:
    struct Verdict
    {
        QList<JobSearchPage::Match> kept; // the candidates both expressions match, in order
        bool cancelled = false;           // stopped between two candidates: `kept` is partial
        // Empty, or why a pattern was stopped (for people): which pattern, on which job, and
        // what to do about it. `kept` is then partial and the search cannot go on.
        QString tooCostly;
    };

    JobSearchMatcher() = default;
    JobSearchMatcher(const QString &messagePattern, const QString &dataPattern,
                     quint32 matchLimit = BoundedRegex::DefaultMatchLimit);

    // Neither pattern set: every candidate is kept as it is.
    bool isEmpty() const { return m_message.isEmpty() && m_data.isEmpty(); }
    quint32 matchLimit() const { return m_matchLimit; }

    // Any thread. `cancelled` is read between candidates (a match that runs is not interrupted:
    // each is bounded by the match limit).
    Verdict filter(const QList<JobSearchPage::Match> &candidates, const std::atomic<bool> &cancelled) const;

private:
    BoundedRegex m_message;
    BoundedRegex m_data;
    quint32 m_matchLimit = BoundedRegex::DefaultMatchLimit;
};
