// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QWidget>

// A small line of how many events came each second over the last minute, newest at the right,
// scaled to its own highest second, drawn in the palette's tones (ThemeColors) so it reads on
// light and dark alike. Shows; takes no input.
class RateSparkline final : public QWidget
{
    Q_OBJECT

public:
    explicit RateSparkline(QWidget *parent = nullptr);

    void setSeries(const QList<int> &perSecond);
    QList<int> series() const { return m_series; }
    int peak() const;

    QSize sizeHint() const override { return {180, 30}; }
    QSize minimumSizeHint() const override { return {60, 20}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<int> m_series;
};
