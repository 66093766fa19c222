// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobsearchmatcher.h"
#include "jobsearchquery.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// What an operator searches all jobs for (the Search page's form): each field set must hold.
// Names are matched whole (tag, queue, worker, failure group, state), the jid by its start, the
// class by a part of it ignoring case; the failure message and the data by plain text (exact
// case, found on the server) or, with TextMode::Regex, by a regular expression that the console
// applies to the texts the server sends back, off the GUI thread and bounded (JobSearchMatcher;
// Lua has no regular expressions; it still narrows by the other criteria first). Built from what was typed by fromFields(), which trims it and
// says in words what is wrong with it (validate()).
struct JobSearchCriteria
{
    Q_DECLARE_TR_FUNCTIONS(JobSearchCriteria)

public:
    enum class TextMode { Contains, Regex };

    QString jidPrefix;
    QString tag;
    QString klass;
    QString queue;
    QString worker;
    QString state; // one of states(), or empty
    QString group;
    QString message;
    QString data;
    TextMode textMode = TextMode::Contains;

    // The states a search takes, as the console's lists name them.
    static QStringList states();

    // The fields as typed: surrounding blanks are not part of a name or a text searched for
    // (a data text keeps inner blanks).
    static JobSearchCriteria fromFields(const QString &jidPrefix, const QString &tag, const QString &klass,
                                        const QString &queue, const QString &worker, const QString &state,
                                        const QString &group, const QString &message, const QString &data,
                                        TextMode textMode);

    bool isEmpty() const;
    // Empty when the search can run; else why not, for people: nothing to look for, a state
    // qless does not have, a regular expression that does not compile (and where) or that
    // holds a back reference (its cost has no bound: BoundedRegex).
    QString validate() const;

    // What the server tests (desk.search): the plain criteria, and, in regex mode, the texts
    // to send back instead of a text to look for.
    JobSearchQuery query() const;
    // In regex mode, what applies the expressions to the texts the server sends back (compiled
    // once per search); empty otherwise. `matchLimit`: BoundedRegex's bound per text.
    JobSearchMatcher matcher(quint32 matchLimit = BoundedRegex::DefaultMatchLimit) const;

    // For people, in one line: "class contains Fetch, state failed, data matches /A-\d+/".
    QString describe() const;
};
