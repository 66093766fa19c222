// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobfieldsgrid.h"

#include "jobdetailtext.h"
#include "jobqueue.h"
#include "tonestyle.h"

#include <QGridLayout>
#include <QLabel>

using namespace JobDetailText;

namespace {
// Where each field stands: row, and column 0 (left) or 2 (right). A wide field stands on the left
// with nothing beside it and spans the row: lists of links need the room.
struct FieldPlace
{
    const char *field;
    const char *label; // translated in JobFieldsGrid's context
    int row;
    int column;
    bool wide;
};

// Put comes from the history; `time` is the job's last change (current qless rewrites it at every
// put, pop and completion).
const FieldPlace fieldPlaces[] = {
    {"klass", QT_TRANSLATE_NOOP("JobFieldsGrid", "Class"), 0, 0, false},
    {"queue", QT_TRANSLATE_NOOP("JobFieldsGrid", "Queue"), 0, 2, false},
    {"worker", QT_TRANSLATE_NOOP("JobFieldsGrid", "Worker"), 1, 0, false},
    {"priority", QT_TRANSLATE_NOOP("JobFieldsGrid", "Priority"), 1, 2, false},
    {"remaining", QT_TRANSLATE_NOOP("JobFieldsGrid", "Retries left"), 2, 0, false},
    {"tracked", QT_TRANSLATE_NOOP("JobFieldsGrid", "Tracked"), 2, 2, false},
    {"put", QT_TRANSLATE_NOOP("JobFieldsGrid", "Put"), 3, 0, false},
    {"expires", QT_TRANSLATE_NOOP("JobFieldsGrid", "Lock expires"), 3, 2, false},
    {"time", QT_TRANSLATE_NOOP("JobFieldsGrid", "Last change"), 4, 0, false},
    {"tags", QT_TRANSLATE_NOOP("JobFieldsGrid", "Tags"), 5, 0, true},
    {"dependencies", QT_TRANSLATE_NOOP("JobFieldsGrid", "Depends on"), 6, 0, true},
    {"dependents", QT_TRANSLATE_NOOP("JobFieldsGrid", "Dependents"), 7, 0, true},
    {"spawned_from_jid", QT_TRANSLATE_NOOP("JobFieldsGrid", "Spawned from"), 8, 0, true},
};
} // namespace

JobFieldsGrid::JobFieldsGrid(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(6);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    for (const FieldPlace &place : fieldPlaces) {
        const QString label = tr(place.label);
        auto *name = new QLabel(label, this);
        ToneStyle::setText(name, ToneStyle::Tone::Muted);
        name->setAlignment(Qt::AlignRight | Qt::AlignTop);
        auto *value = new QLabel(this);
        value->setTextFormat(Qt::RichText);
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextBrowserInteraction);
        value->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        connect(value, &QLabel::linkActivated, this, &JobFieldsGrid::linkActivated);
        value->setAccessibleDescription(label); // a screen reader says which field the value is
        grid->addWidget(name, place.row, place.column);
        grid->addWidget(value, place.row, place.column + 1, 1, place.wide ? 3 : 1);
        const QString field = QString::fromLatin1(place.field);
        m_values.insert(field, value);
        m_names.insert(field, name);
    }
}

void JobFieldsGrid::setField(const QString &field, const QString &html)
{
    if (QLabel *label = m_values.value(field)) {
        label->setText(html);
        // Tab stops at the values with links to follow (Enter follows), not at every value.
        label->setFocusPolicy(html.contains(QLatin1String("<a ")) ? Qt::StrongFocus : Qt::NoFocus);
    }
}

void JobFieldsGrid::showJob(const Job &job, double now)
{
    const auto problem = [&job](const QString &field, const QString &html) -> QString {
        const auto it = job.problems.constFind(field);
        if (it == job.problems.cend())
            return html;
        if (it->kind == FieldProblem::Kind::Missing)
            return ToneStyle::span(ToneStyle::Tone::Bad, tr("(missing)"));
        return ToneStyle::span(ToneStyle::Tone::Bad, tr("(invalid)"))
               + QStringLiteral(" <code>%1</code>").arg(it->raw.left(200).toHtmlEscaped());
    };
    const auto linkOr = [](const QString &scheme, const QString &value, const QString &none) {
        return value.isEmpty() ? none : link(scheme, value);
    };
    const auto setChecked = [this, &problem](const QString &field, const QString &html) {
        setField(field, problem(field, html));
    };

    setChecked(QStringLiteral("klass"), job.klass.toHtmlEscaped());
    // qless empties a complete job's queue: the one it completed in comes from its history.
    setChecked(QStringLiteral("queue"), linkOr(QStringLiteral("queue"), jobQueue(job), QStringLiteral("—")));
    setChecked(QStringLiteral("worker"), linkOr(QStringLiteral("worker"), job.worker, absent()));
    setChecked(QStringLiteral("priority"), number(job.priority));
    setChecked(QStringLiteral("remaining"), tr("%1 of %2").arg(number(job.remaining), number(job.retries)));
    setField(QStringLiteral("tracked"), job.tracked ? tr("<b>yes</b>") : tr("no"));
    setField(QStringLiteral("put"), stamp(job.put, now));
    setChecked(QStringLiteral("time"), stamp(job.time, now));

    // One place for "the time that matters in this state": lock expiry, or when it falls due.
    QLabel *expiresName = m_names.value(QStringLiteral("expires"));
    if (job.state == QLatin1String("scheduled")) {
        expiresName->setText(tr("Due"));
        setField(QStringLiteral("expires"), stamp(job.due, now));
    } else {
        expiresName->setText(tr("Lock expires"));
        const bool locked =
            (job.state == QLatin1String("running") || job.state == QLatin1String("stalled")) && !job.timedOut;
        setField(QStringLiteral("expires"),
                 locked ? problem(QStringLiteral("expires"), stamp(job.expires, now)) : absent());
    }
    setChecked(QStringLiteral("tags"), links(QStringLiteral("tag"), job.tags));
    setChecked(QStringLiteral("dependencies"), links(QStringLiteral("job"), job.dependencies));
    setChecked(QStringLiteral("dependents"), links(QStringLiteral("job"), job.dependents));
    setField(QStringLiteral("spawned_from_jid"), linkOr(QStringLiteral("job"), job.spawnedFrom, absent()));
}
