// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsearch.h"

#include "sidejobclient.h"

#include <QLocale>

QString SideJobSearchCriteria::problem() const
{
    if (pattern.isEmpty())
        return SideJobSearch::tr("Type a text or a pattern to search for.");
    if ((fields & AllFields) == 0)
        return SideJobSearch::tr("Choose at least one field to search in.");
    if (!regex)
        return QString();
    const BoundedRegex compiled(pattern);
    if (!compiled.isValid())
        return SideJobSearch::tr("The pattern does not compile at %1: %2")
            .arg(compiled.errorOffset())
            .arg(compiled.errorString());
    if (compiled.hasBackReference())
        return SideJobSearch::tr("Back references (\\1, \\k<name>) can take hours on a long text: rewrite the "
                                 "pattern without them.");
    return QString();
}

SideJobSearch::SideJobSearch(SideJobClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
    m_matcher.setMaxThreadCount(1);
    m_matcher.setObjectName(QStringLiteral("SideJobSearch matcher"));
}

SideJobSearch::~SideJobSearch()
{
    m_stop->store(true);
    m_matcher.waitForDone(); // a verdict under way is posted to this object: it must still be here
}

bool SideJobSearch::start(const SideJobSearchCriteria &criteria)
{
    ++m_generation;
    m_stop->store(true);
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_matches.clear();
    m_looked = 0;
    m_calls = 0;
    m_cursor = 0;
    m_complete = false;
    m_running = false;
    m_error = criteria.problem();
    if (!m_error.isEmpty())
        return false;
    m_criteria = criteria;
    m_regex = criteria.regex ? BoundedRegex(criteria.pattern) : BoundedRegex();
    m_running = true;
    m_clock.start();
    step();
    return true;
}

void SideJobSearch::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    m_stop->store(true);
    m_stop = std::make_shared<std::atomic<bool>>(false);
    end(false, QString());
}

void SideJobSearch::resume()
{
    if (m_running || m_complete || m_criteria.pattern.isEmpty())
        return;
    m_error.clear();
    m_running = true;
    m_clock.start();
    step();
}

void SideJobSearch::step()
{
    if (m_clock.elapsed() > m_timeLimitMs) {
        end(false, tr("Stopped after %1 s, %2 ids looked at: resume to go on.")
                       .arg(m_timeLimitMs / 1000)
                       .arg(QLocale().toString(m_looked)));
        return;
    }
    const quint64 generation = m_generation;
    ++m_calls;
    // Bound: search.lua, at most m_idsPerCall ids, 1 ms or 512 KB a call.
    m_client->searchStep(m_cursor, m_idsPerCall, m_criteria.narrow, this,
                         [this, generation](const QlessReply<SideJobSearchStep> &reply) {
                             if (generation != m_generation || !m_running)
                                 return;
                             if (!reply.ok())
                                 return end(false, reply.error.message);
                             m_looked += reply.value.looked;
                             matchOffThread(reply.value.candidates, reply.value.next, generation);
                         });
}

void SideJobSearch::matchOffThread(const QList<SideJobSearchCandidate> &candidates, qint64 next, quint64 generation)
{
    if (candidates.isEmpty())
        return withVerdict(Verdict(), next, generation);
    const SideJobSearchCriteria criteria = m_criteria;
    const BoundedRegex regex = m_regex;
    const quint32 limit = m_matchLimit;
    const std::shared_ptr<std::atomic<bool>> stop = m_stop;
    m_matcher.start([this, candidates, criteria, regex, limit, stop, next, generation] {
        const Verdict verdict = judge(candidates, criteria, regex, limit, *stop);
        // This object waits for the pool when it goes, so it is here to receive the verdict.
        QMetaObject::invokeMethod(
            this, [this, verdict, next, generation] { withVerdict(verdict, next, generation); }, Qt::QueuedConnection);
    });
}

void SideJobSearch::withVerdict(const Verdict &verdict, qint64 next, quint64 generation)
{
    if (generation != m_generation || !m_running || verdict.cancelled)
        return;
    if (!verdict.tooCostly.isEmpty())
        return end(false, verdict.tooCostly);
    if (!verdict.hits.isEmpty()) {
        m_matches << verdict.hits;
        emit matched(m_matches.size());
    }
    if (next <= 0 || (m_cursor > 0 && next >= m_cursor)) {
        m_complete = true;
        return end(true, QString());
    }
    m_cursor = next;
    step();
}

SideJobSearch::Verdict SideJobSearch::judge(const QList<SideJobSearchCandidate> &candidates,
                                            const SideJobSearchCriteria &criteria, const BoundedRegex &regex,
                                            quint32 matchLimit, const std::atomic<bool> &cancelled)
{
    Verdict verdict;
    BoundedRegex::Workspace workspace(matchLimit);
    bool costly = false;
    const auto holds = [&](const QString &text) {
        if (!criteria.regex)
            return text.contains(criteria.pattern, Qt::CaseSensitive);
        const BoundedRegex::Outcome outcome = regex.match(text, workspace);
        costly = outcome == BoundedRegex::Outcome::TooCostly;
        return outcome == BoundedRegex::Outcome::Match;
    };
    for (const SideJobSearchCandidate &c : candidates) {
        if (cancelled.load(std::memory_order_relaxed)) {
            verdict.cancelled = true;
            return verdict;
        }
        SideJobSearchHit hit;
        const auto check = [&](int field, const QString &text, const QString &name) {
            if (!costly && (criteria.fields & field) && holds(text) && !hit.where.contains(name))
                hit.where << name;
        };
        check(SideJobSearchCriteria::Status, c.status, QStringLiteral("status"));
        check(SideJobSearchCriteria::Class, c.klass, QStringLiteral("class"));
        check(SideJobSearchCriteria::Args, QString::fromUtf8(c.args), QStringLiteral("args"));
        for (const QByteArray &value : c.ports) {
            const qsizetype tab = value.indexOf('\t');
            check(SideJobSearchCriteria::Ports, QString::fromUtf8(value.mid(tab + 1)),
                  QStringLiteral("port ") + QString::fromUtf8(value.left(tab)));
        }
        if (costly) {
            verdict.tooCostly = tr("The pattern /%1/ takes too much work on job %2: PCRE2 gave up after %3 "
                                   "backtracking steps. Nested repetition such as (a+)+ tries exponentially many "
                                   "ways on a long text: simplify the pattern, or narrow the search first.")
                                    .arg(criteria.pattern)
                                    .arg(c.id)
                                    .arg(QLocale().toString(matchLimit));
            return verdict;
        }
        if (hit.where.isEmpty())
            continue;
        hit.id = c.id;
        hit.layout = c.layout;
        hit.status = c.status;
        hit.queue = c.queue;
        hit.klass = c.klass;
        verdict.hits << hit;
    }
    return verdict;
}

void SideJobSearch::end(bool ok, const QString &error)
{
    m_running = false;
    m_error = error;
    emit finished(ok, error);
}
