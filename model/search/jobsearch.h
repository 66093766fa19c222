// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobsearchcriteria.h"
#include "jobsource.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QSet>

#include <atomic>
#include <memory>

class QlessClient;

// Searches every job of the server for JobSearchCriteria (issue #16): qless.lua's desk.search
// walks all keys with a SCAN cursor, a bounded step a call (KeysPerCall keys, a megabyte of
// text or 1.5 ms, whichever comes first), one call in flight at a time, so Redis serves everyone else between two steps and the
// GUI thread never waits. Matches arrive as they are found (matched), each job once, in order of
// finding; in regex mode the server returns the candidates' texts and the expressions are
// applied on a pool thread of the search's own (JobSearchMatcher), whose verdict comes back by a
// queued call: the GUI thread never runs an operator's pattern. A pattern that PCRE2 stops at
// its bound ends the search with a message saying so (no Continue: the same job would stop it
// again). Progress is keys looked at against the database's size then (an estimate:
// SCAN may return a key twice, and other keys than jobs are counted). cancel() drops the step
// in flight; a failed step (the connection dropped) ends the search, and resume() goes on from
// the cursor reached, keeping what was found.
//
// The matches are kept in one list per search, shared with the JobSource made of them
// (source()): a bulk run over "all N matches" acts on exactly the jobs found, even while the
// jobs change state or leave the lists they were found in, and a new search does not change
// the list an earlier run is working through.
class JobSearch final : public QObject
{
    Q_OBJECT

public:
    // Keys a call may look at; the server also ends a call after 1.5 ms (desk.search), whichever
    // comes first, so no call holds Redis long however slow the machine (bench `--only search`).
    static constexpr int KeysPerCall = 1000;
    // Jids a chunk of source().scan hands a bulk run: a chunk at a time, each delivered by its
    // own queued call, so a million matches never land on the GUI thread in one piece.
    static constexpr int ScanChunk = 1000;

    explicit JobSearch(QlessClient *client, QObject *parent = nullptr);
    // A step being matched goes on by itself on its thread, told to stop at its next candidate.
    ~JobSearch() override;

    // Starts over with `criteria`, which must be valid (JobSearchCriteria::validate); a search
    // under way is dropped (its replies are ignored).
    void start(const JobSearchCriteria &criteria);
    void cancel();
    // After a failure or a cancel: goes on from where the walk stopped.
    void resume();
    void setKeysPerCall(int keys) { m_keysPerCall = qBound(1, keys, 10000); }
    // BoundedRegex's bound per text for the next start() (tests and the bench).
    void setMatchLimit(quint32 limit) { m_matchLimit = qMax<quint32>(1, limit); }

    bool isRunning() const { return m_running; }
    // The walk reached its end: every job there throughout was looked at.
    bool isComplete() const { return m_complete; }
    // Stopped before its end (cancelled or failed), with what was found until then kept.
    bool canResume() const { return !m_running && !m_complete && m_started && !m_patternStopped; }
    bool hasStarted() const { return m_started; }
    // A pattern was stopped at its bound: lastError() says which, on which job, and why.
    bool patternStopped() const { return m_patternStopped; }
    // A step's candidates are on the matcher's thread now.
    bool isMatching() const { return m_matching; }
    const JobSearchCriteria &criteria() const { return m_criteria; }

    // The jobs found, each once, in order of finding.
    const QList<QByteArray> &matches() const { return *m_matches; }
    qint64 matchCount() const { return m_matches->size(); }
    // How many matches are in each state (as found: the console's states).
    const QMap<QString, qint64> &states() const { return *m_states; }
    qint64 looked() const { return m_looked; }
    qint64 keys() const { return m_keys; }
    int calls() const { return m_calls; }
    // Looked at against the keys there are, 0 to 1 (1 only once complete).
    double progress() const;
    // Since start(), until the search ended.
    qint64 elapsedMs() const { return m_running ? m_clock.elapsed() : m_elapsedMs; }
    QString lastError() const { return m_error; }

    // The matches as a job list for JobListModel, paged from memory (rows read from Redis as
    // summaries, like any list), with a scan that gives the whole list at once for a bulk run.
    // Its state is the criterion's (stalled lists as running) when there is one; else the list
    // says which states its jobs were found in (holdsState). `frozen`: the matches as they are
    // now, whatever a resumed walk adds later (what a bulk run over "all N matches" acts on);
    // else the list grows with the search (what the results list streams).
    JobSource source(bool frozen = false) const;

signals:
    // `count` matches now (some arrived).
    void matched(qint64 count);
    void progressed();
    // ok false: the search failed (`error` says why) or was cancelled (`error` empty).
    void finished(bool ok, const QString &error);

private:
    void step();
    // A step's reply and the candidates kept of it (all of them without a pattern).
    void take(const JobSearchPage &page, const QList<JobSearchPage::Match> &kept);
    void match(const JobSearchPage &page);
    void end(bool ok, const QString &error);
    // Tells a step on the matcher's thread to stop at its next candidate.
    void stopMatching();

    QlessClient *m_client;
    JobSearchCriteria m_criteria;
    JobSearchMatcher m_matcher;
    quint32 m_matchLimit = BoundedRegex::DefaultMatchLimit;
    // Shared with the step on the matcher's thread, which reads it between candidates.
    std::shared_ptr<std::atomic<bool>> m_stopMatching;
    std::shared_ptr<QList<QByteArray>> m_matches;
    QSet<QByteArray> m_seen;
    std::shared_ptr<QMap<QString, qint64>> m_states;
    QByteArray m_cursor;
    qint64 m_looked = 0;
    qint64 m_keys = 0;
    int m_calls = 0;
    int m_keysPerCall = KeysPerCall;
    quint64 m_generation = 0; // a reply of an earlier start() or a cancelled step is dropped
    bool m_running = false;
    bool m_complete = false;
    bool m_started = false;
    bool m_matching = false;
    bool m_patternStopped = false;
    QString m_error;
    QElapsedTimer m_clock;
    qint64 m_elapsedMs = 0;
};
