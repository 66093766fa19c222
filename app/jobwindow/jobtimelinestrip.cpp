// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtimelinestrip.h"

#include "durationtext.h"
#include "themecolors.h"
#include "timetext.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

using Kind = JobTimeline::Span::Kind;
using Tone = ThemeColors::Tone;

namespace {
constexpr int Margin = 8;
constexpr int BarHeight = 26;
constexpr int MarkHeight = 10;
// A last failure lasting more than this many times the job's life before it is drawn shortened.
constexpr double TailRatio = 3;
constexpr double TailShare = 0.2; // of the strip's width, for a shortened last span

Tone toneOf(Kind kind)
{
    switch (kind) {
    case Kind::Waiting: return Tone::Muted;
    case Kind::Scheduled: return Tone::Special;
    case Kind::Depends: return Tone::Waiting;
    case Kind::Throttled:
    case Kind::Stalled: return Tone::Warning;
    case Kind::Running:
    case Kind::Retried: return Tone::Info;
    case Kind::Failed: return Tone::Bad;
    case Kind::Unknown: return Tone::Muted;
    }
    return Tone::Plain;
}

// Drawn as an outline over a light tint: a stretch whose content is not known for sure.
bool isUncertain(Kind kind)
{
    return kind == Kind::Retried || kind == Kind::Unknown;
}

QString shortLabel(const JobTimeline::Span &span)
{
    const QString duration = DurationText::format(span.duration());
    switch (span.kind) {
    case Kind::Waiting: return JobTimelineStrip::tr("wait %1").arg(duration);
    case Kind::Running: return JobTimelineStrip::tr("run %1").arg(duration);
    case Kind::Retried: return JobTimelineStrip::tr("retried %1").arg(duration);
    case Kind::Failed: return JobTimelineStrip::tr("failed %1").arg(duration);
    case Kind::Unknown: return QStringLiteral("?");
    default: return JobTimeline::kindName(span.kind) + QLatin1Char(' ') + duration;
    }
}

QString markToneName(JobTimeline::Mark::Kind kind)
{
    switch (kind) {
    case JobTimeline::Mark::Kind::Done: return JobTimelineStrip::tr("completed");
    case JobTimeline::Mark::Kind::TimedOut: return JobTimelineStrip::tr("timed out");
    case JobTimeline::Mark::Kind::Note: return JobTimelineStrip::tr("log note");
    case JobTimeline::Mark::Kind::Odd: return JobTimelineStrip::tr("odd entry");
    }
    return {};
}

Tone markTone(JobTimeline::Mark::Kind kind)
{
    switch (kind) {
    case JobTimeline::Mark::Kind::Done: return Tone::Good;
    case JobTimeline::Mark::Kind::TimedOut: return Tone::Warning;
    case JobTimeline::Mark::Kind::Note: return Tone::Info;
    case JobTimeline::Mark::Kind::Odd: return Tone::Bad;
    }
    return Tone::Plain;
}
} // namespace

