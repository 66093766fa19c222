// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtimelineview.h"

#include "durationtext.h"
#include "jobtimeline.h"
#include "jobtimelinestrip.h"
#include "tonestyle.h"

#include <QLabel>
#include <QVBoxLayout>

JobTimelineView::JobTimelineView(QWidget *parent)
    : QWidget(parent)
    , m_strip(new JobTimelineStrip(this))
    , m_summary(new QLabel(this))
    , m_detail(new QLabel(this))
    , m_caveats(new QLabel(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    ToneStyle::setText(m_detail, ToneStyle::Tone::Muted);
    m_caveats->setWordWrap(true);
    ToneStyle::setText(m_caveats, ToneStyle::Tone::Warning);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_strip);
    layout->addWidget(m_summary);
    layout->addWidget(m_detail);
    layout->addWidget(m_caveats);
    connect(m_strip, &JobTimelineStrip::selectionChanged, this, &JobTimelineView::showSelected);
    showSelected(-1);
}

QString JobTimelineView::summaryOf(const JobTimeline &timeline)
{
    const JobTimeline::Totals &totals = timeline.totals();
    QStringList parts;
    parts << tr("Waited %1 (%n waits)", nullptr, totals.waits).arg(DurationText::format(totals.waited));
    parts << tr("ran %1 (%n runs)", nullptr, totals.runs).arg(DurationText::format(totals.ran));
    if (totals.retries > 0)
        parts << tr("%n retries (%1 of running and waiting again, not split)", nullptr, totals.retries)
                     .arg(DurationText::format(totals.retried));
    if (totals.failures > 0)
        parts << tr("%n failures", nullptr, totals.failures);
    if (totals.timeouts > 0)
        parts << tr("%n timeouts", nullptr, totals.timeouts);
    return parts.join(QStringLiteral(", ")) + QLatin1Char('.');
}

void JobTimelineView::showJob(const Job &job, double now)
{
    JobTimeline::Options options;
    options.historyCap = m_historyCap;
    options.state = job.state;
    options.due = job.due;
    const JobTimeline timeline = JobTimeline::build(job.history, now, options);
    m_strip->setTimeline(timeline);
    m_summary->setText(timeline.isEmpty() ? QString() : summaryOf(timeline));
    m_strip->setAccessibleDescription(m_summary->text());
    const QStringList caveats = timeline.caveats();
    m_caveats->setText(caveats.join(QLatin1Char(' ')));
    m_caveats->setVisible(!caveats.isEmpty());
    showSelected(m_strip->selectedSpan());
}

void JobTimelineView::showSelected(int span)
{
    m_detail->setText(span < 0 ? tr("Hover a span for its exact times; click it or use the arrow keys to show it here.")
                               : m_strip->spanLine(span));
}
