// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsearchmatcher.h"

#include <QLocale>

JobSearchMatcher::JobSearchMatcher(const QString &messagePattern, const QString &dataPattern, quint32 matchLimit)
    : m_message(messagePattern)
    , m_data(dataPattern)
    , m_matchLimit(matchLimit)
{}

JobSearchMatcher::Verdict JobSearchMatcher::filter(const QList<JobSearchPage::Match> &candidates,
                                                   const std::atomic<bool> &cancelled) const
{
    Verdict verdict;
    if (isEmpty()) {
        verdict.kept = candidates;
        return verdict;
    }
    BoundedRegex::Workspace workspace(m_matchLimit);
    const auto stopped = [&](const QString &what, const JobSearchPage::Match &candidate) {
        verdict.tooCostly =
            tr("the %1 takes too much work on job %2: PCRE2 gave up after %3 backtracking steps. Nested "
               "repetition such as (a+)+ or (\\w+\\s?)* tries exponentially many ways on a long text: "
               "simplify the pattern (a+ rather than (a+)+), or narrow the search with other fields first")
                .arg(what, QString::fromUtf8(candidate.jid), QLocale().toString(m_matchLimit));
    };
    for (const JobSearchPage::Match &candidate : candidates) {
        if (cancelled.load(std::memory_order_relaxed)) {
            verdict.cancelled = true;
            return verdict;
        }
        if (!m_message.isEmpty()) {
            const BoundedRegex::Outcome outcome = m_message.match(candidate.message, workspace);
            if (outcome == BoundedRegex::Outcome::TooCostly) {
                stopped(tr("failure message pattern /%1/").arg(m_message.pattern()), candidate);
                return verdict;
            }
            if (outcome == BoundedRegex::Outcome::NoMatch)
                continue;
        }
        if (!m_data.isEmpty()) {
            const BoundedRegex::Outcome outcome = m_data.match(QString::fromUtf8(candidate.data), workspace);
            if (outcome == BoundedRegex::Outcome::TooCostly) {
                stopped(tr("data pattern /%1/").arg(m_data.pattern()), candidate);
                return verdict;
            }
            if (outcome == BoundedRegex::Outcome::NoMatch)
                continue;
        }
        verdict.kept.append(candidate);
    }
    return verdict;
}