JobTimelineStrip::JobTimelineStrip(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAccessibleName(tr("Timeline"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void JobTimelineStrip::setTimeline(const JobTimeline &timeline)
{
    m_timeline = timeline;
    const QList<JobTimeline::Span> &spans = m_timeline.spans();
    m_tailFrom = 0;
    if (spans.size() >= 2) {
        const JobTimeline::Span &last = spans.last();
        const double before = last.start - m_timeline.start();
        if (last.kind == Kind::Failed && before > 0 && last.duration() > TailRatio * before)
            m_tailFrom = last.start;
    }
    if (m_selected >= spans.size())
        m_selected = int(spans.size()) - 1;
    update();
}

void JobTimelineStrip::setSelectedSpan(int index)
{
    index = std::clamp(index, -1, int(m_timeline.spans().size()) - 1);
    if (index == m_selected)
        return;
    m_selected = index;
    update();
    emit selectionChanged(index);
}

QSize JobTimelineStrip::sizeHint() const
{
    const int line = fontMetrics().height();
    return {640, Margin / 2 + BarHeight + 2 + MarkHeight + 4 + 2 * (line + 4)};
}

QSize JobTimelineStrip::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

QRect JobTimelineStrip::barRect() const
{
    return {Margin, Margin / 2, std::max(1, width() - 2 * Margin), BarHeight};
}

int JobTimelineStrip::marksTop() const
{
    return barRect().bottom() + 3;
}

double JobTimelineStrip::xOf(double when) const
{
    const QRect bar = barRect();
    const double start = m_timeline.start();
    const double end = std::max(m_timeline.end(), start);
    if (end <= start)
        return bar.left();
    if (m_tailFrom <= 0)
        return bar.left() + (when - start) / (end - start) * bar.width();
    const double split = bar.left() + (1 - TailShare) * bar.width();
    if (when <= m_tailFrom)
        return bar.left() + (when - start) / (m_tailFrom - start) * (split - bar.left());
    return split + (when - m_tailFrom) / (end - m_tailFrom) * (bar.right() - split);
}

QRect JobTimelineStrip::spanRect(int index) const
{
    const JobTimeline::Span &span = m_timeline.spans().at(index);
    const QRect bar = barRect();
    const int left = int(xOf(span.start));
    const int right = std::max(left + 1, int(xOf(span.end)));
    return {left, bar.top(), right - left, bar.height()};
}

int JobTimelineStrip::spanAt(const QPoint &pos) const
{
    if (pos.y() < barRect().top() || pos.y() > barRect().bottom())
        return -1;
    // The last one that covers the point: a zero-length span drawn 1 px wide over its neighbour.
    for (int i = int(m_timeline.spans().size()) - 1; i >= 0; --i) {
        if (spanRect(i).adjusted(-1, 0, 1, 0).contains(pos))
            return i;
    }
    return -1;
}

int JobTimelineStrip::markAt(const QPoint &pos) const
{
    if (pos.y() < marksTop() - 1 || pos.y() > marksTop() + MarkHeight + 1)
        return -1;
    for (int i = int(m_timeline.marks().size()) - 1; i >= 0; --i) {
        if (std::abs(xOf(m_timeline.marks().at(i).when) - pos.x()) <= MarkHeight / 2 + 1)
            return i;
    }
    return -1;
}

QString JobTimelineStrip::spanText(int index) const
{
    if (index < 0 || index >= m_timeline.spans().size())
        return {};
    const JobTimeline::Span &span = m_timeline.spans().at(index);
    QStringList lines;
    lines << tr("%1 for %2").arg(JobTimeline::kindName(span.kind), DurationText::format(span.duration()));
    lines << tr("from %1").arg(TimeText::localWithUtc(span.start));
    lines << (span.open ? tr("until now (%1), still so").arg(TimeText::localWithUtc(span.end))
                        : tr("until %1").arg(TimeText::localWithUtc(span.end)));
    if (!span.queue.isEmpty())
        lines << tr("queue %1").arg(span.queue);
    if (!span.worker.isEmpty())
        lines << tr("worker %1").arg(span.worker);
    if (!span.group.isEmpty())
        lines << tr("failure group %1").arg(span.group);
    if (!span.endedBy.isEmpty())
        lines << tr("ended by: %1").arg(span.endedBy);
    if (span.kind == Kind::Retried)
        lines << tr("qless writes no history entry for a retry: when the run ended and the wait began is not known.");
    if (span.kind == Kind::Unknown)
        lines << tr("History entries are missing here (see the note under the timeline).");
    if (span.kind == Kind::Waiting)
        lines << tr("A delay given at put counts as waiting: qless does not record it in the history.");
    return lines.join(QLatin1Char('\n'));
}

QString JobTimelineStrip::spanLine(int index) const
{
    if (index < 0 || index >= m_timeline.spans().size())
        return {};
    const JobTimeline::Span &span = m_timeline.spans().at(index);
    QStringList parts;
    parts << tr("%1 for %2").arg(JobTimeline::kindName(span.kind), DurationText::format(span.duration()));
    parts << tr("%1 to %2").arg(TimeText::local(span.start), span.open ? tr("now") : TimeText::local(span.end));
    if (!span.queue.isEmpty())
        parts << tr("queue %1").arg(span.queue);
    if (!span.worker.isEmpty())
        parts << tr("worker %1").arg(span.worker);
    if (!span.group.isEmpty())
        parts << tr("failure group %1").arg(span.group);
    if (!span.endedBy.isEmpty())
        parts << tr("ended by: %1").arg(span.endedBy);
    return parts.join(QStringLiteral(" · "));
}

QString JobTimelineStrip::markText(int index) const
{
    if (index < 0 || index >= m_timeline.marks().size())
        return {};
    const JobTimeline::Mark &mark = m_timeline.marks().at(index);
    return tr("%1 at %2\n%3").arg(markToneName(mark.kind), TimeText::localWithUtc(mark.when), mark.text);
}

void JobTimelineStrip::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    if (m_timeline.spans().isEmpty() && m_timeline.marks().isEmpty()) {
        painter.setPen(ThemeColors::text(Tone::Muted, palette()));
        painter.drawText(barRect(), Qt::AlignCenter, tr("No history to draw."));
        return;
    }
    paintSpans(painter);
    paintMarks(painter);
    paintAxisAndLegend(painter);
}

void JobTimelineStrip::paintSpans(QPainter &painter) const
{
    const QPalette &pal = palette();
    const QList<JobTimeline::Span> &spans = m_timeline.spans();
    for (int i = 0; i < spans.size(); ++i) {
        const JobTimeline::Span &span = spans.at(i);
        const QRect rect = spanRect(i);
        const QColor colour = ThemeColors::text(toneOf(span.kind), pal);
        if (isUncertain(span.kind)) {
            painter.fillRect(rect, ThemeColors::tint(Tone::Info, pal));
            painter.fillRect(rect,
                             QBrush(ThemeColors::blend(colour, pal.color(QPalette::Base), 0.6), Qt::BDiagPattern));
            painter.setPen(QPen(colour, 1, Qt::DashLine));
            painter.drawRect(rect.adjusted(0, 0, -1, -1));
        } else {
            painter.fillRect(rect, colour);
        }
        if (m_tailFrom > 0 && i == spans.size() - 1) {
            // The break: this span is not to scale.
            const int x = rect.left() + 6;
            painter.setPen(QPen(pal.color(QPalette::Base), 2));
            painter.drawLine(x, rect.bottom(), x + 4, rect.top());
            painter.drawLine(x + 5, rect.bottom(), x + 9, rect.top());
        }
        QString label = shortLabel(span);
        const int room = rect.width() - 6 - (m_tailFrom > 0 && i == spans.size() - 1 ? 14 : 0);
        if (painter.fontMetrics().horizontalAdvance(label) > room && span.kind != Kind::Unknown)
            label = DurationText::format(span.duration()); // the kind is in the colour and legend
        if (painter.fontMetrics().horizontalAdvance(label) <= room) {
            painter.setPen(isUncertain(span.kind) ? pal.color(QPalette::Text) : pal.color(QPalette::Base));
            painter.drawText(rect.adjusted(room < rect.width() - 6 ? 14 : 3, 0, -3, 0), Qt::AlignCenter, label);
        }
    }
    if (m_selected >= 0 && m_selected < spans.size()) {
        const QRect rect = spanRect(m_selected).adjusted(-1, -2, 0, 1);
        painter.setPen(QPen(pal.color(QPalette::Text), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect);
    }
    if (hasFocus()) {
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect().adjusted(1, 1, -2, -2));
    }
}

void JobTimelineStrip::paintMarks(QPainter &painter) const
{
    painter.setRenderHint(QPainter::Antialiasing, true);
    const int top = marksTop();
    for (const JobTimeline::Mark &mark : m_timeline.marks()) {
        const double x = xOf(mark.when);
        QPainterPath triangle;
        triangle.moveTo(x, top);
        triangle.lineTo(x - MarkHeight / 2.0, top + MarkHeight);
        triangle.lineTo(x + MarkHeight / 2.0, top + MarkHeight);
        triangle.closeSubpath();
        painter.fillPath(triangle, ThemeColors::text(markTone(mark.kind), palette()));
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void JobTimelineStrip::paintAxisAndLegend(QPainter &painter) const
{
    const QPalette &pal = palette();
    const QFontMetrics metrics = painter.fontMetrics();
    const QRect bar = barRect();
    const int axisTop = marksTop() + MarkHeight + 4;
    const QRect axis(bar.left(), axisTop, bar.width(), metrics.height());
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(axis, Qt::AlignLeft | Qt::AlignVCenter, TimeText::local(m_timeline.start()));
    const bool open = !m_timeline.spans().isEmpty() && m_timeline.spans().last().open;
    const QString endText =
        open ? tr("now %1").arg(TimeText::local(m_timeline.end())) : TimeText::local(m_timeline.end());
    painter.drawText(axis, Qt::AlignRight | Qt::AlignVCenter, endText);
    const QString total = tr("%1 in all").arg(DurationText::format(m_timeline.end() - m_timeline.start()));
    painter.setPen(ThemeColors::text(Tone::Muted, pal));
    painter.drawText(axis, Qt::AlignHCenter | Qt::AlignVCenter, total);

    // The legend: only the kinds drawn, in the order they first appear.
    QList<Kind> kinds;
    for (const JobTimeline::Span &span : m_timeline.spans()) {
        if (!kinds.contains(span.kind))
            kinds << span.kind;
    }
    int x = bar.left();
    const int y = axis.bottom() + 4;
    const int box = metrics.height() - 4;
    for (Kind kind : kinds) {
        const QColor colour = ThemeColors::text(toneOf(kind), pal);
        const QRect swatch(x, y + 2, box, box);
        if (isUncertain(kind)) {
            painter.fillRect(swatch, QBrush(colour, Qt::BDiagPattern));
            painter.setPen(QPen(colour, 1, Qt::DashLine));
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        } else {
            painter.fillRect(swatch, colour);
        }
        const QString name = JobTimeline::kindName(kind);
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRect(x + box + 4, y, metrics.horizontalAdvance(name) + 2, metrics.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, name);
        x += box + 4 + metrics.horizontalAdvance(name) + 14;
    }
}

bool JobTimelineStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int mark = markAt(help->pos());
        const QString text = mark >= 0 ? markText(mark) : spanText(spanAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void JobTimelineStrip::keyPressEvent(QKeyEvent *event)
{
    const int count = int(m_timeline.spans().size());
    switch (event->key()) {
    case Qt::Key_Left: setSelectedSpan(m_selected < 0 ? count - 1 : std::max(0, m_selected - 1)); break;
    case Qt::Key_Right: setSelectedSpan(std::min(count - 1, m_selected + 1)); break;
    case Qt::Key_Home: setSelectedSpan(count > 0 ? 0 : -1); break;
    case Qt::Key_End: setSelectedSpan(count - 1); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void JobTimelineStrip::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    const int span = spanAt(event->position().toPoint());
    if (span >= 0)
        setSelectedSpan(span);
    QWidget::mousePressEvent(event);
}

void JobTimelineStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}
