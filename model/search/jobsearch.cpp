// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsearch.h"

#include "poolrelease.h"
#include "qlessclient.h"
#include "replyrelay.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

namespace {
// One thread for every search's patterns, apart from the global pool: a slow pattern holds
// this thread only, never the pool that prepares job details and lets go of big values. It goes
// with the application, waiting for a step under way, which stops at its next candidate (every
// JobSearch told it so when destroyed). Called on the GUI thread only.
QThreadPool *matcherPool()
{
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("JobSearch matcher"));
        pool->setMaxThreadCount(1);
    }
    return pool;
}
} // namespace

JobSearch::JobSearch(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_stopMatching(std::make_shared<std::atomic<bool>>(false))
    , m_matches(std::make_shared<QList<QByteArray>>())
    , m_states(std::make_shared<QMap<QString, qint64>>())
{}

JobSearch::~JobSearch()
{
    stopMatching();
}

void JobSearch::start(const JobSearchCriteria &criteria)
{
    ++m_generation;
    stopMatching();
    m_criteria = criteria;
    m_matcher = criteria.matcher(m_matchLimit);
    // New lists: a source made of the old ones (a bulk run under way) keeps them as they are.
    m_matches = std::make_shared<QList<QByteArray>>();
    m_states = std::make_shared<QMap<QString, qint64>>();
    m_seen.clear();
    m_cursor = "0";
    m_looked = 0;
    m_keys = 0;
    m_calls = 0;
    m_complete = false;
    m_started = true;
    m_patternStopped = false;
    m_error.clear();
    m_clock.start();
    m_running = true;
    emit matched(0);
    emit progressed();
    step();
}

void JobSearch::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    stopMatching();
    end(false, QString());
}

void JobSearch::resume()
{
    if (!canResume())
        return;
    ++m_generation;
    m_error.clear();
    m_running = true;
    emit progressed();
    step();
}

double JobSearch::progress() const
{
    if (m_complete)
        return 1.0;
    if (m_keys <= 0)
        return 0.0;
    // SCAN may return keys twice and keys come and go: an estimate, never "done" before the end.
    return qMin(0.99, double(m_looked) / double(m_keys));
}

void JobSearch::step()
{
    const quint64 generation = m_generation;
    m_client->scanReads().searchJobs(m_criteria.query(), m_cursor, m_keysPerCall, this,
                                     [this, generation](const QlessReply<JobSearchPage> &reply) {
                                         if (generation != m_generation)
                                             return;
                                         if (!reply.ok()) {
                                             end(false, reply.error.message);
                                             return;
                                         }
                                         if (m_matcher.isEmpty() || reply.value.matches.isEmpty())
                                             take(reply.value, reply.value.matches);
                                         else
                                             match(reply.value);
                                     });
}

// The step's candidates go to the matcher's thread; the walk goes on (cursor, counts) only once
// their verdict is back, so a step cancelled while matched is asked for again by resume().
void JobSearch::match(const JobSearchPage &page)
{
    const quint64 generation = m_generation;
    m_matching = true;
    // Dropped with this object, or applied on its thread in order.
    ReplyRelay *relay = ReplyRelay::create(this);
    // Plain values only: the copies share the reply's text (atomic counts). `this` is only
    // carried to the relay, which calls it on this object's thread if it still exists.
    matcherPool()->start([relay, matcher = m_matcher, stop = m_stopMatching, page, generation, this] {
        auto verdict = std::make_shared<JobSearchMatcher::Verdict>(matcher.filter(page.matches, *stop));
        relay->post([this, verdict, page, generation] {
            if (generation != m_generation) {
                PoolRelease::release(std::move(*verdict));
                return;
            }
            m_matching = false;
            if (!verdict->tooCostly.isEmpty()) {
                m_patternStopped = true;
                end(false, verdict->tooCostly);
                return;
            }
            take(page, verdict->kept);
        });
    });
}

void JobSearch::take(const JobSearchPage &page, const QList<JobSearchPage::Match> &kept)
{
    ++m_calls;
    m_looked += page.looked;
    m_keys = page.keys;
    m_cursor = page.cursor;
    const qint64 before = m_matches->size();
    for (const JobSearchPage::Match &match : kept) {
        if (m_seen.contains(match.jid))
            continue; // SCAN returned the key again (the table grew or shrank meanwhile)
        m_seen.insert(match.jid);
        m_matches->append(match.jid);
        ++(*m_states)[match.state];
    }
    if (m_matches->size() > before)
        emit matched(m_matches->size());
    if (page.atEnd()) {
        m_complete = true;
        end(true, QString());
        return;
    }
    emit progressed();
    step();
}

void JobSearch::stopMatching()
{
    // A step under way reads this flag; the next one gets a fresh flag of its own.
    m_stopMatching->store(true, std::memory_order_relaxed);
    m_stopMatching = std::make_shared<std::atomic<bool>>(false);
    m_matching = false;
}

void JobSearch::end(bool ok, const QString &error)
{
    m_running = false;
    m_elapsedMs = m_clock.elapsed();
    m_error = error;
    emit progressed();
    emit finished(ok, error);
}

JobSource JobSearch::source(bool frozen) const
{
    // A frozen copy shares the list's data until the walk appends (Qt's implicit sharing).
    const std::shared_ptr<const QList<QByteArray>> matches =
        frozen ? std::make_shared<const QList<QByteArray>>(*m_matches) : m_matches;
    const std::shared_ptr<const QMap<QString, qint64>> states =
        frozen ? std::make_shared<const QMap<QString, qint64>>(*m_states) : m_states;
    JobSource source;
    source.description = tr("matching %1").arg(m_criteria.describe());
    if (!m_criteria.state.isEmpty())
        source.state = m_criteria.state == QLatin1String("stalled") ? QStringLiteral("running") : m_criteria.state;
    source.holdsState = [states](const QString &state) { return states->value(state) > 0; };
    source.fetch = [matches](int offset, int count, QObject *context, JobSource::Done done) {
        QlessReply<JobPage> page;
        page.value.jids = matches->mid(offset, count);
        page.value.total = matches->size();
        // As a source that asks Redis would: later, on `context`'s thread, and not once it is gone.
        QTimer::singleShot(0, context, [done, page] { done(page); });
    };
    source.scan = [matches](const QList<QByteArray> &cursor, QObject *context, JobSource::ScanDone done) {
        // The cursor is where the next chunk starts; past the end, an empty one (the end).
        const qsizetype from = cursor.isEmpty() ? 0 : qsizetype(cursor.first().toLongLong());
        QlessReply<JobScanPage> chunk;
        chunk.value.jids = matches->mid(from, ScanChunk);
        chunk.value.total = matches->size();
        const qsizetype next = from + chunk.value.jids.size();
        if (next < matches->size())
            chunk.value.cursor = {QByteArray::number(next)};
        QTimer::singleShot(0, context, [done, chunk] { done(chunk); });
    };
    return source;
}
