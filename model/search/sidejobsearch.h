// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boundedregex.h"
#include "sidejobsearchstep.h"
#include "sidejobtypes.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>

class SideJobClient;

// What a SideJob search looks for: a text (exact case) or a regular expression, in the fields
// chosen (args, the data waiting on ports, status, class), among the jobs that pass exact
// narrowings (status, queue, class) the server applies.
struct SideJobSearchCriteria
{
    enum Field { Args = 1, Ports = 2, Status = 4, Class = 8, AllFields = 15 };

    QString pattern;
    bool regex = false;
    int fields = AllFields;
    SideJobFilter narrow = {}; // status, queue, class (exact); creator is not used

    // Empty when the search can start; else what is wrong, in a sentence.
    QString problem() const;
};

// One job found, with the fields the pattern was found in ("args", "port in:data", "status", "class").
struct SideJobSearchHit
{
    qint64 id = 0;
    QString layout;
    QString status;
    QString queue;
    QString klass;
    QStringList where;
};

// Searches every SideJob job, newest first, as BluequeTaskSearch does Blueque's tasks:
// lua/sidejob/search.lua walks the ids a bounded step a call (1000 ids, 1 ms or 512 KB of text,
// whichever comes first), one call in flight, so Redis serves everyone else between two steps.
// The matching runs off the GUI thread (a thread of this search's own), a regular expression
// bounded by PCRE2's match limit (BoundedRegex: a runaway pattern ends the search, saying so),
// and the whole search by a time limit, after which resume() goes on from where it stopped.
// A port's data is searched in the values search.lua reads first (10 a port, 20 ports a job).
class SideJobSearch final : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 DefaultTimeLimitMs = 120000;

    // `client` must outlive the search.
    explicit SideJobSearch(SideJobClient *client, QObject *parent = nullptr);
    ~SideJobSearch() override;

    // Starts over (a search under way is dropped); false with lastError() when the criteria are wrong.
    bool start(const SideJobSearchCriteria &criteria);
    void cancel();
    // Goes on from where a search stopped (time limit, a failed step); the clock starts anew.
    void resume();
    void setTimeLimitMs(qint64 ms) { m_timeLimitMs = ms; }
    void setIdsPerCall(int ids) { m_idsPerCall = qBound(1, ids, 1000); }
    void setMatchLimit(quint32 limit) { m_matchLimit = limit; }

    bool isRunning() const { return m_running; }
    bool isComplete() const { return m_complete; }
    const QList<SideJobSearchHit> &matches() const { return m_matches; }
    qint64 looked() const { return m_looked; }
    int calls() const { return m_calls; }
    QString lastError() const { return m_error; }

signals:
    // `count` matches now (some arrived).
    void matched(qint64 count);
    // ok false: failed, stopped at the time limit, or cancelled (`error` empty).
    void finished(bool ok, const QString &error);

private:
    struct Verdict
    {
        QList<SideJobSearchHit> hits;
        QString tooCostly;
        bool cancelled = false;
    };
    void step();
    void matchOffThread(const QList<SideJobSearchCandidate> &candidates, qint64 next, quint64 generation);
    void withVerdict(const Verdict &verdict, qint64 next, quint64 generation);
    static Verdict judge(const QList<SideJobSearchCandidate> &candidates, const SideJobSearchCriteria &criteria,
                         const BoundedRegex &regex, quint32 matchLimit, const std::atomic<bool> &cancelled);
    void end(bool ok, const QString &error);

    SideJobClient *m_client;
    QThreadPool m_matcher; // one thread; waited for when the search goes
    std::shared_ptr<std::atomic<bool>> m_stop = std::make_shared<std::atomic<bool>>(false);
    SideJobSearchCriteria m_criteria;
    BoundedRegex m_regex;
    quint32 m_matchLimit = BoundedRegex::DefaultMatchLimit;
    qint64 m_cursor = 0;
    QList<SideJobSearchHit> m_matches;
    qint64 m_looked = 0;
    int m_calls = 0;
    int m_idsPerCall = 1000;
    qint64 m_timeLimitMs = DefaultTimeLimitMs;
    QElapsedTimer m_clock;
    quint64 m_generation = 0; // a reply or verdict of an earlier start() or a cancelled step is dropped
    bool m_running = false;
    bool m_complete = false;
    QString m_error;
};
