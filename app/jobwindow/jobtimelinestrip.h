// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobtimeline.h"

#include <QWidget>

// A job's timeline drawn as one strip over time: a coloured span per wait, run, stall or failure
// (ThemeColors tones, so it reads on light and dark palettes), labelled with its duration where it
// fits, marks under it for completion, timeouts and log notes, the first and last time under
// those, and a legend of the kinds shown. Hovering a span or mark shows its exact times and
// duration; the strip takes focus, and Left/Right/Home/End walk the spans (selectionChanged).
// A failure that has lasted far longer than the rest of the job's life is drawn shortened, with
// a break, so the waits and runs before it stay readable; its label keeps the whole duration.
class JobTimelineStrip final : public QWidget
{
    Q_OBJECT

public:
    explicit JobTimelineStrip(QWidget *parent = nullptr);

    void setTimeline(const JobTimeline &timeline);
    const JobTimeline &timeline() const { return m_timeline; }

    int selectedSpan() const { return m_selected; } // -1: none
    void setSelectedSpan(int index);
    // The span or mark under a point of the widget; -1 when none.
    int spanAt(const QPoint &pos) const;
    int markAt(const QPoint &pos) const;
    // What hovering shows: exact times (local and UTC), duration, queue, worker, group.
    QString spanText(int index) const;
    QString markText(int index) const;
    // The span in one line (local times only), for a label under the strip.
    QString spanLine(int index) const;
    // Whether the last span is drawn shortened (see above).
    bool tailShortened() const { return m_tailFrom > 0; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void selectionChanged(int span);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    double xOf(double when) const;
    QRect barRect() const;
    QRect spanRect(int index) const;
    int marksTop() const;
    void paintSpans(class QPainter &painter) const;
    void paintMarks(QPainter &painter) const;
    void paintAxisAndLegend(QPainter &painter) const;

    JobTimeline m_timeline;
    int m_selected = -1;
    double m_tailFrom = 0; // where a shortened last span starts; 0 when drawn to scale
};
