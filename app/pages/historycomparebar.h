// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QSpinBox;

// The History page's choice of what to compare the chart with: nothing, another queue over the
// same time, or the same queue over an earlier period (the one before, the same time yesterday,
// or a chosen number of hours earlier), overlaid on the period shown.
class HistoryCompareBar final : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { None, Queue, PreviousPeriod, Yesterday, Offset };

    explicit HistoryCompareBar(QWidget *parent = nullptr);

    Mode mode() const;
    // The queue compared with (Queue mode; empty: all queues).
    QString otherQueue() const;
    // How much earlier the period compared with lies, for a range of rangeSpanMs (period modes).
    qint64 offsetMs(qint64 rangeSpanMs) const;
    // The comparison's name in the legend (translated) and in the CSV (English), given the shown
    // queue's name for each.
    QString label(qint64 rangeSpanMs) const;
    QString csvName(qint64 rangeSpanMs) const;

    // The queues offered to compare with; the chosen one stays while it is chosen.
    void setQueues(const QStringList &sorted);
    // Tests and the keyboard: choose a mode, a queue, an offset in hours.
    void choose(Mode mode, const QString &queue = QString(), int hours = 0);

signals:
    void changed();

private:
    void updateVisibility();

    QComboBox *m_mode;
    QComboBox *m_queue;
    QSpinBox *m_hours;
};
