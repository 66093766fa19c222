#include "jobfieldsgrid.h"

#include "jobdetailtext.h"
#include "jobqueue.h"
#include "tonestyle.h"

#include <QGridLayout>
#include <QLabel>

using namespace JobDetailText;

JobFieldsGrid::JobFieldsGrid(QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(6);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    addField(grid, 0, 0, QStringLiteral("klass"), tr("Class"));
    addField(grid, 0, 2, QStringLiteral("queue"), tr("Queue"));
    addField(grid, 1, 0, QStringLiteral("worker"), tr("Worker"));
    addField(grid, 1, 2, QStringLiteral("priority"), tr("Priority"));
    addField(grid, 2, 0, QStringLiteral("remaining"), tr("Retries left"));
    addField(grid, 2, 2, QStringLiteral("tracked"), tr("Tracked"));
    // Put comes from the history; `time` is the job's last change (current qless rewrites it at
    // every put, pop and completion).
    addField(grid, 3, 0, QStringLiteral("put"), tr("Put"));
    addField(grid, 3, 2, QStringLiteral("expires"), tr("Lock expires"));
    addField(grid, 4, 0, QStringLiteral("time"), tr("Last change"));
    addField(grid, 5, 0, QStringLiteral("tags"), tr("Tags"));
    addField(grid, 6, 0, QStringLiteral("dependencies"), tr("Depends on"));
    addField(grid, 7, 0, QStringLiteral("dependents"), tr("Dependents"));
    addField(grid, 8, 0, QStringLiteral("spawned_from_jid"), tr("Spawned from"));
}

void JobFieldsGrid::addField(QGridLayout *grid, int row, int column, const QString &field, const QString &label)
{
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
    grid->addWidget(name, row, column);
    // A field on the left with nothing beside it spans the row: lists of links need the room.
    const bool wide = column == 0 && field != QLatin1String("klass") && field != QLatin1String("worker")
        && field != QLatin1String("remaining") && field != QLatin1String("put") && field != QLatin1String("time");
    grid->addWidget(value, row, column + 1, 1, wide ? 3 : 1);
    m_values.insert(field, value);
    m_names.insert(field, name);
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

    setField(QStringLiteral("klass"), problem(QStringLiteral("klass"), job.klass.toHtmlEscaped()));
    // qless empties a complete job's queue: the one it completed in comes from its history.
    setField(QStringLiteral("queue"),
             problem(QStringLiteral("queue"), linkOr(QStringLiteral("queue"), jobQueue(job), QStringLiteral("—"))));
    setField(QStringLiteral("worker"), problem(QStringLiteral("worker"), linkOr(QStringLiteral("worker"), job.worker, absent())));
    setField(QStringLiteral("priority"), problem(QStringLiteral("priority"), number(job.priority)));
    setField(QStringLiteral("remaining"),
             problem(QStringLiteral("remaining"), tr("%1 of %2").arg(number(job.remaining), number(job.retries))));
    setField(QStringLiteral("tracked"), job.tracked ? tr("<b>yes</b>") : tr("no"));
    setField(QStringLiteral("put"), stamp(job.put, now));
    setField(QStringLiteral("time"), problem(QStringLiteral("time"), stamp(job.time, now)));

    // One place for "the time that matters in this state": lock expiry, or when it falls due.
    QLabel *expiresName = m_names.value(QStringLiteral("expires"));
    if (job.state == QLatin1String("scheduled")) {
        expiresName->setText(tr("Due"));
        setField(QStringLiteral("expires"), stamp(job.due, now));
    } else {
        expiresName->setText(tr("Lock expires"));
        const bool locked = (job.state == QLatin1String("running") || job.state == QLatin1String("stalled"))
            && !job.timedOut;
        setField(QStringLiteral("expires"), locked ? problem(QStringLiteral("expires"), stamp(job.expires, now)) : absent());
    }
    setField(QStringLiteral("tags"), problem(QStringLiteral("tags"), links(QStringLiteral("tag"), job.tags)));
    setField(QStringLiteral("dependencies"),
             problem(QStringLiteral("dependencies"), links(QStringLiteral("job"), job.dependencies)));
    setField(QStringLiteral("dependents"), problem(QStringLiteral("dependents"), links(QStringLiteral("job"), job.dependents)));
    setField(QStringLiteral("spawned_from_jid"), linkOr(QStringLiteral("job"), job.spawnedFrom, absent()));
}
