// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsearchcriteria.h"

#include "jobrowtext.h"

namespace {
// Why `pattern` cannot be searched for, for people, or empty. Checked with the engine the
// search runs (BoundedRegex: PCRE2 as QRegularExpression has it).
QString regexProblem(const QString &what, const QString &pattern)
{
    if (pattern.isEmpty())
        return {};
    const BoundedRegex regex(pattern);
    if (!regex.isValid())
        return JobSearchCriteria::tr("The %1 is not a valid regular expression: %2 (at character %3).")
            .arg(what, regex.errorString(), QString::number(regex.errorOffset() + 1));
    if (regex.hasBackReference())
        return JobSearchCriteria::tr("The %1 refers back to a group (\\1, \\k<name>): a search cannot bound how "
                                     "long that takes on a long text. Write the repeated part out instead.")
            .arg(what);
    return {};
}
} // namespace

QStringList JobSearchCriteria::states()
{
    return {QStringLiteral("waiting"),   QStringLiteral("running"), QStringLiteral("stalled"),
            QStringLiteral("scheduled"), QStringLiteral("depends"), QStringLiteral("failed"),
            QStringLiteral("complete")};
}

JobSearchCriteria JobSearchCriteria::fromFields(const QString &jidPrefix, const QString &tag, const QString &klass,
                                                const QString &queue, const QString &worker, const QString &state,
                                                const QString &group, const QString &message, const QString &data,
                                                TextMode textMode)
{
    JobSearchCriteria criteria;
    criteria.jidPrefix = jidPrefix.trimmed();
    criteria.tag = tag.trimmed();
    criteria.klass = klass.trimmed();
    criteria.queue = queue.trimmed();
    criteria.worker = worker.trimmed();
    criteria.state = state.trimmed().toLower();
    criteria.group = group.trimmed();
    criteria.message = message.trimmed();
    criteria.data = data.trimmed();
    criteria.textMode = textMode;
    return criteria;
}

bool JobSearchCriteria::isEmpty() const
{
    return jidPrefix.isEmpty() && tag.isEmpty() && klass.isEmpty() && queue.isEmpty() && worker.isEmpty()
           && state.isEmpty() && group.isEmpty() && message.isEmpty() && data.isEmpty();
}

QString JobSearchCriteria::validate() const
{
    if (isEmpty())
        return tr("Say what to look for: fill in at least one field.");
    if (!state.isEmpty() && !states().contains(state))
        return tr("“%1” is not a state a job can be in: use one of %2.")
            .arg(state, states().join(QStringLiteral(", ")));
    if (textMode == TextMode::Regex) {
        QString problem = regexProblem(tr("failure message pattern"), message);
        if (problem.isEmpty())
            problem = regexProblem(tr("data pattern"), data);
        return problem;
    }
    return {};
}

JobSearchQuery JobSearchCriteria::query() const
{
    JobSearchQuery query;
    query.jidPrefix = jidPrefix;
    query.tag = tag;
    query.klass = klass;
    query.queue = queue;
    query.worker = worker;
    query.state = state;
    query.group = group;
    if (textMode == TextMode::Contains) {
        query.message = message;
        query.data = data;
    } else {
        query.withMessage = !message.isEmpty();
        query.withData = !data.isEmpty();
    }
    return query;
}

JobSearchMatcher JobSearchCriteria::matcher(quint32 matchLimit) const
{
    if (textMode != TextMode::Regex)
        return {};
    return JobSearchMatcher(message, data, matchLimit);
}

QString JobSearchCriteria::describe() const
{
    QStringList parts;
    const auto add = [&parts](const QString &value, const QString &text) {
        if (!value.isEmpty())
            parts.append(text.arg(value));
    };
    add(jidPrefix, tr("jid starts with %1"));
    add(tag, tr("tag %1"));
    add(klass, tr("class contains %1"));
    add(queue, tr("queue %1"));
    add(worker, tr("worker %1"));
    add(JobRowText::stateName(state), tr("state %1"));
    add(group, tr("failure group %1"));
    if (textMode == TextMode::Regex) {
        add(message, tr("message matches /%1/"));
        add(data, tr("data matches /%1/"));
    } else {
        add(message, tr("message contains “%1”"));
        add(data, tr("data contains “%1”"));
    }
    return parts.join(tr(", "));
}
